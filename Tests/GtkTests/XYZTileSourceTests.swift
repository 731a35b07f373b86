import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import Foundation
import TestServers
import XCTest

/// Online tiles against a loopback server the test starts (Scripts/tile_server.py, 127.0.0.1,
/// a free port, stopping by itself): tiles arrive and decode, 404 is no tile, 500 and garbage
/// fail, requests carry CalloutMap's User-Agent, at most 4 run at once, a request that never
/// answers is cancelled with its task, and a dead server fails at once.
final class XYZTileSourceTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3")
    }

    /// One tile's data, the main loop running meanwhile (libsoup answers on it).
    @MainActor static func fetch(_ source: XYZTileSource, _ tile: TileID, timeout: Double = 10) -> Result<[UInt8]?, Error>? {
        var outcome: Result<[UInt8]?, Error>?
        Task { @MainActor in
            do { outcome = .success(try await source.tileData(for: tile)) } catch { outcome = .failure(error) }
        }
        _ = MainLoop.iterate(until: { outcome != nil }, timeout: timeout)
        return outcome
    }

    func testTilesFaultsUserAgentAndConnections() throws {
        let server = try TileServer()
        try MainActor.assumeIsolated {
            let tiles = try XYZTileSource(template: server.template("tiles"))
            let tile = TileID(zoom: 12, x: 655, y: 1583)
            let data = try XCTUnwrap(try XCTUnwrap(Self.fetch(tiles, tile)).get())
            let surface = try XCTUnwrap(TileDecoder.surface(from: data, tileSize: 256))
            let pixels = cairo_image_surface_get_data(surface.pointer)!.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
            XCTAssertEqual(pixels & 0xFFFFFF, UInt32(40 + 655 * 37 % 200) << 16 | UInt32(40 + 1583 * 53 % 200) << 8 | 0xC8,
                           "the tile of that x and y")

            XCTAssertNil(try XCTUnwrap(Self.fetch(try XYZTileSource(template: server.template("missing")), tile)).get(), "404: no tile")
            XCTAssertThrowsError(try XCTUnwrap(Self.fetch(try XYZTileSource(template: server.template("error")), tile)).get()) {
                XCTAssertTrue("\($0)".contains("HTTP 500"), "\($0)")
            }
            let garbage = RasterTileLayer(source: try XYZTileSource(template: server.template("garbage")))
            garbage.preload([tile], timeout: 10)
            XCTAssertEqual(garbage.failures, 1, "bytes that are not an image are a failure")
            XCTAssertNil(garbage.image(for: tile), "and the basemap shows")

            // Twelve slow tiles at once: all arrive, never more than four connections at a time.
            let slow = RasterTileLayer(source: try XYZTileSource(template: server.template("slow")))
            let many = (0..<12).map { TileID(zoom: 12, x: 650 + $0, y: 1583) }
            let started = Date()
            slow.preload(many, timeout: 20)
            XCTAssertEqual(slow.cachedTileCount, 12)
            XCTAssertEqual(slow.failures, 0)
            XCTAssertGreaterThan(Date().timeIntervalSince(started), 4, "1.5 s each, four at a time: three rounds")
            let stats = server.stats
            XCTAssertEqual(stats["most_at_once"] as? Int, 4, "at most 4 connections per host")
            XCTAssertEqual(stats["user_agents"] as? [String], [XYZTileSource.userAgent])

            // A tile that never answers: its task is cancelled, the request with it.
            let hang = try XYZTileSource(template: server.template("hang"))
            var outcome: Result<[UInt8]?, Error>?
            let task = Task { @MainActor in
                do { outcome = .success(try await hang.tileData(for: tile)) } catch { outcome = .failure(error) }
            }
            _ = MainLoop.iterate(until: { false }, timeout: 0.3)
            task.cancel()
            XCTAssertTrue(MainLoop.iterate(until: { outcome != nil }, timeout: 3), "a cancelled request ends at once")
            XCTAssertThrowsError(try outcome!.get())
        }
    }

    func testTheDiskCacheServesWithTheServerGoneAndRevalidatesWithETags() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calloutmap-xyz-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tile = TileID(zoom: 12, x: 655, y: 1583)
        var server: TileServer? = try TileServer()
        let fresh = server!.template("tiles"), stale = server!.template("revalidate")
        try MainActor.assumeIsolated {
            let cached = try XYZTileSource(template: fresh, cache: try TileDiskCache(source: fresh, directory: folder))
            let first = try XCTUnwrap(try XCTUnwrap(Self.fetch(cached, tile)).get())
            let revalidating = try XYZTileSource(template: stale, cache: try TileDiskCache(source: stale, directory: folder))
            let a = try XCTUnwrap(Self.fetch(revalidating, tile)).get()
            let b = try XCTUnwrap(Self.fetch(revalidating, tile)).get()  // stale at once: asked again with its ETag
            XCTAssertEqual(a, b)
            XCTAssertEqual(server!.stats["not_modified"] as? Int, 1, "the second request was If-None-Match, answered 304")

            server = nil  // the server is gone: a new source on the same caches still has the tiles
            let again = try XYZTileSource(template: fresh, cache: try TileDiskCache(source: fresh, directory: folder))
            XCTAssertEqual(try XCTUnwrap(Self.fetch(again, tile)).get(), first, "fresh from the cache, no request")
            let offline = try XYZTileSource(template: stale, cache: try TileDiskCache(source: stale, directory: folder))
            XCTAssertEqual(try XCTUnwrap(Self.fetch(offline, tile)).get(), a, "stale, but better than a hole")
            XCTAssertThrowsError(try XCTUnwrap(Self.fetch(offline, TileID(zoom: 12, x: 1, y: 1))).get(), "never cached: fails")
        }
    }

    func testADeadServerFailsAtOnce() throws {
        var port = 0
        do { port = try TileServer(lifetime: 1).port }  // started and stopped: nothing listens there now
        try MainActor.assumeIsolated {
            let dead = try XYZTileSource(template: "http://127.0.0.1:\(port)/tiles/{z}/{x}/{y}.png")
            let started = Date()
            let outcome = try XCTUnwrap(Self.fetch(dead, TileID(zoom: 3, x: 1, y: 1)))
            XCTAssertThrowsError(try outcome.get())
            XCTAssertLessThan(Date().timeIntervalSince(started), 4, "connection refused, retried twice (0.5 s, 1 s)")
            // A host name that cannot resolve (.invalid never does): told at once, no retries.
            let nowhere = try XYZTileSource(template: "http://tiles.calloutmap.invalid/{z}/{x}/{y}.png")
            let asked = Date()
            let lost = try XCTUnwrap(Self.fetch(nowhere, TileID(zoom: 3, x: 1, y: 1)))
            XCTAssertThrowsError(try lost.get()) { error in
                XCTAssertTrue((error as? TileSourceError)?.isUnreachable == true, "\(error)")
            }
            XCTAssertLessThan(Date().timeIntervalSince(asked), 2, "the resolver's answer, not the retries'")
            XCTAssertThrowsError(try XYZTileSource(template: "ftp://example.org/{z}/{x}/{y}.png"))
            XCTAssertThrowsError(try XYZTileSource(template: "http://example.org/tiles.png"), "needs {z}, {x}, {y}")
        }
    }
}
