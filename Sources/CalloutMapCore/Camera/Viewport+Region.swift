import Foundation

/// Regions as boxes of longitude and latitude: what the view shows, and the
/// view that shows a box (MapKit's `region`, `setRegion`, `showAnnotations`).
extension Viewport {
    /// The box the view shows now. A view wider than the world shows every longitude.
    public var visibleBounds: GeoBounds {
        let topLeft = coordinate(at: .zero), bottomRight = coordinate(at: Point(x: size.width, y: size.height))
        let wholeWorld = size.width >= worldSize
        return GeoBounds(west: wholeWorld ? -180 : topLeft.longitude, south: max(bottomRight.latitude, -90),
                         east: wholeWorld ? 180 : bottomRight.longitude, north: min(topLeft.latitude, 90))
            ?? GeoBounds(west: -180, south: -WebMercator.maxLatitude, east: 180, north: WebMercator.maxLatitude)!
    }

    /// The viewport of this size that shows `bounds` whole, with `padding` logical pixels to
    /// spare on every side, at most at `maxZoom` (a box around one point would zoom in without end).
    public func fitting(_ bounds: GeoBounds, padding: Double = 0, maxZoom: Double = 17) -> Viewport {
        fitting(bounds, edgePadding: EdgeInsets(all: padding), maxZoom: maxZoom)
    }

    /// The viewport of this size that shows `bounds` whole and centred within what the insets
    /// leave of the view, at most at `maxZoom`.
    public func fitting(_ bounds: GeoBounds, edgePadding insets: EdgeInsets, maxZoom: Double = 17) -> Viewport {
        let rect = bounds.worldRect
        let room = Size(width: max(1, size.width - insets.left - insets.right), height: max(1, size.height - insets.top - insets.bottom))
        let width = max(rect.width, 1e-12), height = max(rect.height, 1e-12)
        let zoom = min(log2(min(room.width / (width * Self.tileSize), room.height / (height * Self.tileSize))), maxZoom)
        var fitted = Viewport(center: .init(latitude: 0, longitude: 0), zoom: zoom, size: size)
        // The box's middle sits at the middle of the room, off the view's by half the difference of the insets.
        let shift = Point(x: (insets.left - insets.right) / 2, y: (insets.top - insets.bottom) / 2)
        let middle = rect.center
        let center = WorldPoint(x: middle.x - shift.x / fitted.worldSize, y: middle.y - shift.y / fitted.worldSize)
        fitted.centerCoordinate = WebMercator.coordinate(for: WorldPoint(x: center.x - center.x.rounded(.down), y: center.y))
        return fitted
    }
}

extension GeoBounds {
    /// The smallest box holding every coordinate (across the antimeridian when that is
    /// narrower); nil for none or only non-finite ones.
    public init?(enclosing coordinates: [Coordinate]) {
        var south = Double.infinity, north = -Double.infinity
        var longitudes: [Double] = []
        longitudes.reserveCapacity(coordinates.count)
        for c in coordinates where c.latitude.isFinite && c.longitude.isFinite {
            let latitude = min(max(c.latitude, -90), 90)
            south = min(south, latitude)
            north = max(north, latitude)
            longitudes.append(min(max(c.longitude, -180), 180))
        }
        guard !longitudes.isEmpty else { return nil }
        let arc = LongitudeArc(holding: longitudes)
        self.init(west: arc.west, south: south, east: arc.east, north: north)
    }

    /// The box on the unit world square (Web Mercator, y down); x runs past 1 for a box across
    /// the antimeridian.
    public var worldRect: Rect {
        let nw = WebMercator.worldPoint(for: Coordinate(latitude: north, longitude: west))
        let se = WebMercator.worldPoint(for: Coordinate(latitude: south, longitude: east))
        let maxX = west <= east ? se.x : se.x + 1
        return Rect(x: nw.x, y: nw.y, width: maxX - nw.x, height: se.y - nw.y)
    }
}
