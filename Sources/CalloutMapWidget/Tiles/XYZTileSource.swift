import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapSoup
import Dispatch
import Foundation

/// Online raster tiles from a URL template — `{z}`, `{x}`, `{y}`, `{s}` (one of `subdomains`,
/// chosen per tile so each tile always has the same URL), `{r}` (`@2x` when `retina`). HTTP is
/// libsoup 3's: at most 4 connections per host, a User-Agent naming CalloutMap (OpenStreetMap's
/// tile policy asks for one), requests cancelled with the task that made them. A 404 or 204 is
/// "no tile here"; any other failure throws, and the map shows the offline basemap there.
public final class XYZTileSource: TileSource, @unchecked Sendable {
    /// The User-Agent sent with every request, as tile servers' policies ask.
    public static let userAgent = "CalloutMap/0.1.0 (GTK map library; +https://github.com/calloutmap/CalloutMap)"
    /// Connections per host at most, unless a source asks for fewer.
    public static let connectionsPerHost = 4
    /// Seconds a request may take, connecting and reading.
    public static let timeout: UInt32 = 15

    public let name: String
    public let attribution: String?
    public let zoomRange: ClosedRange<Int>
    public let tileSize: Int
    /// The URL template with `{z}`, `{x}`, `{y}`, `{s}` (subdomain) and `{r}` ("@2x" on HiDPI).
    public let template: String
    /// Values `{s}` takes in turn.
    public let subdomains: [String]
    /// Whether `{r}` asks for double-size tiles.
    public let retina: Bool
    /// How many requests may be open to the host at once.
    public let maxConnections: Int
    /// Where downloaded tiles are kept (fresh ones are served without a request; stale ones are
    /// revalidated with their ETag, and still served when the server cannot be reached).
    public let cache: TileDiskCache?
    /// Tries per tile for a transient failure (no connection, 5xx, 429), waiting 0.5 s, then 1 s.
    public static let attempts = 3
    /// Created on the main thread at the first request; used only there.
    nonisolated(unsafe) fileprivate var session: UnsafeMutablePointer<SoupSession>?

