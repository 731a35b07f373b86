/// What one GeoJSON feature gives: pins for its points, overlays for its lines and areas, and
/// notes on what was adjusted.
struct GeoJSONPlaces {
    var pins: [PointAnnotation] = []
    var overlays: [ShapeOverlay] = []
    var notes: [String] = []
}

extension GeoJSONObject {
    /// `coordinates` as read, before the type says what they should be: a position, or arrays
    /// of them nested one (LineString, MultiPoint), two (Polygon, MultiLineString) or three
    /// (MultiPolygon) deep.
    enum Coordinates {
        case position(Double, Double)
        case positions([(Double, Double)])
        case rings([[(Double, Double)]])
        case polygons([[[(Double, Double)]]])
        /// Deeper arrays, or numbers mixed with arrays.
        case other

        init(_ r: inout JSONReader) throws {
            guard r.peek() == UInt8(ascii: "[") else {
                try r.skipValue()
                self = .other
                return
            }
            if r.peekInside() != UInt8(ascii: "[") {
                // A position: its first two numbers (altitude and more are ignored).
                var count = 0, x = 0.0, y = 0.0, numbers = true
                try r.elements { r in
                    guard let n = try r.scalar()?.number, numbers else { numbers = false; return }
                    if count == 0 { x = n } else if count == 1 { y = n }
                    count += 1
                }
                self = numbers && count >= 2 ? .position(x, y) : count == 0 && numbers ? .positions([]) : .other
                return
            }
            var children: [Coordinates] = []
            try r.elements { r in children.append(try Coordinates(&r)) }
            self = Self.combine(children)
        }

        /// A list of same-shaped children, one level deeper; anything mixed is `other`.
        private static func combine(_ children: [Coordinates]) -> Coordinates {
            var positions: [(Double, Double)] = [], rings: [[(Double, Double)]] = [], polygons: [[[(Double, Double)]]] = []
            for child in children {
                switch child {
                case .position(let x, let y) where rings.isEmpty && polygons.isEmpty: positions.append((x, y))
                case .positions(let list) where positions.isEmpty && polygons.isEmpty: rings.append(list)
                case .rings(let list) where positions.isEmpty && rings.isEmpty: polygons.append(list)
                default: return .other
                }
            }
            if !polygons.isEmpty { return .polygons(polygons) }
            if !rings.isEmpty { return .rings(rings) }
            return .positions(positions)
        }
    }

    /// A geometry: its type and what it holds.
    struct Geometry {
        var type: String?
        var coordinates: Coordinates?
        var geometries: [Geometry]?

        /// nil when the member is not an object (`null` is RFC 7946's "unlocated" feature).
        init?(_ r: inout JSONReader) throws {
            guard r.peek() == UInt8(ascii: "{") else {
                try r.skipValue()
                return nil
            }
            var g = Geometry(type: nil, coordinates: nil, geometries: nil)
            try r.members { r, key in
                switch key {
                case "type": g.type = try r.scalar()?.string
                case "coordinates": g.coordinates = try Coordinates(&r)
                case "geometries" where r.peek() == UInt8(ascii: "["):
                    var list: [Geometry] = []
                    try r.elements { r in if let inner = try Geometry(&r) { list.append(inner) } }
                    g.geometries = list
                default: try r.skipValue()
                }
            }
            self = g
        }

        init(type: String?, coordinates: Coordinates?, geometries: [Geometry]?) {
            self.type = type
            self.coordinates = coordinates
            self.geometries = geometries
        }

        static let pointTypes: Set<String> = ["Point", "MultiPoint"]
        static let shapeTypes: Set<String> = ["LineString", "MultiLineString", "Polygon", "MultiPolygon"]
        /// Every type a geometry can have.
        static let types = pointTypes.union(shapeTypes).union(["GeometryCollection"])

        /// What a geometry (or one member of a collection) holds, its coordinates checked for shape.
        enum Part {
            case points([(Double, Double)])
            case lines(type: String, [[(Double, Double)]])
            case polygons(type: String, [[[(Double, Double)]]])
        }

