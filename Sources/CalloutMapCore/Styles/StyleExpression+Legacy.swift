/// The two older syntaxes MapLibre still reads, turned into expressions:
///
/// 1. A filter is legacy when MapLibre's own test says so: `!in`, `!has` and `none` always; a
///    comparison of three items whose second and third are not arrays (`["==", "class", "park"]`);
///    `in` whose second item is a key and third not an array; `has` of `$type` or `$id`; `all` and
///    `any` when any part is legacy. Its keys name properties, `$type` the geometry type and
///    `$id` the feature's id.
/// 2. A paint or layout value that is an object is a legacy function: `stops` over the zoom, or
///    over `property`; `type` exponential (numbers and colors, with `base`), interval, categorical
///    or identity; `default` where a property's value does not fit.
extension StyleExpression {
    /// A layer's filter, in either syntax.
    package static func filter(_ json: JSONValue, notes: inout Set<String>) -> StyleExpression {
        isExpressionFilter(json) ? compile(json, notes: &notes) : legacyFilter(json, notes: &notes)
    }

    /// Whether a filter lets the feature through: only a `true` does.
    package func matches(_ c: StyleContext) -> Bool { evaluate(c) == .bool(true) }

    /// A paint or layout value: a constant, an expression, or a legacy function.
    package static func property(_ json: JSONValue, notes: inout Set<String>) -> StyleExpression {
        guard case .object = json else { return compile(json, notes: &notes) }
        return legacyFunction(json, notes: &notes)
    }

    /// Rule 1, as MapLibre's `isExpressionFilter`.
    static func isExpressionFilter(_ json: JSONValue) -> Bool {
        if case .bool = json { return true }
        guard let items = json.array, let op = items.first?.string else { return false }
        switch op {
        case "has": return items.count >= 2 && items[1].string != "$id" && items[1].string != "$type"
        case "in": return items.count >= 3 && (items[1].string == nil || items[2].array != nil)
        case "!in", "!has", "none": return false
        case "==", "!=", ">", ">=", "<", "<=": return items.count != 3 || items[1].array != nil || items[2].array != nil
        case "any", "all": return items.dropFirst().allSatisfy { isExpressionFilter($0) }
        default: return true
        }
    }

    private static func legacyFilter(_ json: JSONValue, notes: inout Set<String>) -> StyleExpression {
        guard let items = json.array, let op = items.first?.string else {
            notes.insert("a filter that is neither an expression nor a legacy filter")
            return .literal(.bool(false))
        }
        let args = Array(items.dropFirst())
        func key(_ name: String) -> StyleExpression {
            switch name {
            case "$type": return .geometryType
            case "$id": return .id
            default: return .get(name)
            }
        }
        switch op {
        case "all": return .all(args.map { legacyFilter($0, notes: &notes) })
        case "any": return .any(args.map { legacyFilter($0, notes: &notes) })
        case "none": return .not(.any(args.map { legacyFilter($0, notes: &notes) }))
        case "has", "!has":
            guard let name = args.first?.string else { break }
            let has: StyleExpression = name == "$type" ? .literal(.bool(true))
                : name == "$id" ? .compare(.notEqual, .id, .literal(.null)) : .has(name)
            return op == "has" ? has : .not(has)
        case "in", "!in":
            guard let name = args.first?.string else { break }
            let inside = StyleExpression.any(args.dropFirst().map { .compare(.equal, key(name), .literal(StyleValue($0))) })
            return op == "in" ? inside : .not(inside)
        case "==", "!=", "<", "<=", ">", ">=":
            guard args.count == 2, let name = args[0].string else { break }
            return .compare(Comparison(rawValue: op)!, key(name), .literal(StyleValue(args[1])))
        default: break
        }
        notes.insert("the legacy filter \"\(op)\" is not supported")
        return .literal(.bool(false))
    }

    /// Rule 2.
    private static func legacyFunction(_ json: JSONValue, notes: inout Set<String>) -> StyleExpression {
        let fallback = json["default"].map { StyleExpression.literal(StyleValue($0)) } ?? .literal(.null)
        let property = json["property"]?.string
        let input: StyleExpression = property.map { .get($0) } ?? .zoom
        let stops = json["stops"]?.array?.compactMap { $0.array.flatMap { $0.count == 2 ? ($0[0], $0[1]) : nil } } ?? []
        let outputs = stops.map { StyleValue($0.1) }
        let interpolatable = !outputs.isEmpty && outputs.allSatisfy { $0.number != nil || $0.color != nil || $0.array != nil }
        let type = json["type"]?.string ?? (interpolatable ? "exponential" : "interval")
        if type == "identity" {
            guard let property else { return fallback }
            return .coalesce([.get(property), fallback])
        }
        if stops.contains(where: { if case .object = $0.0 { return true } else { return false } }) {
            notes.insert("zoom-and-property functions are not supported")
            return stops.first.map { .literal(StyleValue($0.1)) } ?? fallback
        }
        guard !stops.isEmpty else {
            notes.insert("a function without stops")
            return fallback
        }
        if type == "categorical" {
            let branches = stops.map { ([StyleValue($0.0)], StyleExpression.literal(StyleValue($0.1))) }
            return .match(input, branches, fallback)
        }
        let numbered = stops.compactMap { stop in stop.0.number.map { ($0, StyleExpression.literal(StyleValue(stop.1))) } }
        guard numbered.count == stops.count, zip(numbered, numbered.dropFirst()).allSatisfy({ $0.0 < $1.0 }) else {
            notes.insert("a function whose stops do not rise")
            return fallback
        }
        let function: StyleExpression = type == "exponential"
            ? .interpolate(.exponential(json["base"]?.number ?? 1), input, numbered)
            : .step(input, numbered[0].1, Array(numbered.dropFirst()))
        if type != "exponential" && type != "interval" { notes.insert("the function type \"\(type)\" is drawn as interval") }
        // A property that is not a number falls to the default, as MapLibre does.
        guard let property else { return function }
        return .cases([(.compare(.equal, .arithmetic("+", [.get(property)]), .literal(.null)), fallback)], function)
    }
}
