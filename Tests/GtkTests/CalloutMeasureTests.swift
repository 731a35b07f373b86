import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// One measure of a callout: what `CalloutMeasure` works out without widgets is the size GTK
/// gives the window's bubble of the same content, and a picture (`MapSnapshotter`, what
/// `calloutmap render` uses) puts a callout at the frame a window puts it, by the scale bar too.
final class CalloutMeasureTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    private static let palace = "The Palace of Fine Arts, a monumental structure built for the Panama-Pacific Exposition of 1915"

    /// Contents of every kind the library builds, each checked in the standard and custom approaches.
    @MainActor
    private static let contents: [(name: String, title: String, subtitle: String?, configure: @MainActor (AnnotationView) -> Void)] = [
        ("a title alone", "Coit Tower", nil, { _ in }),
        ("a subtitle", "Lombard Street", "The crooked block", { _ in }),
        ("an ⓘ", "Golden Gate Bridge", "Opened: May 27, 1937", { $0.rightCalloutAccessory = .detailDisclosure() }),
        ("a picture at the left", "San Francisco", "City by the Bay", {
            $0.leftCalloutAccessory = .image(.flag, size: Size(width: 24, height: 30))
        }),
        ("a picture for a subtitle", "Ferry Building", "Marketplace", {
            $0.detailCalloutAccessory = .image(.flag, size: Size(width: 150, height: 64))
        }),
        ("a title that wraps", palace, "Marina District", { $0.rightCalloutAccessory = .button(icon: "bookmark-new-symbolic", label: "Save") }),
        ("a text button", "Market hall", "Open 7–19", { $0.rightCalloutAccessory = .textButton("Book a table", isSuggested: true) }),
        ("a stack", "Pier 39", nil, {
            $0.detailCalloutAccessory = .stack([.text("Sea lions on the docks, most of the year"), .text("Free", style: .caption),
                                                .textButton("Directions")])
        }),
        ("properties", "Alcatraz", nil, {
            $0.detailCalloutAccessory = .properties(["Opened": "1934", "Closed": "1963", "Ferry": "Pier 33, every 30 minutes"])
        }),
    ]

    func testTheMeasureIsTheSizeGTKGivesTheBubble() {
        MainActor.assumeIsolated {
            for mode in [CalloutMode.standard, .custom] {
                for c in Self.contents {
                    let (window, map, bubble, _) = CalloutSizeTests.bubble(title: c.title, subtitle: c.subtitle, mode: mode, configure: c.configure)
                    defer { gtk_window_destroy(cm_window(window)) }
                    guard let view = map.selectedAnnotations.first.flatMap({ map.view(for: $0) }) else {
                        XCTFail("\(c.name): no view"); continue
                    }
                    let sketch = CalloutSketch(mode: mode, view: view, style: .light)
                    XCTAssertEqual(sketch.bodySize, bubble.bodySize, "\(mode), \(c.name)")
                }
            }
        }
    }

    func testAPictureAndTheWindowPutACalloutAtTheSameFrame() throws {
        try MainActor.assumeIsolated {
            let center = Coordinate(latitude: 37.78, longitude: -122.42), zoom = 13.0
            let size = Size(width: 800, height: 600)
            // Mid-map, and low in the scale bar's corner, where the callout must keep clear of it.
            let spots = [Point(x: 400, y: 300), Point(x: 60, y: 590), Point(x: 790, y: 40)]
            for mode in [CalloutMode.standard, .custom] {
                for spot in spots {
                    for c in [1, 2, 3].map({ Self.contents[$0] }) {  // a subtitle, an ⓘ, a picture at the left
                        let (window, map) = GtkTestSupport.mapWindow()
                        defer { gtk_window_destroy(cm_window(window)) }
                        map.setCenter(center, zoom: zoom)
                        GtkTestSupport.spin()
                        XCTAssertEqual(map.viewport.size, size)
                        let views = CalloutSizeTests.Views()
                        views.configure = c.configure
                        map.delegate = views
                        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
                        map.calloutMode = mode
                        let coordinate = map.viewport.coordinate(at: spot)
                        let pin = PointAnnotation(coordinate: coordinate, title: c.title, subtitle: c.subtitle)
                        map.addAnnotation(pin)
                        GtkTestSupport.spin()
                        map.selectAnnotation(pin)
                        GtkTestSupport.spin(0.6)  // the pan that shows the callout, if any, is over
                        let windowFrame = try XCTUnwrap(map.calloutFrame(for: pin), "\(c.name)")

                        let snapshot = MapSnapshotter(basemap: GtkTestSupport.basemap, center: center, zoom: zoom, size: size)
                        snapshot.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
                        snapshot.viewProvider = { [unowned snapshot] annotation in
                            let view = snapshot.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
                            c.configure(view)
                            return view
                        }
                        let same = PointAnnotation(coordinate: coordinate, title: c.title, subtitle: c.subtitle)
                        snapshot.addAnnotations([same])
                        snapshot.selectAnnotation(same, calloutMode: mode)
                        let path = FileManager.default.temporaryDirectory.appendingPathComponent("measure-\(getpid()).png").path
                        defer { try? FileManager.default.removeItem(atPath: path) }
                        let outcome = try snapshot.writePNG(to: path)
                        // The window reports where the callout is on the map as it is now (after its
                        // pan); the picture, in the picture it drew after the same pan.
                        XCTAssertEqual(outcome.calloutFrame, windowFrame, "\(mode), \(c.name) at \(spot)")
                        XCTAssertEqual(outcome.center.latitude, map.centerCoordinate.latitude, accuracy: 1e-6, "\(mode), \(c.name) at \(spot)")
                        XCTAssertEqual(outcome.center.longitude, map.centerCoordinate.longitude, accuracy: 1e-6, "\(mode), \(c.name) at \(spot)")
                    }
                }
            }
        }
    }
}
