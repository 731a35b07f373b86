import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import Foundation
import XCTest

/// The library's Swift surface as an app uses it: drawing, pictures, accessories as values,
/// regions and the region delegate calls.
final class LibraryAPITests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    func testDrawingContextFillsStrokesAndDrawsText() {
        MainActor.assumeIsolated {
            let red = pixel(at: Point(x: 10, y: 10)) { c in
                c.addRoundedRect(Rect(x: 2, y: 2, width: 30, height: 30), cornerRadius: 6)
                c.fill(RGBA(0xFF0000))
            }
            XCTAssertEqual(red, [255, 0, 0, 255])
            let corner = pixel(at: Point(x: 2, y: 2)) { c in
                c.addRoundedRect(Rect(x: 2, y: 2, width: 30, height: 30), cornerRadius: 6)
                c.fill(RGBA(0xFF0000))
            }
            XCTAssertEqual(corner[3], 0, "the rounded corner is left out")
            let ring = pixel(at: Point(x: 20, y: 5)) { c in
                c.addCircle(center: Point(x: 20, y: 20), radius: 15)
                c.stroke(RGBA(0x0000FF), lineWidth: 4)
            }
            XCTAssertEqual(ring, [0, 0, 255, 255], "on the stroke")
            let inside = pixel(at: Point(x: 20, y: 20)) { c in
                c.addCircle(center: Point(x: 20, y: 20), radius: 15)
                c.stroke(RGBA(0x0000FF), lineWidth: 4)
            }
            XCTAssertEqual(inside[3], 0, "a stroke does not fill")
            var inked = 0
            for x in stride(from: 0, to: 40, by: 1) {
                inked += pixel(at: Point(x: Double(x), y: 12)) { c in
                    c.draw("<b>W</b>", font: "Cantarell Bold 16px", color: RGBA(0x000000), at: Point(x: 0, y: 2))
                }[3] > 0 ? 1 : 0
            }
            XCTAssertGreaterThan(inked, 5, "text is drawn")
            let context = DrawingContext(cairoContext: cairo_create(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1))!)
            XCTAssertGreaterThan(context.size(of: "<b>W</b>", font: "Cantarell 12px").width,
                                 context.size(of: "W", font: "Cantarell 12px").width * 3, "plain text: the tags are text too")
        }
    }

    func testPinImageFromAPNGFileKeepsItsPixelsSizeAndHotspot() throws {
        try MainActor.assumeIsolated {
            // A 20×10 PNG: red left half, transparent right half, written by cairo.
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("pin-\(getpid())@2x.png")
            defer { try? FileManager.default.removeItem(at: url) }
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 20, 10)!
            let cr = cairo_create(surface)!
            cairo_set_source_rgb(cr, 1, 0, 0)
            cairo_rectangle(cr, 0, 0, 10, 10)
            cairo_fill(cr)
            cairo_destroy(cr)
            XCTAssertEqual(cairo_surface_write_to_png(surface, url.path), CAIRO_STATUS_SUCCESS)
            cairo_surface_destroy(surface)

            let image = try PinImage(contentsOfFile: url.path, scale: 2)
            XCTAssertEqual(image.size, Size(width: 10, height: 5), "an @2x file at scale 2")
            XCTAssertEqual(image.hotspot, Point(x: 5, y: 5), "bottom centre by default")
            XCTAssertEqual(pixel(at: Point(x: 2, y: 2)) { $0.draw(image, in: Rect(x: 0, y: 0, width: 10, height: 5)) }, [255, 0, 0, 255])
            XCTAssertEqual(pixel(at: Point(x: 8, y: 2)) { $0.draw(image, in: Rect(x: 0, y: 0, width: 10, height: 5)) }[3], 0)

            // In a view: the transparent half lets clicks through.
            let view = ImageAnnotationView(annotation: nil, reuseIdentifier: nil)
            view.image = image
            XCTAssertTrue(view.contains(Point(x: 2, y: 2)))
            XCTAssertFalse(view.contains(Point(x: 8, y: 2)))

            // A file that is not an image is refused, by name.
            let bad = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-picture-\(getpid()).png")
            try Data("hello".utf8).write(to: bad)
            defer { try? FileManager.default.removeItem(at: bad) }
            XCTAssertThrowsError(try PinImage(contentsOfFile: bad.path)) { error in
                XCTAssertTrue("\(error)".hasPrefix(bad.path), "\(error)")
            }
            XCTAssertThrowsError(try PinImage(encodedImage: [0x89, 0x50, 0x4E, 0x47, 0, 0]))
            XCTAssertThrowsError(try PinImage(contentsOfFile: "/nonexistent/pin.png"))
        }
    }

    final class Log: MapViewDelegate {
        var lines: [String] = []
        var controls: [CalloutControl] = []
        var accessory: (AnnotationView) -> Void = { _ in }
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
            accessory(view)
            return view
        }
        func mapView(_ mapView: MapView, annotationView view: AnnotationView, calloutAccessoryControlTapped control: CalloutControl) {
            controls.append(control)
        }
        func mapView(_ mapView: MapView, regionWillChangeAnimated animated: Bool) { lines.append("will") }
        func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) { lines.append("did") }
    }

    func testAccessoriesAsValuesReportWhichControlWasClicked() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let log = Log()
            map.delegate = log
            map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
            // A widget of the app's own, wrapped: it outlives each callout and is shown again.
            let own = gtk_button_new_with_label("Share")!
            let wrapped = CalloutAccessory.widget(own)
            log.accessory = { view in
                view.leftCalloutAccessory = wrapped
                view.rightCalloutAccessory = .button(icon: "bookmark-new-symbolic", label: "Save")
                view.detailCalloutAccessory = .stack([.text("Open today"), .textButton("Book", isSuggested: true)])
            }
            let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 400, y: 320)), title: "Pier 39")
            map.addAnnotation(pin)
            for round in 1...2 {
                map.selectAnnotation(pin)
                GtkTestSupport.spin(0.1)
                let bubble = map.callouts.bubbleWidget!
                XCTAssertTrue(gtk_widget_is_ancestor(own, bubble) != 0, "round \(round): the wrapped widget is in the callout")
                for button in CalloutContent.buttons(in: bubble) { cm_emit_clicked(button) }
                map.deselectAnnotation()
                GtkTestSupport.spin(0.3)
            }
            let once = [CalloutControl(position: .left, label: "Share"), CalloutControl(position: .detail, label: "Book"),
                        CalloutControl(position: .right, label: "Save")]
            XCTAssertEqual(log.controls, once + once, "each button once per showing, by where it is")

            // The callout-annotation approach: its ⓘ reports as the callout's own control, and the
            // callout is not one of the map's annotations.
            map.calloutMode = .annotation
            map.selectAnnotation(pin)
            GtkTestSupport.spin(0.1)
            XCTAssertEqual(map.annotations.count, 1)
            let callout = map.annotationLayer.view(for: map.callouts.calloutAnnotation!)!
            let f = callout.frame
            GtkTestSupport.click(map, Point(x: f.maxX - 21, y: f.minY + (f.height - 10) / 2))
            XCTAssertEqual(log.controls.last, CalloutControl(position: .callout, label: "Details"))
            XCTAssertTrue(map.selectedAnnotation === pin, "the pin stays selected")
        }
    }

    func testRegionsFitPlacesAndTheDelegateHearsWillThenDid() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let log = Log()
            map.delegate = log
            let places = [Coordinate(latitude: 48.8566, longitude: 2.3522), Coordinate(latitude: 51.5072, longitude: -0.1276),
                          Coordinate(latitude: 52.52, longitude: 13.405)].map { PointAnnotation(coordinate: $0, title: "city") }
            let far = PointAnnotation(coordinate: Coordinate(latitude: -33.87, longitude: 151.21), title: "Sydney")
            map.addAnnotations(places + [far])

            map.showAnnotations(places, animated: false)
            XCTAssertEqual(log.lines, ["will", "did"])
            for place in places {
                XCTAssertTrue(map.viewport.bounds.insetBy(dx: 47, dy: 47).contains(map.point(for: place)), "\(place) in view, clear of the edge")
            }
            XCTAssertFalse(map.viewport.bounds.contains(map.point(for: far)))
            let shown = map.visibleRegion
            XCTAssertEqual(map.annotations(in: shown).count, 3, "the three cities, not Sydney")
            XCTAssertTrue(map.annotations(in: shown).elementsEqual(places, by: ===), "in the order added")

            // Animated: one smooth zoom that ends exactly on the region.
            let bay = GeoBounds(west: -122.55, south: 37.70, east: -122.35, north: 37.83)!
            map.setRegion(bay, animated: true)
            XCTAssertTrue(MainLoop.iterate(until: { !map.isMoving && log.lines.count >= 4 }, timeout: 3))
            XCTAssertEqual(log.lines, ["will", "did", "will", "did"], "one will and one did for the whole move")
            let region = map.visibleRegion
            // The whole box shows (to rounding: one pair of sides touches the view's edges).
            XCTAssertLessThanOrEqual(region.west, bay.west + 1e-9)
            XCTAssertGreaterThanOrEqual(region.east, bay.east - 1e-9)
            XCTAssertLessThanOrEqual(region.south, bay.south + 1e-9)
            XCTAssertGreaterThanOrEqual(region.north, bay.north - 1e-9)
            XCTAssertEqual(map.zoom, map.viewport.fitting(bay).zoom, accuracy: 1e-6)

            // One place: no closer than zoom 15 over the offline map alone, 17 (a street) over tiles.
            map.showAnnotations([far], animated: false)
            XCTAssertEqual(map.closestFitZoom, 15)
            XCTAssertEqual(map.zoom, 15)
            map.tileLayers = [RasterTileLayer(source: try! XYZTileSource(template: "http://127.0.0.1:9/{z}/{x}/{y}.png"))]
            map.showAnnotations([far], animated: false)
            XCTAssertEqual(map.zoom, 17)
            map.tileLayers = []
        }
    }

    /// Asked before the map has a size (as an app shows the places of a file named at launch,
    /// before its window is up), the fit is made at the first allocation; fitted to no size it
    /// was the whole world at zoom 0. A later move of the camera replaces it.
    func testAFitAskedBeforeTheMapHasASizeIsMadeWhenItHasOne() {
        MainActor.assumeIsolated {
            let places = [Coordinate(latitude: 25.32, longitude: -80.28), Coordinate(latitude: 30.59, longitude: -87.87),
                          Coordinate(latitude: 27.97, longitude: -82.53)].map { PointAnnotation(coordinate: $0, title: "airport") }
            @MainActor func shown(then move: ((MapView) -> Void)? = nil) -> MapView {
                let map = MapView(basemap: GtkTestSupport.basemap, center: Coordinate(latitude: 37.7749, longitude: -122.4194), zoom: 12)
                map.addAnnotations(places)
                map.showAnnotations(places, animated: true)
                move?(map)
                let window = gtk_window_new()!
                gtk_window_set_default_size(cm_window(window), 800, 600)
                gtk_window_set_child(cm_window(window), map.widget)
                gtk_window_present(cm_window(window))
                MainLoop.iterate(until: { map.hasDrawnFirstFrame }, timeout: 5)
                gtk_window_destroy(cm_window(window))
                return map
            }
            let map = shown()
            XCTAssertGreaterThan(map.zoom, 5, "zoomed in to Florida, not the world")
            for place in places {
                XCTAssertTrue(map.viewport.bounds.insetBy(dx: 47, dy: 47).contains(map.point(for: place)), "\(place) in view")
            }
            let moved = shown { $0.setCenter(Coordinate(latitude: 10, longitude: 20), zoom: 4) }
            XCTAssertEqual(moved.zoom, 4, accuracy: 1e-9, "the later request wins")
            XCTAssertEqual(moved.centerCoordinate.latitude, 10, accuracy: 1e-6)
        }
    }

    final class SelectionLog: MapViewDelegate {
        var lines: [String] = []
        func mapView(_ mapView: MapView, didSelect view: AnnotationView) { lines.append("select \(view.annotation?.title ?? "")") }
        func mapView(_ mapView: MapView, didShowCalloutFor view: AnnotationView) { lines.append("callout \(view.annotation?.title ?? "")") }
        func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) {
            let size = mapView.viewport.size
            lines.append(size.width > 0 && size.height > 0 ? "region" : "region of no size")
        }
    }

    /// Selected before the map has a size, annotations are selected at the first allocation,
    /// after the fit asked for meanwhile (which moving to the first would have undone), and the
    /// delegate hears the first region once, with a size.
    func testASelectionAskedBeforeTheMapHasASizeIsMadeWhenItHasOne() {
        MainActor.assumeIsolated {
            let a = PointAnnotation(coordinate: Coordinate(latitude: 25.79, longitude: -80.29), title: "Miami")
            let b = PointAnnotation(coordinate: Coordinate(latitude: 27.97, longitude: -82.53), title: "Tampa")
            for fits in [true, false] {
                let map = MapView(basemap: GtkTestSupport.basemap, center: Coordinate(latitude: 37.7749, longitude: -122.4194), zoom: 12)
                let log = SelectionLog()
                map.delegate = log
                map.addAnnotations([a, b])
                if fits { map.showAnnotations([a, b], animated: true) }
                map.selectAnnotation(b)
                map.selectAnnotation(a, addingToSelection: true)
                XCTAssertEqual(map.selectedAnnotations.map(\.title), ["Tampa", "Miami"], "reported while they wait")
                XCTAssertEqual(map.selectedAnnotation?.title, "Miami")
                XCTAssertEqual(log.lines, [], "nothing is shown selected yet")
                let window = gtk_window_new()!
                gtk_window_set_default_size(cm_window(window), 800, 600)
                gtk_window_set_child(cm_window(window), map.widget)
                gtk_window_present(cm_window(window))
                MainLoop.iterate(until: { map.hasDrawnFirstFrame }, timeout: 5)
                GtkTestSupport.spin(0.2)
                // The fit, or the glide that brings a selection into view, lands (on a busy machine
                // it can take longer than the pause above: CI once found it still on its way).
                XCTAssertTrue(MainLoop.iterate(until: { !map.isMoving }, timeout: 5), "the view settles")
                XCTAssertEqual(map.selectedAnnotations.map(\.title), ["Tampa", "Miami"], "fits: \(fits)")
                XCTAssertEqual(log.lines.first, "region", "fits: \(fits)")
                XCTAssertEqual(log.lines.filter { $0.hasPrefix("select") }, ["select Tampa", "select Miami"], "fits: \(fits)")
                XCTAssertFalse(log.lines.contains("region of no size"))
                if fits {
                    for place in [a, b] { XCTAssertTrue(map.viewport.bounds.contains(map.point(for: place)), "\(place.title!) in view") }
                } else {
                    // Each was brought into view as it was selected (then a callout may pan a little).
                    XCTAssertTrue([a, b].contains { map.viewport.bounds.contains(map.point(for: $0)) }, "brought into view")
                }
                gtk_window_destroy(cm_window(window))
            }
        }
    }

    /// A shape selected before the map has a size waits with the pins (item 9 of issue 42: its
    /// anchor was removed while it waited, so it was never selected), and is reported meanwhile.
    func testAShapeSelectedBeforeTheMapHasASizeIsSelectedWhenItHasOne() {
        MainActor.assumeIsolated {
            let pin = PointAnnotation(coordinate: Coordinate(latitude: 37.80, longitude: -122.41), title: "Pier")
            let line = Polyline(coordinates: [Coordinate(latitude: 37.77, longitude: -122.45), Coordinate(latitude: 37.77, longitude: -122.40)],
                                title: "Trail")
            let map = MapView(basemap: GtkTestSupport.basemap, center: Coordinate(latitude: 37.78, longitude: -122.42), zoom: 12)
            let log = SelectionLog()
            map.delegate = log
            map.addAnnotation(pin)
            map.addOverlay(line)
            map.selectAnnotation(pin)
            map.selectOverlay(line, addingToSelection: true)
            XCTAssertTrue(map.selectedOverlay === line, "reported while it waits")
            XCTAssertEqual(map.selectedAnnotations.count, 2)
            let window = gtk_window_new()!
            defer { gtk_window_destroy(cm_window(window)) }
            gtk_window_set_default_size(cm_window(window), 800, 600)
            gtk_window_set_child(cm_window(window), map.widget)
            gtk_window_present(cm_window(window))
            MainLoop.iterate(until: { map.hasDrawnFirstFrame }, timeout: 5)
            XCTAssertTrue(map.selectedOverlay === line)
            XCTAssertEqual(map.selectedAnnotations.count, 2)
            XCTAssertEqual(log.lines.filter { $0.hasPrefix("select") }, ["select Pier", "select Trail"])
            XCTAssertNotNil(map.calloutFrame, "the shape's callout is shown")
            // A waiting shape deselected goes without a trace.
            let other = MapView(basemap: GtkTestSupport.basemap, center: Coordinate(latitude: 37.78, longitude: -122.42), zoom: 12)
            other.addOverlay(line)
            other.selectOverlay(line)
            other.deselectAnnotation()
            XCTAssertNil(other.selectedOverlay)
            XCTAssertTrue(other.annotationLayer.attached.isEmpty, "its anchor is gone with it")
        }
    }

    /// MapKit's spelling since iOS 16 — `didSelect` and `didDeselect` with the annotation — is
    /// called too, right after the one with the view (a delegate written that way worked not).
    func testTheSelectionIsToldInMapKitsAnnotationSpellingToo() {
        MainActor.assumeIsolated {
            final class MapKitStyle: MapViewDelegate {
                var lines: [String] = []
                func mapView(_ mapView: MapView, didSelect view: AnnotationView) { lines.append("view \(view.annotation?.title ?? "")") }
                func mapView(_ mapView: MapView, didSelect annotation: any Annotation) { lines.append("select \(annotation.title ?? "")") }
                func mapView(_ mapView: MapView, didDeselect annotation: any Annotation) { lines.append("deselect \(annotation.title ?? "")") }
            }
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let log = MapKitStyle()
            map.delegate = log
            let pin = PointAnnotation(coordinate: map.centerCoordinate, title: "Pier")
            map.addAnnotation(pin)
            map.selectAnnotation(pin, animated: false)
            map.deselectAnnotation(pin, animated: false)
            XCTAssertEqual(log.lines, ["view Pier", "select Pier", "deselect Pier"])
        }
    }
}

/// Draws into a fresh image and returns the pixel at a point as (r, g, b, a), 0…255.
private func pixel(at p: Point, size: Size = Size(width: 40, height: 40), _ draw: (DrawingContext) -> Void) -> [Int] {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))!
    let cr = cairo_create(surface)!
    draw(DrawingContext(cairoContext: cr))
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    defer { cairo_surface_destroy(surface) }
    let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
    let i = Int(p.y) * stride + Int(p.x) * 4  // BGRA in memory (little-endian ARGB32)
    return [Int(data[i + 2]), Int(data[i + 1]), Int(data[i]), Int(data[i + 3])]
}
