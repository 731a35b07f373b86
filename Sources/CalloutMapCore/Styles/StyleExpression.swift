import Foundation

/// A MapLibre style expression, compiled once from its JSON and evaluated per feature.
///
/// What it knows: get, has, in, ==, !=, <, <=, >, >=, !, all, any, none, case, match, coalesce,
/// interpolate (linear, exponential), step, zoom, literal, concat, format (its text), to-string,
/// to-number, geometry-type, id, upcase, downcase, + - * / % ^ min max; and, through
/// `StyleExpression.filter` and `.property`, the legacy filters and `{stops}` functions. Anything
/// else compiles to null with a note naming it: a style is drawn as far as it is understood,
/// never refused for one expression.
package indirect enum StyleExpression: Sendable {
    case literal(StyleValue)
    case get(String)
    case has(String)
    case zoom
    case geometryType
    case id
    case not(StyleExpression)
    case all([StyleExpression])
    case any([StyleExpression])
    case compare(Comparison, StyleExpression, StyleExpression)
    case inside(StyleExpression, StyleExpression)
    case cases([(StyleExpression, StyleExpression)], StyleExpression)
    case match(StyleExpression, [([StyleValue], StyleExpression)], StyleExpression)
    case coalesce([StyleExpression])
    case interpolate(Curve, StyleExpression, [(Double, StyleExpression)])
    case step(StyleExpression, StyleExpression, [(Double, StyleExpression)])
    case concat([StyleExpression])
    case toString(StyleExpression)
    case toNumber([StyleExpression])
    case changeCase(upper: Bool, StyleExpression)
    case arithmetic(String, [StyleExpression])

    package enum Comparison: String, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    package enum Curve: Sendable, Equatable {
        case linear
        case exponential(Double)
    }

    /// Compiles an expression; what it does not know goes into `notes`, one line per kind.
    package static func compile(_ json: JSONValue, notes: inout Set<String>) -> StyleExpression {
        guard case .array(let items) = json, let first = items.first else { return .literal(StyleValue(json)) }
        guard case .string(let op) = first else { return .literal(StyleValue(json)) }  // an array of values
        let args = Array(items.dropFirst())
        func c(_ j: JSONValue) -> StyleExpression { compile(j, notes: &notes) }
        func wrong() -> StyleExpression {
            notes.insert("the expression \"\(op)\" has arguments it cannot take")
            return .literal(.null)
        }
        switch op {
        case "literal": return args.count == 1 ? .literal(StyleValue(args[0])) : wrong()
        case "get": return args.count == 1 ? (args[0].string.map { .get($0) } ?? wrong()) : wrong()
        case "has": return args.count == 1 ? (args[0].string.map { .has($0) } ?? wrong()) : wrong()
        case "zoom": return .zoom
        case "geometry-type": return .geometryType
        case "id": return .id
        case "!": return args.count == 1 ? .not(c(args[0])) : wrong()
        case "all": return .all(args.map(c))
        case "any": return .any(args.map(c))
        case "none": return .not(.any(args.map(c)))
        case "==", "!=", "<", "<=", ">", ">=":
            return args.count >= 2 ? .compare(Comparison(rawValue: op)!, c(args[0]), c(args[1])) : wrong()
        case "in": return args.count == 2 ? .inside(c(args[0]), c(args[1])) : wrong()
        case "case":
            guard args.count >= 3, args.count % 2 == 1 else { return wrong() }
            let pairs = stride(from: 0, to: args.count - 1, by: 2).map { (c(args[$0]), c(args[$0 + 1])) }
            return .cases(pairs, c(args[args.count - 1]))
        case "match":
            guard args.count >= 4, args.count % 2 == 0 else { return wrong() }
            let branches = stride(from: 1, to: args.count - 1, by: 2).map { i -> ([StyleValue], StyleExpression) in
                let labels = args[i].array.map { $0.map(StyleValue.init) } ?? [StyleValue(args[i])]
                return (labels, c(args[i + 1]))
            }
            return .match(c(args[0]), branches, c(args[args.count - 1]))
        case "coalesce": return .coalesce(args.map(c))
        case "interpolate", "interpolate-hcl", "interpolate-lab":
            guard args.count >= 4, args.count % 2 == 0, let kind = args[0].array, let name = kind.first?.string else { return wrong() }
            var curve = Curve.linear
            switch name {
            case "linear": break
            case "exponential": curve = .exponential(kind.count > 1 ? kind[1].number ?? 1 : 1)
            default: notes.insert("the interpolation \"\(name)\" is drawn as linear")
            }
            if op != "interpolate" { notes.insert("\"\(op)\" is drawn as \"interpolate\" (in RGB)") }
            guard let stops = stops(Array(args.dropFirst(2)), notes: &notes) else { return wrong() }
            return .interpolate(curve, c(args[1]), stops)
        case "step":
            guard args.count >= 2, args.count % 2 == 0, let stops = stops(Array(args.dropFirst(2)), notes: &notes) else { return wrong() }
            return .step(c(args[0]), c(args[1]), stops)
        case "concat": return .concat(args.map(c))
        case "format":
            // Its text, section after section; the sections' options (fonts, scales) are not read.
            return .concat(args.filter { if case .object = $0 { return false } else { return true } }.map(c))
        case "to-string": return args.count == 1 ? .toString(c(args[0])) : wrong()
        case "to-number": return args.isEmpty ? wrong() : .toNumber(args.map(c))
        case "upcase", "downcase": return args.count == 1 ? .changeCase(upper: op == "upcase", c(args[0])) : wrong()
        case "+", "-", "*", "/", "%", "^", "min", "max": return args.isEmpty ? wrong() : .arithmetic(op, args.map(c))
        default:
            notes.insert("the expression \"\(op)\" is not supported")
            return .literal(.null)
        }
    }

    /// Stops of interpolate and step: an input number, then an output, rising.
    private static func stops(_ args: [JSONValue], notes: inout Set<String>) -> [(Double, StyleExpression)]? {
        var stops: [(Double, StyleExpression)] = []
        for i in stride(from: 0, to: args.count - 1, by: 2) {
            guard let input = args[i].number, stops.last.map({ $0.0 < input }) ?? true else { return nil }
            stops.append((input, compile(args[i + 1], notes: &notes)))
        }
        return stops
    }

    /// The same expression with the colours it gives read once: a literal string that names a
    /// colour, where a value comes out (not in a condition), becomes that colour. Drawing read
    /// "#e66100" afresh for every feature (a sixteenth of drawing a city's tile).
    package func readingColors() -> StyleExpression {
        switch self {
        case .literal(.string(let s)): return StyleColor(css: s).map { .literal(.color($0)) } ?? self
        case .cases(let branches, let fallback): return .cases(branches.map { ($0.0, $0.1.readingColors()) }, fallback.readingColors())
        case .match(let input, let arms, let fallback): return .match(input, arms.map { ($0.0, $0.1.readingColors()) }, fallback.readingColors())
        case .coalesce(let es): return .coalesce(es.map { $0.readingColors() })
        case .interpolate(let curve, let input, let stops): return .interpolate(curve, input, stops.map { ($0.0, $0.1.readingColors()) })
        case .step(let input, let first, let stops): return .step(input, first.readingColors(), stops.map { ($0.0, $0.1.readingColors()) })
        default: return self
        }
    }

    /// The expression's value for one feature.
    package func evaluate(_ c: StyleContext) -> StyleValue {
        switch self {
        case .literal(let v): return v
        case .get(let key): return c.property(key) ?? .null
        case .has(let key): return .bool(c.property(key) != nil)
        case .zoom: return .number(c.zoom)
        case .geometryType: return .string(c.geometryType)
        case .id: return c.id
        case .not(let e):
            if case .bool(let b) = e.evaluate(c) { return .bool(!b) }
            return .null
        case .all(let es): return .bool(es.allSatisfy { $0.evaluate(c) == .bool(true) })
        case .any(let es): return .bool(es.contains { $0.evaluate(c) == .bool(true) })
        case .compare(let op, let a, let b): return .bool(Self.compare(op, a.evaluate(c), b.evaluate(c)))
        case .inside(let needle, let haystack):
            switch (needle.evaluate(c), haystack.evaluate(c)) {
            case (let n, .array(let values)): return .bool(values.contains(n))
            case (.string(let n), .string(let s)): return .bool(s.contains(n))
            default: return .bool(false)
            }
        case .cases(let pairs, let fallback):
            for (condition, output) in pairs where condition.evaluate(c) == .bool(true) { return output.evaluate(c) }
            return fallback.evaluate(c)
        case .match(let input, let branches, let fallback):
            let value = input.evaluate(c)
            for (labels, output) in branches where labels.contains(value) { return output.evaluate(c) }
            return fallback.evaluate(c)
        case .coalesce(let es):
            for e in es {
                let v = e.evaluate(c)
                if v != .null { return v }
            }
            return .null
        case .interpolate(let curve, let input, let stops): return Self.interpolate(curve, input.evaluate(c).number, stops, c)
        case .step(let input, let first, let stops):
            guard let x = input.evaluate(c).number else { return .null }
            return (stops.last { $0.0 <= x }?.1 ?? first).evaluate(c)
        case .concat(let es): return .string(es.map { $0.evaluate(c).text }.joined())
        case .toString(let e): return .string(e.evaluate(c).text)
        case .toNumber(let es): return Self.toNumber(es.map { $0.evaluate(c) })
        case .changeCase(let upper, let e):
            let s = e.evaluate(c).text
            return .string(upper ? s.uppercased() : s.lowercased())
        case .arithmetic(let op, let es): return Self.arithmetic(op, es.map { $0.evaluate(c).number })
        }
    }

    private static func compare(_ op: Comparison, _ a: StyleValue, _ b: StyleValue) -> Bool {
        switch op {
        case .equal: return a == b
        case .notEqual: return a != b
        default:
            // Numbers with numbers, text with text; anything else compares false.
            let order: Int
            switch (a, b) {
            case (.number(let x), .number(let y)): order = x < y ? -1 : (x > y ? 1 : 0)
            case (.string(let x), .string(let y)): order = x < y ? -1 : (x > y ? 1 : 0)
            default: return false
            }
            switch op {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }

    private static func interpolate(_ curve: Curve, _ x: Double?, _ stops: [(Double, StyleExpression)], _ c: StyleContext) -> StyleValue {
        guard let x, let first = stops.first, let last = stops.last else { return .null }
        if x <= first.0 { return first.1.evaluate(c) }
        if x >= last.0 { return last.1.evaluate(c) }
        let upper = stops.firstIndex { $0.0 > x }!
        let (a, b) = (stops[upper - 1], stops[upper])
        var t = (x - a.0) / (b.0 - a.0)
        if case .exponential(let base) = curve, base != 1 { t = (pow(base, x - a.0) - 1) / (pow(base, b.0 - a.0) - 1) }
        let (low, high) = (a.1.evaluate(c), b.1.evaluate(c))
        switch (low, high) {
        case (.number(let p), .number(let q)): return .number(p + (q - p) * t)
        case (.array(let p), .array(let q)) where p.count == q.count:
            let mixed = zip(p, q).map { pair -> StyleValue in
                guard let u = pair.0.number, let v = pair.1.number else { return pair.0 }
                return .number(u + (v - u) * t)
            }
            return .array(mixed)
        default:
            if let p = low.color, let q = high.color { return .color(p.mixed(with: q, t)) }
            return low
        }
    }

    /// As JavaScript's Number(): null 0, booleans 0 and 1, text read as a number (blank is 0);
    /// the first argument that converts wins.
    private static func toNumber(_ values: [StyleValue]) -> StyleValue {
        for v in values {
            switch v {
            case .number: return v
            case .null: return .number(0)
            case .bool(let b): return .number(b ? 1 : 0)
            case .string(let s):
                let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
                if t.isEmpty { return .number(0) }
                if let n = Double(t) { return .number(n) }
            default: continue
            }
        }
        return .null
    }

    private static func arithmetic(_ op: String, _ values: [Double?]) -> StyleValue {
        guard !values.contains(where: { $0 == nil }) else { return .null }
        let v = values.map { $0! }
        switch (op, v.count) {
        case ("+", _): return .number(v.reduce(0, +))
        case ("*", _): return .number(v.reduce(1, *))
        case ("-", 1): return .number(-v[0])
        case ("-", 2): return .number(v[0] - v[1])
        case ("/", 2): return .number(v[0] / v[1])
        case ("%", 2): return .number(v[0].truncatingRemainder(dividingBy: v[1]))
        case ("^", 2): return .number(pow(v[0], v[1]))
        case ("min", _): return .number(v.min()!)
        case ("max", _): return .number(v.max()!)
        default: return .null
        }
    }
}
