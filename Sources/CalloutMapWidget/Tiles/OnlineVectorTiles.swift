import CalloutMapCore
import Synchronization

/// Vector tiles from a server, by a URL template (`https://…/{z}/{x}/{y}.pbf`) or the one a
/// TileJSON document names: fetched as online images are (libsoup, the disk cache, retries),
/// and the last ones fetched kept in memory, where clicks, the keyboard and the names read them
/// without waiting (a tile not fetched yet is no tile to them until it lands).
final class OnlineVectorTiles: VectorTileArchive {
    let server: XYZTileSource
    let bounds: GeoBounds?
    /// The tiles fetched last, the newest last; `nil` bytes: the server has none there.
    private let kept = Mutex<(tiles: [TileID: [UInt8]?], order: [TileID])>(([:], []))
    /// Enough for a view and its margin at two zooms.
    static let keptTiles = 96

    var name: String { server.name }
    var attribution: String? { server.attribution }
    var zoomRange: ClosedRange<Int> { server.zoomRange }

    init(server: XYZTileSource, bounds: GeoBounds? = nil) {
        self.server = server
        self.bounds = bounds
    }

    func vectorTileBytes(for tile: TileID) throws(TileSourceError) -> [UInt8]? {
        kept.withLock { $0.tiles[tile.wrapped] ?? nil }
    }

    func fetchVectorTileBytes(for tile: TileID) async throws(TileSourceError) -> [UInt8]? {
        let t = tile.wrapped
        if let known = kept.withLock({ $0.tiles[t] }) { return known }
        let bytes: [UInt8]?
        do { bytes = try await server.tileData(for: t) } catch let error as TileSourceError { throw error } catch {
            throw TileSourceError(source: name, reason: "tile \(t): \(error)")
        }
        kept.withLock { kept in
            if kept.tiles.updateValue(bytes, forKey: t) == nil { kept.order.append(t) }
            if kept.order.count > Self.keptTiles { kept.tiles[kept.order.removeFirst()] = nil }
        }
        return bytes
    }
}
