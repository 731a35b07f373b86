import Foundation

/// Opens a tile source from what the user named.
public enum TileSources {
    /// A folder is read as z/x/y tiles, anything else as an MBTiles file.
    public static func open(_ path: String) throws(TileSourceError) -> any TileSource {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return try TileFolderSource(folder: url)
        }
        return try MBTilesSource(contentsOf: url)
    }

    /// Whether a file the person opened is a map source rather than places: a folder (of z/x/y
    /// tiles), a name ending in .mbtiles or .pmtiles, or a file that starts as a PMTiles archive
    /// does. (Not every SQLite file is MBTiles: a GeoPackage holds places.)
    public static func holdsTiles(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return true }
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        return ext == "mbtiles" || ext == "pmtiles" || startsAsPMTiles(path)
    }

    /// Whether the file begins with PMTiles' magic ("PMTiles"); false when it cannot be read.
    package static func startsAsPMTiles(_ path: String) -> Bool {
        (try? InputFile.RandomAccess(URL(fileURLWithPath: path), limit: .max))?.bytes(at: 0, count: 7) == Array("PMTiles".utf8)
    }
}
