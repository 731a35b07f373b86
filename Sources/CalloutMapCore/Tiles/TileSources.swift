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
}
