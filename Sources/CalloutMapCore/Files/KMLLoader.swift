import Foundation

/// Reads KML 2.2 as Google Earth, My Maps and GDAL write it: each Placemark's Point,
/// LineString, LinearRing and Polygon (`outerBoundaryIs`, `innerBoundaryIs`), in
/// MultiGeometry too, with its `name`, `description` and ExtendedData as data; lines and
/// polygons take their colours and widths from the Placemark's Style or the shared Style (or
/// StyleMap's normal style) its `styleUrl` names (KML writes colours `aabbggrr`). Anything
/// else (overlays, models, tours) is passed over. A Placemark without a usable geometry is
/// left out with a problem naming its element and line.
public enum KMLLoader {
    /// Reads a KML file (at most 1 GiB, streamed); stops soon after `cancellation` is cancelled.
    public static func load(contentsOf url: URL, cancellation: Cancellation? = nil) -> LoadedPlaces {
        XMLStreamReader.load(url) { load($0, file: url.path, cancellation: cancellation) }
    }

    /// Reads KML from memory; `file` names it in problems.
    public static func load(data: Data, file: String) -> LoadedPlaces {
        load(XMLStreamReader(bytes: [UInt8](data), name: file), file: file, cancellation: nil)
    }

    /// A Style as read: what it says of lines and areas (nil: not said).
    private struct Style {
        var lineColor: RGBA?
        var lineWidth: Double?
        var polyColor: RGBA?
        var fill: Bool?
        var outline: Bool?
    }

    /// A Placemark as read.
    private struct Placemark {
        var line: Int
        var name: String?
        var description: String?
        var styleURL: String?
        var style: Style?
        var data: [(String, String)] = []
        var points: [Coordinate] = []
        var lines: [[Coordinate]] = []
        var polygons: [PolygonRings] = []
        var problem: String?
    }

