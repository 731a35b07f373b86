/// An annotation's data as text, in the order its source gave it (a GeoJSON feature's
/// `properties`): looked up by key, listed in order (a callout's detail view shows the
/// first dozen). A lookup scans them: a feature has a few, and a reader of many builds
/// them at once with `init(uniqueEntries:)`, which is linear.
public struct AnnotationProperties: Sendable, Equatable, ExpressibleByDictionaryLiteral, RandomAccessCollection {
    public typealias Element = (key: String, value: String)

    /// A list of its own, or a row of a table shared by a file's places (read from there
    /// until changed, when the row becomes a list).
    private enum Storage: Sendable {
        case entries([Element])
        case row(PropertyTable, Int32)
    }

    private var storage = Storage.entries([])

    /// No properties.
    public init() {}

    /// Properties from entries whose keys are already distinct, in their order (not checked: a
    /// reader that has its own index of keys makes thousands this way without a scan per key).
    package init(uniqueEntries: [Element]) {
        storage = .entries(uniqueEntries)
    }

    /// Properties read from a row of a table.
    package init(row: Int, of table: PropertyTable) {
        storage = .row(table, Int32(row))
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// The value for a key; setting nil removes it, setting a new key appends it.
    public subscript(key: String) -> String? {
        get {
            switch storage {
            case .entries(let entries): entries.first { $0.key == key }?.value
            case .row(let table, let row): table.entry(of: Int(row), key: key).map(table.value(of:))
            }
        }
        set {
            var entries: [Element]
            switch storage {
            case .entries(let own): entries = own
            case .row: entries = Array(self)  // a list of its own from now on
            }
            storage = .entries([])  // the list is changed in place, not copied
            let i = entries.firstIndex { $0.key == key }
            switch (i, newValue) {
            case let (i?, value?): entries[i].value = value
            case let (i?, nil): entries.remove(at: i)
            case let (nil, value?): entries.append((key, value))
            case (nil, nil): break
            }
            storage = .entries(entries)
        }
    }

    /// Keys that say how to draw a pin rather than what it is: the simplestyle spec's (geojson.io, GitHub).
    public static let styleKeys: Set<String> = ["marker-color", "marker-size", "marker-symbol", "stroke", "stroke-width",
                                                "stroke-opacity", "fill", "fill-opacity"]

    /// The properties worth showing a person: without the style keys or empty values.
    public var shown: AnnotationProperties {
        AnnotationProperties(uniqueEntries: filter { !Self.styleKeys.contains($0.key) && !$0.value.isEmpty })
    }

    /// A line made of the first three shown properties, for a place without a subtitle: "city: Paris · country: FR".
    package var summary: String? {
        let parts = shown.prefix(3).map { "\($0.key): \($0.value)" }
        guard !parts.isEmpty else { return nil }
        let line = parts.joined(separator: " · ")
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .entries(let entries): entries.count
        case .row(let table, let row): table.entries(of: Int(row)).count
        }
    }

    public subscript(position: Int) -> Element {
        switch storage {
        case .entries(let entries): return entries[position]
        case .row(let table, let row):
            let entries = table.entries(of: Int(row))
            precondition(position >= 0 && position < entries.count, "Index out of range")
            return (table.key(of: entries.lowerBound + position), table.value(of: entries.lowerBound + position))
        }
    }

    /// A place's own text kept in the same table row as its properties (`PropertyTable.Text`).
    package func text(_ which: PropertyTable.Text) -> String? {
        guard case .row(let table, let row) = storage else { return nil }
        return table.text(which, of: Int(row))
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
