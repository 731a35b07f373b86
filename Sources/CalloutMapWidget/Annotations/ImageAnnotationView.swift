import CCalloutMapGtk
import CalloutMapCore

/// An annotation view showing a `PinImage`. Its `centerOffset` puts the
/// image's hotspot on the coordinate (the sample's flag whose pole rests on it);
/// clicks on the picture's transparent parts fall through.
@MainActor
open class ImageAnnotationView: AnnotationView {
    /// The picture; setting it sizes the view and puts its hotspot on the coordinate.
    public var image: PinImage? {
        didSet {
            guard let image else { return }
            size = image.size
            centerOffset = Point(x: image.size.width / 2 - image.hotspot.x, y: image.size.height / 2 - image.hotspot.y)
            setNeedsDisplay()
        }
    }

    /// The custom approach: the default content on a light bubble, as a picture pin is often a
    /// photograph or a flag that a dark bubble would crowd.
    open override func makeCustomCallout() -> CustomCallout? {
        guard let items = customCalloutItems() else { return nil }
        return CustomCallout(content: .stack(items),
                             appearance: CalloutAppearance(fill: RGBA(0xF6F5F4), border: RGBA(0x000000, alpha: 0.25), cornerRadius: 12, padding: 12,
                                                           darkFill: RGBA(0xDEDDDA)))
    }

    open override func draw(in context: DrawingContext) {
        if let image { context.draw(image, in: Rect(x: 0, y: 0, width: size.width, height: size.height)) }
    }
}

extension PinImage {
    /// A red pennant on a pole; the pole's foot is the hotspot. Our own drawing.
    public static let flag = PinImage(size: Size(width: 32, height: 40), hotspot: Point(x: 5, y: 39)) { context in
        // Pole, with a light halo so it reads on dark land too
        context.addRect(Rect(x: 3, y: 2.5, width: 4.2, height: 37.5))
        context.addCircle(center: Point(x: 5.1, y: 3), radius: 3.2)
        context.fill(RGBA(0xFFFFFF, alpha: 0.75))
        context.addRect(Rect(x: 4, y: 3, width: 2.2, height: 36.5))
        context.addCircle(center: Point(x: 5.1, y: 3), radius: 2.3)
        context.fill(RGBA(0x3D3845))
        // Waving cloth
        context.move(to: Point(x: 6.2, y: 5))
        context.addCurve(to: Point(x: 30, y: 5), control1: Point(x: 13, y: 2), control2: Point(x: 19, y: 8))
        context.addLine(to: Point(x: 30, y: 19))
        context.addCurve(to: Point(x: 6.2, y: 19), control1: Point(x: 19, y: 22), control2: Point(x: 13, y: 16))
        context.closePath()
        context.fill(RGBA(0xE01B24), keepingPath: true)
        context.stroke(RGBA(0x000000, alpha: 0.3))
        // A white band, so it reads on dark maps too
        context.move(to: Point(x: 6.2, y: 11))
        context.addCurve(to: Point(x: 30, y: 11), control1: Point(x: 13, y: 9), control2: Point(x: 19, y: 14))
        context.stroke(RGBA(0xFFFFFF, alpha: 0.85), lineWidth: 2)
    }
}