    static func load(_ reader: XMLStreamReader, file: String, cancellation: Cancellation?) -> LoadedPlaces {
        var problems: [PlaceFileProblem] = []
        var placemarks: [Placemark] = []
        var styles: [String: Style] = [:]
        var styleMaps: [String: String] = [:]  // StyleMap id → its normal style's URL
        var stack: [String] = []
        var text = ""
        var placemark: Placemark?
        var style: (id: String?, value: Style)?
        var styleMap: (id: String, key: String?, url: String?)?
        var dataName: String?
        var ring: [Coordinate]?
        var polygon: PolygonRings?
        var events = 0
        do throws(XMLStreamReader.Failure) {
            while let event = try reader.next() {
                events += 1
                if events % 4096 == 0, cancellation?.isCancelled == true { return .init(annotations: [], problems: [], wasCancelled: true) }
                switch event {
                case .start(let name, let attributes, let line):
                    if stack.isEmpty, name != "kml" {
                        return .refused(file, line: line, "is XML whose root element is <\(name)>, not KML's <kml>")
                    }
                    stack.append(name)
                    text = ""
                    switch name {
                    case "Placemark": placemark = Placemark(line: line)
                    case "Style": style = (attributes["id"], Style())
                    case "StyleMap": styleMap = (attributes["id"] ?? "", nil, nil)
                    case "Data", "SimpleData": dataName = attributes["name"]
                    case "Polygon": polygon = PolygonRings(exterior: [])
                    default: break
                    }
                case .text(let s):
                    if text.utf8.count < InputFile.sizeLimit { text += s }
                case .end(let name):
                    let value = text.trimmingXMLSpace
                    text = ""
                    stack.removeLast()
                    let parent = stack.last ?? ""
                    switch name {
                    case "name" where parent == "Placemark": placemark?.name = value
                    case "description" where parent == "Placemark": placemark?.description = value
                    case "styleUrl" where parent == "Placemark": placemark?.styleURL = value
                    case "styleUrl" where parent == "Pair": styleMap?.url = value
                    case "key" where parent == "Pair": styleMap?.key = value
                    case "Pair":
                        if let map = styleMap, map.key == "normal", let url = map.url { styleMaps[map.id] = url }
                        styleMap?.key = nil
                        styleMap?.url = nil
                    case "StyleMap": styleMap = nil
                    case "color" where parent == "LineStyle": style?.value.lineColor = color(value)
                    case "width" where parent == "LineStyle": style?.value.lineWidth = Double(value).flatMap { $0.isFinite && $0 >= 0 ? min($0, 100) : nil }
                    case "color" where parent == "PolyStyle": style?.value.polyColor = color(value)
                    case "fill" where parent == "PolyStyle": style?.value.fill = value != "0"
                    case "outline" where parent == "PolyStyle": style?.value.outline = value != "0"
                    case "Style":
                        if let s = style {
                            if placemark != nil, stack.last == "Placemark" { placemark?.style = s.value } else if let id = s.id { styles[id] = s.value }
                        }
                        style = nil
                    case "value" where parent == "Data", "SimpleData":
                        if let key = dataName, placemark != nil { placemark?.data.append((key, value)) }
                    case "coordinates":
                        guard placemark != nil else { break }
                        switch coordinates(value) {
                        case .success(let list):
                            switch parent {
                            case "Point": if let c = list.first { placemark?.points.append(c) }
                            case "LineString":
                                if list.count >= 2 { placemark?.lines.append(list) } else { placemark?.problem = "has a LineString of fewer than 2 positions" }
                            case "LinearRing": ring = list
                            default: break
                            }
                        case .failure(let reason): placemark?.problem = reason.message
                        }
                    case "LinearRing":
                        let closedCount = (ring?.count ?? 0) - (ring?.first == ring?.last ? 1 : 0)
                        if let r = ring, closedCount >= 3 {
                            switch parent {
                            case "outerBoundaryIs": polygon?.exterior = r
                            case "innerBoundaryIs": polygon?.holes.append(r)
                            default: placemark?.polygons.append(PolygonRings(exterior: r))  // a bare ring is an area
                            }
                        } else if ring != nil {
                            placemark?.problem = "has a LinearRing of fewer than 4 positions"
                        }
                        ring = nil
                    case "Polygon":
                        if let p = polygon, !p.exterior.isEmpty {
                            placemark?.polygons.append(p)
                        } else if placemark?.problem == nil {
                            placemark?.problem = "has a Polygon without an outer boundary"
                        }
                        polygon = nil
                    case "Placemark":
                        if let p = placemark { placemarks.append(p) }
                        placemark = nil
                    default: break
                    }
                }
            }
        } catch {
            return .refused(file, line: error.line, "is not well-formed XML (\(error.message))")
        }
        var pins: [PointAnnotation] = []
        var overlays: [ShapeOverlay] = []
        for p in placemarks {
            let title = p.name.map(cut)
            var data = AnnotationProperties()
            for (key, value) in p.data where data[key] == nil && data.count < GeoJSONLoader.maxProperties { data[key] = cut(value) }
            let subtitle = p.description.map { cut(plainText($0)) }
            if let d = subtitle, !d.isEmpty { data["description"] = d }
            if p.points.isEmpty && p.lines.isEmpty && p.polygons.isEmpty {
                problems.append(PlaceFileProblem(file: file, feature: nil, line: p.line, severity: .skipped,
                                               message: "<Placemark>\(title.map { " \"\($0)\"" } ?? "") \(p.problem ?? "has no Point, LineString or Polygon")"))
                continue
            }
            if let problem = p.problem {
                problems.append(PlaceFileProblem(file: file, feature: nil, line: p.line, severity: .adjusted,
                                               message: "<Placemark>\(title.map { " \"\($0)\"" } ?? "") \(problem); that part left out"))
            }
            let resolved = resolve(p, styles: styles, styleMaps: styleMaps)
            for c in p.points { pins.append(PointAnnotation(coordinate: c, title: title, subtitle: subtitle, properties: data)) }
            if !p.lines.isEmpty {
                overlays.append(ShapeOverlay.make(.lines(p.lines), title: title, subtitle: subtitle, properties: data,
                                                  style: resolved.map { overlayStyle($0, isArea: false) }))
            }
            if !p.polygons.isEmpty {
                overlays.append(ShapeOverlay.make(.areas(p.polygons), title: title, subtitle: subtitle, properties: data,
                                                  style: resolved.map { overlayStyle($0, isArea: true) }))
            }
        }
        if stack.isEmpty && placemarks.isEmpty && events == 0 { return .refused(file, line: nil, "is empty, not KML") }
        return .init(annotations: pins, overlays: overlays, problems: problems)
    }

