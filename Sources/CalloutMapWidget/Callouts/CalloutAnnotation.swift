import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// The callout-as-annotation approach: on select, an annotation at
/// the pin's own coordinate whose view draws the callout; on deselect it goes.
/// It moves with the map like any pin, and does not drift while zooming: its
/// view's offset from the pin is kept in screen pixels, never as a
/// latitude/longitude offset (which would grow and shrink with the zoom).
final class CalloutAnnotation: Annotation {
    let pin: any Annotation
    var coordinate: Coordinate { pin.coordinate }
    var title: String? { pin.title }
    var subtitle: String? { pin.subtitle }

    init(pin: any Annotation) { self.pin = pin }
}

/// Draws a callout annotation: title, subtitle and an "ⓘ" button, with an arrow to the pin
/// on the side the arrangement of open callouts chose (none when it sits apart, joined to
/// the pin by the map's leader line).
@MainActor
final class CalloutAnnotationView: AnnotationView {
    weak var pinView: AnnotationView?
    /// Called when the "ⓘ" is clicked.
    var onDetailsTapped: (() -> Void)?
    static let padding = 10.0, buttonSize = 22.0, arrow = CalloutBubble.arrowLength
    /// The body's size for its text (the arrow not included).
    private(set) var bodySize = Size.zero
    /// The title's height, wrapped to the body's width.
    private var titleHeight = 0.0
    /// The widest the text is before it wraps: as many characters as in every approach's callout.
    static var textWidth: Double { Double(CalloutMeasure.maxTextChars) * Text.labelCharWidth(font: titleFont) }
    /// The outline in view coordinates, once placed.
    private var placedShape: CalloutShape?
    /// The frame's top-left less the anchor (the pin's point), once placed: kept while the map
    /// moves, so the callout moves with its pin at every zoom.
    private var placedOffset: Point?

    required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        zPriority = ZPriority.max + 1  // above every pin, the selected one included
        collisionMode = .none  // it floats over the pins: none of them yields to it
        canShowCallout = false
    }

    override func prepareForDisplay() {
        let titleWidth = Text.size(annotation?.title ?? "", font: Self.titleFont).width
        let subtitleWidth = Text.size(annotation?.subtitle ?? "", font: Self.subtitleFont).width
        let text = min(Self.textWidth, max(titleWidth, subtitleWidth))
        // The title wraps as in the other approaches; the subtitle stays one line.
        titleHeight = Text.measure(annotation?.title ?? "", font: Self.titleFont, width: text, lines: Text.titleLines).height
        let subtitle = annotation?.subtitle?.isEmpty == false ? 2 + Text.size(annotation?.subtitle ?? "", font: Self.subtitleFont).height : 0
        bodySize = Size(width: text + Self.buttonSize + 3 * Self.padding,
                        height: max(titleHeight + subtitle + 2 * Self.padding - 2, Self.buttonSize + 2 * Self.padding - 4))
        if placedShape == nil { size = Size(width: bodySize.width, height: bodySize.height + Self.arrow) }
        super.prepareForDisplay()
        layoutAttached()
    }

    /// Takes the place the arrangement chose (in map coordinates, for the anchor as it is now).
    /// Returns whether the view moved on its pin or changed shape.
    @discardableResult
    func place(_ placement: CalloutPlacement) -> Bool {
        let f = CalloutBubble.frame(for: placement)
        let shape = CalloutShape(body: Rect(origin: placement.body.origin - f.origin, size: placement.body.size),
                                 edge: placement.edge, tip: placement.tip - f.origin, radius: 10, hasArrow: !placement.isDetached)
        let offset = Point(x: (f.minX - anchor.x).rounded(), y: (f.minY - anchor.y).rounded())
        guard shape != placedShape || offset != placedOffset || f.size != size else { return false }
        if shape != placedShape { setNeedsDisplay() }
        placedShape = shape
        placedOffset = offset
        size = f.size
        layoutAttached()
        return true
    }

    /// Where it sits: as placed, or (never placed: `calloutmap render`) above the pin's callout
    /// anchor. An offset in screen pixels, so it is right at every zoom.
    override func layoutAttached() {
        if let placedOffset {
            centerOffset = Point(x: placedOffset.x + size.width / 2, y: placedOffset.y + size.height / 2)
            return
        }
        guard let pin = pinView else { return }
        let anchorOffset = pin.calloutAnchor - pin.anchor
        centerOffset = Point(x: anchorOffset.x, y: anchorOffset.y - size.height / 2)
    }

    private var shape: CalloutShape {
        placedShape ?? CalloutShape(body: Rect(x: 0, y: 0, width: size.width, height: size.height - Self.arrow),
                                    edge: .above, tip: Point(x: size.width / 2, y: size.height), radius: 10)
    }

    /// The "ⓘ" button's area, in view coordinates.
    var buttonFrame: Rect {
        let body = shape.body
        return Rect(x: body.maxX - Self.padding - Self.buttonSize, y: body.minY + (body.height - Self.buttonSize) / 2,
                    width: Self.buttonSize, height: Self.buttonSize)
    }

    override func contains(_ p: Point) -> Bool { shape.contains(p) }

    static var titleFont: String { InterfaceFont.description(points: 10.5, bold: true) }
    static var subtitleFont: String { InterfaceFont.description(points: 9.5) }

    override func draw(in context: DrawingContext) {
        let cr = context.cairoContext
        let shape = self.shape, body = shape.body
        shape.addPath(cr)
        cairo_set_source_rgb(cr, 0.99, 0.98, 0.94)  // a warm note colour: visibly a different approach
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.25)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        cairo_set_source_rgb(cr, 0.14, 0.12, 0.19)
        let hasSubtitle = annotation?.subtitle?.isEmpty == false
        let textWidth = body.width - Self.buttonSize - 3 * Self.padding
        Text.draw(cr, annotation?.title ?? "", font: Self.titleFont, at: Point(x: body.minX + Self.padding, y: body.minY + Self.padding - 2),
                  width: textWidth, lines: Text.titleLines)
        if hasSubtitle {
            cairo_set_source_rgb(cr, 0.37, 0.36, 0.39)
            Text.draw(cr, annotation?.subtitle ?? "", font: Self.subtitleFont,
                      at: Point(x: body.minX + Self.padding, y: body.minY + Self.padding + titleHeight), width: textWidth)
        }
        let b = buttonFrame
        cairo_arc(cr, b.center.x, b.center.y, b.width / 2, 0, 2 * Double.pi)
        cairo_set_source_rgb(cr, 0.11, 0.44, 0.85)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        Text.drawCentered(cr, "i", font: InterfaceFont.description(pixels: 12, bold: true), at: b.center)
    }
}
