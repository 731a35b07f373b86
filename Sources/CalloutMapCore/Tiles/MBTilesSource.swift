import CalloutMapSQLite
import Foundation

/// An MBTiles file (spec 1.3) of images or vector tiles: an SQLite database read-only, its `metadata` (format,
/// bounds, zooms, attribution) and `tiles` table, whose rows count from the bottom (TMS).
/// One connection, used by one thread at a time; a lookup takes tens of microseconds.
public final class MBTilesSource: TileSource, @unchecked Sendable {
    public let name: String
    public let attribution: String?
    public let zoomRange: ClosedRange<Int>
    public let tileSize = 256
    /// The tiles' format as the metadata says: png or jpg, or pbf for vector tiles (Mapbox Vector
    /// Tiles, which `TileSources.source(for:)` draws with a style).
    public let format: String
    /// West, south, east, north in degrees, when the metadata gives them.
    public let bounds: GeoBounds?
    /// Whether the tiles name places: true unless a `labels` metadata row says `false` (or `0`,
    /// `no`) — as aerial imagery's should, so the map names places over it.
    public let hasLabels: Bool
    private let path: String
    private let db: OpaquePointer
    private let query: OpaquePointer
    private let lock = NSLock()

    /// Opens and checks the file at a path, as `init(contentsOf:)` does.
    public convenience init(contentsOfFile path: String) throws(TileSourceError) {
        try self.init(contentsOf: URL(fileURLWithPath: path))
    }

    /// Opens and checks the file; every error names it and says what is wrong.
    public init(contentsOf url: URL) throws(TileSourceError) {
        path = url.path
        func fail(_ reason: String) -> TileSourceError { TileSourceError(source: url.path, reason: reason) }
        do { try InputFile.requireRegularFile(url) } catch { throw fail(error.reason) }
        var handle: OpaquePointer?
        guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw fail("cannot be opened (\(message))")
        }
        func close(_ reason: String) -> TileSourceError {
            sqlite3_close(handle)
            return fail(reason)
        }
        func sqlFailure(_ code: Int32) -> String {
            switch code & 0xFF {
            case SQLITE_NOTADB: return "is not an MBTiles file (not an SQLite database)"
            case SQLITE_CORRUPT: return "is damaged (\(String(cString: sqlite3_errmsg(handle))))"
            default: return "cannot be read (\(String(cString: sqlite3_errmsg(handle))))"
            }
        }
        // The metadata, name → value; also how a file that is not SQLite shows itself.
        var metadata: [String: String] = [:]
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, "SELECT name, value FROM metadata", -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            if code == SQLITE_ERROR, String(cString: sqlite3_errmsg(handle)).contains("no such table") {
                throw close("is not an MBTiles file (it has no metadata table)")
            }
            throw close(sqlFailure(code))
        }
        var step = sqlite3_step(statement)
        while step == SQLITE_ROW {
            if let n = sqlite3_column_text(statement, 0), let v = sqlite3_column_text(statement, 1) {
                metadata[String(cString: n)] = String(String(cString: v).prefix(1000))
            }
            step = sqlite3_step(statement)
        }
        sqlite3_finalize(statement)
        guard step == SQLITE_DONE else { throw close(sqlFailure(step)) }

        hasLabels = !["false", "0", "no"].contains(metadata["labels"]?.lowercased() ?? "")
        let format = (metadata["format"] ?? "png").lowercased()
        guard ["png", "jpg", "jpeg", "pbf"].contains(format) else {
            throw close("holds tiles of format '\(format)'; CalloutMap reads png, jpg and pbf (vector tiles)")
        }
        var tileQuery: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3",
                                          -1, &tileQuery, nil)
        guard prepared == SQLITE_OK, let tileQuery else {
            sqlite3_finalize(tileQuery)
            throw close(prepared == SQLITE_ERROR ? "is not an MBTiles file (it has no tiles table)" : sqlFailure(prepared))
        }
        var zooms = (Int(metadata["minzoom"] ?? ""), Int(metadata["maxzoom"] ?? ""))
        if zooms.0 == nil || zooms.1 == nil {
            var range: OpaquePointer?
            if sqlite3_prepare_v2(handle, "SELECT min(zoom_level), max(zoom_level) FROM tiles", -1, &range, nil) == SQLITE_OK,
               sqlite3_step(range) == SQLITE_ROW, sqlite3_column_type(range, 0) == SQLITE_INTEGER {
                zooms = (Int(sqlite3_column_int64(range, 0)), Int(sqlite3_column_int64(range, 1)))
            }
            sqlite3_finalize(range)
        }
        guard let low = zooms.0, let high = zooms.1, (0...30).contains(low), (0...30).contains(high), low <= high else {
            sqlite3_finalize(tileQuery)
            throw close("has no tiles (or its minzoom and maxzoom make no sense)")
        }
        db = handle
        query = tileQuery
        self.format = format == "jpeg" ? "jpg" : format
        zoomRange = low...high
        name = metadata["name"].flatMap { $0.isEmpty ? nil : $0 } ?? url.lastPathComponent
        attribution = metadata["attribution"].flatMap { $0.isEmpty ? nil : $0 }
        let b = (metadata["bounds"] ?? "").split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        bounds = b.count == 4 ? GeoBounds(west: b[0], south: b[1], east: b[2], north: b[3]) : nil
    }

    deinit {
        sqlite3_finalize(query)
        sqlite3_close(db)
    }

    public func tileData(for tile: TileID) async throws -> [UInt8]? {
        try data(for: tile)
    }

    /// The lookup itself, synchronous (for tools and tests).
    public func data(for tile: TileID) throws(TileSourceError) -> [UInt8]? {
        guard zoomRange.contains(tile.zoom), tile.zoom < 31 else { return nil }
        let t = tile.wrapped
        guard t.y >= 0, t.y < 1 << t.zoom else { return nil }
        lock.lock()
        defer { lock.unlock() }
        sqlite3_reset(query)
        sqlite3_bind_int64(query, 1, Int64(t.zoom))
        sqlite3_bind_int64(query, 2, Int64(t.x))
        sqlite3_bind_int64(query, 3, Int64((1 << t.zoom) - 1 - t.y))  // TMS: rows count from the bottom
        switch sqlite3_step(query) {
        case SQLITE_ROW:
            let count = Int(sqlite3_column_bytes(query, 0))
            guard count <= Self.maxTileBytes else {
                throw TileSourceError(source: path, reason: "tile \(t) is \(count) bytes, more than a tile may be")
            }
            guard count > 0, let blob = sqlite3_column_blob(query, 0) else { return nil }
            return [UInt8](UnsafeRawBufferPointer(start: blob, count: count))  // copied before the next step
        case SQLITE_DONE:
            return nil
        case let code:
            throw TileSourceError(source: path, reason: "cannot read tile \(t) (\(String(cString: sqlite3_errstr(code))))")
        }
    }
}
