import CalloutMapCore
import CalloutMapSQLite
import Foundation

/// Decoding the shipped Helsinki tileset's tiles (tilemaker, OpenMapTiles schema, gzip'd):
/// every tile decoded `rounds` times, inflating included; per tile and per byte.
@MainActor
enum VectorTileBenchmarks {
    static func run(data: URL, rounds: Int = 50) -> [String: Any] {
        let tiles = read(data.appendingPathComponent("vector/helsinki.mbtiles"))
        guard !tiles.isEmpty else { return ["error": "data/vector/helsinki.mbtiles has no tiles"] }
        var features = 0
        for t in tiles {
            guard let tile = try? VectorTile(data: t) else { return ["error": "a tile did not decode"] }
            features += tile.layers.reduce(0) { $0 + $1.features.count }
        }
        var times: [Double] = []
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            for t in tiles { _ = try? VectorTile(data: t) }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let ms = Benchmarks.median(times)
        let bytes = tiles.reduce(0) { $0 + $1.count }
        let deepest = tiles.max { $0.count < $1.count }!
        var deepestTimes: [Double] = []
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try? VectorTile(data: deepest)
            deepestTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return ["tiles": tiles.count, "features": features, "gzip_bytes": bytes,
                "decode_all_ms": Benchmarks.round2(ms), "decode_ms_per_tile": Benchmarks.round2(ms / Double(tiles.count)),
                "largest_tile_bytes": deepest.count, "largest_tile_decode_ms": Benchmarks.round2(Benchmarks.median(deepestTimes)),
                "gzip_mb_per_s": Benchmarks.round2(Double(bytes) / 1e6 / (ms / 1e3))]
    }

    static func read(_ file: URL) -> [Data] {
        var db: OpaquePointer?
        guard sqlite3_open_v2(file.path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_close(db) }
        var query: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT tile_data FROM tiles", -1, &query, nil) == SQLITE_OK else { return [] }
        defer { sqlite3_finalize(query) }
        var tiles: [Data] = []
        while sqlite3_step(query) == SQLITE_ROW {
            tiles.append(Data(bytes: sqlite3_column_blob(query, 0), count: Int(sqlite3_column_bytes(query, 0))))
        }
        return tiles
    }
}
