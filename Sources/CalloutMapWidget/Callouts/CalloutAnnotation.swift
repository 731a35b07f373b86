import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// The callout-as-annotation approach: on select, an annotation at
/// the pin's own coordinate whose view draws the callout; on deselect it goes.
/// It moves with the map like any pin — and, unlike the original, it does not
/// drift while zooming: its view's offset is the pin view's callout anchor in
/// screen pixels, re-read at every layout, never a latitude/longitude offset.
final class CalloutAnnotation: Annotation {
    let pin: any Annotation
    var coordinate: Coordinate { pin.coordinate }
    var title: String? { pin.title }
    var subtitle: String? { pin.subtitle }

    init(pin: any Annotation) { self.pin = pin }
}

/// Draws a callout annotation: title, subtitle and an "ⓘ" button, with an arrow down to the pin.
@MainActor
final class CalloutAnnotationView: AnnotationView {
    weak var pinView: AnnotationView?
    /// Called when the "ⓘ" is clicked.
    var onDetailsTapped: (() -> Void)?
    static let padding = 10.0, buttonSize = 22.0, arrow = CalloutBubble.arrowLength

    required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        zPriority = ZPriority.max + 1  // above every pin, the selected one included
        canShowCallout = false
    }

    override func prepareForDisplay() {
        let titleWidth = Text.size(annotation?.title ?? "", font: Self.titleFont).width
        let subtitleWidth = Text.size(annotation?.subtitle ?? "", font: Self.subtitleFont).width
        let text = min(260, max(titleWidth, subtitleWidth))
        size = Size(width: text + Self.buttonSize + 3 * Self.padding,
                    height: (annotation?.subtitle?.isEmpty == false ? 44 : 28) + 2 * Self.padding - 8 + Self.arrow)
        super.prepareForDisplay()
        layoutAttached()
    }

    /// Sits on the pin's callout anchor: an offset in screen pixels, so it is right at every zoom.
    override func layoutAttached() {
        guard let pin = pinView else { return }
        let anchorOffset = pin.calloutAnchor - pin.anchor
        centerOffset = Point(x: anchorOffset.x, y: anchorOffset.y - size.height / 2)
    }

    /// The "ⓘ" button's area, in view coordinates.
    var buttonFrame: Rect {
        Rect(x: size.width - Self.padding - Self.buttonSize, y: (size.height - Self.arrow - Self.buttonSize) / 2,
             width: Self.buttonSize, height: Self.buttonSize)
    }

    override func contains(_ p: Point) -> Bool {
        p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height - Self.arrow + 2
    }

    static let titleFont = "Cantarell Bold 10.5", subtitleFont = "Cantarell 9.5"

    override func draw(in context: DrawingContext) {
        let cr = context.cairoContext
        let body = Rect(x: 0.5, y: 0.5, width: size.width - 1, height: size.height - Self.arrow - 1)
        roundedRectangle(cr, body.minX, body.minY, body.width, body.height, radius: 10)
        cairo_move_to(cr, size.width / 2 + 9, body.maxY)
        cairo_line_to(cr, size.width / 2, size.height - 0.5)
        cairo_line_to(cr, size.width / 2 - 9, body.maxY)
        cairo_set_source_rgb(cr, 0.99, 0.98, 0.94)  // a warm note colour: visibly a different approach
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.25)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        cairo_set_source_rgb(cr, 0.14, 0.12, 0.19)
        let hasSubtitle = annotation?.subtitle?.isEmpty == false
        let textWidth = size.width - Self.buttonSize - 3 * Self.padding
        Text.draw(cr, annotation?.title ?? "", font: Self.titleFont, at: Point(x: Self.padding, y: Self.padding - 2), width: textWidth)
        if hasSubtitle {
            cairo_set_source_rgb(cr, 0.37, 0.36, 0.39)
            Text.draw(cr, annotation?.subtitle ?? "", font: Self.subtitleFont, at: Point(x: Self.padding, y: Self.padding + 17),
                      width: textWidth)
        }
        let b = buttonFrame
        cairo_arc(cr, b.center.x, b.center.y, b.width / 2, 0, 2 * Double.pi)
        cairo_set_source_rgb(cr, 0.11, 0.44, 0.85)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        Text.drawCentered(cr, "i", font: "Cantarell Bold 12px", at: b.center)
    }
}
