import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// Keys on the map: Escape (a pin drag put back, else the selection cleared and the keyboard on
/// the pin that was selected), Shift+F10 or Menu
/// (the context menu), Ctrl+Enter (the focused pin or shape into the selection or out), arrows
/// between pins or shapes when one has focus, else zoom and pan.
extension MapView {
    func keyPressed(_ keyval: UInt32, modifiers: UInt32) -> Bool {
        let control = modifiers & GDK_CONTROL_MASK.rawValue != 0
        if Int32(keyval) == GDK_KEY_Escape {
            if input.draggedPin?.view.dragState == .dragging {
                endPinDrag(cancelled: true)
                return true
            }
            guard selectedAnnotation != nil else { return false }
            // The keyboard goes back to the pin whose callout closed, as a popover gives it back.
            let primary = selectedView
            deselectAnnotation()
            if let primary, primary.annotation != nil { pinProxies.focus(primary) }
            return true
        }
        if Int32(keyval) == GDK_KEY_Menu || (Int32(keyval) == GDK_KEY_F10 && modifiers & GDK_SHIFT_MASK.rawValue != 0) {
            openContextMenuFromKeyboard()
            return true
        }
        // Ctrl+Enter or Ctrl+Space on a focused pin or shape adds it to the selection or takes it
        // out, as Ctrl+click does (plain Enter and Space are the focused button's own).
        if control, [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space].contains(Int32(keyval)) {
            if pinProxies.hasFocus, let view = pinProxies.current, let a = view.annotation {
                if view.isSelected { deselectAnnotation(a) } else { selectAnnotation(a, addingToSelection: true) }
                return true
            }
            if let shape = shapeProxies.focused {
                toggleInSelection(shape)
                return true
            }
            if let feature = mapFeatureProxies.focused {
                selectMapFeature(feature, addingToSelection: true)
                return true
            }
        }
        if pinProxies.hasFocus, let direction = Self.arrowDirection(keyval) {
            _ = pinProxies.moveFocus(direction)  // at the last pin that way, stay (do not pan)
            return true
        }
        if shapeProxies.hasFocus, let direction = Self.arrowDirection(keyval) {
            _ = shapeProxies.moveFocus(direction)  // likewise between shapes
            return true
        }
        if mapFeatureProxies.hasFocus, let direction = Self.arrowDirection(keyval) {
            _ = mapFeatureProxies.moveFocus(direction)  // and between the map's own features
            return true
        }
        switch Int32(keyval) {
        case GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add:
            zoomIn()
        case GDK_KEY_minus, GDK_KEY_KP_Subtract:
            zoomOut()
        case GDK_KEY_Left, GDK_KEY_KP_Left:
            panAnimatedByKey(Point(x: ZoomSteps.arrowPan, y: 0), fast: control)
        case GDK_KEY_Right, GDK_KEY_KP_Right:
            panAnimatedByKey(Point(x: -ZoomSteps.arrowPan, y: 0), fast: control)
        case GDK_KEY_Up, GDK_KEY_KP_Up:
            panAnimatedByKey(Point(x: 0, y: ZoomSteps.arrowPan), fast: control)
        case GDK_KEY_Down, GDK_KEY_KP_Down:
            panAnimatedByKey(Point(x: 0, y: -ZoomSteps.arrowPan), fast: control)
        default:
            return false
        }
        return true
    }

    static func arrowDirection(_ keyval: UInt32) -> SpatialNavigation.Direction? {
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: return .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: return .right
        case GDK_KEY_Up, GDK_KEY_KP_Up: return .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: return .down
        default: return nil
        }
    }

    private func panAnimatedByKey(_ delta: Point, fast: Bool) {
        motion.stop(&viewport)
        viewport.pan(by: fast ? delta * 4 : delta)
        regionChanged(settled: true, animated: false)
    }
}
