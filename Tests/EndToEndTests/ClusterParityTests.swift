import CalloutMapCore
import Foundation
import XCTest

/// The clusterer against supercluster 8 itself (run by Node, from the peer folder), on
/// seeded points that crowd around cities with exact duplicates (`calloutmap-bench
/// generate`): the same items at every zoom and every cluster the same — id, count and
/// exact centre, to the last bit. `bench/clusters.sh` does the same at a million points.
final class ClusterParityTests: XCTestCase {
    /// supercluster.mjs and kdbush.mjs: `CALLOUTMAP_SUPERCLUSTER`, else `shared/peers/supercluster`
    /// beside the checkout (nothing outside those two, so no machine's own folder is assumed).
    static var peer: URL? {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [ProcessInfo.processInfo.environment["CALLOUTMAP_SUPERCLUSTER"],
                          repository.deletingLastPathComponent().appendingPathComponent("shared/peers/supercluster").path]
            .compactMap { $0 }
        return candidates.map(URL.init(fileURLWithPath:)).first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("supercluster.mjs").path)
        }
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("bench/supercluster.mjs")
    static var bench: URL { AppProcess.binary.deletingLastPathComponent().appendingPathComponent("calloutmap-bench") }

    /// Runs a program, returns its standard output parsed as one JSON object.
    func json(_ program: String, _ arguments: [String]) throws -> [String: Any] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [program] + arguments
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "\(program) \(arguments)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Clusters per zoom as sorted [id, count, x, y] rows, numbers exactly as printed.
    func clusters(_ report: [String: Any]) throws -> [String: [[Double]]] {
        let raw = try XCTUnwrap(report["clusters"] as? [String: [[Any]]])
        return raw.mapValues { rows in
            rows.map { $0.map { ($0 as? NSNumber)?.doubleValue ?? .nan } }.sorted { $0.lexicographicallyPrecedes($1) }
        }
    }

    func testSameClustersAsSuperclusterOnCrowdedPoints() throws {
        let peer = try XCTUnwrap(Self.peer, "the supercluster peer (set CALLOUTMAP_SUPERCLUSTER)")
        try XCTSkipUnless(hasTool("node"), "needs node")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cm-parity-\(getpid()).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertEqual(runTool(Self.bench.path, ["generate", "150000", file.path, "11"]), 0)
        for minPoints in ["2", "5"] {  // 5: clusters too small leave their neighbours single, in the tree's order
            let ours = try json(Self.bench.path, ["clusters", file.path, "--details", "--min-points", minPoints])
            let theirs = try json("node", ["--max-old-space-size=4000", Self.script.path, peer.path, file.path,
                                           "--details", "--min-points", minPoints])
            XCTAssertEqual(ours["points"] as? Int, 150_000)
            XCTAssertEqual(ours["items_per_zoom"] as? [String: Int], theirs["items_per_zoom"] as? [String: Int], "minPoints \(minPoints)")
            let a = try clusters(ours), b = try clusters(theirs)
            XCTAssertGreaterThan(b.values.reduce(0) { $0 + $1.count }, 20_000, "a real test: many clusters")
            for z in 0...17 {
                XCTAssertEqual(a["\(z)"], b["\(z)"], "minPoints \(minPoints), zoom \(z): the same clusters, to the last bit")
            }
        }
    }
}
