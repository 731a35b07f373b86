import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// Something shown in a callout beside or under its text (MapKit's left, right
/// and detail accessory views), given as a value: the map makes the widgets
/// each time the callout shows. Buttons report clicks to the delegate's
/// `mapView(_:annotationView:calloutAccessoryControlTapped:)`. Text is always
/// plain, never markup.
public enum CalloutAccessory {
    /// An "ⓘ" button, MapKit's detail disclosure; `label` is its accessible name and tooltip.
    case detailDisclosure(label: String = "Details")
    /// A flat, round icon button (a named symbolic icon) with an accessible name and tooltip.
    case button(icon: String, label: String)
    /// A button with words on it; `isSuggested` gives it the accent colour.
    case textButton(String, isSuggested: Bool = false)
    /// Plain text.
    case text(String, style: CalloutTextStyle = .body)
    /// A picture at its own size or at `size`.
    case image(PinImage, size: Size? = nil)
    /// A compact key–value list of an annotation's data (its first `limit` properties): keys dim,
    /// values selectable, long ones cut with "…".
    case properties(AnnotationProperties, limit: Int = 12)
    /// Several accessories one above the other.
    case stack([CalloutAccessory], spacing: Double = 6)
    /// A GTK widget of your own (see `widget(_:)`): the escape hatch for anything else.
    case wrapped(WrappedWidget)

    /// A GTK widget of your own, kept alive by the accessory. A widget can be in one callout at a
    /// time; the map takes it out of the last one before showing it again.
    @MainActor public static func widget(_ gtkWidget: UnsafeMutablePointer<GtkWidget>) -> CalloutAccessory {
        .wrapped(WrappedWidget(gtkWidget))
    }
}

/// How callout text looks.
public enum CalloutTextStyle: Sendable {
    /// Bold, for titles.
    case heading
    /// The normal size.
    case body
    /// Dimmed, for secondary text (a subtitle).
    case secondary
    /// Small and dimmed.
    case caption
}

/// A GTK widget given as a callout accessory; holds a reference to it.
@MainActor
public final class WrappedWidget {
    private let reference: ObjectRef
    /// The widget (escape hatch).
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { cm_widget(reference.pointer) }

    init(_ widget: UnsafeMutablePointer<GtkWidget>) { reference = ObjectRef(sinking: widget.rawObject) }
}

/// A control in a callout that was clicked, as the delegate hears of it.
public struct CalloutControl: Equatable, Sendable {
    /// Where the control is.
    public enum Position: Sendable {
        /// In the left, right or detail accessory.
        case left, right, detail
        /// Part of the callout itself: a custom callout's button, or the callout annotation's "ⓘ".
        case callout
    }

    /// Where it is.
    public var position: Position
    /// The control's accessible name (its tooltip or the words on it).
    public var label: String

    /// A control at a position with an accessible name.
    public init(position: Position, label: String) {
        self.position = position
        self.label = label
    }
}

extension CalloutAccessory {
    /// The widget tree for this accessory, new each time except for a wrapped widget.
    @MainActor func makeWidget() -> UnsafeMutablePointer<GtkWidget> {
        switch self {
        case .detailDisclosure(let label):
            return Self.iconButton(icon: "help-about-symbolic", label: label)
        case .button(let icon, let label):
            return Self.iconButton(icon: icon, label: label)
        case .textButton(let text, let isSuggested):
            let b = gtk_button_new_with_label(text)!
            if isSuggested { gtk_widget_add_css_class(b, "suggested-action") }
            gtk_widget_set_halign(b, GTK_ALIGN_START)
            return b
        case .text(let text, let style):
            return CalloutContent.label(text, style: style)
        case .image(let image, let size):
            return Self.picture(image, size: size ?? image.size)
        case .properties(let properties, let limit):
            return Self.propertyList(properties, limit: limit)
        case .stack(let items, let spacing):
            let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, Int32(spacing))!
            for item in items { CalloutContent.append(item.makeWidget(), to: column) }
            return column
        case .wrapped(let wrapped):
            return wrapped.gtkWidget
        }
    }

    @MainActor private static func iconButton(icon: String, label: String) -> UnsafeMutablePointer<GtkWidget> {
        let b = gtk_button_new_from_icon_name(icon)!
        gtk_widget_add_css_class(b, "flat")
        gtk_widget_add_css_class(b, "circular")
        gtk_widget_set_valign(b, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(b, label)
        cm_accessible_set_label(b, label)
        return b
    }

    @MainActor private static func picture(_ image: PinImage, size: Size) -> UnsafeMutablePointer<GtkWidget> {
        let area = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_width(cast(area), Int32(size.width))
        gtk_drawing_area_set_content_height(cast(area), Int32(size.height))
        gtk_widget_set_valign(area, GTK_ALIGN_CENTER)
        let box = ClosureBox<PinImage>(image)
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            DrawingContext(cairoContext: cr!).draw(ClosureBox<PinImage>.from(data).call,
                                                   in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        }
        gtk_drawing_area_set_draw_func(cast(area), draw, box.retainedPointer(), releaseBoxNotify)
        return area
    }

    @MainActor private static func propertyList(_ properties: AnnotationProperties, limit: Int) -> UnsafeMutablePointer<GtkWidget> {
        let grid = gtk_grid_new()!
        gtk_grid_set_column_spacing(cast(grid), 8)
        gtk_grid_set_row_spacing(cast(grid), 2)
        for (row, (key, value)) in properties.prefix(limit).enumerated() {
            for (column, text) in [key, value].enumerated() {
                let label = gtk_label_new(nil)!
                gtk_label_set_text(OpaquePointer(label), text)
                gtk_label_set_xalign(OpaquePointer(label), 0)
                gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
                gtk_label_set_max_width_chars(OpaquePointer(label), column == 0 ? 14 : 28)
                // Not selectable: a selectable label is a tab stop, and Tab goes from the pin to
                // the callout's buttons, not through every value (the place's details copy them).
                if column == 0 { gtk_widget_add_css_class(label, "dim-label") }
                gtk_widget_add_css_class(label, "caption")
                gtk_grid_attach(cast(grid), label, Int32(column), Int32(row), 1, 1)
            }
        }
        if properties.count > limit {
            let more = CalloutContent.label("and \(properties.count - limit) more", style: .caption)
            gtk_grid_attach(cast(grid), more, 0, Int32(limit), 2, 1)
        }
        cm_accessible_set_label(grid, tr("Data"))
        return grid
    }
}
