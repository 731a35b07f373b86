import CCalloutMapGtk
import CalloutMapCore

/// What custom pins and pictures draw with: paths, fill, stroke, pictures and
/// plain text, in logical pixels with (0, 0) at the top-left corner. A thin
/// Swift face over a cairo context; `cairoContext` reaches cairo itself for
/// anything not here (gradients, dashes, clipping).
///
/// A path is built with `move(to:)`, `addLine(to:)`, `addCurve(to:control1:control2:)`,
/// `addArc(center:radius:startAngle:endAngle:)` and the shape helpers, then
/// painted with `fill(_:)` or `stroke(_:lineWidth:)`, which use it up unless
/// told to keep it. Text is never parsed as markup.
public struct DrawingContext {
    /// The cairo context (`cairo_t *`) this draws on: an escape hatch, valid only during the
    /// drawing call that handed this context out.
    public let cairoContext: OpaquePointer

    /// A context over a cairo context you own (for drawing pins into your own surfaces).
    public init(cairoContext: OpaquePointer) { self.cairoContext = cairoContext }

    // MARK: Paths

    /// Starts a new sub-path at a point.
    public func move(to point: Point) { cairo_move_to(cairoContext, point.x, point.y) }

    /// A straight line from the current point.
    public func addLine(to point: Point) { cairo_line_to(cairoContext, point.x, point.y) }

    /// A cubic Bézier curve from the current point.
    public func addCurve(to point: Point, control1: Point, control2: Point) {
        cairo_curve_to(cairoContext, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
    }

    /// An arc clockwise (on screen) from `startAngle` to `endAngle`, in radians from the positive
    /// x-axis; joined to the current point by a line, if there is one.
    public func addArc(center: Point, radius: Double, startAngle: Double = 0, endAngle: Double = 2 * .pi) {
        cairo_arc(cairoContext, center.x, center.y, radius, startAngle, endAngle)
    }

    /// A closed rectangle.
    public func addRect(_ rect: Rect) { cairo_rectangle(cairoContext, rect.minX, rect.minY, rect.width, rect.height) }

    /// A closed rectangle with rounded corners (the radius is capped at half the shorter side).
    public func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
        roundedRectangle(cairoContext, rect.minX, rect.minY, rect.width, rect.height,
                         radius: max(0, min(cornerRadius, rect.width / 2, rect.height / 2)))
    }

    /// A closed circle.
    public func addCircle(center: Point, radius: Double) {
        cairo_new_sub_path(cairoContext)
        addArc(center: center, radius: radius)
        closePath()
    }

    /// Closes the current sub-path with a line back to its start.
    public func closePath() { cairo_close_path(cairoContext) }

    /// Forgets the current path without painting it.
    public func beginPath() { cairo_new_path(cairoContext) }

    // MARK: Painting

    /// Fills the current path with a colour; `keepingPath` keeps it for a stroke after.
    public func fill(_ color: RGBA, keepingPath: Bool = false) {
        setColor(cairoContext, color)
        if keepingPath { cairo_fill_preserve(cairoContext) } else { cairo_fill(cairoContext) }
    }

    /// Strokes the current path (centred on it); `keepingPath` keeps it for more painting.
    public func stroke(_ color: RGBA, lineWidth: Double = 1, keepingPath: Bool = false) {
        setColor(cairoContext, color)
        cairo_set_line_width(cairoContext, lineWidth)
        if keepingPath { cairo_stroke_preserve(cairoContext) } else { cairo_stroke(cairoContext) }
    }

    // MARK: Pictures and text

    /// Draws a picture scaled into a rectangle.
    public func draw(_ image: PinImage, in rect: Rect) {
        withSavedState {
            cairo_translate(cairoContext, rect.minX, rect.minY)
            if image.size.width > 0, image.size.height > 0 {
                cairo_scale(cairoContext, rect.width / image.size.width, rect.height / image.size.height)
            }
            image.draw(self)
        }
    }

    /// Draws one line of plain text with its top-left corner at `origin`, cut with "…" past
    /// `maxWidth`. `font` is a Pango font description, such as "Cantarell Bold 12px" (`InterfaceFont` gives the desktop's).
    public func draw(_ text: String, font: String, color: RGBA, at origin: Point, maxWidth: Double? = nil) {
        setColor(cairoContext, color)
        Text.draw(cairoContext, text, font: font, at: origin, width: maxWidth)
    }

    /// Draws one line of plain text centred on a point.
    public func draw(_ text: String, font: String, color: RGBA, centeredAt center: Point) {
        setColor(cairoContext, color)
        Text.drawCentered(cairoContext, text, font: font, at: center)
    }

    /// The size one line of plain text takes in a font.
    public func size(of text: String, font: String) -> Size { Text.measure(text, font: font) }

    // MARK: State

    /// Runs `body` and then puts back the transform, colour and line settings it changed.
    public func withSavedState(_ body: () throws -> Void) rethrows {
        cairo_save(cairoContext)
        defer { cairo_restore(cairoContext) }
        try body()
    }

    /// Moves the origin (until the saved state is restored).
    public func translate(by offset: Point) { cairo_translate(cairoContext, offset.x, offset.y) }

    /// Scales what is drawn next (until the saved state is restored).
    public func scale(x: Double, y: Double) { cairo_scale(cairoContext, x, y) }
}
