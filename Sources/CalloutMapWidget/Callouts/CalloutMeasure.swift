import CalloutMapCore

/// The one measure of a callout's body: the size GTK gives the content `CalloutContent` builds,
/// worked out without widgets from the same fonts, spacings and widths. The window measures its
/// widgets; a picture made without a display (`MapSnapshotter`, `calloutmap render`) measures
/// with this, and a test holds the two equal, so the picture places a callout where a window does.
///
/// Rules, as GTK 4 applies them:
/// 1. Text is a label: its natural width is its one-line width, at most `maxTextChars` of the
///    font's average character wide, where it wraps (titles and body text) or ends with "…".
/// 2. A row (accessory, text, accessory) is its parts' widths and `rowSpacing` between; the text
///    takes what is left over, and the row is as tall as its tallest part.
/// 3. A column (title over subtitle, a stack) is as wide as its widest part; each part is as
///    tall as it is at that width, with the column's spacing between.
/// 4. Buttons are Adwaita's: an icon button a `buttonSize` circle, a text button its words with
///    `buttonInset` at each side, as tall as an icon button.
/// 5. The body is the content at most `maxContentWidth` wide (the text wraps narrower) and as
///    tall as the content at its natural width (GTK's scrolled window measures it so), at most
///    `maxContentHeight` (more scrolls) and at least `minimumContentHeight` (the room GTK's
///    scrolled window asks for its scroll bar), with the appearance's padding around it.
@MainActor
enum CalloutMeasure {
    /// The widest a callout's label runs, in characters of its font, before it wraps or is cut.
    nonisolated static let maxTextChars = 34
    /// Between the left accessory, the text and the right accessory.
    static let rowSpacing = 10.0
    /// Between the title and what is under it.
    static let lineSpacing = 2.0
    /// The widest and tallest a body's content is shown.
    static let maxContentWidth = 320.0
    static let maxContentHeight = 300.0
    /// The least the content is shown: what the bubble's scrolled window asks for its scroll bar.
    static let minimumContentHeight = 46.0
    /// Adwaita's circular icon button, and the height of a text button.
    static let buttonSize = 34.0
    /// Adwaita's space between a text button's words and its sides.
    static let buttonInset = 17.0

    /// The fonts of `CalloutTextStyle` (Adwaita's `.heading` is 11 pt bold, `.caption` 9 pt;
    /// other text is in the desktop's interface font).
    static func font(_ style: CalloutTextStyle) -> String {
        switch style {
        case .heading: InterfaceFont.description(points: 11, bold: true)
        case .caption: InterfaceFont.description(points: 9)
        case .body, .secondary: InterfaceFont.name
        }
    }

    /// A part of a callout's content, as much as its size needs.
    indirect enum Part {
        /// A label: wrapped (to at most `Text.titleLines` lines) or cut short, at most `maxChars` characters wide.
        case label(String, style: CalloutTextStyle, wraps: Bool, maxChars: Int = CalloutMeasure.maxTextChars)
        /// A picture at a size (nil: a gap of that size).
        case image(PinImage?, Size)
        /// A button: words on it, or (nil) a round icon button.
        case button(String?, isSuggested: Bool)
        /// Side by side; the part at `expanding` takes the width left over.
        case row([Part], spacing: Double, expanding: Int?)
        /// One above the other.
        case column([Part], spacing: Double)
        /// Key–value rows (a property list): two columns of labels.
        case grid([(Part, Part)], columnSpacing: Double, rowSpacing: Double)
    }

    // MARK: What a callout holds

    /// The standard callout's content (as `CalloutContent.standard` builds it).
    static func standard(title: String?, subtitle: String?, left: CalloutAccessory?, right: CalloutAccessory?,
                         detail: CalloutAccessory?, members: [String] = [], more: Int = 0) -> Part {
        var column: [Part] = []
        if let title, !title.isEmpty { column.append(.label(title, style: .heading, wraps: true)) }
        if !members.isEmpty {
            column += members.map { .label($0, style: .secondary, wraps: false) }
            if more > 0 { column.append(.label("and \(more) more", style: .caption, wraps: false)) }
        } else if let detail {
            column.append(part(detail))
        } else if let subtitle, !subtitle.isEmpty {
            column.append(.label(subtitle, style: .secondary, wraps: true))
        }
        var row: [Part] = []
        if let left { row.append(part(left)) }
        row.append(.column(column, spacing: lineSpacing))
        let text = row.count - 1
        if let right { row.append(part(right)) }
        return .row(row, spacing: rowSpacing, expanding: text)
    }