        /// Appends what it holds (a collection's members in order, collections in collections up to
        /// 8 deep); returns why it holds nothing usable, if so. A member of a collection that is
        /// wrong is left out silently when others are usable (the collection says what it had).
        func parts(into parts: inout [Part], depth: Int = 0) -> GeoJSONLoader.Reason? {
            switch (type, coordinates) {
            case ("Point", .position(let lon, let lat)?): parts.append(.points([(lon, lat)]))
            case ("Point", _): return .init(message: "has no [longitude, latitude] coordinates")
            case ("MultiPoint", .positions(let list)?) where !list.isEmpty: parts.append(.points(list))
            case ("MultiPoint", .positions?): return .init(message: "is a MultiPoint with no positions")
            case ("MultiPoint", _): return .init(message: "is a MultiPoint without a list of [longitude, latitude] positions")
            case ("LineString", .positions(let list)?): parts.append(.lines(type: "LineString", [list]))
            case ("LineString", _): return .init(message: "is a LineString without a list of [longitude, latitude] positions")
            case ("MultiLineString", .rings(let lines)?): parts.append(.lines(type: "MultiLineString", lines))
            case ("MultiLineString", .positions(let list)?) where list.isEmpty: return .init(message: "is a MultiLineString with no lines")
            case ("MultiLineString", _): return .init(message: "is a MultiLineString without lists of positions")
            case ("Polygon", .rings(let rings)?): parts.append(.polygons(type: "Polygon", [rings]))
            case ("Polygon", .positions(let list)?) where list.isEmpty: return .init(message: "is a Polygon with no rings")
            case ("Polygon", _): return .init(message: "is a Polygon without rings of positions")
            case ("MultiPolygon", .polygons(let polygons)?): parts.append(.polygons(type: "MultiPolygon", polygons))
            case ("MultiPolygon", .positions(let list)?) where list.isEmpty: return .init(message: "is a MultiPolygon with no polygons")
            case ("MultiPolygon", .rings(let rings)?) where rings.allSatisfy(\.isEmpty):
                return .init(message: "is a MultiPolygon with no polygons")
            case ("MultiPolygon", _): return .init(message: "is a MultiPolygon without polygons of rings")
            case ("GeometryCollection", _) where depth < 8:
                let before = parts.count
                var first: GeoJSONLoader.Reason?
                for g in geometries ?? [] {
                    if let failure = g.parts(into: &parts, depth: depth + 1) { first = first ?? failure }
                }
                if parts.count == before { return first ?? .init(message: "is a GeometryCollection with no geometries") }
            case ("GeometryCollection", _): return .init(message: "is a GeometryCollection nested more than 8 deep")
            case (let type?, _): return .init(message: "is a \(type), not a GeoJSON geometry")
            case (nil, _): return .init(message: "has a geometry of no type")
            }
            return nil
        }
    }

    /// Lines checked: each of at least two positions, every position on the globe.
    static func lines(_ lines: [[(Double, Double)]], type: String) -> Swift.Result<OverlayGeometry, GeoJSONLoader.Reason> {
        guard !lines.isEmpty else { return .failure(.init(message: "is a \(type) with no lines")) }
        var out: [[Coordinate]] = []
        out.reserveCapacity(lines.count)
        for line in lines {
            guard line.count >= 2 else { return .failure(.init(message: "is a \(type) with a line of fewer than 2 positions")) }
            switch coordinates(line, type: type) {
            case .success(let list): out.append(list)
            case .failure(let reason): return .failure(reason)
            }
        }
        return .success(.lines(out))
    }

    /// Polygons checked: each ring of at least 3 distinct positions (4 with the first repeated, as
    /// RFC 7946 writes them), every position on the globe; rings are kept as given.
    static func areas(_ polygons: [[[(Double, Double)]]], type: String) -> Swift.Result<OverlayGeometry, GeoJSONLoader.Reason> {
        guard !polygons.isEmpty else { return .failure(.init(message: "is a \(type) with no polygons")) }
        var out: [PolygonRings] = []
        out.reserveCapacity(polygons.count)
        for rings in polygons {
            guard !rings.isEmpty else { return .failure(.init(message: "is a \(type) with a polygon of no rings")) }
            var checked: [[Coordinate]] = []
            for ring in rings {
                let closed = ring.count > 1 && ring.first! == ring.last!
                guard ring.count - (closed ? 1 : 0) >= 3 else {
                    return .failure(.init(message: "is a \(type) with a ring of fewer than 4 positions"))
                }
                switch coordinates(ring, type: type) {
                case .success(let list): checked.append(list)
                case .failure(let reason): return .failure(reason)
                }
            }
            out.append(PolygonRings(exterior: checked[0], holes: Array(checked.dropFirst())))
        }
        return .success(.areas(out))
    }

    /// A shape's positions need only be numbers: a longitude past ±180 continues across the
    /// antimeridian (tools write shapes that cross it so), a latitude past the poles is drawn at
    /// the map's edge; geojsonhint's valid corpus has both.
    private static func coordinates(_ positions: [(Double, Double)], type: String) -> Swift.Result<[Coordinate], GeoJSONLoader.Reason> {
        var out: [Coordinate] = []
        out.reserveCapacity(positions.count)
        for (lon, lat) in positions {
            guard lon.isFinite, lat.isFinite else {
                return .failure(.init(message: "is a \(type) with a coordinate that is not a finite number"))
            }
            out.append(Coordinate(latitude: lat, longitude: lon))
        }
        return .success(out)
    }
}