    /// A source for a URL template; `cache` keeps tiles on disk (pass nil for none).
    public init(template: String, name: String? = nil, attribution: String? = nil, zoomRange: ClosedRange<Int> = 0...19,
                subdomains: [String] = ["a", "b", "c"], retina: Bool = false, tileSize: Int = 256,
                maxConnections: Int = XYZTileSource.connectionsPerHost, cache: TileDiskCache? = nil) throws(TileSourceError) {
        guard let url = URL(string: template.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else {
            throw TileSourceError(source: template, reason: "is not an http(s) tile URL template")
        }
        guard template.contains("{z}"), template.contains("{x}"), template.contains("{y}") else {
            throw TileSourceError(source: template, reason: "needs {z}, {x} and {y} in it")
        }
        self.template = template
        self.name = name ?? host.replacingOccurrences(of: "{s}.", with: "")
        self.attribution = attribution
        self.zoomRange = zoomRange
        self.subdomains = subdomains.isEmpty ? ["a"] : subdomains
        self.retina = retina
        self.tileSize = tileSize
        self.maxConnections = max(1, min(maxConnections, Self.connectionsPerHost))
        self.cache = cache
    }

    /// OpenStreetMap's own tile server. Its usage policy asks for light use only, an identifying
    /// User-Agent, the HTTP caching headers honoured, attribution shown and no bulk downloads:
    /// this source sends CalloutMap's User-Agent, keeps tiles in the disk cache as the server
    /// says, opens at most 2 connections and credits the contributors.
    public static func openStreetMap(cache: TileDiskCache? = try? TileDiskCache(source: "https://tile.openstreetmap.org/{z}/{x}/{y}.png"))
        -> XYZTileSource {
        try! XYZTileSource(template: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", name: "OpenStreetMap",
                           attribution: "© OpenStreetMap contributors", zoomRange: 0...19, subdomains: [], maxConnections: 2,
                           cache: cache)
    }

    deinit {
        if let session { g_object_unref(UnsafeMutableRawPointer(session)) }
    }

    /// The tile's URL.
    public func url(for tile: TileID) -> String {
        let t = tile.wrapped
        return template.replacingOccurrences(of: "{z}", with: String(t.zoom))
            .replacingOccurrences(of: "{x}", with: String(t.x))
            .replacingOccurrences(of: "{y}", with: String(t.y))
            .replacingOccurrences(of: "{s}", with: subdomains[abs(t.x + t.y) % subdomains.count])
            .replacingOccurrences(of: "{r}", with: retina ? "@2x" : "")
    }

    public func tileData(for tile: TileID) async throws -> [UInt8]? {
        guard zoomRange.contains(tile.zoom), tile.y >= 0, tile.y < 1 << tile.zoom else { return nil }
        let t = tile.wrapped
        let cached = cache?.entry(for: t)
        if let cached, cached.isFresh { return cached.data.isEmpty ? nil : cached.data }
        /// A failure's answer: the stale copy when there is one (better than a hole), else the failure.
        func staleOr(_ failure: TileSourceError) throws -> [UInt8]? {
            guard let cached else { throw failure }
            return cached.data.isEmpty ? nil : cached.data
        }
        var attempt = 1
        while true {
            var failure: TileSourceError
            do {
                let response = try await fetch(url(for: t), what: "tile \(t)", etag: cached?.etag)
                switch response.status {
                case 304 where cached != nil:
                    cache?.refresh(t, expires: response.expires)
                    return cached!.data.isEmpty ? nil : cached!.data
                case 200..<300 where response.status != 204:
                    guard let body = response.body else { return nil }
                    cache?.store(body, etag: response.etag, expires: response.expires, for: t)
                    return body
                case 204, 404:
                    return nil
                case let status:
                    failure = TileSourceError(source: name, reason: "tile \(t): HTTP \(status)")
                    if status < 500 && status != 429 { attempt = Self.attempts }  // not transient: no retry
                }
            } catch let error as TileSourceError where !Task.isCancelled {
                // No answer: a stale copy at once, else try again — unless the server cannot be
                // reached at all, which is told at once rather than after the retries.
                if cached != nil || error.isUnreachable { attempt = Self.attempts }
                failure = error
            }
            guard attempt < Self.attempts else { return try staleOr(failure) }
            try await Task.sleep(nanoseconds: UInt64(attempt) * 500_000_000)
            attempt += 1
        }
    }

    /// One request's answer.
    struct Response: Sendable {
        var status: Int
        var body: [UInt8]?
        var etag: String?
        var expires: Date
    }

    private func fetch(_ url: String, what: String, etag: String?) async throws -> Response {
        let cancellable = Cancellable()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Response, Error>) in
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { self.start(url, what: what, etag: etag, cancellable: cancellable, continuation) }
                }
            }
        } onCancel: {
            cancellable.cancel()
        }
    }

    /// A GCancellable shared by the task (which may cancel it from any thread) and the request.
    final class Cancellable: @unchecked Sendable {
        let pointer = g_cancellable_new()!
        deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
        func cancel() { g_cancellable_cancel(pointer) }
    }

    /// What the request's callback needs, handed to GLib retained and taken back once.
    fileprivate final class Request {
        let source: XYZTileSource
        /// What is fetched, for messages: "tile 14/9326/4742".
        let what: String
        let message: OpaquePointer
        let cancellable: Cancellable
        let continuation: CheckedContinuation<Response, Error>
        init(source: XYZTileSource, what: String, message: OpaquePointer, cancellable: Cancellable,
             continuation: CheckedContinuation<Response, Error>) {
            self.source = source
            self.what = what
            self.message = message
            self.cancellable = cancellable
            self.continuation = continuation
        }
        deinit { g_object_unref(UnsafeMutableRawPointer(message)) }
    }

    @MainActor private func start(_ url: String, what: String, etag: String?, cancellable: Cancellable,
                                  _ continuation: CheckedContinuation<Response, Error>) {
        guard let message = soup_message_new("GET", url) else {
            return continuation.resume(throwing: TileSourceError(source: name, reason: "\(what): bad URL \(url)"))
        }
        if let etag { soup_message_headers_append(soup_message_get_request_headers(message), "If-None-Match", etag) }
        if session == nil { session = cm_soup_session_new(Int32(maxConnections), Self.userAgent, Self.timeout) }
        let request = Request(source: self, what: what, message: message, cancellable: cancellable, continuation: continuation)
        let done: GAsyncReadyCallback = { object, result, data in
            let request = Unmanaged<Request>.fromOpaque(data!).takeRetainedValue()
            request.finish(result)
        }
        soup_session_send_and_read_async(session, message, G_PRIORITY_DEFAULT, cancellable.pointer, done,
                                         Unmanaged.passRetained(request).toOpaque())
    }
}

