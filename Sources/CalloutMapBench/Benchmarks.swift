import CGtk
import CalloutMapCore
import CalloutMapWidget
import Foundation

@MainActor
enum Benchmarks {
    static let size = Size(width: 1280, height: 800)
    static let sanFrancisco = Coordinate(latitude: 37.7749, longitude: -122.4194)

    /// Launches the real app and times process start → its "ready" event (first frame on screen).
    static func appStart(runs: Int) -> Any {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { return NSNull() }
        let binary = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                         ?? CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("calloutmap")
        var times: [Double] = []
        var rss: [Double] = []
        for _ in 0..<runs {
            let p = Process()
            p.executableURL = binary
            p.arguments = ["--log-events"]
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = FileHandle.nullDevice
            let start = DispatchTime.now().uptimeNanoseconds
            guard (try? p.run()) != nil else { return NSNull() }
            var buffer = Data()
            while !buffer.contains(Data("\"ready\"".utf8)) {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            usleep(300_000)
            rss.append(Double(vmHWM(pid: p.processIdentifier)) / 1024)
            p.terminate()
            p.waitUntilExit()
        }
        return ["median": median(times), "runs": times.map(round2), "app_peak_rss_mb": median(rss)]
    }

    /// Pans 5 px a frame across San Francisco at zoom 12 and renders every frame offscreen.
    static func panFrames(basemap: Basemap, frames: Int) -> [String: Any] {
        let renderer = try! OffscreenRenderer()
        let tiles = TileCache(renderer: TileRenderer(basemap: basemap))
        var viewport = Viewport(center: sanFrancisco, zoom: 12, size: size)
        var scene = MapScene(viewport: viewport, style: .light, scale: 1, tiles: tiles)
        _ = renderer.texture(of: scene)  // warm-up: first tiles and fonts
        var times: [Double] = []
        for i in 0..<frames {
            viewport.pan(by: Point(x: i % 240 < 120 ? -5 : 5, y: 2))
            scene.viewport = viewport
            let start = DispatchTime.now().uptimeNanoseconds
            _ = renderer.texture(of: scene)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return ["median": median(times), "p95": percentile(times, 0.95), "frames": frames, "tiles_rendered": tiles.rendered]
    }

    /// Cost of rasterising one 256-px tile from the basemap, per zoom band, cold.
    static func tileRender(basemap: Basemap) -> [String: Any] {
        let renderer = TileRenderer(basemap: basemap)
        var out: [String: Any] = [:]
        for zoom in [2, 5, 8, 11, 12] {
            let center = TileID(containing: sanFrancisco, zoom: zoom)
            var times: [Double] = []
            for dx in -2...2 {
                for dy in -1...1 {
                    let tile = TileID(zoom: zoom, x: center.x + dx, y: center.y + dy)
                    let start = DispatchTime.now().uptimeNanoseconds
                    cairo_surface_destroy(renderer.render(tile, style: .light, scale: 1))
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
            }
            out["z\(zoom)"] = ["median": median(times), "max": round2(times.max() ?? 0)]
        }
        return out
    }

    static func peakRSSKilobytes() -> Int { vmHWM(pid: getpid()) }

    /// Peak resident set size in kB, from /proc.
    static func vmHWM(pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }

    static func median(_ v: [Double]) -> Double { percentile(v, 0.5) }

    static func percentile(_ v: [Double], _ q: Double) -> Double {
        guard !v.isEmpty else { return 0 }
        let s = v.sorted()
        return round2(s[min(s.count - 1, Int((Double(s.count - 1) * q).rounded()))])
    }

    static func round2(_ x: Double) -> Double { (x * 100).rounded() / 100 }
}
