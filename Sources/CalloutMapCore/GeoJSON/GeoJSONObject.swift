/// One GeoJSON object read member by member, in whatever order its members come
/// (`type` may follow `geometry`): a Feature, a bare geometry, or the top of a file.
/// Only what pins keep is built; other members are checked as JSON and skipped.
struct GeoJSONObject {
    var type: String?
    var geometry: Geometry?
    var sawGeometry = false
    var properties = Properties()
    var id: String?
    /// A bare geometry's own coordinates and members.
    var coordinates: Coordinates?
    var geometries: [Geometry]?
    /// The name in a `crs` member (RFC 7946 dropped it; GDAL still writes CRS84's).
    var crs: String?
    var hasCRS = false

    /// Reads an object; `features`, if given, is handed a `features` array to walk.
    init(_ r: inout JSONReader, options: GeoJSONLoader.Options,
         features: ((inout JSONReader) throws -> Void)? = nil) throws {
        var object = GeoJSONObject()
        try r.members { r, key in
            switch key {
            case "type": object.type = try r.scalar()?.string
            case "geometry":
                object.sawGeometry = true
                object.geometry = try Geometry(&r)
            case "properties": try object.properties.read(&r, options: options)
            case "id":
                switch try r.scalar() {
                case .string(let s)?: object.id = s
                case .number(let n)?: object.id = GeoJSONObject.text(n)
                default: break
                }
            case "coordinates": object.coordinates = try Coordinates(&r)
            case "geometries" where r.peek() == UInt8(ascii: "["):
                var list: [Geometry] = []
                try r.elements { r in if let g = try Geometry(&r) { list.append(g) } }
                object.geometries = list
            case "crs":
                object.hasCRS = true
                object.crs = try GeoJSONObject.crsName(&r)
            case "features" where features != nil && r.peek() == UInt8(ascii: "["):
                try features!(&r)
            default: try r.skipValue()
            }
        }
        self = object
    }

    private init() {}

    /// The geometry this object is, when it is one (a bare Point, MultiPoint, …).
    var asGeometry: Geometry { Geometry(type: type, coordinates: coordinates, geometries: geometries) }

    /// A Feature's pins and shapes: a pin per position of its Points and MultiPoints, an overlay
    /// per LineString, MultiLineString, Polygon or MultiPolygon (a GeometryCollection gives what
    /// its members give), all with its title, subtitle, properties and id; or why it has none.
    /// Notes say what was adjusted.
    /// A Feature whose geometry is `null` is RFC 7946's unlocated feature: valid, with nothing to
    /// show, so it gives nothing and says nothing; one with no geometry member is a mistake.
    func places(of geometry: Geometry?) -> Swift.Result<GeoJSONPlaces, GeoJSONLoader.Reason> {
        guard let geometry else {
            return sawGeometry && type == "Feature" ? .success(GeoJSONPlaces()) : .failure(.init(message: "has no geometry"))
        }
        var places = GeoJSONPlaces(notes: properties.notes)
        var parts: [Geometry.Part] = []
        if let failure = geometry.parts(into: &parts) { return .failure(failure) }
        let positions = parts.flatMap { part -> [(Double, Double)] in
            if case .points(let list) = part { return list }
            return []
        }
        var firstProblem: String?
        for (k, (lon, lat)) in positions.enumerated() {
            if let problem = Self.problem(longitude: lon, latitude: lat) {
                if positions.count == 1 && parts.count == 1 { return .failure(.init(message: problem)) }
                places.notes.append("position \(k) \(problem); left out")
                firstProblem = firstProblem ?? problem
                continue
            }
            places.pins.append(properties.pin(longitude: lon, latitude: lat, identifier: id))
        }
        var styles: [Bool: (style: OverlayStyle?, notes: [String])] = [:]
        for part in parts {
            let shape: Swift.Result<OverlayGeometry, GeoJSONLoader.Reason>
            switch part {
            case .points: continue
            case .lines(let type, let lines): shape = Self.lines(lines, type: type)
            case .polygons(let type, let polygons): shape = Self.areas(polygons, type: type)
            }
            switch shape {
            case .success(let geometry):
                if styles[geometry.isArea] == nil {
                    styles[geometry.isArea] = OverlayStyle.simplestyle(properties.values, isArea: geometry.isArea)
                    places.notes += styles[geometry.isArea]!.notes
                }
                places.overlays.append(ShapeOverlay.make(geometry, title: properties.title, subtitle: properties.shownSubtitle,
                                                         properties: properties.values, identifier: id,
                                                         style: styles[geometry.isArea]!.style))
            case .failure(let reason):
                if parts.count == 1 { return .failure(reason) }
                places.notes.append("has a member that \(reason.message); left out")
                firstProblem = firstProblem ?? reason.message
            }
        }
        guard places.pins.isEmpty && places.overlays.isEmpty && !parts.isEmpty else { return .success(places) }
        return .failure(.init(message: firstProblem.map { "has no usable position (\($0))" } ?? "has no positions"))
    }

