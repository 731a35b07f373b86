import Foundation

/// Reads GPX 1.1 (and 1.0), as GPS devices and route planners write it: tracks (each
/// `trkseg` a part of one line) and routes as lines titled by their `name`, waypoints as
/// pins with their `name`, `desc`, `ele` and `time` as data. A track's data gives its
/// elevation gain and loss, and its duration when its points have times (its length is
/// `ShapeMeasure.size(of:)` of its geometry, as for any line). A point with
/// a position off the globe is left out with a problem naming its element and line; a file
/// that is not well-formed XML or not GPX is refused whole.
public enum GPXLoader {
    /// Reads a GPX file (at most 1 GiB, streamed); stops soon after `cancellation` is cancelled.
    public static func load(contentsOf url: URL, cancellation: Cancellation? = nil) -> LoadedPlaces {
        XMLStreamReader.load(url) { load($0, file: url.path, cancellation: cancellation) }
    }

    /// Reads GPX from memory; `file` names it in problems.
    public static func load(data: Data, file: String) -> LoadedPlaces {
        load(XMLStreamReader(bytes: [UInt8](data), name: file), file: file, cancellation: nil)
    }

    /// One point as read: where, and what its children said.
    private struct Point {
        var coordinate: Coordinate?
        var line: Int
        var element: String
        var fields: [String: String] = [:]
    }

    /// A route or track as read.
    private struct Path {
        var element: String
        var line: Int
        var fields: [String: String] = [:]
        var parts: [[Point]] = []
    }