extension XYZTileSource {
    /// A document a tile server publishes beside its tiles (a TileJSON), fetched as its tiles
    /// are (CalloutMap's User-Agent, the timeout; no cache); throws naming `url` when it cannot
    /// be had or the server answers other than 2xx.
    package static func document(at url: String) async throws(TileSourceError) -> [UInt8] {
        do {
            // A source whose template is the document's URL (the tokens after "#" are never sent).
            let server = try XYZTileSource(template: url + "#{z}{x}{y}", name: url)
            let response = try await server.fetch(url, what: "the document", etag: nil)
            guard (200..<300).contains(response.status), let body = response.body else {
                throw TileSourceError(source: url, reason: "HTTP \(response.status)")
            }
            return body
        } catch let error as TileSourceError {
            throw error
        } catch {
            throw TileSourceError(source: url, reason: "\(error)")
        }
    }
}

extension XYZTileSource.Request {
    func finish(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = soup_session_send_and_read_finish(source.session, result, &error)
        defer { if let bytes { g_bytes_unref(bytes) } }
        if let error {
            let text = String(cString: error.pointee.message)
            let unreachable = Self.isUnreachable(domain: error.pointee.domain, code: error.pointee.code)
            g_error_free(error)
            return continuation.resume(throwing: TileSourceError(source: source.name, reason: "\(what): \(text)",
                                                                 isUnreachable: unreachable))
        }
        var size: gsize = 0
        let data = bytes.flatMap { g_bytes_get_data($0, &size) }
        guard Int(size) <= XYZTileSource.maxTileBytes else {
            return continuation.resume(throwing: TileSourceError(source: source.name, reason: "\(what) is \(size) bytes"))
        }
        let headers = soup_message_get_response_headers(message)
        let body = data.flatMap { size > 0 ? [UInt8](UnsafeRawBufferPointer(start: $0, count: Int(size))) : nil }
        continuation.resume(returning: XYZTileSource.Response(
            status: Int(soup_message_get_status(message).rawValue), body: body,
            etag: soup_message_headers_get_one(headers, "ETag").map { String(cString: $0) },
            expires: Self.expiry(headers)))
    }

    /// Whether a request's error says the server cannot be reached at all: its host name does not
    /// resolve, or there is no route to the network or the host. (A refused connection or a
    /// timeout may pass — a server restarting — and is tried again.)
    static func isUnreachable(domain: GQuark, code: Int32) -> Bool {
        if domain == g_resolver_error_quark() { return true }
        guard domain == g_io_error_quark() else { return false }
        return [G_IO_ERROR_NETWORK_UNREACHABLE, G_IO_ERROR_HOST_UNREACHABLE, G_IO_ERROR_HOST_NOT_FOUND]
            .contains { Int32($0.rawValue) == code }
    }

    /// Until when a response is fresh: Cache-Control's max-age (no-cache and no-store: now),
    /// else Expires, else a day.
    static func expiry(_ headers: OpaquePointer?) -> Date {
        if let control = soup_message_headers_get_list(headers, "Cache-Control").map({ String(cString: $0).lowercased() }) {
            if control.contains("no-cache") || control.contains("no-store") { return Date() }
            if let part = control.split(separator: ",").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("max-age=") }),
               let seconds = Double(part.split(separator: "=").last!.trimmingCharacters(in: .whitespaces)), seconds.isFinite {
                return Date().addingTimeInterval(max(0, min(seconds, 365 * 86_400)))
            }
        }
        if let text = soup_message_headers_get_one(headers, "Expires"), let date = soup_date_time_new_from_http_string(text) {
            defer { g_date_time_unref(date) }
            return Date(timeIntervalSince1970: Double(g_date_time_to_unix(date)))
        }
        return Date().addingTimeInterval(86_400)
    }
}
