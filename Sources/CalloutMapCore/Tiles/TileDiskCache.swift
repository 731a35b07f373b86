import CalloutMapSQLite
import Foundation

/// Downloaded tiles kept on disk for one source: one SQLite file holding each tile's bytes,
/// its ETag, until when it is fresh, and when it was last used. Least recently used tiles go
/// first once `maxBytes` is passed; entries survive restarts, and stale ones are still handed
/// out when the server cannot be reached. (libsoup's SoupCache neither evicts oldest-first
/// nor serves an expired copy offline without a request header per call, and keeps its index
/// in memory until dumped: libshumate keeps its own SQLite cache for the same reasons.)
public final class TileDiskCache: @unchecked Sendable {
    /// A stored tile.
    public struct Entry: Sendable {
        /// The encoded image.
        public var data: [UInt8]
        /// The server's ETag, for revalidating.
        public var etag: String?
        /// When it stops being fresh.
        public var expires: Date
        /// Whether it may be used without asking the server.
        public var isFresh: Bool { expires > Date() }
    }

    /// The SQLite file.
    public let file: URL
    /// Past this size the least recently used tiles go.
    public let maxBytes: Int
    private let db: OpaquePointer
    private let lock = NSLock()
    private var bytes: Int

    /// `$XDG_CACHE_HOME/calloutmap/tiles` (or `~/.cache/calloutmap/tiles`).
    public static var defaultDirectory: URL {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("calloutmap/tiles")
    }

