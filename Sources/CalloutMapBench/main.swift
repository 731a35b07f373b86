import CCalloutMapGtk
import CalloutMapCore
import CalloutMapWidget
import Foundation

// calloutmap-bench: prints one JSON object with the foundation's figures.
// Frame costs come from an offscreen render loop (GSK cairo renderer, no
// vsync), so the number is the work a frame costs, not the display's rate.

let arguments = Array(CommandLine.arguments.dropFirst())
RenderingEnvironment.prepare()
if arguments.first == "clusters" {
    exit(ClusterCounts.run(Array(arguments.dropFirst())))
}
if arguments.first == "generate" {
    var rest = Array(arguments.dropFirst())
    let sequence = rest.contains("--sequence")
    rest.removeAll { $0 == "--sequence" }
    var shape = CrowdedPoints.Shape.titled
    if let i = rest.firstIndex(of: "--shape"), i + 1 < rest.count, let named = CrowdedPoints.Shape(rawValue: rest[i + 1]) {
        shape = named
        rest.removeSubrange(i...i + 1)
    }
    guard rest.count == 2 || rest.count == 3, let count = Int(rest[0]), count >= 0 else {
        FileHandle.standardError.write("usage: calloutmap-bench generate COUNT FILE [SEED] [--sequence] [--shape titled|described|named]\n".data(using: .utf8)!)
        exit(2)
    }
    let seed = rest.count == 3 ? UInt64(rest[2]) ?? 1 : 1
    do { try CrowdedPoints.write(count: count, seed: seed, to: URL(fileURLWithPath: rest[1]), sequence: sequence, shape: shape) } catch {
        FileHandle.standardError.write("calloutmap-bench: \(error)\n".data(using: .utf8)!)
        exit(1)
    }
    exit(0)
}
if arguments.first == "load", arguments.count == 2 {
    // The loader alone on a file: what it read, how long it took, and the process's peak memory.
    // CPU time (every thread) beside the wall clock: steadier than the wall clock on a shared machine.
    func cpuMilliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3
    }
    let start = DispatchTime.now().uptimeNanoseconds, cpuStart = cpuMilliseconds()
    let result = PlaceFileLoader.load(contentsOf: URL(fileURLWithPath: arguments[1]))
    let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, cpu = cpuMilliseconds() - cpuStart
    let megabytes = Double((try? FileManager.default.attributesOfItem(atPath: arguments[1])[.size] as? Int) ?? 0) / 1e6
    // What a map's main thread then does first with them: adds them to its set of annotations.
    let set = AnnotationSet(), places: [any Annotation] = result.annotations, addStart = DispatchTime.now().uptimeNanoseconds
    set.add(places)
    let addMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - addStart) / 1e6
    let out: [String: Any] = ["file": arguments[1], "points": result.annotations.count, "shapes": result.overlays.count,
                              "problems": result.problems.count,
                              "load_ms": (ms * 100).rounded() / 100, "cpu_ms": cpu.rounded(), "add_ms": (addMilliseconds * 100).rounded() / 100,
                              "mb_per_s": (megabytes / (ms / 1e3)).rounded(), "features_read_ahead": result.featuresReadAhead,
                              "given_back_mb": (Double(result.bytesGivenBack) / 1e6).rounded(),
                              "peak_rss_mb": MainActor.assumeIsolated { Double(Benchmarks.peakRSSKilobytes() / 1024) }]
    print(String(decoding: try! JSONSerialization.data(withJSONObject: out, options: [.sortedKeys]), as: UTF8.self))
    exit(0)
}
if arguments.first == "vector-render" {
    // A vector map drawn offscreen, for bench/vector.sh beside MapLibre Native.
    exit(MainActor.assumeIsolated { VectorRenderBenchmarks.run(Array(arguments.dropFirst())) })
}
if arguments.first == "vector-tiles" {
    // Decoding the shipped vector tiles alone (also part of the full run).
    guard let data = DataDirectory.locate() else {
        FileHandle.standardError.write("calloutmap-bench: data/ not found; set CALLOUTMAP_DATA_DIR\n".data(using: .utf8)!)
        exit(1)
    }
    let json = MainActor.assumeIsolated {
        try! JSONSerialization.data(withJSONObject: VectorTileBenchmarks.run(data: data), options: [.sortedKeys])
    }
    print(String(decoding: json, as: UTF8.self))
    exit(0)
}
if arguments.first == "shapes" {
    // The shape figures alone (also part of the full run).
    setenv("GTK_A11Y", "none", 1)
    let json = MainActor.assumeIsolated { () -> Data in
        guard let data = DataDirectory.locate(), let basemap = try? Basemap(directory: data.appendingPathComponent("basemap")) else {
            FileHandle.standardError.write("calloutmap-bench: data/ not found; set CALLOUTMAP_DATA_DIR\n".data(using: .utf8)!)
            exit(1)
        }
        var out = ShapeBenchmarks.run(basemap: basemap, frames: 240)
        out["peak_rss_mb"] = Double(Benchmarks.peakRSSKilobytes()) / 1024
        return try! JSONSerialization.data(withJSONObject: out, options: [.prettyPrinted, .sortedKeys])
    }
    print(String(decoding: json, as: UTF8.self))
    exit(0)
}
if arguments.first == "names" {
    // The place name figures alone (also part of the full run).
    setenv("GTK_A11Y", "none", 1)
    let json = MainActor.assumeIsolated { () -> Data in
        guard let data = DataDirectory.locate(), let basemap = try? Basemap(directory: data.appendingPathComponent("basemap")) else {
            FileHandle.standardError.write("calloutmap-bench: data/ not found; set CALLOUTMAP_DATA_DIR\n".data(using: .utf8)!)
            exit(1)
        }
        var out = PlaceNameBenchmarks.run(basemap: basemap, data: data, frames: 240)
        out["search"] = SearchBenchmarks.run(data: data)
        return try! JSONSerialization.data(withJSONObject: out, options: [.prettyPrinted, .sortedKeys])
    }
    print(String(decoding: json, as: UTF8.self))
    exit(0)
}
if arguments.first == "search" {
    // The search figures alone (also part of the full run).
    let json = MainActor.assumeIsolated { () -> Data in
        guard let data = DataDirectory.locate() else { exit(1) }
        return try! JSONSerialization.data(withJSONObject: SearchBenchmarks.run(data: data), options: [.prettyPrinted, .sortedKeys])
    }
    print(String(decoding: json, as: UTF8.self))
    exit(0)
}
if arguments.first == "pins" {
    // The 10,000-pin frames alone, with and without yielding (also part of the full run).
    setenv("GTK_A11Y", "none", 1)
    let json = MainActor.assumeIsolated { () -> Data in
        guard let data = DataDirectory.locate(), let basemap = try? Basemap(directory: data.appendingPathComponent("basemap")) else { exit(1) }
        var out: [String: Any] = [:]
        for (name, yielding) in [("", false), ("_yielding", true)] {
            out["pan_frame_10k_pins\(name)_ms"] = AnnotationBenchmarks.panWithPins(basemap: basemap, inView: 10_000, background: 0,
                                                                                  frames: 240, yielding: yielding)
            out["zoom_frame_10k_pins\(name)_ms"] = AnnotationBenchmarks.zoomWithPins(basemap: basemap, inView: 10_000, frames: 120,
                                                                                    yielding: yielding)
        }
        return try! JSONSerialization.data(withJSONObject: out, options: [.prettyPrinted, .sortedKeys])
    }
    print(String(decoding: json, as: UTF8.self))
    exit(0)
}
if arguments.first == "callouts" {
    // The callout figures alone (also part of the full run).
    setenv("GTK_A11Y", "none", 1)
    let json = MainActor.assumeIsolated { () -> Data in
        guard let data = DataDirectory.locate(), let basemap = try? Basemap(directory: data.appendingPathComponent("basemap")) else { exit(1) }
        return try! JSONSerialization.data(withJSONObject: CalloutBenchmarks.run(basemap: basemap, frames: 240), options: [.prettyPrinted, .sortedKeys])
    }
    print(String(decoding: json, as: UTF8.self))
    exit(0)
}
if arguments.first == "real", arguments.count == 2 {
    // The real-data figures alone (also part of a full run with --real-data DIR).
    setenv("GTK_A11Y", "none", 1)
    let json = MainActor.assumeIsolated { () -> Data in
        guard let data = DataDirectory.locate(), let basemap = try? Basemap(directory: data.appendingPathComponent("basemap")) else { exit(1) }
        let out = RealDataBenchmarks.run(directory: URL(fileURLWithPath: arguments[1]), basemap: basemap, frames: 240)
        return try! JSONSerialization.data(withJSONObject: out, options: [.prettyPrinted, .sortedKeys])
    }
    print(String(decoding: json, as: UTF8.self))
    exit(0)
}
if arguments.first == "memory" {
    exit(MemoryBenchmarks.child(Array(arguments.dropFirst())))
}
if arguments.first == "peer" {
    exit(PeerScenario.run(Array(arguments.dropFirst())))
}
if arguments.contains("-h") || arguments.contains("--help") {
    print("""
    Usage: calloutmap-bench [--frames N] [--starts N] [--real-data DIR]
           calloutmap-bench clusters FILE.geojson
           calloutmap-bench generate COUNT FILE.geojson [SEED] [--sequence]
           calloutmap-bench load FILE   (the loader alone: wall and CPU ms, MB/s, bytes given back, peak memory)
           calloutmap-bench shapes
           calloutmap-bench names
           calloutmap-bench search
           calloutmap-bench pins
           calloutmap-bench peer --markers N [--frames F] [--clicks K]
           calloutmap-bench real DIR
    Prints JSON: app start → first frame and click → select at 100k annotations
    (both need a display; null without one), pan frame cost (median/p95 ms,
    offscreen) bare and with 1k price pins in view, adding 10k/100k annotations,
    tile render cost, a million points (clustered alone and in the window) and
    peak RSS. With --real-data DIR (made by
    tools/bench-data/make_real_data.py; bench/run.sh does both), the same
    figures on GeoNames cities and every airport.
    `clusters` prints, for a GeoJSON file's points in file order and the default
    options, the number of items (clusters plus single points) covering the
    world at each zoom 0–17, to hold against supercluster.
    """)
    exit(0)
}

