/// What a pin stands for, in the shape of MapKit's `MKAnnotation`: the model
/// side only. How it looks is an annotation view's business.
public protocol Annotation: AnyObject {
    var coordinate: Coordinate { get }
    var title: String? { get }
    var subtitle: String? { get }
}

/// An annotation whose coordinate can change, e.g. by dragging its pin.
public protocol MovableAnnotation: Annotation {
    var coordinate: Coordinate { get set }
}
