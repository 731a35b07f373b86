/// GeoJSON text sequences: RFC 8142's records, each after an RS byte (0x1E), and
/// the newline-delimited kind (one Feature a line: GDAL's GeoJSONSeq by default,
/// `.geojsonl`, `.ndjson`). Read a piece at a time and record by record, so a
/// file of a million points holds a few megabytes of text at once, not the file.
/// A bad record is skipped with a problem naming it (counted from 1, blank lines
/// not counted); RFC 8142 asks readers to go on after one, and so do we.
struct GeoJSONSequence {
    /// Bytes read from the file at a time.
    static let pieceSize = 4 << 20

    enum Separator: UInt8 {
        case recordSeparator = 0x1E
        case newline = 0x0A
    }

    let file: String
    let separator: Separator
    let options: GeoJSONLoader.Options
    private var annotations: [PointAnnotation] = []
    private var overlays: [ShapeOverlay] = []
    private var problems: [PlaceFileProblem] = []
    private var records = 0
    /// The start of a record whose end is in the next piece.
    private var carry: [UInt8] = []

    init(file: String, separator: Separator, options: GeoJSONLoader.Options) {
        self.file = file
        self.separator = separator
        self.options = options
    }

    /// Whether text starting with these bytes is a sequence, and of which kind: an RS first, or
    /// a first line that is a whole Feature (or geometry) with another object after it.
    static func separator(startingWith bytes: ArraySlice<UInt8>) -> Separator? {
        var i = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i += 3 }
        while i < bytes.endIndex, isSpace(bytes[i]), bytes[i] != Separator.recordSeparator.rawValue { i += 1 }
        guard i < bytes.endIndex else { return nil }
        if bytes[i] == Separator.recordSeparator.rawValue { return .recordSeparator }
        guard bytes[i] == UInt8(ascii: "{"), let end = bytes[i...].firstIndex(of: Separator.newline.rawValue) else { return nil }
        var line = JSONReader(bytes: Array(bytes[i..<end]))
        guard let first = try? line.value(), (try? line.expectEnd()) != nil, let type = first["type"]?.string,
              type == "Feature" || GeoJSONObject.Geometry.types.contains(type) else { return nil }
        var next = end + 1
        while next < bytes.endIndex, isSpace(bytes[next]) { next += 1 }
        return next < bytes.endIndex && bytes[next] == UInt8(ascii: "{") ? .newline : nil
    }

    /// Streams the rest of a file whose first piece was `first`.
    mutating func load(first: [UInt8], then file: InputFile.Reader, cancellation: Cancellation?,
                       progress: GeoJSONLoader.Progress?) throws(InputFile.Failure) -> LoadedPlaces {
        var piece = first
        var reported = 0
        while !piece.isEmpty {
            if cancellation?.isCancelled == true { return LoadedPlaces(annotations: [], problems: [], wasCancelled: true) }
            read(piece[...])
            if let progress, records / GeoJSONLoader.progressInterval > reported {
                reported = records / GeoJSONLoader.progressInterval
                progress(records, file.size > 0 ? min(1, Double(file.consumed) / Double(file.size)) : 1)
            }
            piece = try file.next(upTo: Self.pieceSize)
        }
        finish()
        return LoadedPlaces(annotations: annotations, overlays: overlays, problems: problems)
    }

    /// A whole sequence held in memory, read in pieces as a file is (small ones test the seams).
    mutating func load(_ bytes: [UInt8], pieceSize: Int = pieceSize, progress: GeoJSONLoader.Progress?) -> LoadedPlaces {
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + max(1, pieceSize))
            read(bytes[start..<end])
            start = end
        }
        finish()
        progress?(records, 1)
        return LoadedPlaces(annotations: annotations, overlays: overlays, problems: problems)
    }

    /// Reads every record that ends in `piece`; keeps the unfinished one for the next piece.
    private mutating func read(_ piece: ArraySlice<UInt8>) {
        guard let last = piece.lastIndex(of: separator.rawValue) else {
            carry += piece
            return
        }
        var start = piece.startIndex
        if !carry.isEmpty, let end = piece.firstIndex(of: separator.rawValue) {
            carry += piece[..<end]
            let record = carry
            carry = []
            handle(record[...])
            start = end + 1
        }
        while start <= last, let end = piece[start...].firstIndex(of: separator.rawValue) {
            handle(piece[start..<end])
            start = end + 1
        }
        carry = Array(piece[(last + 1)...])
    }

    private mutating func finish() {
        let record = carry
        carry = []
        handle(record[...])
    }

    /// One record: its pins, or a problem naming it.
    private mutating func handle(_ bytes: ArraySlice<UInt8>) {
        guard bytes.contains(where: { !Self.isSpace($0) }) else { return }  // a blank line is no record
        records += 1
        func problem(_ message: String, _ severity: PlaceFileProblem.Severity = .skipped) {
            problems.append(PlaceFileProblem(file: file, feature: nil, record: records, severity: severity, message: message))
        }
        var r = JSONReader(bytes: Array(bytes))
        do {
            guard r.peek() == UInt8(ascii: "{") else {
                try r.skipValue()
                try r.expectEnd()
                return problem("is not a Feature")
            }
            let object = try GeoJSONObject(&r, options: options)
            try r.expectEnd()
            if let refusal = GeoJSONLoader.refusal(of: object) { return problem(refusal) }
            let outcome: Swift.Result<GeoJSONPlaces, GeoJSONLoader.Reason>
            switch object.type {
            case "Feature": outcome = object.places(of: object.geometry)
            case let type? where GeoJSONObject.Geometry.types.contains(type): outcome = object.places(of: object.asGeometry)
            default: return problem("is not a Feature")
            }
            switch outcome {
            case .success(let places):
                annotations += places.pins
                overlays += places.overlays
                for note in places.notes { problem(note, .adjusted) }
            case .failure(let reason):
                problem(reason.message)
            }
        } catch let failure as JSONReader.Failure {
            problem("is not valid JSON: \(failure) of the record")
        } catch {
            problem("could not be read")
        }
    }

    private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == Separator.recordSeparator.rawValue
    }
}
