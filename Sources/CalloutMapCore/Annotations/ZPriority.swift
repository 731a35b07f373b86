/// Where an annotation view stacks among others (MapKit's `MKAnnotationViewZPriority`):
/// higher is drawn above and hit first; among equals, the lower on screen is on top.
public enum ZPriority {
    /// The lowest priority.
    public static let min = 0.0
    /// An unselected view's priority unless it says otherwise.
    public static let defaultUnselected = 500.0
    /// A selected view's priority unless it says otherwise.
    public static let defaultSelected = 1000.0
    /// The highest priority a view may ask for.
    public static let max = 1000.0
}
