import Foundation

/// A store of vector tiles as they are kept (Mapbox Vector Tiles, gzip'd or not): a PMTiles
/// archive, or an MBTiles file of format pbf. Read from any thread.
package protocol VectorTileArchive: AnyObject, Sendable {
    var name: String { get }
    var attribution: String? { get }
    /// Zooms it holds tiles for; deeper maps draw its deepest tiles' features enlarged.
    var zoomRange: ClosedRange<Int> { get }
    var bounds: GeoBounds? { get }
    /// The tile's stored bytes, nil where there is none; throws, naming the archive, when it is damaged.
    /// Without waiting: an online archive gives only what it has fetched (`fetchVectorTileBytes`).
    func vectorTileBytes(for tile: TileID) throws(TileSourceError) -> [UInt8]?
    /// The tile's bytes, fetched first when they are elsewhere (online); a file's are at hand.
    func fetchVectorTileBytes(for tile: TileID) async throws(TileSourceError) -> [UInt8]?
}

extension VectorTileArchive {
    package func fetchVectorTileBytes(for tile: TileID) async throws(TileSourceError) -> [UInt8]? { try vectorTileBytes(for: tile) }
}

extension MBTilesSource: VectorTileArchive {
    package func vectorTileBytes(for tile: TileID) throws(TileSourceError) -> [UInt8]? { try data(for: tile) }
}

extension TileFolderSource: VectorTileArchive {
    package func vectorTileBytes(for tile: TileID) throws(TileSourceError) -> [UInt8]? { try bytes(for: tile) }
}

extension PMTilesArchive: VectorTileArchive {
    package var name: String { metadataText("name") ?? URL(fileURLWithPath: path).lastPathComponent }
    package var zoomRange: ClosedRange<Int> { header.zoomRange }
    package var bounds: GeoBounds? {
        let b = header.bounds
        guard b.west < b.east, b.south < b.north else { return nil }
        return GeoBounds(west: b.west, south: b.south, east: b.east, north: b.north)
    }
    package func vectorTileBytes(for tile: TileID) throws(TileSourceError) -> [UInt8]? { try tileData(for: tile) }
}
