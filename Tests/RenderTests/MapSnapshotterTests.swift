import CCalloutMapGtk
import CalloutMapCore
import CalloutMapWidget
import Foundation
import XCTest

/// A picture of a map through the public snapshot API (what `calloutmap render` uses): pins
/// drawn with the views given, a selection's callout, names, the size and scale asked for.
final class MapSnapshotterTests: XCTestCase {
    @MainActor
    private static func pixels(of path: String) throws -> (width: Int, height: Int, color: (Int, Int) -> RGBA) {
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_filename(path, &error) else {
            throw NSError(domain: "png", code: 1, userInfo: [NSLocalizedDescriptionKey: error.map { String(cString: $0.pointee.message) } ?? "?"])
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let w = Int(gdk_texture_get_width(texture)), h = Int(gdk_texture_get_height(texture))
        var buffer = [UInt8](repeating: 0, count: w * h * 4)
        gdk_texture_download(texture, &buffer, gsize(w * 4))
        return (w, h, { x, y in
            let i = (y * w + x) * 4
            return RGBA(UInt32(buffer[i + 2]) << 16 | UInt32(buffer[i + 1]) << 8 | UInt32(buffer[i]))
        })
    }

    func testASnapshotDrawsThePinsTheSelectionAndTheNames() throws {
        try MainActor.assumeIsolated {
            let center = Coordinate(latitude: 48.86, longitude: 2.35)
            let size = Size(width: 400, height: 300)
            let snapshot = MapSnapshotter(basemap: RenderedMap.basemap, center: center, zoom: 11, size: size, scale: 2)
            snapshot.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
            snapshot.viewProvider = { [unowned snapshot] annotation in
                let view = snapshot.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation) as! MarkerAnnotationView
                view.markerTintColor = RGBA(0x26A269)  // green, nowhere else on the map
                return view
            }
            let pin = PointAnnotation(coordinate: Coordinate(latitude: 48.80, longitude: 2.25), title: "Here")
            snapshot.addAnnotations([pin])
            snapshot.worldPlaces = try WorldPlaces.bundled()
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(getpid()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let outcome = try snapshot.writePNG(to: path)
            XCTAssertEqual(outcome.lateTiles, 0)
            XCTAssertFalse(outcome.clustersLeftOut)
            let picture = try Self.pixels(of: path)
            XCTAssertEqual(picture.width, 800)
            XCTAssertEqual(picture.height, 600)
            // The marker's body, just above its tip, in its colour.
            let tip = Viewport(center: center, zoom: 11, size: size).screenPoint(for: pin.coordinate)
            let body = picture.color(Int(tip.x * 2), Int((tip.y - 20) * 2))
            XCTAssertLessThan(body.distance(to: RGBA(0x26A269)), 40, "the pin drawn with the view given")
            // Paris's name near the centre: dark text pixels where the offline map has none.
            var dark = 0
            for y in 250..<350 { for x in 350..<600 where picture.color(x, y).red < 0.3 { dark += 1 } }
            XCTAssertGreaterThan(dark, 20, "Paris named")

            // Selected, the pin's callout is drawn (a white bubble over the map) and the pin stays in the picture.
            snapshot.selectAnnotation(pin, calloutMode: .standard)
            snapshot.worldPlaces = nil
            try snapshot.writePNG(to: path)
            let selected = try Self.pixels(of: path)
            var white = 0
            for y in stride(from: 0, to: 600, by: 4) { for x in stride(from: 0, to: 800, by: 4) where selected.color(x, y).distance(to: RGBA(0xFFFFFF)) < 3 { white += 1 } }
            XCTAssertGreaterThan(white, 300, "a callout bubble")
        }
    }

    /// `render --select` places a callout as the window does (issue 42, item 2): clear of the
    /// scale bar and the credits, on the side the window's arranger picks, after the same pan.
    /// A pin low on the left of a short map: no room above or below, and to its right the
    /// callout would lie on the credits (where the lone placer the snapshot used put it).
    func testARenderedCalloutKeepsClearOfTheScaleBarAndTheCredits() throws {
        try MainActor.assumeIsolated {
            let size = Size(width: 400, height: 120)
            let pin = PointAnnotation(coordinate: Coordinate(latitude: 37.7749, longitude: -122.4194),
                                      title: "Civic Center", subtitle: "San Francisco City Hall")
            var view = Viewport(center: pin.coordinate, zoom: 12, size: size)
            view.pan(by: Point(x: -140, y: 40))  // the pin at (60, 100)
            let snapshot = MapSnapshotter(basemap: RenderedMap.basemap, center: view.centerCoordinate, zoom: 12, size: size, scale: 1)
            snapshot.addAnnotations([pin])
            snapshot.selectAnnotation(pin, calloutMode: .standard)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-plates-\(getpid()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let outcome = try snapshot.writePNG(to: path)
            let frame = try XCTUnwrap(outcome.calloutFrame)
            let shown = Viewport(center: outcome.center, zoom: 12, size: size)
            let plates = MapScene(viewport: shown, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))).plates
            XCTAssertEqual(plates.count, 2, "the scale bar and the credits")
            for plate in plates { XCTAssertFalse(frame.intersects(plate), "callout \(frame) over a plate \(plate)") }
            XCTAssertTrue(frame.minX >= 0 && frame.minY >= 0 && frame.maxX <= size.width && frame.maxY <= size.height, "callout \(frame) in the picture")
        }
    }

    /// A pin in the scale bar's corner shows whole over its plate (issue 42, item 9: cluster
    /// badges there were drawn over): a click there is the pin's.
    func testAPinInTheScaleBarsCornerIsDrawnOverItsPlate() throws {
        try MainActor.assumeIsolated {
            let size = Size(width: 400, height: 300)
            let center = Coordinate(latitude: 37.7749, longitude: -122.4194)
            let shown = Viewport(center: center, zoom: 12, size: size)
            let plates = MapScene(viewport: shown, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))).plates
            let scaleBar = try XCTUnwrap(plates.min { $0.minX < $1.minX })
            // The marker's body (20 points above its tip) in the middle of the scale bar's plate.
            let body = Point(x: scaleBar.minX + 30, y: scaleBar.center.y)
            let pin = PointAnnotation(coordinate: shown.coordinate(at: Point(x: body.x, y: body.y + 20)), title: "Corner")
            let snapshot = MapSnapshotter(basemap: RenderedMap.basemap, center: center, zoom: 12, size: size, scale: 1)
            snapshot.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
            snapshot.viewProvider = { [unowned snapshot] annotation in
                let view = snapshot.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation) as! MarkerAnnotationView
                view.markerTintColor = RGBA(0x26A269)
                return view
            }
            snapshot.addAnnotations([pin])
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-corner-\(getpid()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try snapshot.writePNG(to: path)
            let picture = try Self.pixels(of: path)
            var green = 0  // around the marker's white dot
            for y in Int(body.y) - 8...Int(body.y) + 4 { for x in Int(body.x) - 10...Int(body.x) + 10 where picture.color(x, y).distance(to: RGBA(0x26A269)) < 40 { green += 1 } }
            XCTAssertGreaterThan(green, 100, "the pin, not the plate")
        }
    }
}
