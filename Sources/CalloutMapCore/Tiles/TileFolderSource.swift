import Foundation

/// A folder of tiles laid out `z/x/y.png` (or `.jpg`), XYZ rows (0 at the top), as tile
/// tools export them — or of vector tiles, `z/x/y.pbf` (or `.mvt`), as tippecanoe's
/// `--output-to-directory` and tile servers' caches keep them. Its zooms are the numbered folders
/// it holds; a `metadata.json` beside them (tippecanoe's) may give its name, credits and bounds.
public final class TileFolderSource: TileSource {
    public let name: String
    public let attribution: String?
    public let zoomRange: ClosedRange<Int>
    public let tileSize = 256
    public let bounds: GeoBounds?
    /// "pbf" for vector tiles (the first tile found says), else "image".
    public let format: String
    private let folder: URL
    private let extensions: [String]

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
        zoomRange = low...high
        let first = Self.firstTile(in: folder.appendingPathComponent(String(low)))
        format = ["pbf", "mvt"].contains(first?.pathExtension.lowercased()) ? "pbf" : "image"
        extensions = format == "pbf" ? ["pbf", "mvt"] : ["png", "jpg", "jpeg"]
        var metadata: JSONValue?
        if let bytes = try? InputFile.read(folder.appendingPathComponent("metadata.json"), limit: 16 << 20) {
            var reader = JSONReader(bytes: bytes)
            metadata = try? reader.value()
        }
        name = metadata?["name"]?.string ?? folder.lastPathComponent
        self.attribution = attribution ?? metadata?["attribution"]?.string
        let b = (metadata?["bounds"]?.string ?? "").split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        bounds = b.count == 4 && b[0] < b[2] && b[1] < b[3] ? GeoBounds(west: b[0], south: b[1], east: b[2], north: b[3]) : nil
    }

    /// A tile file of the zoom's folder, if it has one: the first in name order of its first column.
    private static func firstTile(in zoom: URL) -> URL? {
        let fm = FileManager.default
        for column in ((try? fm.contentsOfDirectory(atPath: zoom.path)) ?? []).sorted() where Int(column) != nil {
            let files = ((try? fm.contentsOfDirectory(atPath: zoom.appendingPathComponent(column).path)) ?? []).sorted()
            if let file = files.first(where: { Int(($0 as NSString).deletingPathExtension) != nil }) {
                return zoom.appendingPathComponent(column).appendingPathComponent(file)
            }
        }
        return nil
    }

    public func tileData(for tile: TileID) async throws -> [UInt8]? { try bytes(for: tile) }

    /// The tile's file's bytes; nil where there is none.
    func bytes(for tile: TileID) throws(TileSourceError) -> [UInt8]? {
        guard zoomRange.contains(tile.zoom) else { return nil }
        let t = tile.wrapped
        guard t.y >= 0, t.y < 1 << t.zoom else { return nil }
        let base = folder.appendingPathComponent("\(t.zoom)/\(t.x)/\(t.y)")
        for ext in extensions {
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
