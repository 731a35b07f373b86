import CGtk
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
    public static let userAgent = "CalloutMap/0.1.0 (GTK map library; +https://github.com/calloutmap/CalloutMap)"
    public static let connectionsPerHost: Int32 = 4
    /// Seconds a request may take, connecting and reading.
    public static let timeout: UInt32 = 15

    public let name: String
    public let attribution: String?
    public let zoomRange: ClosedRange<Int>
    public let tileSize: Int
    public let template: String
    public let subdomains: [String]
    public let retina: Bool
    /// Created on the main thread at the first request; used only there.
    nonisolated(unsafe) fileprivate var session: UnsafeMutablePointer<SoupSession>?

    public init(template: String, name: String? = nil, attribution: String? = nil, zoomRange: ClosedRange<Int> = 0...19,
                subdomains: [String] = ["a", "b", "c"], retina: Bool = false, tileSize: Int = 256) throws(TileSourceError) {
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
        let url = self.url(for: tile)
        let cancellable = Cancellable()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8]?, Error>) in
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { self.start(url, tile: tile, cancellable: cancellable, continuation) }
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
        let tile: TileID
        let message: OpaquePointer
        let cancellable: Cancellable
        let continuation: CheckedContinuation<[UInt8]?, Error>
        init(source: XYZTileSource, tile: TileID, message: OpaquePointer, cancellable: Cancellable,
             continuation: CheckedContinuation<[UInt8]?, Error>) {
            self.source = source
            self.tile = tile
            self.message = message
            self.cancellable = cancellable
            self.continuation = continuation
        }
        deinit { g_object_unref(UnsafeMutableRawPointer(message)) }
    }

    @MainActor private func start(_ url: String, tile: TileID, cancellable: Cancellable,
                                  _ continuation: CheckedContinuation<[UInt8]?, Error>) {
        guard let message = soup_message_new("GET", url) else {
            return continuation.resume(throwing: TileSourceError(source: name, reason: "tile \(tile): bad URL \(url)"))
        }
        if session == nil { session = cm_soup_session_new(Self.connectionsPerHost, Self.userAgent, Self.timeout) }
        let request = Request(source: self, tile: tile, message: message, cancellable: cancellable, continuation: continuation)
        let done: GAsyncReadyCallback = { object, result, data in
            let request = Unmanaged<Request>.fromOpaque(data!).takeRetainedValue()
            request.finish(result)
        }
        soup_session_send_and_read_async(session, message, G_PRIORITY_DEFAULT, cancellable.pointer, done,
                                         Unmanaged.passRetained(request).toOpaque())
    }
}

extension XYZTileSource.Request {
    func finish(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = soup_session_send_and_read_finish(source.session, result, &error)
        defer { if let bytes { g_bytes_unref(bytes) } }
        if let error {
            let text = String(cString: error.pointee.message)
            g_error_free(error)
            return continuation.resume(throwing: TileSourceError(source: source.name, reason: "tile \(tile): \(text)"))
        }
        let status = Int(soup_message_get_status(message).rawValue)
        switch status {
        case 200..<300 where status != 204:
            var size: gsize = 0
            let data = bytes.flatMap { g_bytes_get_data($0, &size) }
            guard let data, size > 0 else { return continuation.resume(returning: nil) }
            guard Int(size) <= XYZTileSource.maxTileBytes else {
                return continuation.resume(throwing: TileSourceError(source: source.name, reason: "tile \(tile) is \(size) bytes"))
            }
            continuation.resume(returning: [UInt8](UnsafeRawBufferPointer(start: data, count: Int(size))))
        case 204, 404:
            continuation.resume(returning: nil)
        default:
            continuation.resume(throwing: TileSourceError(source: source.name, reason: "tile \(tile): HTTP \(status)"))
        }
    }
}

extension TileSources {
    /// What the user named as a source: an http(s) URL template is online tiles, a folder
    /// z/x/y tiles, anything else an MBTiles file.
    public static func source(for location: String) throws(TileSourceError) -> any TileSource {
        let lower = location.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return try XYZTileSource(template: location) }
        return try open(location)
    }
}
