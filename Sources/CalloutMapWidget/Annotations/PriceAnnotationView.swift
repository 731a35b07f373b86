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

    private func layOut() {
        let width = max(36, Text.size(text, font: Self.font).width + 16)
        size = Size(width: width, height: 22 + Self.pointer)
        centerOffset = Point(x: 0, y: -size.height / 2)
        setNeedsDisplay()
    }

    open override func draw(in context: DrawingContext) {
        let w = size.width, body = size.height - Self.pointer
        context.addRoundedRect(Rect(x: 0.5, y: 0.5, width: w - 1, height: body - 1), cornerRadius: (body - 1) / 2)
        context.move(to: Point(x: w / 2 - Self.pointer, y: body - 1))
        context.addLine(to: Point(x: w / 2, y: size.height - 0.5))
        context.addLine(to: Point(x: w / 2 + Self.pointer, y: body - 1))
        context.fill(isSelected ? RGBA(0x1C71D8) : RGBA(0xFFFFFF), keepingPath: true)
        context.stroke(RGBA(0x000000, alpha: 0.28))
        context.draw(text, font: Self.font, color: isSelected ? RGBA(0xFFFFFF) : RGBA(0x241F31),
                     centeredAt: Point(x: w / 2, y: body / 2))
    }
}
