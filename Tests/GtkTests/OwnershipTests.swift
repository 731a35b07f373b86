import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapAdw
import CalloutMapGtk
import XCTest

/// Every kind of ownership hand-over between our code and GTK or libadwaita, one test each:
/// a reference given away (transfer full), one a container takes for itself (so ours is
/// dropped), a floating one sunk by its receiver, one GTK hands us (ours to drop), and widgets
/// that go while their animations run. A reference dropped once too often is a critical
/// warning (fatal here) or a crash; one dropped too seldom leaves the object alive.
final class OwnershipTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "GTK widgets need a display (scripts/test.sh runs Xvfb)")
        MainActor.assumeIsolated { adw_init() }
    }

    private static func references(_ object: some GObjectPointer) -> UInt32 {
        cm_object(object.rawObject).pointee.ref_count
    }

    /// `g_action_map_add_action` takes a reference of its own: the action lives as long as its map.
    func testAnActionAddedToAMapLivesExactlyAsLongAsTheMap() {
        MainActor.assumeIsolated {
            let boxes = ClosureBoxes.liveCount
            let group = g_simple_action_group_new()!
            var runs = 0
            let action = Actions.add("go", to: group) { runs += 1 }
            XCTAssertEqual(Self.references(action), 1, "the map's reference alone")
            let watch = FinalizeWatch(action.rawObject)
            g_action_group_activate_action(cm_action_group(group.rawObject), "go", nil)
            XCTAssertEqual(runs, 1)
            XCTAssertEqual(ClosureBoxes.liveCount, boxes + 1)
            g_object_unref(group.rawObject)
            XCTAssertTrue(watch.finalized, "gone with its map")
            XCTAssertEqual(ClosureBoxes.liveCount, boxes, "and its closure with it")
        }
    }

    /// A state is given floating (`g_variant_new_boolean`) and sunk by the action; a state read
    /// back (`g_action_get_state`) is ours to drop. A thousand changes either way leave one
    /// reference on the current state, the action's.
    func testStatesGivenFloatingAndReadBackKeepTheirCounts() {
        MainActor.assumeIsolated {
            let group = g_simple_action_group_new()!
            defer { g_object_unref(group.rawObject) }
            var changes = 0
            let action = Actions.addSwitch("panel", to: group, state: false) { _ in changes += 1 }
            for _ in 0..<1_000 {
                g_action_change_state(action, g_variant_new_boolean(Actions.isOn(action) ? 0 : 1))
                g_action_group_activate_action(cm_action_group(group.rawObject), "panel", nil)  // flips
            }
            XCTAssertEqual(changes, 2_000)
            XCTAssertFalse(Actions.isOn(action))
            let state = g_action_get_state(action)!
            XCTAssertEqual(g_variant_is_floating(state), 0)
            g_variant_ref(state)
            g_variant_unref(state)
            g_variant_unref(state)  // ours; the action's remains
            XCTAssertFalse(Actions.isOn(action), "the action's state is still there")

            let choice = Actions.addChoice("mode", to: group, state: "standard") { _ in }
            g_action_change_state(choice, g_variant_new_string("popover"))
            let mode = g_action_get_state(choice)!
            defer { g_variant_unref(mode) }
            XCTAssertEqual(String(cString: g_variant_get_string(mode, nil)), "popover")
        }
    }

    /// `gtk_widget_add_controller` takes our reference; looking a controller up through the
    /// widget's list model hands us references that are dropped again.
    func testAControllerGivenToAWidgetKeepsTheWidgetsReferenceOnly() {
        MainActor.assumeIsolated {
            let widget = ObjectRef(sinking: gtk_label_new("x")!.rawObject)
            let click = gtk_gesture_click_new()!
            gtk_widget_add_controller(cast(widget.pointer), cm_controller(click.rawObject))
            XCTAssertEqual(Self.references(click), 1, "the widget's")
            for _ in 0..<100 { XCTAssertNotNil(eventController(ofType: "GtkGestureClick", on: cast(widget.pointer))) }
            XCTAssertEqual(Self.references(click), 1, "lookups leave no reference behind and take none away")
        }
    }

    /// GTK 4's file filters are not floating: the chooser takes a reference of its own and ours
    /// is dropped, so the filters go with their dialog.
    func testAFileChoosersFiltersGoWithIt() {
        MainActor.assumeIsolated {
            let native = gtk_file_chooser_native_new("Open", nil, GTK_FILE_CHOOSER_ACTION_OPEN, nil, nil)!
            FileChooserFilter.add(to: native, named: "Places", patterns: ["*.geojson", "*.gpx"], mimeTypes: ["application/geo+json"])
            FileChooserFilter.add(to: native, named: "MBTiles", patterns: ["*.mbtiles"])
            let filters = gtk_file_chooser_get_filters(native)!
            XCTAssertEqual(g_list_model_get_n_items(filters), 2)
            let first = g_list_model_get_item(filters, 0)!
            g_object_unref(filters.rawObject)
            XCTAssertEqual(String(cString: gtk_file_filter_get_name(OpaquePointer(first))), "Places")
            let watch = FinalizeWatch(first)
            g_object_unref(first)  // the list model's item
            g_object_unref(native.rawObject)
            GtkTestSupport.spin(0.05)
            XCTAssertTrue(watch.finalized, "gone with the dialog")
        }
    }

    /// A new widget is floating: the container it is put in sinks it, and it goes with the
    /// container. `ObjectRef(sinking:)` on a widget already in a container adds a reference.
    func testAFloatingWidgetGoesWithItsContainerUnlessWeKeepIt() {
        MainActor.assumeIsolated {
            var box: ObjectRef? = ObjectRef(sinking: gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!.rawObject)
            let given = gtk_label_new("given")!, kept = gtk_label_new("kept")!
            gtk_box_append(cast(box!.pointer), given)
            gtk_box_append(cast(box!.pointer), kept)
            let keptRef = ObjectRef(sinking: kept.rawObject)
            XCTAssertEqual(Self.references(given), 1)
            XCTAssertEqual(Self.references(kept), 2)
            let givenWatch = FinalizeWatch(given.rawObject), keptWatch = FinalizeWatch(kept.rawObject)
            box = nil
            XCTAssertTrue(givenWatch.finalized, "the child goes with its container")
            XCTAssertFalse(keptWatch.finalized, "one we hold stays")
            XCTAssertNil(gtk_widget_get_parent(cast(keptRef.pointer)), "unparented")
        }
    }

    /// Widgets destroyed while libadwaita animates them: the side panel's flap sliding and toasts
    /// sliding in and fading out, with more toasts waiting, as the window closes (F9, Escape and
    /// Ctrl+W in a storm). libadwaita skips an animation whose widget is unmapped; nothing may be
    /// released twice on the way, and a toast's wait may not touch a freed overlay.
    func testWidgetsDestroyedWhileTheyAnimateReleaseEverythingOnce() {
        MainActor.assumeIsolated {
            for round in 0..<3 {
                let window = gtk_window_new()!
                let flap = adw_flap_new()!
                var queue: ToastQueue! = ToastQueue()  // as the window's owner holds it, until the window has gone
                adw_toast_overlay_set_child(OpaquePointer(queue.overlay), flap)
                adw_flap_set_content(OpaquePointer(flap), gtk_label_new("map"))
                adw_flap_set_flap(OpaquePointer(flap), gtk_label_new("panel"))
                gtk_window_set_child(cm_window(window), queue.overlay)
                gtk_window_set_default_size(cm_window(window), 600, 400)
                gtk_window_present(cm_window(window))
                MainLoop.iterate(until: { gtk_widget_get_mapped(flap) != 0 }, timeout: 5)
                let flapWatch = FinalizeWatch(flap.rawObject)
                let toasts = (0..<3).map { i -> OpaquePointer in
                    let t = adw_toast_new("Toast \(i)")!
                    adw_toast_set_timeout(t, 0)
                    return t
                }
                let firstWatch = FinalizeWatch(UnsafeMutableRawPointer(toasts[0]))
                g_object_ref(UnsafeMutableRawPointer(toasts[0]))
                toasts.forEach { queue.add($0) }
                GtkTestSupport.spin(0.1 * Double(round))
                adw_flap_set_reveal_flap(OpaquePointer(flap), adw_flap_get_reveal_flap(OpaquePointer(flap)) == 0 ? 1 : 0)
                adw_toast_dismiss(toasts[0])  // fading out, the next waiting to come up
                g_object_unref(UnsafeMutableRawPointer(toasts[0]))
                GtkTestSupport.spin(0.05)
                gtk_window_destroy(cm_window(window))
                GtkTestSupport.spin(0.6)  // past every animation and the queue's polls
                XCTAssertTrue(firstWatch.finalized, "round \(round): the dismissed toast went")
                let overlayWatch = FinalizeWatch(queue.overlay.rawObject)
                queue = nil
                XCTAssertTrue(overlayWatch.finalized, "round \(round): the overlay went with its queue")
                XCTAssertTrue(flapWatch.finalized, "round \(round): and the flap with it")
            }
        }
    }
}
