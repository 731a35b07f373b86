import Foundation

/// The loopback tile server of the tests (tile_server.py beside this file): 127.0.0.1 on a
/// free port, faults by path, stopping by itself after its lifetime or when this goes.
public final class TileServer {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("tile_server.py")
    let process = Process()
    let input = Pipe()
    public let port: Int

    /// A server for `lifetime` seconds; with `files`, serving that folder's files at /files/.
    public init(lifetime: Int = 60, files: URL? = nil) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script.path, String(lifetime)] + (files.map { [$0.path] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else { throw CocoaError(.fileReadCorruptFile) }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()  // the server stops when its stdin closes
        process.waitUntilExit()
    }

    public func template(_ kind: String) -> String { "http://127.0.0.1:\(port)/\(kind)/{z}/{x}/{y}.png" }

    /// What the server saw (fetched with Python's urllib: Foundation here has no HTTP client).
    public var stats: [String: Any] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = ["-c", "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())",
                       "http://127.0.0.1:\(port)/stats"]
        let out = Pipe()
        p.standardOutput = out
        guard (try? p.run()) != nil else { return [:] }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }
}

