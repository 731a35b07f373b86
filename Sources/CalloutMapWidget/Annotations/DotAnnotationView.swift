import CCalloutMapGtk
import CalloutMapCore

/// A small dot with a white ring, for context places that should not shout.
@MainActor
open class DotAnnotationView: AnnotationView {
    /// The dot's colour.
    public var color = RGBA(0x613583) { didSet { setNeedsDisplay() } }

    /// A dot.
    public required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        zPriority = 250
        layOut()
    }

    open override func selectionChanged() { layOut() }

    private func layOut() {
        let d = isSelected ? 18.0 : 12.0
        size = Size(width: d, height: d)
        centerOffset = .zero
        calloutOffset = Point(x: 0, y: 1)
    }

    /// The colour and the selection.
    open override var appearanceKey: AnyHashable? {
        type(of: self) == DotAnnotationView.self ? Look(color: color, isSelected: isSelected) : nil
    }

    private struct Look: Hashable {
        let color: RGBA, isSelected: Bool
    }

    open override func draw(in context: DrawingContext) {
        let r = size.width / 2, center = Point(x: r, y: r)
        context.addCircle(center: center, radius: r - 0.5)
        context.fill(RGBA(0xFFFFFF), keepingPath: true)
        context.stroke(RGBA(0x000000, alpha: 0.3))
        context.addCircle(center: center, radius: r - 3)
        context.fill(color)
    }
}