    /// The Placemark's own style over the shared one its styleUrl names (through a StyleMap's normal style).
    private static func resolve(_ p: Placemark, styles: [String: Style], styleMaps: [String: String]) -> Style? {
        var shared: Style?
        if var id = p.styleURL.map({ $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }) {
            if let normal = styleMaps[id] { id = normal.hasPrefix("#") ? String(normal.dropFirst()) : normal }
            shared = styles[id]
        }
        guard var own = p.style else { return shared }
        own.lineColor = own.lineColor ?? shared?.lineColor
        own.lineWidth = own.lineWidth ?? shared?.lineWidth
        own.polyColor = own.polyColor ?? shared?.polyColor
        own.fill = own.fill ?? shared?.fill
        own.outline = own.outline ?? shared?.outline
        return own
    }

    private static func overlayStyle(_ s: Style, isArea: Bool) -> OverlayStyle {
        var style = OverlayStyle.standard(isArea: isArea)
        if var c = s.lineColor {
            style.strokeOpacity = c.alpha
            c.alpha = 1
            style.strokeColor = c
        }
        if let w = s.lineWidth { style.lineWidth = w }
        if var c = s.polyColor {
            style.fillOpacity = c.alpha
            c.alpha = 1
            style.fillColor = c
        }
        if s.fill == false { style.fillOpacity = 0 }
        if s.outline == false, isArea { style.lineWidth = 0 }
        return style
    }

    /// KML's `aabbggrr` hex (alpha first, then blue, green, red); nil for anything else.
    static func color(_ text: String) -> RGBA? {
        var hex = Substring(text)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        guard hex.count == 8, hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else { return nil }
        let a = Double(v >> 24) / 255, b = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, r = v & 0xFF
        return RGBA(r << 16 | g << 8 | b, alpha: a)
    }

    /// `lon,lat[,alt]` tuples separated by white space.
    static func coordinates(_ text: String) -> Result<[Coordinate], GeoJSONLoader.Reason> {
        var out: [Coordinate] = []
        for tuple in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }) {
            let parts = tuple.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count >= 2, let lon = Double(parts[0]), let lat = Double(parts[1]) else {
                return .failure(.init(message: "has coordinates \"\(tuple.prefix(40))\", not longitude,latitude"))
            }
            if let problem = GeoJSONObject.problem(longitude: lon, latitude: lat) { return .failure(.init(message: problem)) }
            out.append(Coordinate(latitude: lat, longitude: lon))
        }
        return out.isEmpty ? .failure(.init(message: "has empty coordinates")) : .success(out)
    }

    /// A description is often HTML (Google Earth's balloons): shown as plain text, tags dropped.
    static func plainText(_ html: String) -> String {
        guard html.contains("<") else { return html }
        var out = ""
        var inTag = false
        for ch in html {
            if ch == "<" { inTag = true; out.append(" ") } else if ch == ">" { inTag = false } else if !inTag { out.append(ch) }
        }
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func cut(_ s: String) -> String { GeoJSONLoader.shortened(s) }
}
