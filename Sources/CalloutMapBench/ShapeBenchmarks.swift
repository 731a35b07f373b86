import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// Shape figures: loading and drawing 1,000 polygons and a line of 100,000 positions, a pan
/// frame with them in view beside the same pan with 1,000 pins alone, and click → select on a
/// shape through the widget's real gesture signals.
@MainActor
enum ShapeBenchmarks {
    static let view = Viewport(center: Benchmarks.sanFrancisco, zoom: 12, size: Benchmarks.size)

    /// 1,000 polygons of 24 positions (rings round random places in view, a hole in every tenth)
    /// as a GeoJSON FeatureCollection.
    static func polygonsGeoJSON(count: Int = 1_000) -> Data {
        var random = SeededRandom(seed: 5)
        var features: [String] = []
        for i in 0..<count {
            let center = Point(x: 20 + random.next() * 1240, y: 20 + random.next() * 760)
            let radius = 6 + random.next() * 30
            func ring(_ r: Double) -> String {
                let points = (0...24).map { k -> String in
                    let a = Double(k % 24) / 24 * 2 * .pi
                    let c = view.coordinate(at: Point(x: center.x + r * cos(a), y: center.y + r * sin(a)))
                    return "[\(c.longitude),\(c.latitude)]"
                }
                return "[" + points.joined(separator: ",") + "]"
            }
            let rings = i % 10 == 0 ? "[\(ring(radius)),\(ring(radius / 3))]" : "[\(ring(radius))]"
            features.append(#"{"type":"Feature","properties":{"name":"Area \#(i)"},"geometry":{"type":"Polygon","coordinates":\#(rings)}}"#)
        }
        return Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8)
    }

    /// A GPS track of `count` positions a few metres apart (as a device records one, about 300 km
    /// at 100,000) looping smoothly back and forth across the view, as a GeoJSON Feature; with
    /// `scribble`, a random walk of 4-pixel steps instead, which no simplification can thin.
    static func lineGeoJSON(count: Int = 100_000, scribble: Bool = false) -> Data {
        var random = SeededRandom(seed: 9)
        var p = Point(x: 640, y: 400)
        var positions: [String] = []
        positions.reserveCapacity(count)
        for i in 0..<count {
            if scribble {
                p.x = min(max(p.x + (random.next() - 0.5) * 8, 10), 1270)
                p.y = min(max(p.y + (random.next() - 0.5) * 8, 10), 790)
            } else {
                let t = Double(i) / Double(count) * 2 * .pi
                p = Point(x: 640 + 600 * sin(9 * t) + 3 * (random.next() - 0.5) * 0.05,
                          y: 400 + 370 * sin(7 * t + 1) + 3 * (random.next() - 0.5) * 0.05)
            }
            let c = view.coordinate(at: p)
            positions.append("[\(c.longitude),\(c.latitude)]")
        }
        return Data(#"{"type":"Feature","properties":{"name":"Long walk"},"geometry":{"type":"LineString","coordinates":[\#(positions.joined(separator: ","))]}}"#.utf8)
    }

    static func ms(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }

    static func run(basemap: Basemap, frames: Int) -> [String: Any] {
        let renderer = try! OffscreenRenderer()
        var out: [String: Any] = [:]
        // Loading: parse, make overlays, project them, draw the first frame.
        func loadAndDraw(_ data: Data, name: String) -> (ShapeOverlay, [ShapeOverlay], Double, Double) {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = GeoJSONLoader.load(data: data, file: name)
            let parsed = ms(since: start)
            let layer = OverlayLayer()
            layer.add(result.overlays)
            var scene = MapScene(viewport: view, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: basemap)))
            scene.overlayLayer = layer
            _ = renderer.texture(of: scene)
            return (result.overlays[0], result.overlays, parsed, ms(since: start))
        }
        let polygonData = polygonsGeoJSON(), lineData = lineGeoJSON(), scribbleData = lineGeoJSON(scribble: true)
        let (_, polygons, polygonParse, polygonTotal) = loadAndDraw(polygonData, name: "polygons.geojson")
        let (line, _, lineParse, lineTotal) = loadAndDraw(lineData, name: "line.geojson")
        let (_, _, _, scribbleTotal) = loadAndDraw(scribbleData, name: "scribble.geojson")
        out["load_scribble_100k_positions_ms"] = Benchmarks.round2(scribbleTotal)
        out["load_1000_polygons_ms"] = ["parse": Benchmarks.round2(polygonParse), "parse_project_and_first_frame": Benchmarks.round2(polygonTotal),
                                        "bytes": polygonData.count]
        out["load_line_100k_positions_ms"] = ["parse": Benchmarks.round2(lineParse), "parse_project_and_first_frame": Benchmarks.round2(lineTotal),
                                              "bytes": lineData.count]

