/// A value a MapLibre style expression works with: what a feature's properties hold, and colors.
package enum StyleValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case color(StyleColor)
    case array([StyleValue])

    package var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    package var string: String? { if case .string(let s) = self { return s } else { return nil } }
    package var array: [StyleValue]? { if case .array(let a) = self { return a } else { return nil } }

    /// Strings that name a color read as one, as MapLibre coerces them where a color is wanted.
    package var color: StyleColor? {
        switch self {
        case .color(let c): c
        case .string(let s): StyleColor(css: s)
        default: nil
        }
    }

    /// A vector tile's property as a style sees it: every number a double.
    package init(_ value: VectorTile.Value) {
        switch value {
        case .string(let s): self = .string(s)
        case .bool(let b): self = .bool(b)
        case .none: self = .null
        default: self = .number(value.number ?? 0)
        }
    }

    /// A JSON literal as a value; objects (which no expression here takes) read as null.
    package init(_ json: JSONValue) {
        switch json {
        case .string(let s): self = .string(s)
        case .number(let n): self = .number(n)
        case .bool(let b): self = .bool(b)
        case .array(let a): self = .array(a.map(StyleValue.init))
        case .object, .null: self = .null
        }
    }

    /// `to-string`: null is "", numbers as JavaScript writes them (12, not 12.0), colors as rgba().
    package var text: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return Self.text(of: n)
        case .string(let s): return s
        case .color(let c): return c.css
        case .array(let a): return "[" + a.map { $0.jsonText }.joined(separator: ",") + "]"
        }
    }

    private var jsonText: String {
        if case .string(let s) = self { return "\"\(s)\"" }
        return text
    }

    static func text(of n: Double) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n < 0 ? "-Infinity" : "Infinity" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }
}
