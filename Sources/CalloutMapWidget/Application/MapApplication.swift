import CCalloutMapGtk
import CalloutMapGtk
import Foundation

/// A GTK application for a program whose windows show maps: enough to start a
/// small app from Swift alone. An app that already has its own `GtkApplication`
/// does not need it — put `MapView.gtkWidget` in its windows instead.
@MainActor
public final class MapApplication {
    /// The `GtkApplication *` (an escape hatch into GTK, e.g. for actions and menus).
    public let gtkApplication: OpaquePointer
    private var activate: ((MapApplication) -> Void)?

    /// An application with a reverse-DNS id, such as "org.example.Places". Several copies of
    /// the program may run at once.
    public init(id: String) {
        RenderingEnvironment.prepare()
        gtkApplication = OpaquePointer(gtk_application_new(id, G_APPLICATION_NON_UNIQUE)!)
        MainLoop.bridgeSwiftConcurrency()
        Signal.connect(UnsafeMutableRawPointer(gtkApplication), "activate") { [weak self] in
            guard let self else { return }
            self.activate?(self)
        }
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(gtkApplication)) }

    /// Runs the main loop until the last window closes; `activate` is called once the
    /// application starts (open a window there). Returns the exit status. Command-line
    /// arguments are left to the program: GTK is given the program's name only.
    @discardableResult
    public func run(activate: @escaping @MainActor (MapApplication) -> Void) -> Int32 {
        self.activate = activate
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments.first ?? "map"), nil]
        defer { free(argv[0]) }
        return g_application_run(UnsafeMutablePointer(gtkApplication), 1, &argv)
    }

    /// Runs the main loop as `run(activate:)` does, then ends the program with its exit status:
    /// the last line of a program's `main.swift`, with nothing more to import.
    public func runAndExit(activate: @escaping @MainActor (MapApplication) -> Void) -> Never {
        exit(run(activate: activate))
    }
}