        // Panning with 1,000 pins and the shapes in view against the same pins alone.
        func pan(shapes: [ShapeOverlay]) -> [Double] {
            let pins = AnnotationLayer()
            pins.register(PriceAnnotationView.self, forReuseIdentifier: "price")
            pins.viewProvider = { [unowned pins] in pins.dequeueView(withIdentifier: "price", for: $0) }
            pins.add(AnnotationBenchmarks.annotations(1000, inView: true))
            let overlays = OverlayLayer()
            overlays.add(shapes)
            var scene = MapScene(viewport: view, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: basemap)))
            scene.annotationLayer = pins
            scene.overlayLayer = overlays
            _ = renderer.texture(of: scene)
            return Benchmarks.panFrames(renderer: renderer, scene: &scene, from: view, frames: frames, drift: 2)
        }
        let alone = pan(shapes: []), withShapes = pan(shapes: polygons + [line])
        out["pan_frame_1k_pins_ms"] = ["median": Benchmarks.median(alone), "p95": Benchmarks.percentile(alone, 0.95)]
        out["pan_frame_1k_pins_1000_polygons_100k_line_ms"] = ["median": Benchmarks.median(withShapes),
                                                               "p95": Benchmarks.percentile(withShapes, 0.95)]
        out["pan_ratio_p95"] = Benchmarks.round2(Benchmarks.percentile(withShapes, 0.95) / max(0.001, Benchmarks.percentile(alone, 0.95)))
        // The zoom animation redraws everything every frame: the worst case for shapes.
        var zoomTimes: [Double] = []
        do {
            let overlays = OverlayLayer()
            overlays.add(polygons + [line])
            var viewport = view
            var scene = MapScene(viewport: viewport, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: basemap)))
            scene.overlayLayer = overlays
            _ = renderer.texture(of: scene)
            for i in 0..<120 {
                viewport.setZoom(viewport.zoom + (i % 60 < 30 ? 1.0 / 30 : -1.0 / 30), keeping: Point(x: 640, y: 400))
                scene.viewport = viewport
                let t0 = DispatchTime.now().uptimeNanoseconds
                _ = renderer.texture(of: scene)
                zoomTimes.append(ms(since: t0))
            }
        }
        out["zoom_frame_1000_polygons_100k_line_ms"] = ["median": Benchmarks.median(zoomTimes), "p95": Benchmarks.percentile(zoomTimes, 0.95)]
        out["click_to_select_shape_us"] = clickToSelect(basemap: basemap, shapes: polygons + [line], clicks: 200)
        out["gpx_100k_track_points"] = gpxLoad(points: 100_000)
        return out
    }

    /// A GPX file of one track of `points` points (elevations and times, as a device writes them)
    /// read by `calloutmap-bench load` in a fresh process: the time and that process's peak memory.
    static func gpxLoad(points: Int) -> Any {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cm-bench-\(getpid()).gpx")
        defer { try? FileManager.default.removeItem(at: url) }
        var text = #"<?xml version="1.0" encoding="UTF-8"?>\#n<gpx version="1.1" creator="calloutmap-bench" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Long ride</name><trkseg>\#n"#
        text.reserveCapacity(points * 110)
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let iso = ISO8601DateFormatter()
        for i in 0..<points {
            let t = Double(i) / Double(points) * 2 * .pi
            let c = view.coordinate(at: Point(x: 640 + 600 * sin(9 * t), y: 400 + 370 * sin(7 * t + 1)))
            let ele = 50 + 30 * sin(Double(i) / 500)
            text += "<trkpt lat=\"\(String(format: "%.6f", c.latitude))\" lon=\"\(String(format: "%.6f", c.longitude))\"><ele>\(String(format: "%.1f", ele))</ele><time>\(iso.string(from: start.addingTimeInterval(Double(i))))</time></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        guard (try? text.write(to: url, atomically: true, encoding: .utf8)) != nil else { return NSNull() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        p.arguments = ["load", url.path]
        let out = Pipe()
        p.standardOutput = out
        guard (try? p.run()) != nil else { return NSNull() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard var result = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return NSNull() }
        result["bytes"] = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) ?? NSNull()
        result["file"] = nil
        return result
    }

    /// Click → select on shapes: a press and release on the map's drag gesture inside a polygon
    /// (no pins), until the delegate hears `didSelect` with the shape's anchor.
    static func clickToSelect(basemap: Basemap, shapes: [ShapeOverlay], clicks: Int) -> Any {
        guard gtk_init_check() != 0, gdk_display_get_default() != nil else { return NSNull() }
        final class Counter: MapViewDelegate {
            var selected = 0
            var selectedAt: UInt64 = 0
            func mapView(_ mapView: MapView, didSelect view: AnnotationView) {
                selectedAt = DispatchTime.now().uptimeNanoseconds
                selected += 1
            }
        }
        let map = MapView(basemap: basemap, center: Benchmarks.sanFrancisco, zoom: 12)
        let counter = Counter()
        map.delegate = counter
        let window = gtk_window_new()!
        gtk_window_set_default_size(cm_window(window), 1280, 800)
        gtk_window_set_child(cm_window(window), map.widget)
        gtk_window_present(cm_window(window))
        map.addOverlays(shapes)
        MainLoop.iterate(until: { map.hasDrawnFirstFrame }, timeout: 10)
        guard let drag = eventController(ofType: "GtkGestureDrag", on: map.widget) else { return NSNull() }
        // The middles of polygons well inside the view.
        let inner = Rect(x: 60, y: 60, width: map.viewport.size.width - 120, height: map.viewport.size.height - 120)
        let targets = shapes.compactMap { shape -> Point? in
            guard let polygon = shape as? CalloutMapCore.Polygon, polygon.holes.isEmpty else { return nil }
            let p = map.viewport.screenPoint(for: MapView.middle(of: polygon))
            return inner.contains(p) ? p : nil
        }
        var times: [Double] = [], hitTimes: [Double] = []
        for i in 0..<clicks where !targets.isEmpty {
            let t0 = DispatchTime.now().uptimeNanoseconds
            _ = map.overlays(at: targets[(i * 37) % targets.count])
            hitTimes.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e3)
        }
        for i in 0..<clicks where !targets.isEmpty {
            let target = targets[(i * 37) % targets.count]
            let before = counter.selected
            let start = DispatchTime.now().uptimeNanoseconds
            cm_emit_drag(drag, "drag-begin", target.x, target.y)
            cm_emit_drag(drag, "drag-end", 0, 0)
            if counter.selected > before { times.append(Double(counter.selectedAt - start) / 1e3) }
            map.deselectAnnotation()
        }
        gtk_window_destroy(cm_window(window))
        return ["median": Benchmarks.median(times), "p95": Benchmarks.percentile(times, 0.95), "clicks": clicks,
                "selected": times.count, "shapes": shapes.count,
                "hit_test_alone": ["median": Benchmarks.median(hitTimes), "p95": Benchmarks.percentile(hitTimes, 0.95)]]
    }
}
