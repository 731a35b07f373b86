/// The ways a selected pin can show its information (the four approaches MapKit apps use).
public enum CalloutMode: String, Sendable, CaseIterable {
    /// A bubble drawn by the map: title, subtitle, accessories, detail view (MapKit's standard callout).
    case standard
    /// The pin's own callout view, shown as its subview, with its own shape and colours; re-selecting toggles it.
    case custom
    /// A callout that is itself an annotation at the pin's coordinate, drawn with the pins.
    case annotation
    /// A GtkPopover pointing at the pin.
    case popover
}

extension CalloutMode: CustomStringConvertible {
    /// Its name as the command line takes it (`standard`, `custom`, `annotation`, `popover`).
    public var description: String { rawValue }
}
