import CalloutMapSQLite
import Foundation

/// Writes a raster MBTiles file (spec 1.3) from tiles given in XYZ order: for tools,
/// tests and the benchmark, which need files with known tiles.
package enum MBTilesWriter {
    package static func write(to url: URL, metadata: [String: String], tiles: [TileID: [UInt8]]) throws(TileSourceError) {
        func fail(_ reason: String) -> TileSourceError { TileSourceError(source: url.path, reason: reason) }
        try? FileManager.default.removeItem(at: url)
        var db: OpaquePointer?
        guard sqlite3_open_v2(url.path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else {
            sqlite3_close(db)
            throw fail("cannot be created")
        }
        defer { sqlite3_close(db) }
        func exec(_ sql: String) throws(TileSourceError) {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw fail(String(cString: sqlite3_errmsg(db))) }
        }
        try exec("""
            BEGIN;
            CREATE TABLE metadata (name TEXT, value TEXT);
            CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);
            """)
        func insert(_ sql: String, _ bind: (OpaquePointer) -> Void) throws(TileSourceError) {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
                throw fail(String(cString: sqlite3_errmsg(db)))
            }
            defer { sqlite3_finalize(statement) }
            bind(statement)
            guard sqlite3_step(statement) == SQLITE_DONE else { throw fail(String(cString: sqlite3_errmsg(db))) }
        }
        for (name, value) in metadata {
            try insert("INSERT INTO metadata VALUES (?1, ?2)") {
                sqlite3_bind_text($0, 1, name, -1, cm_sqlite_transient())
                sqlite3_bind_text($0, 2, value, -1, cm_sqlite_transient())
            }
        }
        for (tile, bytes) in tiles {
            try insert("INSERT INTO tiles VALUES (?1, ?2, ?3, ?4)") { s in
                sqlite3_bind_int64(s, 1, Int64(tile.zoom))
                sqlite3_bind_int64(s, 2, Int64(tile.x))
                sqlite3_bind_int64(s, 3, Int64((1 << tile.zoom) - 1 - tile.y))  // TMS rows
                _ = bytes.withUnsafeBytes { sqlite3_bind_blob(s, 4, $0.baseAddress, Int32($0.count), cm_sqlite_transient()) }
            }
        }
        try exec("COMMIT;")
    }
}
