import CCalloutMapGtk
import CalloutMapCore

/// A picture for a pin: a size and how to draw it (vector, so it is sharp at any scale).
public struct PinImage: Sendable {
    public var size: Size
    /// Where the picture touches the ground, in its own coordinates (e.g. the foot of a flag pole).
    public var hotspot: Point
    public var draw: @Sendable (OpaquePointer) -> Void

    public init(size: Size, hotspot: Point, draw: @escaping @Sendable (OpaquePointer) -> Void) {
        self.size = size
        self.hotspot = hotspot
        self.draw = draw
    }
}

/// An annotation view showing a `PinImage`. Its `centerOffset` puts the
/// image's hotspot on the coordinate (the sample's flag whose pole rests on it);
/// clicks on the picture's transparent parts fall through.
@MainActor
open class ImageAnnotationView: AnnotationView {
    public var image: PinImage? {
        didSet {
            guard let image else { return }
            size = image.size
            centerOffset = Point(x: image.size.width / 2 - image.hotspot.x, y: image.size.height / 2 - image.hotspot.y)
            setNeedsDisplay()
        }
    }

    open override func draw(_ cr: OpaquePointer, size: Size) {
        image?.draw(cr)
    }
}

extension PinImage {
    /// A red pennant on a pole; the pole's foot is the hotspot. Our own drawing.
    public static let flag = PinImage(size: Size(width: 32, height: 40), hotspot: Point(x: 5, y: 39)) { cr in
        // Pole, with a light halo so it reads on dark land too
        cairo_set_source_rgba(cr, 1, 1, 1, 0.75)
        cairo_rectangle(cr, 3, 2.5, 4.2, 37.5)
        cairo_fill(cr)
        cairo_arc(cr, 5.1, 3, 3.2, 0, 2 * Double.pi)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0.24, 0.22, 0.27)
        cairo_rectangle(cr, 4, 3, 2.2, 36.5)
        cairo_fill(cr)
        cairo_arc(cr, 5.1, 3, 2.3, 0, 2 * Double.pi)
        cairo_fill(cr)
        // Waving cloth
        cairo_new_path(cr)
        cairo_move_to(cr, 6.2, 5)
        cairo_curve_to(cr, 13, 2, 19, 8, 30, 5)
        cairo_line_to(cr, 30, 19)
        cairo_curve_to(cr, 19, 22, 13, 16, 6.2, 19)
        cairo_close_path(cr)
        cairo_set_source_rgb(cr, 0.878, 0.106, 0.141)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.3)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        // A white band, so it reads on dark maps too
        cairo_move_to(cr, 6.2, 11)
        cairo_curve_to(cr, 13, 9, 19, 14, 30, 11)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.85)
        cairo_set_line_width(cr, 2)
        cairo_stroke(cr)
    }
}
