import Foundation

/// A folder of tiles laid out `z/x/y.png` (or `.jpg`), XYZ rows (0 at the top), as tile
/// tools export them. Its zooms are the numbered folders it holds.
public final class TileFolderSource: TileSource {
    public let name: String
    public let attribution: String?
    public let zoomRange: ClosedRange<Int>
    public let tileSize = 256
    private let folder: URL

    /// A source over a folder of `z/x/y.png` (or `.jpg`, `.webp`) tiles; throws naming it when it is not one.
    public init(folder: URL, attribution: String? = nil) throws(TileSourceError) {
        func fail(_ reason: String) -> TileSourceError { TileSourceError(source: folder.path, reason: reason) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else { throw fail("does not exist") }
        guard isFolder.boolValue else { throw fail("is not a folder of z/x/y tiles") }
        let zooms = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).compactMap { Int($0) }.filter { (0...30).contains($0) }
        guard let low = zooms.min(), let high = zooms.max() else {
            throw fail("holds no tiles (no numbered zoom folders such as 0/0/0.png)")
        }
        self.folder = folder
        name = folder.lastPathComponent
        zoomRange = low...high
        self.attribution = attribution
    }

    public func tileData(for tile: TileID) async throws -> [UInt8]? {
        guard zoomRange.contains(tile.zoom) else { return nil }
        let t = tile.wrapped
        guard t.y >= 0, t.y < 1 << t.zoom else { return nil }
        let base = folder.appendingPathComponent("\(t.zoom)/\(t.x)/\(t.y)")
        for ext in ["png", "jpg", "jpeg"] {
            let url = base.appendingPathExtension(ext)
            do {
                return try InputFile.read(url, limit: Self.maxTileBytes)
            } catch where error.code == ENOENT {
                continue
            } catch {
                throw TileSourceError(source: folder.path, reason: "tile \(t): \(error.reason)")
            }
        }
        return nil
    }
}
