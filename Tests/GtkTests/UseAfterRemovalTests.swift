import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// Callbacks that arrive after their object has gone do nothing, safely: an accessory
/// tapped as its pin goes, a popover closing as its map is disposed, a worker landing
/// after its window closed, and a client calling a map whose widget is gone.
final class UseAfterRemovalTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    typealias Log = CalloutTests.Log

    func testAnAccessoryTappedAsItsPinIsRemovedDoesNothing() {
        MainActor.assumeIsolated {
            for mode in [CalloutMode.standard, .popover] {
                let (window, map, log, pin) = calloutMap(mode)
                defer { gtk_window_destroy(cm_window(window)) }
                map.selectAnnotation(pin, animated: false)
                GtkTestSupport.spin(0.2)
                guard let button = heldButton(map) else { return XCTFail("\(mode): no accessory button") }
                defer { g_object_unref(button.rawObject) }
                map.removeAnnotation(pin)
                cm_emit_clicked(button)  // the click that was already on its way
                GtkTestSupport.spin(0.3)
                XCTAssertEqual(log.lines.filter { $0 == "accessory" }, [], "\(mode): no tap for a pin that is gone")
                XCTAssertNil(map.selectedAnnotation)
                XCTAssertFalse(map.callouts.isShowing, "\(mode)")
            }
        }
    }

    func testTheDelegateRemovingThePinFromItsOwnAccessoryTap() {
        MainActor.assumeIsolated {
            for mode in [CalloutMode.standard, .custom, .popover] {
                let (window, map, log, pin) = calloutMap(mode)
                defer { gtk_window_destroy(cm_window(window)) }
                log.removeOnTap = true
                map.selectAnnotation(pin, animated: false)
                GtkTestSupport.spin(0.2)
                guard let button = heldButton(map) else { continue }  // the demo's custom callout has no button here
                defer { g_object_unref(button.rawObject) }
                cm_emit_clicked(button)
                cm_emit_clicked(button)  // a second click lands on a callout already gone
                GtkTestSupport.spin(0.3)
                XCTAssertEqual(log.lines.filter { $0 == "accessory" }.count, 1, "\(mode)")
                XCTAssertEqual(map.annotations.count, 0)
                XCTAssertFalse(map.callouts.isShowing, "\(mode): no callout for a pin that is gone")
                XCTAssertEqual(log.lines.filter { $0 == "shown" }.count, log.lines.filter { $0 == "hidden" }.count, "\(mode): \(log.lines)")
            }
        }
    }

    func testAPopoverClosingAsItsMapIsDisposed() {
        MainActor.assumeIsolated {
            weak var weakMap: MapView?
            var popoverWatch: FinalizeWatch?
            do {
                let (window, map, log, pin) = calloutMap(.popover)
                weakMap = map
                map.selectAnnotation(pin, animated: false)
                GtkTestSupport.spin(0.2)
                let popover = map.callouts.popoverWidget!
                popoverWatch = FinalizeWatch(popover.rawObject)
                // Destroying the window closes the popover from inside the map's dispose; the
                // "closed" handling that waits for the main loop then finds the map gone.
                gtk_window_destroy(cm_window(window))
                let heard = log.lines
                GtkTestSupport.spin(0.3)
                XCTAssertEqual(log.lines, heard, "nothing reported by a map that is gone")
            }
            GtkTestSupport.spin(0.2)
            XCTAssertNil(weakMap, "the map went with its window")
            XCTAssertEqual(popoverWatch?.finalized, true, "and so did its popover")
        }
    }

    func testAClusteringWorkerLandingAfterItsWindowClosed() {
        MainActor.assumeIsolated {
            weak var weakMap: MapView?
            weak var weakLayer: AnnotationLayer?
            do {
                let (window, map) = GtkTestSupport.mapWindow()
                weakMap = map
                weakLayer = map.annotationLayer
                map.annotationLayer.clusters.backgroundThreshold = 1_000
                map.clusteringIdentifier = { _ in "all" }
                map.addAnnotations((0..<60_000).map { i in
                    PointAnnotation(coordinate: Coordinate(latitude: 37 + Double(i % 300) / 300, longitude: -122.9 + Double(i / 300) / 200))
                })
                map.annotationLayer.layout(map.viewport)
                XCTAssertTrue(map.annotationLayer.clusters.isBuilding)
                gtk_window_destroy(cm_window(window))  // while the worker runs
            }
            GtkTestSupport.spin(0.05)
            XCTAssertNil(weakMap, "the worker does not keep the map")
            XCTAssertNil(weakLayer, "nor its layer")
            GtkTestSupport.spin(2)  // the worker lands on nothing
        }
    }

    func testCallingAMapWhoseWidgetIsGoneDoesNothing() {
        MainActor.assumeIsolated {
            let (window, map, log, pin) = calloutMap(.standard)
            map.selectAnnotation(pin, animated: false)
            GtkTestSupport.spin(0.1)
            gtk_window_destroy(cm_window(window))
            GtkTestSupport.spin(0.1)
            XCTAssertTrue(map.isDisposed)
            let other = PointAnnotation(coordinate: pin.coordinate, title: "Other")
            for mode in CalloutMode.allCases {
                map.calloutMode = mode
                map.addAnnotation(other)
                map.selectAnnotation(other)
                map.selectAnnotation(pin, animated: false)
                map.zoom(by: 1)
                map.pan(by: Point(x: 10, y: 10))
                map.setCenter(pin.coordinate, zoom: 14)
                map.deselectAnnotation()
                map.removeAnnotation(other)
            }
            map.removeAnnotation(pin)
            GtkTestSupport.spin(0.5)
            XCTAssertFalse(map.callouts.isShowing)
            XCTAssertFalse(log.lines.contains("shown") && log.lines.last == "shown", "no callout shown by a disposed map")
        }
    }
}

/// The callout's first button, with a reference of our own so it outlives the callout.
@MainActor private func heldButton(_ map: MapView) -> UnsafeMutablePointer<GtkWidget>? {
    let root = map.callouts.bubbleWidget ?? map.callouts.popoverWidget
    guard let root, let button = CalloutContent.buttons(in: root).first else { return nil }
    g_object_ref(button.rawObject)
    return button
}