    static func problem(longitude lon: Double, latitude lat: Double) -> String? {
        guard lon.isFinite, lat.isFinite else { return "has a coordinate that is not a finite number" }
        guard abs(lat) <= 90 else { return "has latitude \(lat), beyond ±90" }
        guard abs(lon) <= 180 else { return "has longitude \(lon), beyond ±180" }
        return nil
    }

    /// Whether a `crs` name means longitude/latitude on WGS 84 (the only one RFC 7946 allows).
    static func isWGS84(_ name: String) -> Bool {
        let n = name.uppercased()
        return n.hasSuffix("CRS84") || n.hasSuffix("CRS:84") || n == "EPSG:4326" || n.hasSuffix("EPSG::4326")
            || n.hasSuffix("EPSG:4326") || n.hasSuffix("/EPSG/0/4326")
    }

    private static func crsName(_ r: inout JSONReader) throws -> String? {
        guard r.peek() == UInt8(ascii: "{") else {
            try r.skipValue()
            return nil
        }
        var name: String?
        try r.members { r, key in
            guard key == "properties", r.peek() == UInt8(ascii: "{") else { return try r.skipValue() }
            try r.members { r, key in
                let value = try r.scalar()
                if key == "name" || key == "href", let s = value?.string { name = s }
            }
        }
        return name
    }

    /// A number as people write it: whole numbers without ".0".
    static func text(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }

    /// A feature's properties: every scalar member as text, in order; the title and subtitle
    /// taken out by the rules in `GeoJSONLoader.Options`; nested arrays and objects skipped.
    struct Properties {
        var title: String?
        var subtitle: String?
        var values = AnnotationProperties()
        var notes: [String] = []
        /// The title and subtitle that went into `values`' table row rather than Strings of their own.
        var titleInRow = false, subtitleInRow = false

        /// One member as read: a string, number, boolean or null, or nil for an array or object.
        typealias Member = (key: String, value: JSONValue?)

        mutating func read(_ r: inout JSONReader, options: GeoJSONLoader.Options) throws {
            guard r.peek() == UInt8(ascii: "{") else { return try r.skipValue() }
            var members: [Member] = []
            try r.members { r, key in members.append((key, try r.scalar())) }
            take(members, options: options)
        }

        /// Takes a feature's members, in the file's order, by the rules above (both readers give them here);
        /// with a `table`, the properties kept go in a row of it.
        mutating func take(_ members: [Member], options: GeoJSONLoader.Options, table: PropertyTable? = nil) {
            var lists = Lists()
            take(members, options: options, table: table, lists: &lists)
        }

        /// The lists `take` fills on the way, kept by a reader of many features: made once, not per feature.
        struct Lists {
            fileprivate var all: [AnnotationProperties.Element] = []
            fileprivate var kept: [AnnotationProperties.Element] = []
        }

