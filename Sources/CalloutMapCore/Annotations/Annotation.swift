/// What a pin stands for, in the shape of MapKit's `MKAnnotation`: the model
/// side only. How it looks is an annotation view's business.
public protocol Annotation: AnyObject {
    /// Where the annotation is.
    var coordinate: Coordinate { get }
    /// Its name, shown in its callout and read by assistive technologies.
    var title: String? { get }
    /// A line under the title in its callout.
    var subtitle: String? { get }
}

/// An annotation whose coordinate can change, e.g. by dragging its pin.
public protocol MovableAnnotation: Annotation {
    /// Where the annotation is; the map moves it while its view is dragged.
    var coordinate: Coordinate { get set }
}
