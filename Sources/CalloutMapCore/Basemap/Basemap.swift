import Foundation

/// The embedded offline basemap: its zoom bands, and which cells draw a tile.
public final class Basemap: Sendable {
    package let bands: [BasemapBand]

    package init(bands: [BasemapBand]) {
        self.bands = bands.sorted { $0.minZoom < $1.minZoom }
    }

    /// Loads every `*.cmb` file in the folder at a path, as `init(directory:)` does.
    public convenience init(directoryPath path: String) throws {
        try self.init(directory: URL(fileURLWithPath: path, isDirectory: true))
    }

    /// Loads every `*.cmb` file in a folder.
    public convenience init(directory: URL) throws {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "cmb" }
        } catch {
            throw BasemapError(file: directory.path, reason: "cannot be listed (\(error.localizedDescription))")
        }
        guard !files.isEmpty else { throw BasemapError(file: directory.path, reason: "holds no basemap (*.cmb) files") }
        try self.init(bands: files.map { try BasemapBand(contentsOf: $0) })
    }

    /// The basemap shipped with the package, found with no configuration (see `DataDirectory`)
    /// and loaded once per process.
    public static func bundled() throws -> Basemap { try bundledFile.get() }
    private static let bundledFile = BundledFile(path: "basemap", read: { try Basemap(directory: $0) },
                                                 notFound: { BasemapError(file: "basemap", reason: $0) })

    /// The cells that draw a tile, from the most detailed band that covers it.
    /// A band whose regional coverage misses the tile gives way to the next.
    package func cells(for tile: TileID) -> (band: BasemapBand, cells: [BasemapCell])? {
        let t = tile.wrapped
        for band in bands.reversed() where band.minZoom <= t.zoom {
            let dz = t.zoom - band.cellZoom
            if dz >= 0 {
                let cx = t.x >> dz, cy = t.y >> dz
                guard band.covers(cellX: cx, cellY: cy) else { continue }
                return (band, band.cell(x: cx, y: cy).map { [$0] } ?? [])
            }
            let span = 1 << -dz
            let x0 = t.x * span, y0 = t.y * span
            guard band.covers(cellX: x0, cellY: y0), band.covers(cellX: x0 + span - 1, cellY: y0 + span - 1) else { continue }
            var cells: [BasemapCell] = []
            for cy in y0..<(y0 + span) {
                for cx in x0..<(x0 + span) {
                    if let c = band.cell(x: cx, y: cy) { cells.append(c) }
                }
            }
            return (band, cells)
        }
        return nil
    }
}
