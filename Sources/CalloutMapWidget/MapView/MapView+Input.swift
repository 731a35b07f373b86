import CCalloutMapGtk
import CalloutMapCore
import Foundation
import CalloutMapGtk

/// Pointer, touchpad and keyboard input: drag to pan with a fling, wheel and
/// pinch zoom anchored where the pointer or fingers are, double-click zoom, the context
/// menu's gestures; the controllers that hand keys to `keyPressed` (MapView+Keys.swift).
/// What the input does to the camera is `motion`'s (CameraMotion); what a press becomes — a
/// pan, a pin's drag, a click — is `PressHandler`'s; a dragged pin moves as MapView+PinDragging says.
extension MapView: PressTarget {
    func isOnCallout(_ point: Point) -> Bool { callouts.contains(point) }

    func settleSoon() {
        Timer.after(milliseconds: 0) { [weak self] in
            guard let self, !self.isMoving else { return }
            self.regionChanged(settled: true, animated: false)
        }
    }

    func installControllers() {
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(cm_gesture_single(drag.rawObject), 0)
        Signal.connect(drag, "drag-begin") { [weak self] (x: Double, y: Double) -> Void in
            // A finger is wider than a pointer: shapes are hit with more slack after a touch.
            let device = gtk_event_controller_get_current_event_device(cm_controller(drag.rawObject))
            let state = gtk_event_controller_get_current_event_state(cm_controller(drag.rawObject))
            // Only the primary button (or a finger) clicks; the secondary opens the context menu.
            let button = gtk_gesture_single_get_current_button(cm_gesture_single(drag.rawObject))
            self?.input.beginPress(isTouch: device.map { gdk_device_get_source($0) == GDK_SOURCE_TOUCHSCREEN } ?? false,
                                   addsToSelection: state.rawValue & GDK_CONTROL_MASK.rawValue != 0,
                                   isPrimary: button == 0 || button == UInt32(GDK_BUTTON_PRIMARY))
            self?.dragBegan(at: Point(x: x, y: y))
        }
        Signal.connect(drag, "drag-update") { [weak self] (dx: Double, dy: Double) in self?.dragMoved(by: Point(x: dx, y: dy)) }
        Signal.connect(drag, "drag-end") { [weak self] (dx: Double, dy: Double) in self?.dragEnded(at: Point(x: dx, y: dy)) }
        add(drag)

        let swipe = gtk_gesture_swipe_new()!
        Signal.connect(swipe, "swipe") { [weak self] (vx: Double, vy: Double) in self?.flung(velocity: Point(x: vx, y: vy)) }
        add(swipe)

        // Double-click zooms in; the secondary button opens the context menu.
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(cm_gesture_single(click.rawObject), 0)
        Signal.connect(click, "pressed") { [weak self] (n: Int, x: Double, y: Double) in
            guard let self else { return }
            if let widget = self.widget { gtk_widget_grab_focus(widget) }
            let button = gtk_gesture_single_get_current_button(cm_gesture_single(click.rawObject))
            if n >= 2 { self.input.tapsAnswered &+= 1 }  // the first click's tap is no tap: a double-click zooms
            if button == UInt32(GDK_BUTTON_SECONDARY) {
                self.openContextMenu(at: Point(x: x, y: y))
            } else if n == 2 && button != UInt32(GDK_BUTTON_MIDDLE) {
                self.zoom(by: ZoomSteps.key, keeping: Point(x: x, y: y))
            }
        }
        add(click)

        // A press held still: the delegate hears it on the empty map; a finger's opens the
        // context menu. Its release is no click.
        let hold = gtk_gesture_long_press_new()!
        Signal.connect(hold, "pressed") { [weak self] (x: Double, y: Double) -> Void in
            guard let self else { return }
            self.input.openedMenu = true
            let p = Point(x: x, y: y)
            if self.annotationView(at: p) == nil, self.overlays(at: p).isEmpty, !self.callouts.contains(p) {
                self.delegate?.mapView(self, didLongPressAt: self.viewport.coordinate(at: p))
            }
            if self.input.isTouch { self.openContextMenu(at: p) }
        }
        add(hold)

        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        Signal.connect(scroll, "scroll") { [weak self] (dx: Double, dy: Double) -> Bool in
            guard let self else { return false }
            let wheel = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL
            return self.scrolled(dy: dy, wheel: wheel)
        }
        add(scroll)

        let motion = gtk_event_controller_motion_new()!
        Signal.connect(motion, "motion") { [weak self] (x: Double, y: Double) in self?.input.pointer = Point(x: x, y: y) }
        Signal.connect(motion, "enter") { [weak self] (x: Double, y: Double) in self?.input.pointer = Point(x: x, y: y) }
        Signal.connect(motion, "leave") { [weak self] in self?.input.pointer = nil }
        add(motion)

        let pinch = gtk_gesture_zoom_new()!
        Signal.connect(pinch, "begin") { [weak self] (_: UnsafeMutableRawPointer?) in self?.pinchBegan() }
        Signal.connect(pinch, "scale-changed") { [weak self] (scale: Double) in
            var cx = 0.0, cy = 0.0
            let center = gtk_gesture_get_bounding_box_center(cm_gesture(pinch.rawObject), &cx, &cy) != 0
            self?.pinched(scale: scale, around: center ? Point(x: cx, y: cy) : nil)
        }
        Signal.connect(pinch, "end") { [weak self] (_: UnsafeMutableRawPointer?) in self?.pinchEnded() }
        add(pinch)

        let keys = gtk_event_controller_key_new()!
        Signal.connect(keys, "key-pressed") { [weak self] (keyval: UInt32, _: UInt32, state: UInt32) -> Bool in
            self?.keyPressed(keyval, modifiers: state) ?? false
        }
        add(keys)
    }

    private func add(_ controller: some GObjectPointer) {
        gtk_widget_add_controller(widget, cm_controller(controller.rawObject))
    }

    // MARK: Press, drag and fling (what a press becomes is PressHandler's)

    func dragBegan(at p: Point) { PressHandler.began(self, at: p) }
    func dragMoved(by offset: Point) { PressHandler.moved(self, by: offset) }
    func dragEnded(at offset: Point) { PressHandler.ended(self, at: offset) }

    func flung(velocity: Point) {
        guard animationsEnabled, motion.fling(velocity: velocity, at: frameTime()) else { return }
        startTicking()
    }

    // MARK: Pinch

    func pinchBegan() {
        motion.beginPinch(&viewport)
    }

    /// `scale` is relative to the fingers' distance when the pinch began.
    func pinched(scale: Double, around center: Point?) {
        let anchor = center ?? Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
        guard motion.pinch(scale: scale, around: anchor, &viewport) else { return }
        regionChanged(settled: false, animated: false)
    }

    func pinchEnded() {
        guard motion.endPinch() else { return }
        regionChanged(settled: true, animated: false)
    }

    // MARK: Wheel

    func scrolled(dy: Double, wheel: Bool) -> Bool {
        guard dy != 0, dy.isFinite else { return false }
        let delta = wheel ? -dy * ZoomSteps.wheelNotch : -dy * ZoomSteps.smoothScrollUnit
        zoom(by: delta, keeping: input.pointer, animated: wheel)
        return true
    }
}
