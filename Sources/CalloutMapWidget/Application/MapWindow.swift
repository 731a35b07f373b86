import CCalloutMapGtk
import CalloutMapGtk

/// A top-level window of a `MapApplication`, usually holding one map. The
/// window keeps this object alive while it is open.
@MainActor
public final class MapWindow {
    /// The `GtkWindow *` (an escape hatch into GTK, e.g. for a header bar).
    public let gtkWindow: UnsafeMutablePointer<GtkWindow>
    private static let quark = g_quark_from_static_string("calloutmap-map-window")

    /// A window of `application`, `width` × `height` logical pixels until the user resizes it.
    public init(application: MapApplication, title: String, width: Int = 900, height: Int = 600) {
        gtkWindow = cast(gtk_application_window_new(UnsafeMutablePointer(application.gtkApplication))!)
        gtk_window_set_title(gtkWindow, title)
        gtk_window_set_default_size(gtkWindow, Int32(width), Int32(height))
        g_object_set_qdata_full(cast(gtkWindow), Self.quark, Unmanaged.passRetained(self).toOpaque(), releaseBoxNotify)
    }

    /// The window's title.
    public var title: String {
        get { gtk_window_get_title(gtkWindow).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(gtkWindow, newValue) }
    }

    /// The map filling the window (the window keeps it alive).
    public var content: MapView? {
        didSet { gtk_window_set_child(gtkWindow, content?.gtkWidget) }
    }

    /// Shows the window and brings it to the front.
    public func present() { gtk_window_present(gtkWindow) }

    /// Closes the window (the application quits when its last window closes).
    public func close() { gtk_window_close(gtkWindow) }
}
