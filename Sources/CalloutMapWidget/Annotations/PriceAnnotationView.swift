import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// A rounded price tag whose text comes from the annotation (its `price`
/// property), so each pin looks different. The tag's pointer rests on the coordinate.
@MainActor
open class PriceAnnotationView: AnnotationView {
    /// The label; by default the annotation's `price` property: a bare number in dollars ("129"
    /// as "$129"), one with its own currency sign as written ("€95").
    public var text: String = "" { didSet { if text != oldValue { layOut() } } }

    static var font: String { InterfaceFont.description(pixels: 11, bold: true) }
    static let pointer = 6.0

    open override func prepareForDisplay() {
        if let point = annotation as? PointAnnotation, let price = point.properties["price"] {
            text = price.first?.isNumber == true ? "$" + price : price
        }
        super.prepareForDisplay()
    }

    /// The custom approach: a white tag edged in blue, as the pin is, its price first.
    open override func makeCustomCallout() -> CustomCallout? {
        guard let items = customCalloutItems(above: text.isEmpty ? [] : [.text(text, style: .heading)]) else { return nil }
        return CustomCallout(content: .stack(items),
                             appearance: CalloutAppearance(fill: RGBA(0xFFFFFF), border: RGBA(0x1C70D9), cornerRadius: 6, padding: 10))
    }

    /// The text, the font and the selection: all the tag's picture depends on.
    open override var appearanceKey: AnyHashable? {
        guard type(of: self) == PriceAnnotationView.self else { return nil }
        return Look(text: text, font: Self.font, isSelected: isSelected)
    }

    /// A struct, not an array of `AnyHashable`: a thousand pins compare keys on the first frame.
    private struct Look: Hashable {
        let text: String, font: String, isSelected: Bool
    }

    private func layOut() {
        let width = max(36, Text.size(text, font: Self.font).width + 16)
        size = Size(width: width, height: 22 + Self.pointer)
        centerOffset = Point(x: 0, y: -size.height / 2)
        setNeedsDisplay()
    }

    open override func draw(in context: DrawingContext) {
        let w = size.width, body = size.height - Self.pointer
        let cr = context.cairoContext
        if let plate = Self.plate(width: w, body: body, isSelected: isSelected, for: cr) {
            cairo_set_source_surface(cr, plate.pointer, 0, 0)
            cairo_paint(cr)
        } else {
            Self.paintTag(on: context, width: w, body: body, isSelected: isSelected)
        }
        context.draw(text, font: Self.font, color: isSelected ? RGBA(0xFFFFFF) : RGBA(0x241F31),
                     centeredAt: Point(x: w / 2, y: body / 2))
    }

    /// The outline is the tag filled in the border colour, then the tag 1 px smaller in the
    /// body colour: one contour each (the pointer part of it), and half the cost of stroking
    /// the outline, which cairo tessellates.
    private static func paintTag(on context: DrawingContext, width w: Double, body: Double, isSelected: Bool) {
        addTag(to: context, inset: 0, width: w, body: body)
        context.fill(RGBA(0x000000, alpha: 0.28))
        addTag(to: context, inset: 1, width: w, body: body)
        context.fill(isSelected ? RGBA(0x1C71D8) : RGBA(0xFFFFFF))
    }

    private struct PlateKey: Hashable {
        let width: Double, body: Double, isSelected: Bool, scale: Double
    }

    /// Tags without their text, by width, selection and device scale: prices of one length share
    /// a width, so a thousand tags need a handful, and filling the two curved contours was 40% of
    /// drawing a tag. Only for image surfaces drawn without scaling or rotation (the pin images):
    /// anything else (a callout's small copy, printing) gets the tag drawn as paths.
    private static var plates: [PlateKey: Surface] = [:]

    private static func plate(width: Double, body: Double, isSelected: Bool, for cr: OpaquePointer) -> Surface? {
        let target = cairo_get_target(cr)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE, m.xx == 1, m.yy == 1, m.xy == 0, m.yx == 0,
              m.x0 == m.x0.rounded(), m.y0 == m.y0.rounded() else { return nil }
        var sx = 1.0, sy = 1.0
        cairo_surface_get_device_scale(target, &sx, &sy)
        guard sx == sy, sx >= 1, sx <= 4 else { return nil }
        let key = PlateKey(width: width, body: body, isSelected: isSelected, scale: sx)
        if let known = plates[key] { return known }
        if plates.count >= 64 { plates = [:] }  // widths come from text: a bound for odd fonts and prices
        let w = Int32((width * sx).rounded(.up)), h = Int32(((body + pointer) * sx).rounded(.up))
        let image = Surface(adopting: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, max(w, 1), max(h, 1))!)
        cairo_surface_set_device_scale(image.pointer, sx, sx)
        let plateContext = cairo_create(image.pointer)!
        paintTag(on: DrawingContext(cairoContext: plateContext), width: width, body: body, isSelected: isSelected)
        cairo_destroy(plateContext)
        cairo_surface_flush(image.pointer)
        plates[key] = image
        return image
    }

    /// A pill `body` high with the pointer below its middle, `inset` px inside the tag's edge.
    private static func addTag(to context: DrawingContext, inset: Double, width w: Double, body: Double) {
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