func intOption(_ name: String, _ fallback: Int) -> Int {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count, let v = Int(arguments[i + 1]), v > 0 else {
        return fallback
    }
    return v
}

// No accessibility bus: its registry daemon would print into our JSON on stdout.
setenv("GTK_A11Y", "none", 1)

let frames = intOption("--frames", 240)
let realData = arguments.firstIndex(of: "--real-data").flatMap { $0 + 1 < arguments.count ? URL(fileURLWithPath: arguments[$0 + 1]) : nil }
let starts = intOption("--starts", 5)

let json = MainActor.assumeIsolated { () -> Data in
    guard let data = DataDirectory.locate() else {
        FileHandle.standardError.write("calloutmap-bench: data/ not found; set CALLOUTMAP_DATA_DIR\n".data(using: .utf8)!)
        exit(1)
    }
    let basemap = try! Basemap(directory: data.appendingPathComponent("basemap"))
    var out: [String: Any] = [:]
    out["start_to_first_frame_ms"] = Benchmarks.appStart(runs: starts)
    out["pan_frame_ms"] = Benchmarks.basemapPan(basemap: basemap, frames: frames)
    out["tile_render_ms"] = Benchmarks.tileRender(basemap: basemap)
    out["add_annotations_ms"] = ["10000": AnnotationBenchmarks.add(count: 10_000), "100000": AnnotationBenchmarks.add(count: 100_000)]
    out["pan_frame_1k_pins_ms"] = AnnotationBenchmarks.panWithPins(basemap: basemap, inView: 1000, background: 0, frames: frames)
    out["pan_frame_10k_pins_unclustered_ms"] = AnnotationBenchmarks.panWithPins(basemap: basemap, inView: 10_000, background: 0,
                                                                                frames: frames)
    out["zoom_frame_1k_pins_ms"] = AnnotationBenchmarks.zoomWithPins(basemap: basemap, inView: 1_000, frames: 120)
    out["zoom_frame_10k_pins_ms"] = AnnotationBenchmarks.zoomWithPins(basemap: basemap, inView: 10_000, frames: 120)
    // The same 10,000 pins yielding by priority (their price): the dearer shown where two overlap.
    out["pan_frame_10k_pins_yielding_ms"] = AnnotationBenchmarks.panWithPins(basemap: basemap, inView: 10_000, background: 0,
                                                                            frames: frames, yielding: true)
    out["zoom_frame_10k_pins_yielding_ms"] = AnnotationBenchmarks.zoomWithPins(basemap: basemap, inView: 10_000, frames: 120,
                                                                              yielding: true)
    out["pan_frame_1k_pins_callout_ms"] = AnnotationBenchmarks.panWithPins(basemap: basemap, inView: 1000, background: 0,
                                                                          frames: frames, callout: true)
    out["callouts"] = CalloutBenchmarks.run(basemap: basemap, frames: frames)
    out["mbtiles"] = TileBenchmarks.run(basemap: basemap, frames: frames)
    out["online_tiles_loopback"] = TileBenchmarks.online(basemap: basemap, frames: frames)
    out["cluster_build_100k_ms"] = ClusterCounts.buildTime(count: 100_000)
    out["million_points"] = MillionPoints.run()
    out["load_index_100k_geojson_ms"] = ScaleBenchmarks.loadAndIndex(count: 100_000)
    out["pan_frame_100k_clustered_ms"] = ScaleBenchmarks.panClustered(basemap: basemap, count: 100_000, frames: frames)
    out["click_to_select_us_100k"] = AnnotationBenchmarks.clickToSelect(basemap: basemap, total: 100_000, clicks: 200)
    out["click_to_select_us_10k_in_view_no_callout"] = AnnotationBenchmarks.clickToSelect(basemap: basemap, total: 10_000,
                                                                                           inView: 10_000, clicks: 200, callouts: false)
    out["shapes"] = ShapeBenchmarks.run(basemap: basemap, frames: frames)
    out["place_names"] = PlaceNameBenchmarks.run(basemap: basemap, data: data, frames: frames)
    out["search"] = SearchBenchmarks.run(data: data)
    out["vector_tiles"] = VectorTileBenchmarks.run(data: data)
    if let realData { out["real_data"] = RealDataBenchmarks.run(directory: realData, basemap: basemap, frames: frames) }
    out["peak_rss_mb"] = Double(Benchmarks.peakRSSKilobytes()) / 1024
    out["peak_rss_mb_by_size_clustered"] = MemoryBenchmarks.peakRSS(sizes: [1_000, 10_000, 100_000])
    out["renderer"] = "gsk-cairo offscreen"
    out["size"] = "1280x800"
    return try! JSONSerialization.data(withJSONObject: out, options: [.prettyPrinted, .sortedKeys])
}

print(String(decoding: json, as: UTF8.self))
