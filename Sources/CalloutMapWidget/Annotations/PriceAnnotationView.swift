import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// A rounded price tag whose text comes from the annotation (its `price`
/// property), so each pin looks different. The tag's pointer rests on the coordinate.
@MainActor
open class PriceAnnotationView: AnnotationView {
    /// The label; by default the annotation's `price` property, as "$129".
    public var text: String = "" { didSet { if text != oldValue { layOut() } } }

    static var font: String { InterfaceFont.description(pixels: 11, bold: true) }
    static let pointer = 6.0

    open override func prepareForDisplay() {
        if let point = annotation as? PointAnnotation, let price = point.properties["price"] {
            text = price.hasPrefix("$") ? price : "$" + price
        }
        super.prepareForDisplay()
    }

    /// The text, the font and the selection: all the tag's picture depends on.
    open override var appearanceKey: AnyHashable? {
        guard type(of: self) == PriceAnnotationView.self else { return nil }
        return [text, Self.font, isSelected ? "selected" : ""]
    }

    private func layOut() {
        let width = max(36, Text.size(text, font: Self.font).width + 16)
        size = Size(width: width, height: 22 + Self.pointer)
        centerOffset = Point(x: 0, y: -size.height / 2)
        setNeedsDisplay()
    }

    open override func draw(in context: DrawingContext) {
        // The outline is the tag filled in the border colour, then the tag 1 px smaller in
        // the body colour: one contour each (the pointer part of it), and half the cost of
        // stroking the outline, which cairo tessellates.
        let w = size.width, body = size.height - Self.pointer
        addTag(to: context, inset: 0, width: w, body: body)
        context.fill(RGBA(0x000000, alpha: 0.28))
        addTag(to: context, inset: 1, width: w, body: body)
        context.fill(isSelected ? RGBA(0x1C71D8) : RGBA(0xFFFFFF))
        context.draw(text, font: Self.font, color: isSelected ? RGBA(0xFFFFFF) : RGBA(0x241F31),
                     centeredAt: Point(x: w / 2, y: body / 2))
    }

    /// A pill `body` high with the pointer below its middle, `inset` px inside the tag's edge.
    private func addTag(to context: DrawingContext, inset: Double, width w: Double, body: Double) {
        let r = body / 2 - inset, bottom = body - inset
        // The pointer's sides run at 45°: moved in by `inset`, its tip rises by inset × √2.
        let tip = body + Self.pointer - inset * 2.0.squareRoot()
        let half = tip - bottom
        context.addArc(center: Point(x: w - body / 2, y: body / 2), radius: r, startAngle: -.pi / 2, endAngle: .pi / 2)
        context.addLine(to: Point(x: w / 2 + half, y: bottom))
        context.addLine(to: Point(x: w / 2, y: tip))
        context.addLine(to: Point(x: w / 2 - half, y: bottom))
        context.addArc(center: Point(x: body / 2, y: body / 2), radius: r, startAngle: .pi / 2, endAngle: .pi * 1.5)
        context.closePath()
    }
}
