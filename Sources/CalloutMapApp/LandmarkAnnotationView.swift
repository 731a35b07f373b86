import Foundation
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget

/// The demo's fully custom annotation view: a diamond badge the app draws
/// itself, hit by its diamond shape (not its square frame), and draggable.
@MainActor
final class LandmarkAnnotationView: AnnotationView {
    required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        size = Size(width: 34, height: 34)
        isDraggable = true
        calloutOffset = Point(x: 0, y: 2)
    }

    override func draw(in context: DrawingContext) {
        let c = size.width / 2, r = c - 1.5
        context.move(to: Point(x: c, y: c - r))
        context.addLine(to: Point(x: c + r, y: c))
        context.addLine(to: Point(x: c, y: c + r))
        context.addLine(to: Point(x: c - r, y: c))
        context.closePath()
        context.fill(isSelected ? RGBA(0x1C70D9) : RGBA(0x9140AB), keepingPath: true)
        context.stroke(RGBA(0xFFFFFF), lineWidth: 2)
        // A five-pointed star in the middle.
        for i in 0..<10 {
            let angle = -Double.pi / 2 + Double(i) * Double.pi / 5
            let radius = i % 2 == 0 ? r * 0.45 : r * 0.2
            let p = Point(x: c + radius * cos(angle), y: c + radius * sin(angle))
            if i == 0 { context.move(to: p) } else { context.addLine(to: p) }
        }
        context.closePath()
        context.fill(RGBA(0xFFFFFF))
    }

    /// The custom approach: the app's own bubble, purple as the diamond, its corners cut square.
    override func makeCustomCallout() -> CustomCallout? {
        guard let title = annotation?.title, !title.isEmpty else { return nil }
        var items: [CalloutAccessory] = [.text(title, style: .heading)]
        if let subtitle = annotation?.subtitle, !subtitle.isEmpty { items.append(.text(subtitle)) }
        items.append(.textButton(tr("Details"), isSuggested: true))
        return CustomCallout(content: .stack(items),
                             appearance: CalloutAppearance(fill: RGBA(0x613583), border: RGBA(0xFFFFFF, alpha: 0.6), cornerRadius: 2, padding: 12))
    }

    /// Only the diamond takes clicks: |dx| + |dy| ≤ r.
    override func contains(_ point: Point) -> Bool {
        let c = size.width / 2
        return abs(point.x - c) + abs(point.y - c) <= c
    }
}

