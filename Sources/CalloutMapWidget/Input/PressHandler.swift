import CalloutMapCore

/// What a press on the map may do to it (`MapView` is the one; a test can be another): the
/// press's and the camera's state, and the few things a press ends in.
@MainActor
protocol PressTarget: AnyObject {
    /// The pointer and the press under way.
    var input: PointerInput { get set }
    /// The camera's side of the press (a drag pans, a fling glides).
    var motion: CameraMotion { get set }
    var viewport: Viewport { get set }
    /// Whether a point is on an open callout (then the press is the callout's).
    func isOnCallout(_ point: Point) -> Bool
    /// The pin under a point, if any.
    func annotationView(at point: Point) -> AnnotationView?
    /// A dragged pin follows the press.
    func movePin(_ view: AnnotationView, to anchor: Point)
    /// A pin drag ends: dropped, or put back.
    func endPinDrag(cancelled: Bool)
    /// A press that did not move, released: a click.
    func clicked(at point: Point, adding: Bool)
    /// The map moved under the press (not settled yet).
    func regionChanged(settled: Bool, animated: Bool)
    /// The map settles after this event unless a fling starts in it.
    func settleSoon()
}

/// A press on the map and what it becomes, decided in one place (as Leaflet's drag handler):
/// 1. A press on an open callout is the callout's: never a pan, a pin drag or a map click.
/// 2. A press on a draggable pin moves that pin, not the map.
/// 3. A press that moves past the slop pans the map (or moves the pin).
/// 4. A press released without moving is a click, if it was the primary button's and opened
///    no menu; Ctrl adds to the selection.
/// 5. A drag that moved the map settles once it ends, unless a fling starts.
@MainActor
enum PressHandler {
    static func began(_ map: PressTarget, at p: Point) {
        map.motion.stop(&map.viewport)
        // 1
        if map.isOnCallout(p) {
            map.motion.ignorePress()
            return
        }
        map.motion.beginPress(at: p)
        map.input.pinDragCancelled = false
        // 2
        let view = map.annotationView(at: p)
        map.input.hit = (p, view)
        if let view, view.isDraggable, let a = view.annotation as? MovableAnnotation {
            map.input.draggedPin = (view, p - view.anchor, a.coordinate)
        }
    }

    static func moved(_ map: PressTarget, by offset: Point) {
        // 3
        guard map.motion.movePress(by: offset), let start = map.motion.press?.start else { return }
        if let pin = map.input.draggedPin {
            map.movePin(pin.view, to: start + offset - pin.grab)
            return
        }
        map.motion.followDrag(to: offset, &map.viewport)
        map.regionChanged(settled: false, animated: false)
    }

    static func ended(_ map: PressTarget, at offset: Point) {
        guard let ended = map.motion.press else { return }  // as it was before this last move
        moved(map, by: offset)
        map.motion.endPress()
        if map.input.draggedPin != nil {
            if ended.isDrag { map.endPinDrag(cancelled: false) }
            map.input.draggedPin = nil
        }
        // 4
        if !ended.isDrag {
            if map.input.releaseIsClick { map.clicked(at: ended.start, adding: map.input.addsToSelection) }
            return
        }
        // 5
        if !map.motion.isAnimating && map.motion.dragMovedMap { map.settleSoon() }
    }
}
