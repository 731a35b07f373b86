import CCalloutMapGtk
import CalloutMapCore
import CalloutMapWidget
import Foundation

/// A deterministic generator (64-bit LCG), so every run measures the same points.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// Uniform in [0, 1).
    mutating func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
}

@MainActor
enum Benchmarks {
    static let size = Size(width: 1280, height: 800)
    static let sanFrancisco = Coordinate(latitude: 37.7749, longitude: -122.4194)

    /// Launches the real app and times process start → its "ready" event (first frame on screen).
    static func appStart(runs: Int) -> Any {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { return NSNull() }
        var times: [Double] = []
        var rss: [Double] = []
        for _ in 0..<runs {
            guard let run = launchApp(["--log-events"], until: "ready") else { return NSNull() }
            times.append(run.ms)
            rss.append(run.peakMB)
        }
        return ["median": median(times), "runs": times.map(round2), "app_peak_rss_mb": median(rss)]
    }

    /// Runs the real app (`--log-events` among `arguments`) until it prints `event`; gives the time
    /// that took and its peak memory a moment later, then ends it. Nil if it could not start.
    static func launchApp(_ arguments: [String], until event: String) -> (ms: Double, peakMB: Double)? {
        let p = Process()
        p.executableURL = DataDirectory.executable.deletingLastPathComponent().appendingPathComponent("calloutmap")
        p.arguments = arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        guard (try? p.run()) != nil else { return nil }
        var buffer = Data()
        while !buffer.contains(Data("\"\(event)\"".utf8)) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        usleep(300_000)
        let peak = Double(vmHWM(pid: p.processIdentifier)) / 1024
        p.terminate()
        p.waitUntilExit()
        return (ms, peak)
    }

    /// Pans 5 px a frame across San Francisco at zoom 12 and renders every frame offscreen.
    static func basemapPan(basemap: Basemap, frames: Int) -> [String: Any] {
        let renderer = try! OffscreenRenderer()
        let tiles = TileCache(renderer: TileRenderer(basemap: basemap))
        let viewport = Viewport(center: sanFrancisco, zoom: 12, size: size)
        var scene = MapScene(viewport: viewport, style: .light, scale: 1, tiles: tiles)
        _ = renderer.texture(of: scene)  // warm-up: first tiles and fonts
        let times = panFrames(renderer: renderer, scene: &scene, from: viewport, frames: frames, period: 240, drift: 2)
        return ["median": median(times), "p95": percentile(times, 0.95), "frames": frames, "tiles_rendered": tiles.rendered]
    }

    /// Renders `frames` frames offscreen, panning 5 px a frame back and forth (direction flips every
    /// half `period`) with `drift` px down; `beforeFrame` runs inside the timing. With `interval`
    /// (ms), a frame starts no sooner than that after the one before, as a display's clock starts
    /// them, so work done on other cores between frames has the time it has in the window; without,
    /// frames follow at once. Returns ms per frame (the frame's own work).
    static func panFrames(renderer: OffscreenRenderer, scene: inout MapScene, from start: Viewport, frames: Int,
                          period: Int = 40, drift: Double = 0, interval: Double? = nil,
                          beforeFrame: (Viewport, inout MapScene) -> Void = { _, _ in }) -> [Double] {
        var viewport = start
        var times: [Double] = []
        var due = DispatchTime.now().uptimeNanoseconds
        for i in 0..<frames {
            if let interval {
                let now = DispatchTime.now().uptimeNanoseconds
                if due > now { usleep(UInt32((due - now) / 1000)) }
                due = max(due, now) + UInt64(interval * 1e6)
            }
            viewport.pan(by: Point(x: i % period < period / 2 ? -5 : 5, y: drift))
            scene.viewport = viewport
            let t0 = DispatchTime.now().uptimeNanoseconds
            beforeFrame(viewport, &scene)
            _ = renderer.texture(of: scene)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        return times
    }

    /// Renders `frames` frames offscreen of a zoom animation from `start`: a step of 1/30 of a
    /// level a frame, in for 30 frames and back out for 30, about the view's middle. Returns ms per frame.
    static func zoomFrames(renderer: OffscreenRenderer, scene: inout MapScene, from start: Viewport, frames: Int,
                           moving: Bool = false) -> [Double] {
        var viewport = start
        scene.zoomIsMoving = moving
        defer { scene.zoomIsMoving = false }
        var times: [Double] = []
        for i in 0..<frames {
            let step = i % 60 < 30 ? 1.0 / 30 : -1.0 / 30
            viewport.setZoom(viewport.zoom + step, keeping: Point(x: viewport.size.width / 2, y: viewport.size.height / 2))
            scene.viewport = viewport
            let t0 = DispatchTime.now().uptimeNanoseconds
            _ = renderer.texture(of: scene)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        return times
    }

    /// Pans over `layer` (see `panFrames`, drifting 2 px a frame) after one warm-up frame:
    /// median and p95 ms, and how many items were in view.
    static func panOver(_ layer: AnnotationLayer, basemap: Basemap, from viewport: Viewport, frames: Int) -> [String: Any] {
        let renderer = try! OffscreenRenderer()
        var scene = MapScene(viewport: viewport, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: basemap)))
        scene.annotationLayer = layer
        _ = renderer.texture(of: scene)
        let times = panFrames(renderer: renderer, scene: &scene, from: viewport, frames: frames, drift: 2)
        return ["median": median(times), "p95": percentile(times, 0.95), "frames": frames, "items_in_view": layer.sortedViews.count]
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

    /// Resident set size now, in kB.
    static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }

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
