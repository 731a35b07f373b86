import Foundation

/// What the map shows: centre, zoom and size. The widget owns one; everything
/// that converts between screen and world goes through it.
public struct Viewport: Equatable, Sendable {
    /// A map tile's width in logical pixels at its own zoom.
    public static let tileSize = 256.0
    /// The zooms a map can show: the whole world at 0, a street at 19.
    public static let zoomRange: ClosedRange<Double> = 0...19

    /// Centre on the unit world square; x is kept in [0, 1) so the world wraps.
    public private(set) var center: WorldPoint
    /// The zoom level (fractional while animating).
    public private(set) var zoom: Double
    /// Size in logical pixels.
    public var size: Size { didSet { clampCenter() } }

    /// A view of `size` centred on a coordinate at a zoom (clamped to `zoomRange`).
    public init(center: Coordinate, zoom: Double, size: Size) {
        self.center = WebMercator.worldPoint(for: center)
        self.zoom = zoom.isFinite ? min(max(zoom, Self.zoomRange.lowerBound), Self.zoomRange.upperBound) : Self.zoomRange.lowerBound
        self.size = size
        clampCenter()
    }

    /// The coordinate at the view's centre.
    public var centerCoordinate: Coordinate {
        get { WebMercator.coordinate(for: center) }
        set {
            center = WebMercator.worldPoint(for: newValue)
            clampCenter()
        }
    }

    /// The view's own rectangle: (0, 0) at its top-left corner, `size` wide and high.
    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    /// Width of the whole world in logical pixels at the current zoom.
    public var worldSize: Double { Self.tileSize * pow(2, zoom) }

    /// Metres on the ground per logical pixel at the centre's latitude.
    public var metresPerPixel: Double {
        WebMercator.groundResolution(latitude: centerCoordinate.latitude, zoom: zoom)
    }

    /// Where a world point appears, choosing the wrapped copy nearest the centre.
    public func screenPoint(for p: WorldPoint) -> Point {
        var dx = p.x - center.x
        dx -= (dx + 0.5).rounded(.down)
        return Point(x: size.width / 2 + dx * worldSize, y: size.height / 2 + (p.y - center.y) * worldSize)
    }

    /// Where a coordinate appears, choosing the wrapped copy nearest the centre.
    public func screenPoint(for c: Coordinate) -> Point {
        screenPoint(for: WebMercator.worldPoint(for: c))
    }

    /// The world point under a screen point; x is not wrapped.
    public func worldPoint(at s: Point) -> WorldPoint {
        WorldPoint(x: center.x + (s.x - size.width / 2) / worldSize,
                   y: center.y + (s.y - size.height / 2) / worldSize)
    }

    /// The coordinate under a screen point (longitude wrapped into −180…180).
    public func coordinate(at s: Point) -> Coordinate {
        var w = worldPoint(at: s)
        w.x -= w.x.rounded(.down)
        return WebMercator.coordinate(for: w)
    }

    /// The same centre and zoom with `margin` logical pixels more on every side.
    package func growing(by margin: Double) -> Viewport {
        var wide = self
        wide.size = Size(width: size.width + 2 * margin, height: size.height + 2 * margin)
        return wide
    }

    /// Moves the content with the pointer: a drag by `delta` shifts everything by `delta`.
    public mutating func pan(by delta: Point) {
        guard delta.x.isFinite, delta.y.isFinite else { return }  // a bad delta moves nothing
        center.x -= delta.x / worldSize
        center.y -= delta.y / worldSize
        clampCenter()
    }

    /// Changes zoom so that the world point under `anchor` stays under it.
    public mutating func setZoom(_ newZoom: Double, keeping anchor: Point) {
        guard newZoom.isFinite, anchor.x.isFinite, anchor.y.isFinite else { return }
        let fixed = worldPoint(at: anchor)
        zoom = min(max(newZoom, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
        center = WorldPoint(x: fixed.x - (anchor.x - size.width / 2) / worldSize,
                            y: fixed.y - (anchor.y - size.height / 2) / worldSize)
        clampCenter()
    }

    /// Changes zoom keeping the centre.
    public mutating func setZoom(_ newZoom: Double) {
        setZoom(newZoom, keeping: Point(x: size.width / 2, y: size.height / 2))
    }

    /// Wraps x and keeps the poles from scrolling into view (centres the world
    /// vertically when it is shorter than the view).
    private mutating func clampCenter() {
        center.x -= center.x.rounded(.down)
        let world = worldSize
        if world <= size.height {
            center.y = 0.5
        } else {
            let half = size.height / 2 / world
            center.y = min(max(center.y, half), 1 - half)
        }
    }
}
