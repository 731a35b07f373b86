import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import XCTest

/// The Swift↔GTK layer owns references and closures exactly once.
final class LifetimeTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "GTK widgets need a display (scripts/test.sh runs Xvfb)")
    }

    func testSignalClosureIsReleasedOnceOnDisconnect() {
        MainActor.assumeIsolated {
            let button = ObjectRef(sinking: gtk_button_new()!.rawObject)
            let before = ClosureBoxes.liveCount
            var clicks = 0
            let id = Signal.connect(button.pointer, "clicked") { clicks += 1 }
            XCTAssertEqual(ClosureBoxes.liveCount, before + 1)
            cm_emit_clicked(button.pointer)
            XCTAssertEqual(clicks, 1)
            Signal.disconnect(button.pointer, id)
            XCTAssertEqual(ClosureBoxes.liveCount, before, "released on disconnect")
            cm_emit_clicked(button.pointer)
            XCTAssertEqual(clicks, 1, "no longer called")
        }
    }

    func testSignalClosureIsReleasedOnceWhenTheObjectIsFinalized() {
        MainActor.assumeIsolated {
            let before = ClosureBoxes.liveCount
            weak var weakOwner: AnyObject?
            do {
                final class Owner {}
                let owner = Owner()
                weakOwner = owner
                var button: ObjectRef? = ObjectRef(sinking: gtk_button_new()!.rawObject)
                Signal.connect(button!.pointer, "clicked") { _ = owner }  // the closure keeps owner alive
                Signal.connect(button!.pointer, "clicked") {}
                XCTAssertEqual(ClosureBoxes.liveCount, before + 2)
                let watch = FinalizeWatch(button!.pointer)
                button = nil
                XCTAssertTrue(watch.finalized, "one owned reference, dropped in deinit")
            }
            XCTAssertEqual(ClosureBoxes.liveCount, before, "both closures released with the object")
            XCTAssertNil(weakOwner, "and what they captured")
        }
    }

    func testSignalArgumentsArriveInTheirPlaces() {
        MainActor.assumeIsolated {
            let label = ObjectRef(sinking: gtk_label_new("a")!.rawObject)
            var names: [String] = []
            Signal.connect(label.pointer, "notify::label") { (pspec: UnsafeMutableRawPointer?) in
                names.append(String(cString: g_param_spec_get_name(pspec?.assumingMemoryBound(to: GParamSpec.self))))
            }
            gtk_label_set_label(label.opaque, "b")
            XCTAssertEqual(names, ["label"], "the pointer argument is the signal's, not the closure box")
        }
    }

    func testObjectRefSinksFloatingReferences() {
        MainActor.assumeIsolated {
            let label = gtk_label_new("x")!
            XCTAssertNotEqual(g_object_is_floating(label.rawObject), 0)
            var ref: ObjectRef? = ObjectRef(sinking: label.rawObject)
            XCTAssertEqual(g_object_is_floating(label.rawObject), 0)
            XCTAssertEqual(cm_object(label.rawObject).pointee.ref_count, 1)
            let watch = FinalizeWatch(label.rawObject)
            ref = nil
            XCTAssertTrue(watch.finalized)
            _ = ref
        }
    }

    func testTaskRunsUnderTheGLibMainLoop() {
        MainActor.assumeIsolated {
            var ran = false
            Task { @MainActor in ran = true }
            XCTAssertTrue(MainLoop.isBridged)
            XCTAssertTrue(MainLoop.iterate(until: { ran }, timeout: 2), "Task on the main actor ran from GLib's loop")
            var afterSleep = false
            Task { @MainActor in
                try? await Task.sleep(nanoseconds: 20_000_000)
                afterSleep = true
            }
            XCTAssertTrue(MainLoop.iterate(until: { afterSleep }, timeout: 2), "and resumed after an await")
        }
    }

    func testMapWidgetIsFinalizedWithItsWindowAndReleasesTheMapView() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
        MainActor.assumeIsolated {
            GtkTestSupport.spin(0.3)  // let earlier tests' pending timers run (and release their closures)
            let before = ClosureBoxes.liveCount
            weak var weakMap: MapView?
            var watch: FinalizeWatch?
            do {
                let (window, map) = GtkTestSupport.mapWindow()
                weakMap = map
                watch = FinalizeWatch(map.widget.rawObject)
                XCTAssertGreaterThan(ClosureBoxes.liveCount, before)
                gtk_window_destroy(cm_window(window))
            }
            GtkTestSupport.spin(0.3)
            XCTAssertEqual(watch?.finalized, true, "the widget went with its window")
            XCTAssertNil(weakMap, "no retain cycle keeps the MapView alive")
            XCTAssertLessThanOrEqual(ClosureBoxes.liveCount, before, "every controller closure released")
        }
    }
}