    /// An accessory's part (as `CalloutAccessory.makeWidget` builds it). A widget of the app's
    /// own, whose size only GTK knows, is taken for an icon button.
    static func part(_ accessory: CalloutAccessory) -> Part {
        switch accessory {
        case .detailDisclosure, .button, .wrapped:
            return .button(nil, isSuggested: false)
        case .textButton(let words, let isSuggested):
            return .button(words, isSuggested: isSuggested)
        case .text(let text, let style):
            return .label(text, style: style, wraps: style == .body || style == .heading)
        case .image(let image, let size):
            let s = size ?? image.size
            return .image(image, Size(width: Double(Int(s.width)), height: Double(Int(s.height))))
        case .properties(let properties, let limit):
            var rows: [(Part, Part)] = properties.prefix(limit).map {
                (.label($0.key, style: .caption, wraps: false, maxChars: 14), .label($0.value, style: .caption, wraps: false, maxChars: 28))
            }
            if properties.count > limit {
                rows.append((.label("and \(properties.count - limit) more", style: .caption, wraps: false), .image(nil, .zero)))
            }
            return .grid(rows, columnSpacing: 8, rowSpacing: 2)
        case .stack(let items, let spacing):
            return .column(items.map(part), spacing: spacing)
        }
    }

    /// The body's size for its content and padding (rule 5).
    static func bodySize(of content: Part, padding: Double) -> Size {
        let natural = naturalWidth(content)
        let width = min(natural, maxContentWidth)
        // GTK's scrolled window asks its content how tall it is with no width given: at its
        // natural width, however much narrower it is then shown (a title that wraps to three
        // lines at the cut width is measured at two, and the rest scrolls).
        let height = min(max(self.height(content, width: natural), minimumContentHeight), maxContentHeight)
        return Size(width: width + 2 * padding, height: height + 2 * padding)
    }

    // MARK: Sizes (rules 1–4)

    /// The width a part asks for.
    static func naturalWidth(_ part: Part) -> Double {
        switch part {
        case .label(let text, let style, let wraps, let maxChars):
            // Rule 1, as GtkLabel: the unbroken line, else its layout at the widest it may be.
            let font = font(style)
            var widest = Text.labelExtents(text, font: font, width: nil, wraps: wraps, lines: Text.titleLines).width
            let smallest = Text.labelExtents(text, font: font, width: 0, wraps: wraps, lines: Text.titleLines).width
            let cap = Double(maxChars) * Text.labelCharWidth(font: font)
            if maxChars >= 0, widest > cap {
                widest = Text.labelExtents(text, font: font, width: max(smallest, cap), wraps: wraps, lines: Text.titleLines).width
            }
            return max(widest, smallest).rounded(.up)
        case .image(_, let size):
            return size.width
        case .button(let words, _):
            guard let words else { return buttonSize }
            return naturalWidth(.label(words, style: .body, wraps: false, maxChars: -1)) + 2 * buttonInset
        case .row(let parts, let spacing, _):
            return parts.map(naturalWidth).reduce(0, +) + spacing * Double(max(0, parts.count - 1))
        case .column(let parts, _):
            return parts.map(naturalWidth).max() ?? 0
        case .grid(let rows, let columnSpacing, _):
            let keys = rows.map { naturalWidth($0.0) }.max() ?? 0, values = rows.map { naturalWidth($0.1) }.max() ?? 0
            return keys + columnSpacing + values
        }
    }

    /// A part's height at a width.
    static func height(_ part: Part, width: Double) -> Double {
        switch part {
        case .label(let text, let style, let wraps, _):
            return Text.labelExtents(text, font: font(style), width: width, wraps: wraps, lines: Text.titleLines).height.rounded(.up)
        case .image(_, let size):
            return size.height
        case .button:
            return buttonSize
        case .row(let parts, let spacing, let expanding):
            // Rule 2: every part at its natural width but the expanding one, which takes the rest.
            let naturals = parts.map(naturalWidth)
            let others = naturals.enumerated().filter { $0.offset != expanding }.map(\.element).reduce(0, +)
            let spaces = spacing * Double(max(0, parts.count - 1))
            return parts.enumerated().map { i, p in
                height(p, width: i == expanding ? max(0, width - others - spaces) : naturals[i])
            }.max() ?? 0
        case .column(let parts, let spacing):
            return parts.map { height($0, width: width) }.reduce(0, +) + spacing * Double(max(0, parts.count - 1))
        case .grid(let rows, let columnSpacing, let rowSpacing):
            let keys = rows.map { naturalWidth($0.0) }.max() ?? 0
            let heights = rows.map { max(height($0.0, width: keys), height($0.1, width: max(0, width - keys - columnSpacing))) }
            return heights.reduce(0, +) + rowSpacing * Double(max(0, rows.count - 1))
        }
    }
}
