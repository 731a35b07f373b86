import Foundation

/// Reads a file of places and shapes in whichever format it is — GeoJSON (and its text
/// sequences), GPX or KML — told apart by content, not by name: XML whose root is `<gpx>`
/// is GPX, `<kml>` KML; anything else is read as GeoJSON (which says what it is not).
public enum PlaceFileLoader {
    /// The formats it reads.
    public enum Format: String, Sendable {
        /// GeoJSON (RFC 7946) or a GeoJSON text sequence (RFC 8142, or one Feature a line).
        case geoJSON = "GeoJSON"
        /// GPX 1.0 or 1.1: waypoints, routes, tracks.
        case gpx = "GPX"
        /// KML 2.2: Placemarks.
        case kml = "KML"
    }

    /// The format of a file's first bytes.
    public static func format(of start: some Collection<UInt8>) -> Format {
        var bytes = Array(start.prefix(4096))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let first = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), bytes[first] == UInt8(ascii: "<") else {
            return .geoJSON
        }
        // The root element: the first tag that is not a declaration, a comment or a doctype.
        let text = String(decoding: bytes[first...], as: UTF8.self)
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            let tag = rest[rest.index(after: open)...]
            if tag.hasPrefix("?") || tag.hasPrefix("!") {
                guard let close = tag.firstIndex(of: ">") else { break }
                rest = tag[tag.index(after: close)...]
                continue
            }
            let name = tag.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            let local = name.split(separator: ":").last.map(String.init) ?? ""
            if local == "gpx" { return .gpx }
            if local == "kml" { return .kml }
            break
        }
        return .geoJSON
    }

    /// Reads the file at a path, as `load(contentsOf:options:cancellation:progress:)` does.
    public static func load(contentsOfFile path: String, options: GeoJSONLoader.Options = .init(), cancellation: Cancellation? = nil,
                            progress: GeoJSONLoader.Progress? = nil) -> LoadedPlaces {
        load(contentsOf: URL(fileURLWithPath: path), options: options, cancellation: cancellation, progress: progress)
    }

    /// Reads a file: its format from its first bytes, then that format's loader.
    public static func load(contentsOf url: URL, options: GeoJSONLoader.Options = .init(), cancellation: Cancellation? = nil,
                            progress: GeoJSONLoader.Progress? = nil) -> LoadedPlaces {
        let start = (try? InputFile.Reader(url).next(upTo: 4096)) ?? []
        switch format(of: start) {
        case .gpx: return GPXLoader.load(contentsOf: url, cancellation: cancellation)
        case .kml: return KMLLoader.load(contentsOf: url, cancellation: cancellation)
        case .geoJSON: return GeoJSONLoader.load(contentsOf: url, options: options, cancellation: cancellation, progress: progress)
        }
    }

    /// Reads bytes in memory in whichever format they are; `file` names them in problems.
    public static func load(data: Data, file: String, options: GeoJSONLoader.Options = .init()) -> LoadedPlaces {
        switch format(of: data) {
        case .gpx: return GPXLoader.load(data: data, file: file)
        case .kml: return KMLLoader.load(data: data, file: file)
        case .geoJSON: return GeoJSONLoader.load(data: data, file: file, options: options)
        }
    }
}
