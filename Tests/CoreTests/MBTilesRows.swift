import CalloutMapSQLite
import Foundation

/// Every row of an MBTiles file's `tiles` table, read with SQLite directly: the tests' own
/// reading, beside the sources under test.
enum MBTilesRows {
    struct Row {
        var zoom: Int, column: Int, row: Int
        var data: Data
        /// The row counted from the top (XYZ), as tile ids are.
        var y: Int { (1 << zoom) - 1 - row }
    }

    static func read(_ file: URL) -> [Row] {
        var db: OpaquePointer?
        guard sqlite3_open_v2(file.path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_close(db) }
        var query: OpaquePointer?
        sqlite3_prepare_v2(db, "SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles", -1, &query, nil)
        defer { sqlite3_finalize(query) }
        var rows: [Row] = []
        while sqlite3_step(query) == SQLITE_ROW {
            rows.append(Row(zoom: Int(sqlite3_column_int(query, 0)), column: Int(sqlite3_column_int(query, 1)),
                            row: Int(sqlite3_column_int(query, 2)),
                            data: Data(bytes: sqlite3_column_blob(query, 3), count: Int(sqlite3_column_bytes(query, 3)))))
        }
        return rows
    }
}
