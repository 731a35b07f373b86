import Foundation

/// How the camera is moving and where it is going: a press and the drag it may become, the
/// glide after a fling, a pinch, and the pan and zoom animations; and a region to fit once the
/// map has a size. Each step moves a `Viewport`; the map widget feeds it input and advances it
/// at every frame of its clock (`advance(to:_:)`), so the motion is tested without a display.
package struct CameraMotion: Sendable {
    /// A pan eased out over `panDuration` seconds.
    private struct PanAnimation: Sendable {
        var start: Double
        var total: Point
        var applied = Point.zero
    }

    /// The glide after a fling: how far it has carried the map so far.
    private struct Glide: Sendable {
        var pan: KineticPan
        var start: Double
        var applied = Point.zero
    }

    package static let panDuration = 0.3

    /// The press under way (a click until it moves past its threshold, then a drag).
    package private(set) var press: PressTracker?
    /// How far the map has followed the current drag.
    private var dragApplied = Point.zero
    private var glide: Glide?
    private var pan: PanAnimation?
    package private(set) var zoom: ZoomAnimation?
    /// The zoom when the current pinch began; nil when no pinch is under way.
    package private(set) var pinchStartZoom: Double?
    /// A region to fit once the map has a size; any move of the camera replaces it.
    package var pendingFit: (region: GeoBounds, edgePadding: EdgeInsets)?

    package init() {}

    /// Whether the region is still moving: a press, a glide, or an animation.
    package var isMoving: Bool { isAnimating || press != nil }
    /// Whether something moves the map by itself, frame after frame (a glide or an animation).
    package var isAnimating: Bool { glide != nil || pan != nil || zoom != nil }
    /// Whether the zoom changes from frame to frame (an animation or a pinch).
    package var isZooming: Bool { zoom != nil || pinchStartZoom != nil }
    /// Whether a person's fingers or pointer hold the map (a press or a pinch).
    package var isHeld: Bool { press != nil || pinchStartZoom != nil }
    /// Whether the current (or last) drag moved the map.
    package var dragMovedMap: Bool { dragApplied != .zero }

    /// The zoom a further zoom step adds to: where a zoom animation is going, else the viewport's.
    package func zoomTarget(from viewport: Viewport) -> Double { zoom?.to ?? viewport.zoom }

    /// Lands the animations where they were going and drops a glide, at once.
    package mutating func stop(_ viewport: inout Viewport) {
        glide = nil
        if let a = pan {
            viewport.pan(by: a.total - a.applied)
            pan = nil
        }
        if let animation = zoom {
            viewport.setZoom(animation.to, keeping: animation.anchor)
            zoom = nil
        }
    }

    // MARK: Press and drag

    /// A press began at a point.
    package mutating func beginPress(at p: Point) {
        press = PressTracker(start: p)
        dragApplied = .zero
    }

    /// A press began where it does not move the map (over a callout).
    package mutating func ignorePress() { press = nil }

    /// The press moved `offset` from where it began; returns whether it is now a drag.
    package mutating func movePress(by offset: Point) -> Bool {
        guard var tracker = press else { return false }
        let isDrag = tracker.move(to: tracker.start + offset)
        press = tracker
        return isDrag
    }

    /// The map follows the drag to `offset` from where the press began.
    package mutating func followDrag(to offset: Point, _ viewport: inout Viewport) {
        viewport.pan(by: offset - dragApplied)
        dragApplied = offset
    }

    /// The press ended: returns it (nil when none was under way).
    @discardableResult
    package mutating func endPress() -> PressTracker? {
        defer { press = nil }
        return press
    }

    /// A fling at the end of a drag that moved the map: the map glides on when it was fast
    /// enough. Returns whether it glides.
    package mutating func fling(velocity: Point, at now: Double) -> Bool {
        guard dragMovedMap, let kinetic = KineticPan(velocity: velocity) else { return false }
        glide = Glide(pan: kinetic, start: now)
        return true
    }

    // MARK: Pinch

    package mutating func beginPinch(_ viewport: inout Viewport) {
        stop(&viewport)
        pinchStartZoom = viewport.zoom
    }

    /// The fingers are `scale` times as far apart as when the pinch began; the point between
    /// them stays put. Returns false when no pinch is under way.
    package mutating func pinch(scale: Double, around anchor: Point, _ viewport: inout Viewport) -> Bool {
        guard let start = pinchStartZoom else { return false }
        viewport.setZoom(start + ZoomSteps.pinch(scale: scale), keeping: anchor)
        return true
    }

    /// The fingers lifted; returns false when no pinch was under way.
    package mutating func endPinch() -> Bool {
        defer { pinchStartZoom = nil }
        return pinchStartZoom != nil
    }

    // MARK: Animations

    /// Zooms to `target` over `ZoomAnimation.duration`, keeping the point under `anchor` put.
    package mutating func animateZoom(to target: Double, keeping anchor: Point, from viewport: Viewport, at now: Double) {
        glide = nil
        zoom = ZoomAnimation(from: viewport.zoom, to: target, anchor: anchor, start: now)
    }

    /// Drops a zoom animation (a zoom made at once replaces it).
    package mutating func cancelZoom() {
        glide = nil
        zoom = nil
    }

    /// Pans by a screen distance over `panDuration`.
    package mutating func animatePan(by delta: Point, at now: Double) {
        pan = PanAnimation(start: now, total: delta)
    }

    /// Goes from `viewport` to `target` (of the same size): a pan when the zoom is the same, else
    /// one zoom about the point that is at the same place on screen in both.
    package mutating func animateMove(from viewport: inout Viewport, to target: Viewport, at now: Double) {
        stop(&viewport)
        var dx = target.center.x - viewport.center.x
        dx -= dx.rounded()  // the shorter way round the world
        let w0 = viewport.worldSize, w1 = target.worldSize
        let delta = Point(x: dx * w0, y: (target.center.y - viewport.center.y) * w0)
        guard abs(target.zoom - viewport.zoom) >= 1e-6 else { return animatePan(by: Point(x: -delta.x, y: -delta.y), at: now) }
        // The world point F on the same screen spot in both: (F − c0)·w0 = (F − c1)·w1.
        let c0 = viewport.center, c1 = WorldPoint(x: c0.x + dx, y: target.center.y)
        let fixed = WorldPoint(x: (c0.x * w0 - c1.x * w1) / (w0 - w1), y: (c0.y * w0 - c1.y * w1) / (w0 - w1))
        let anchor = Point(x: (fixed.x - c0.x) * w0 + viewport.size.width / 2, y: (fixed.y - c0.y) * w0 + viewport.size.height / 2)
        zoom = ZoomAnimation(from: viewport.zoom, to: target.zoom, anchor: anchor, start: now)
    }

    /// Moves the glide and the animations on to frame time `now`; returns whether any still runs.
    package mutating func advance(to now: Double, _ viewport: inout Viewport) -> Bool {
        if let g = glide {
            let offset = g.pan.offset(at: now - g.start)
            viewport.pan(by: offset - g.applied)
            glide = g.pan.isFinished(at: now - g.start) ? nil : Glide(pan: g.pan, start: g.start, applied: offset)
        }
        if let animation = zoom {
            viewport.setZoom(animation.zoom(at: now), keeping: animation.anchor)
            if animation.isFinished(at: now) { zoom = nil }
        }
        if let a = pan {
            let p = min(1, max(0, (now - a.start) / Self.panDuration))
            let eased = 1 - pow(1 - p, 3)
            let target = a.total * eased
            viewport.pan(by: target - a.applied)
            pan = p >= 1 ? nil : PanAnimation(start: a.start, total: a.total, applied: target)
        }
        return isAnimating
    }
}