        /// As above, filling `lists` (emptied first) on the way.
        mutating func take(_ members: [Member], options: GeoJSONLoader.Options, table: PropertyTable?, lists: inout Lists) {
            // Every member in order, a repeated key keeping its first place and its last value; a
            // feature of many properties finds repeats through `index`, so it reads in linear time.
            // (Nothing below is a closure over these lists: a captured variable is checked for
            // exclusive access at run time, per feature.)
            var all: [AnnotationProperties.Element] = [], kept: [AnnotationProperties.Element] = []
            swap(&all, &lists.all)
            swap(&kept, &lists.kept)
            all.emptyKeepingCapacity()
            kept.emptyKeepingCapacity()
            defer {
                swap(&all, &lists.all)
                swap(&kept, &lists.kept)
            }
            all.reserveCapacity(members.count)
            var index: [String: Int]? = members.count > 16 ? [:] : nil
            var notText: [String] = []  // booleans (kept as text, but no title) and containers (not kept)
            for (key, value) in members {
                let text: String
                switch value {
                case .string(let s)?: text = s
                case .number(let n)?: text = GeoJSONObject.text(n)
                case .bool(let b)?:
                    text = String(b)
                    notText.append(key)
                case nil:
                    notText.append(key)
                    continue
                default: continue  // null
                }
                if let i = Self.position(of: key, in: all, index: index) {
                    all[i].value = text
                } else {
                    index?[key] = all.count
                    all.append((key, text))
                }
            }
            let titleKey = options.titleKeys, subtitleKey = options.subtitleKeys
            // The first key of a list the feature has as text (loops, not closures: this runs per feature).
            func first(of keys: [String], besides taken: Int?) -> Int? {
                for key in keys where notText.isEmpty || !notText.contains(key) {
                    if let i = Self.position(of: key, in: all, index: index), i != taken { return i }
                }
                return nil
            }
            // A title that is not text is said, not silently passed over (the next candidate is used).
            if !notText.isEmpty {
                for (what, key) in [("title", titleKey[0]), ("subtitle", subtitleKey[0])] where notText.contains(key) {
                    notes.append("has a \(what) that is not text; left out")
                }
            }
            let titleAt = first(of: titleKey, besides: nil)
            if let i = titleAt { title = cut(all[i].value, "title") }
            let subtitleAt = first(of: subtitleKey, besides: titleAt)
            if let i = subtitleAt { subtitle = cut(all[i].value, "subtitle") }
            let taken = (titleAt == nil ? 0 : 1) + (subtitleAt == nil ? 0 : 1)
            kept.reserveCapacity(min(all.count - taken, GeoJSONLoader.maxProperties))
            for (i, entry) in all.enumerated() where i != titleAt && i != subtitleAt {
                guard kept.count < GeoJSONLoader.maxProperties else { break }
                kept.append((entry.key, cut(entry.value, nil)))
            }
            let left = all.count - taken - kept.count
            if left > 0 {
                notes.append("has \(all.count - taken) properties; the first \(kept.count) kept, \(left) left out")
            }
            // With a table, the subtitle goes in the row, and a title too long to be kept inside its
            // String (past 15 bytes of UTF-8).
            let rowTitle = table != nil && (title?.utf8.count ?? 0) > 15 ? title : nil
            let rowSubtitle = table != nil ? subtitle : nil
            if kept.isEmpty && rowTitle == nil && rowSubtitle == nil {
                values = AnnotationProperties()
            } else if let table, let row = table.append(kept, title: rowTitle, subtitle: rowSubtitle) {
                values = AnnotationProperties(row: row, of: table)
                titleInRow = rowTitle != nil
                subtitleInRow = rowSubtitle != nil
            } else if kept.isEmpty {
                values = AnnotationProperties()
            } else {
                // A list of its own, exactly as long: `kept` is used again for the next feature.
                values = AnnotationProperties(uniqueEntries: kept.withUnsafeBufferPointer(Array.init))
            }
        }

        /// Where `key` is in `all`: from `index` when there is one, else by looking.
        private static func position(of key: String, in all: [AnnotationProperties.Element], index: [String: Int]?) -> Int? {
            if let index { return index[key] }
            for i in all.indices where all[i].key == key { return i }
            return nil
        }

        /// A pin at a position (checked by `problem`) with these properties and the feature's id; without
        /// a subtitle, it shows a line made of its properties (made when shown, not kept per pin).
        func pin(longitude: Double, latitude: Double, identifier: String?) -> PointAnnotation {
            PointAnnotation(coordinate: Coordinate(latitude: latitude, longitude: longitude), title: title,
                            subtitle: subtitle, properties: values, identifier: identifier, summarizingProperties: true,
                            titleInRow: titleInRow, subtitleInRow: subtitleInRow)
        }

        /// The subtitle a shape shows: its own, or a line made of its properties.
        var shownSubtitle: String? { subtitle ?? values.summary }

        private mutating func cut(_ text: String, _ what: String?) -> String {
            // No more characters than UTF-8 bytes: most text is let through without counting characters.
            guard text.utf8.count > GeoJSONLoader.maxTextLength, text.count > GeoJSONLoader.maxTextLength else { return text }
            if let what { notes.append("\(what) of \(text.count) characters cut to \(GeoJSONLoader.maxTextLength)") }
            return GeoJSONLoader.shortened(text)
        }
    }
}