    static func load(_ reader: XMLStreamReader, file: String, cancellation: Cancellation?) -> LoadedPlaces {
        var pins: [PointAnnotation] = []
        var overlays: [ShapeOverlay] = []
        var problems: [PlaceFileProblem] = []
        func problem(_ line: Int?, _ message: String, _ severity: PlaceFileProblem.Severity) {
            problems.append(PlaceFileProblem(file: file, feature: nil, line: line, severity: severity, message: message))
        }
        var stack: [String] = []
        var point: Point?
        var path: Path?
        var text = ""
        var sawRoot = false
        var events = 0
        do throws(XMLStreamReader.Failure) {
            while let event = try reader.next() {
                events += 1
                if events % 4096 == 0, cancellation?.isCancelled == true { return .init(annotations: [], problems: [], wasCancelled: true) }
                switch event {
                case .start(let name, let attributes, let line):
                    if stack.isEmpty {
                        guard name == "gpx" else {
                            return .refused(file, line: line, "is XML whose root element is <\(name)>, not GPX's <gpx>")
                        }
                        sawRoot = true
                    }
                    stack.append(name)
                    text = ""
                    switch name {
                    case "wpt", "rtept", "trkpt":
                        point = Point(coordinate: nil, line: line, element: name)
                        switch position(attributes) {
                        case .success(let c): point?.coordinate = c
                        case .failure(let reason):
                            problem(line, "<\(name)> \(reason.message); left out", name == "wpt" ? .skipped : .adjusted)
                        }
                    case "rte", "trk": path = Path(element: name, line: line)
                    case "trkseg": path?.parts.append([])
                    default: break
                    }
                case .text(let s):
                    if text.count < GeoJSONLoader.maxTextLength * 4 { text += s }
                case .end(let name):
                    defer { stack.removeLast() }
                    let value = text.trimmingXMLSpace
                    text = ""
                    switch name {
                    case "wpt":
                        if let p = point, let c = p.coordinate { pins.append(waypoint(c, p.fields)) }
                        point = nil
                    case "rtept", "trkpt":
                        if let p = point, p.coordinate != nil, path != nil {
                            // In place (a copy of the path per point would make a long track quadratic).
                            if path?.parts.isEmpty == true { path?.parts.append([]) }  // a route's points, or a track without trkseg
                            let last = (path?.parts.count ?? 1) - 1
                            path?.parts[last].append(p)
                        }
                        point = nil
                    case "rte", "trk":
                        if let p = path {
                            switch shape(p) {
                            case .success(let overlay): overlays.append(overlay)
                            case .failure(let reason): problem(p.line, "<\(p.element)>\(p.fields["name"].map { " \"\($0)\"" } ?? "") \(reason.message); skipped", .skipped)
                            }
                        }
                        path = nil
                    case "name", "desc", "ele", "time", "cmt", "type", "sym", "src":
                        guard !value.isEmpty, stack.count >= 2 else { break }
                        let parent = stack[stack.count - 2]
                        if point != nil, ["wpt", "rtept", "trkpt"].contains(parent) {
                            point?.fields[name] = value
                        } else if path != nil, ["rte", "trk"].contains(parent) {
                            path?.fields[name] = value
                        }
                    default: break
                    }
                }
            }
        } catch {
            return .refused(file, line: error.line, "is not well-formed XML (\(error.message))")
        }
        guard sawRoot else { return .refused(file, line: nil, "is empty, not GPX") }
        return .init(annotations: pins, overlays: overlays, problems: problems)
    }

    private static func position(_ attributes: [String: String]) -> Result<Coordinate, GeoJSONLoader.Reason> {
        guard let latText = attributes["lat"], let lonText = attributes["lon"] else {
            return .failure(.init(message: "has no lat and lon"))
        }
        guard let lat = Double(latText.trimmingXMLSpace), let lon = Double(lonText.trimmingXMLSpace) else {
            return .failure(.init(message: "has lat \"\(latText.prefix(30))\" and lon \"\(lonText.prefix(30))\", not numbers"))
        }
        if let problem = GeoJSONObject.problem(longitude: lon, latitude: lat) { return .failure(.init(message: problem)) }
        return .success(Coordinate(latitude: lat, longitude: lon))
    }

    /// GPX's element names in words, as a place's data is shown under them ("desc" is "description").
    static let labels = ["desc": "description", "cmt": "comment", "ele": "elevation", "time": "time", "type": "type",
                         "sym": "symbol", "src": "source"]

    private static func waypoint(_ c: Coordinate, _ fields: [String: String]) -> PointAnnotation {
        var data = AnnotationProperties()
        for key in ["desc", "cmt", "ele", "time", "type", "sym"] {
            guard let value = fields[key] else { continue }
            data[labels[key]!] = key == "ele" ? "\(GeoJSONObject.text((Double(value) ?? 0).rounded(toPlaces: 1))) m" : value
        }
        return PointAnnotation(coordinate: c, title: fields["name"].map(cut), subtitle: (fields["desc"] ?? fields["cmt"]).map(cut),
                               properties: data)
    }

    private static func cut(_ s: String) -> String { GeoJSONLoader.shortened(s) }

    /// A route's or track's line, with its measures as data.
    private static func shape(_ path: Path) -> Result<ShapeOverlay, GeoJSONLoader.Reason> {
        let parts = path.parts.filter { $0.count >= 2 }
        guard !parts.isEmpty else { return .failure(.init(message: "has no segment of 2 points or more")) }
        let lines = parts.map { $0.compactMap(\.coordinate) }
        let stats = TrackStatistics(parts.map { $0.map { ($0.coordinate!, $0.fields["ele"].flatMap(Double.init), $0.fields["time"]) } })
        // Its length is the shape's own (ShapeMeasure): the data holds what only the points know.
        var data = AnnotationProperties()
        if let gain = stats.elevationGain, let loss = stats.elevationLoss {
            data["elevation gain"] = "\(Int(gain.rounded())) m"
            data["elevation loss"] = "\(Int(loss.rounded())) m"
        }
        if let duration = stats.duration { data["duration"] = TrackStatistics.text(duration: duration) }
        for key in ["desc", "cmt", "type", "src"] { if let value = path.fields[key] { data[labels[key]!] = cut(value) } }
        let subtitle = (path.fields["desc"] ?? path.fields["cmt"]).map(cut)
            ?? [ShapeMeasure.text(of: .lines(lines)), data["duration"]].compactMap { $0 }.joined(separator: " · ")
        let geometry = OverlayGeometry.lines(lines)
        return .success(ShapeOverlay.make(geometry, title: path.fields["name"].map(cut), subtitle: subtitle, properties: data))
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let k = pow(10, Double(places))
        return (self * k).rounded() / k
    }
}
