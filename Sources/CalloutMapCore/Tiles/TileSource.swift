/// Where map tiles come from: an encoded image (PNG or JPEG) per tile, in the XYZ scheme
/// (row 0 at the top). The embedded offline basemap is drawn beneath every source and
/// shows wherever a source has no tile, has not delivered it yet, or failed.
public protocol TileSource: AnyObject, Sendable {
    /// Short name for menus and messages (a file's name, a server's host).
    var name: String { get }
    /// Credit shown in the map's corner while the source is on the map (plain text).
    var attribution: String? { get }
    /// Zooms the source has tiles for; deeper, the deepest tile is shown scaled.
    var zoomRange: ClosedRange<Int> { get }
    /// Pixels per tile side.
    var tileSize: Int { get }
    /// Where the source has tiles; nil: anywhere. Tiles outside are not asked for.
    var bounds: GeoBounds? { get }
    /// The tile's encoded image, nil where the source has none. Called off the main thread,
    /// several at once. Throws a `TileSourceError` when the source itself failed.
    func tileData(for tile: TileID) async throws -> [UInt8]?
    /// Whether its tiles name places themselves (OpenStreetMap's do; aerial imagery does not):
    /// a map draws its own place names only over sources without.
    var hasLabels: Bool { get }
}

extension TileSource {
    /// Most tile maps name places: true unless a source says otherwise.
    public var hasLabels: Bool { true }
}

/// Why a tile source could not be used or could not deliver; names the source.
public struct TileSourceError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The source's name or location.
    public var source: String
    /// What went wrong, in words.
    public var reason: String
    /// The server cannot be reached at all (no network, a host name that does not resolve, a
    /// refused connection): asking again at once would fail the same way.
    public var isUnreachable: Bool

    /// An error about a source.
    public init(source: String, reason: String, isUnreachable: Bool = false) {
        self.source = source
        self.reason = reason
        self.isUnreachable = isUnreachable
    }

    public var description: String { "\(source): \(reason)" }
}

extension TileSource {
    public var bounds: GeoBounds? { nil }

    /// The largest encoded tile a source hands out (a real 512-px JPEG is well under 1 MB).
    public static var maxTileBytes: Int { 16 << 20 }
}
