/// Groups a polygon feature's rings into polygons, as MapLibre reads them:
///
/// 1. A ring's winding is the sign of its area by the surveyor's formula in tile coordinates
///    (y down); a ring of zero area encloses nothing and is dropped.
/// 2. The first ring left is an outer ring, whichever way it winds. Spec 2 says outer rings wind
///    to a positive area, but tiles written for version 1 wound either way, and MapLibre, which
///    people compare maps with, takes the first ring's winding as the outer one.
/// 3. A later ring winding as the first did starts a new polygon; one winding the other way is
///    a hole of the polygon before it.
enum VectorTileRings {
    static func polygons(_ rings: [[TilePoint]]) -> [[[TilePoint]]] {
        var polygons: [[[TilePoint]]] = []
        var outerIsNegative: Bool?
        for ring in rings {
            let area = signedArea(ring)
            guard area != 0 else { continue }  // rule 1
            let negative = area < 0
            if outerIsNegative == nil { outerIsNegative = negative }  // rule 2
            if negative == outerIsNegative || polygons.isEmpty {
                polygons.append([ring])  // rule 3: a new polygon
            } else {
                polygons[polygons.count - 1].append(ring)  // rule 3: a hole
            }
        }
        return polygons
    }

    /// Twice the ring's area, positive for a ring that winds clockwise on screen (y down).
    /// In doubles: 32-bit coordinates' products overflow 64-bit sums in a hostile tile.
    static func signedArea(_ ring: [TilePoint]) -> Double {
        guard ring.count >= 3 else { return 0 }
        var sum = 0.0
        var previous = ring[ring.count - 1]
        for point in ring {
            sum += Double(previous.x) * Double(point.y) - Double(point.x) * Double(previous.y)
            previous = point
        }
        return sum
    }

    /// Whether a point lies inside a polygon (its outer ring and holes), even-odd: crossing
    /// any ring's edge goes in or out, so a hole stays out whichever way it winds.
    static func contains(_ polygon: [[TilePoint]], _ p: (x: Double, y: Double)) -> Bool {
        var inside = false
        for ring in polygon {
            guard var previous = ring.last else { continue }
            for point in ring {
                let (ax, ay, bx, by) = (Double(previous.x), Double(previous.y), Double(point.x), Double(point.y))
                if (ay > p.y) != (by > p.y), p.x < ax + (p.y - ay) / (by - ay) * (bx - ax) { inside.toggle() }
                previous = point
            }
        }
        return inside
    }
}
