import Foundation

/// The world's towns, capitals and countries, most important first, from a names file made
/// by `tools/placenames/build_place_names.py` (GeoNames cities of 15,000 people or more and
/// Natural Earth's countries). Names the map's labels show, and places search finds, without
/// a network.
public final class WorldPlaces: Sendable {
    /// Every place, most important first (`rank` is the index).
    public let places: [WorldPlace]
    /// The credit the names need wherever they show (CC BY 4.0).
    public static let attribution = "GeoNames"

    /// Where each place's alternate names start in `bytes` (decoded when asked for: most are
    /// never looked at, and 160,000 strings would cost more memory than the file).
    private let alternatesAt: [Int32]
    private let bytes: [UInt8]
    /// Place indices bucketed by zoom-8 tile, each bucket in rank order.
    private let grid: PlaceGrid
    /// The names' search index, built on first use (`searchIndex`).
    let searchIndexCache = SearchIndexCache()

    /// Reads a names file.
    public convenience init(contentsOf url: URL) throws(WorldPlacesError) {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(url, limit: 64 << 20)
        } catch {
            throw WorldPlacesError(file: url.path, reason: error.reason)
        }
        try self.init(bytes: bytes, file: url.path)
    }

    /// Reads names from a file's bytes; `file` names it in errors.
    public init(bytes: [UInt8], file: String = "world places") throws(WorldPlacesError) {
        var reader = WorldPlacesReader(bytes: bytes, file: file)
        let parsed = try reader.read()
        self.bytes = bytes
        places = parsed.places
        alternatesAt = parsed.alternatesAt
        grid = PlaceGrid(places)
    }

    /// The names file shipped with the package (`data/places/world-places.cmpn`, found as the
    /// basemap is), read once per process.
    public static func bundled() throws -> WorldPlaces { try bundledFile.get() }
    private static let bundledFile = BundledFile(path: "places/world-places.cmpn", read: { try WorldPlaces(contentsOf: $0) },
                                                 notFound: { WorldPlacesError(file: "world-places.cmpn", reason: $0) })

    /// Other names of a place, in Latin script ("München", "Muenchen", "MUC" for Munich).
    public func alternateNames(of place: WorldPlace) -> [String] {
        guard place.rank >= 0, place.rank < alternatesAt.count else { return [] }
        var reader = WorldPlacesReader(bytes: bytes, file: "")
        reader.offset = Int(alternatesAt[place.rank])
        return (try? reader.alternates()) ?? []
    }

    /// The places whose coordinates fall in a rectangle of world points (x may run past 0 or 1:
    /// the world repeats), most important first, each once.
    public func places(inWorld minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double,
                       where include: (WorldPlace) -> Bool = { _ in true }) -> [WorldPlace] {
        ranks(inWorld: minX, minY, maxX, maxY).compactMap { include(places[$0]) ? places[$0] : nil }
    }

    /// The same as ranks (indices into `places`), ascending: no copies of the places.
    package func ranks(inWorld minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> [Int] {
        grid.indices(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
}

/// Place indices bucketed on the zoom-8 tile grid (256 × 256 cells, flat).
private struct PlaceGrid: Sendable {
    static let side = 256
    private let starts: [Int32]
    private let items: [Int32]

    init(_ places: [WorldPlace]) {
        let cells = places.map { Self.cell(WebMercator.worldPoint(for: $0.coordinate)) }
        var counts = [Int32](repeating: 0, count: Self.side * Self.side + 1)
        for c in cells { counts[c + 1] += 1 }
        for i in 1..<counts.count { counts[i] += counts[i - 1] }
        var next = counts, items = [Int32](repeating: 0, count: places.count)
        for (i, c) in cells.enumerated() {  // ascending index: each bucket is in rank order
            items[Int(next[c])] = Int32(i)
            next[c] += 1
        }
        starts = counts
        self.items = items
    }

    static func cell(_ p: WorldPoint) -> Int {
        let x = min(side - 1, max(0, Int(p.x * Double(side)))), y = min(side - 1, max(0, Int(p.y * Double(side))))
        return y * side + x
    }

    func indices(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [Int] {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, minX <= maxX, minY <= maxY else { return [] }
        let n = Double(Self.side)
        let y0 = max(0, Int((minY * n).rounded(.down))), y1 = min(Self.side - 1, Int((maxY * n).rounded(.down)))
        let x0 = Int((minX * n).rounded(.down)), x1 = min(x0 + Self.side - 1, Int((maxX * n).rounded(.down)))
        guard y0 <= y1 else { return [] }
        var found: [Int] = []
        for y in y0...y1 {
            for x in x0...x1 {
                let c = y * Self.side + ((x % Self.side) + Self.side) % Self.side
                for i in starts[c]..<starts[c + 1] { found.append(Int(items[Int(i)])) }
            }
        }
        found.sort()
        return found
    }
}

/// The search index of a `WorldPlaces`, made once, by whichever thread first wants it. An
/// NSLock (a pthread mutex), not `Mutex`: the thread sanitizer sees through it.
final class SearchIndexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var index: SearchIndex?

    /// The index, made now by `make` if nobody made it yet (others wait meanwhile).
    func index(orMake make: () -> SearchIndex) -> SearchIndex {
        lock.lock()
        defer { lock.unlock() }
        if let index { return index }
        let made = make()
        index = made
        return made
    }

    var isMade: Bool {
        lock.lock()
        defer { lock.unlock() }
        return index != nil
    }
}
