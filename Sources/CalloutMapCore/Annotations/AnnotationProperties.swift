/// An annotation's data as text, in the order its source gave it (a GeoJSON feature's
/// `properties`): looked up by key, listed in order (a callout's detail view shows the
/// first dozen). A lookup scans them: a feature has a few, and a reader of many builds
/// them at once with `init(uniqueEntries:)`, which is linear.
public struct AnnotationProperties: Sendable, Equatable, ExpressibleByDictionaryLiteral, RandomAccessCollection {
    public typealias Element = (key: String, value: String)

    private var entries: [Element] = []

    /// No properties.
    public init() {}

    /// Properties from entries whose keys are already distinct, in their order (not checked: a
    /// reader that has its own index of keys makes thousands this way without a scan per key).
    package init(uniqueEntries: [Element]) {
        entries = uniqueEntries
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// The value for a key; setting nil removes it, setting a new key appends it.
    public subscript(key: String) -> String? {
        get { entries.first { $0.key == key }?.value }
        set {
            let i = entries.firstIndex { $0.key == key }
            switch (i, newValue) {
            case let (i?, value?): entries[i].value = value
            case let (i?, nil): entries.remove(at: i)
            case let (nil, value?): entries.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// Keys that say how to draw a pin rather than what it is: the simplestyle spec's (geojson.io, GitHub).
    public static let styleKeys: Set<String> = ["marker-color", "marker-size", "marker-symbol", "stroke", "stroke-width",
                                                "stroke-opacity", "fill", "fill-opacity"]

    /// The properties worth showing a person: without the style keys or empty values.
    public var shown: AnnotationProperties {
        var out = AnnotationProperties()
        out.entries = entries.filter { !Self.styleKeys.contains($0.key) && !$0.value.isEmpty }
        return out
    }

    /// A line made of the first three shown properties, for a place without a subtitle: "city: Paris · country: FR".
    package var summary: String? {
        let parts = shown.prefix(3).map { "\($0.key): \($0.value)" }
        guard !parts.isEmpty else { return nil }
        let line = parts.joined(separator: " · ")
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Element { entries[position] }

    public static func == (a: Self, b: Self) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