    /// The cache of one source (named by something stable: its URL template), in `directory`.
    public convenience init(source: String, directory: URL = TileDiskCache.defaultDirectory, maxBytes: Int = 256 << 20) throws(TileSourceError) {
        // A file name from the source: its readable part, then a hash so two sources never share one.
        let readable = source.replacingOccurrences(of: "https://", with: "").replacingOccurrences(of: "http://", with: "")
            .prefix(40).map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in source.utf8 { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        try self.init(file: directory.appendingPathComponent(String(readable) + "-" + String(hash, radix: 16) + ".sqlite"), maxBytes: maxBytes)
    }

    /// Opens (or creates) a cache file; throws naming it when it cannot be used.
    public init(file: URL, maxBytes: Int = 256 << 20) throws(TileSourceError) {
        func fail(_ reason: String) -> TileSourceError { TileSourceError(source: file.path, reason: reason) }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw fail("cannot be made (\(error.localizedDescription))")
        }
        var handle: OpaquePointer?
        guard sqlite3_open_v2(file.path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil) == SQLITE_OK,
              let handle else {
            sqlite3_close(handle)
            throw fail("cannot be opened as a tile cache")
        }
        sqlite3_busy_timeout(handle, 2000)
        let schema = """
            PRAGMA journal_mode = WAL;
            CREATE TABLE IF NOT EXISTS tiles (z INTEGER, x INTEGER, y INTEGER, data BLOB, etag TEXT, expires REAL, used REAL,
                                              PRIMARY KEY (z, x, y));
            CREATE INDEX IF NOT EXISTS tiles_used ON tiles (used);
            """
        guard sqlite3_exec(handle, schema, nil, nil, nil) == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(handle))
            sqlite3_close(handle)
            throw fail("is not a tile cache (\(message)); remove it to start afresh")
        }
        db = handle
        self.file = file
        self.maxBytes = maxBytes
        bytes = 0
        bytes = Int(scalar("SELECT coalesce(sum(length(data)), 0) FROM tiles") ?? 0)
    }

    deinit { sqlite3_close(db) }

    /// Bytes of tile data stored.
    public var byteCount: Int { lock.withLock { bytes } }
    /// Tiles stored.
    public var tileCount: Int { Int(scalar("SELECT count(*) FROM tiles") ?? 0) }

    /// The cached tile, fresh or not; marks it used.
    public func entry(for tile: TileID) -> Entry? {
        lock.withLock {
            let found: Entry? = run("SELECT data, etag, expires FROM tiles WHERE z = ?1 AND x = ?2 AND y = ?3", tile) { s in
                let count = Int(sqlite3_column_bytes(s, 0))
                let data = count > 0 ? [UInt8](UnsafeRawBufferPointer(start: sqlite3_column_blob(s, 0), count: count)) : []
                let etag = sqlite3_column_text(s, 1).map { String(cString: $0) }
                return Entry(data: data, etag: etag, expires: Date(timeIntervalSince1970: sqlite3_column_double(s, 2)))
            }
            if found != nil { execute("UPDATE tiles SET used = ?4 WHERE z = ?1 AND x = ?2 AND y = ?3", tile, Date().timeIntervalSince1970) }
            return found
        }
    }

    /// Keeps a downloaded tile, then trims the least recently used past `maxBytes`.
    public func store(_ data: [UInt8], etag: String?, expires: Date, for tile: TileID) {
        lock.withLock {
            let old = run("SELECT length(data) FROM tiles WHERE z = ?1 AND x = ?2 AND y = ?3", tile) { Int(sqlite3_column_int64($0, 0)) } ?? 0
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO tiles VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", -1, &statement, nil) == SQLITE_OK else { return }
            defer { sqlite3_finalize(statement) }
            bind(statement, tile)
            _ = data.withUnsafeBytes { sqlite3_bind_blob(statement, 4, $0.baseAddress, Int32($0.count), cm_sqlite_transient()) }
            if let etag { sqlite3_bind_text(statement, 5, etag, -1, cm_sqlite_transient()) } else { sqlite3_bind_null(statement, 5) }
            sqlite3_bind_double(statement, 6, expires.timeIntervalSince1970)
            sqlite3_bind_double(statement, 7, Date().timeIntervalSince1970)
            guard sqlite3_step(statement) == SQLITE_DONE else { return }
            bytes += data.count - old
            if bytes > maxBytes { trim() }
        }
    }

    /// A 304: the copy is fresh again until `expires`.
    public func refresh(_ tile: TileID, expires: Date) {
        lock.withLock {
            _ = execute("UPDATE tiles SET expires = ?4, used = ?5 WHERE z = ?1 AND x = ?2 AND y = ?3", tile,
                        expires.timeIntervalSince1970, Date().timeIntervalSince1970)
        }
    }

    /// Drops the least recently used tiles until the cache is under 90% of its cap.
    private func trim() {
        let target = maxBytes * 9 / 10
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT z, x, y, length(data) FROM tiles ORDER BY used", -1, &statement, nil) == SQLITE_OK else { return }
        var victims: [(TileID, Int)] = []
        var freed = 0
        while bytes - freed > target, sqlite3_step(statement) == SQLITE_ROW {
            let t = TileID(zoom: Int(sqlite3_column_int64(statement, 0)), x: Int(sqlite3_column_int64(statement, 1)),
                           y: Int(sqlite3_column_int64(statement, 2)))
            let size = Int(sqlite3_column_int64(statement, 3))
            victims.append((t, size))
            freed += size
        }
        sqlite3_finalize(statement)
        for (t, size) in victims where execute("DELETE FROM tiles WHERE z = ?1 AND x = ?2 AND y = ?3", t) {
            bytes -= size
        }
    }

    private func bind(_ s: OpaquePointer?, _ t: TileID) {
        sqlite3_bind_int64(s, 1, Int64(t.zoom))
        sqlite3_bind_int64(s, 2, Int64(t.x))
        sqlite3_bind_int64(s, 3, Int64(t.y))
    }

    /// A query for one tile; `row` reads its first row (nil: no row, or an error).
    private func run<T>(_ sql: String, _ t: TileID, _ row: (OpaquePointer) -> T) -> T? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
        defer { sqlite3_finalize(statement) }
        bind(statement, t)
        return sqlite3_step(statement) == SQLITE_ROW ? row(statement) : nil
    }

    /// A change to one tile, with up to two more values (?4, ?5); whether it was made.
    @discardableResult
    private func execute(_ sql: String, _ t: TileID, _ a: Double? = nil, _ b: Double? = nil) -> Bool {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return false }
        defer { sqlite3_finalize(statement) }
        bind(statement, t)
        if let a { sqlite3_bind_double(statement, 4, a) }
        if let b { sqlite3_bind_double(statement, 5, b) }
        return sqlite3_step(statement) == SQLITE_DONE
    }

    private func scalar(_ sql: String) -> Int64? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : nil
    }
}
