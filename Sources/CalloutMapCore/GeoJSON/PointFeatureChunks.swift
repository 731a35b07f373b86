import CalloutMapFastJSON
import Foundation
import Synchronization

/// A FeatureCollection's `features` read ahead of `JSONReader`, on every core, by simdjson: the
/// array is cut into stretches of about `size` bytes (1 MiB keeps simdjson's set-up small and
/// little to hand back), each read as its own JSON array of Point
/// features. A stretch that is anything else (another geometry, a problem to report, bad UTF-8,
/// invalid JSON) is left to `JSONReader`, so every rule of the loader stays in its one place.
///
/// A stretch ends at a comma that looks like one between features (`}` `,` `{`), which may be
/// wrong (inside a string, deeper in a feature). It is used only where the reader arrives exactly
/// at its start, and only if simdjson read it whole as an array: a cut inside a string or a
/// nested value leaves a string or a bracket open, which simdjson refuses; so an accepted
/// stretch ends at a comma between two elements, where the next stretch starts.
final class PointFeatureChunks: @unchecked Sendable {
    /// Elements from `start` (the first byte of one) to `end` (the comma after the last); what
    /// simdjson made of them (`count` is nil when it did not read them).
    struct Chunk {
        let start: Int
        let end: Int
        var count: Int?
        var pins: [PointAnnotation] = []
        /// Notes on the features, by their index in the stretch.
        var notes: [(feature: Int, id: String?, message: String)] = []
    }

    private var chunks: [Chunk]
    private var cursor = 0
    private let skipped: Skipped
    /// Bytes of the file given back to the system once read (whole pages), for tests and the benchmark.
    var bytesGivenBack: Int { skipped.bytes }

    /// Reads ahead the array whose `[` is at `arrayStart`; nil when its first stretch is not all Point
    /// features (most likely no other is: the reader reads it all) or it is shorter than one stretch.
    init?(_ bytes: [UInt8], arrayStart: Int, size: Int, options: GeoJSONLoader.Options, cancellation: Cancellation?) {
        // The first stretch alone, then the rest once it is all Point features: a file of lines
        // or polygons is not scanned for nothing.
        chunks = Self.cut(bytes, after: arrayStart, size: size, limit: 1)
        skipped = Skipped()
        guard !chunks.isEmpty else { return nil }
        let reader = ChunkReader()
        reader.read(&chunks[0], of: bytes, options: options)
        guard chunks[0].count != nil else { return nil }
        chunks += Self.cut(bytes, after: chunks[0].end, size: size)
        // Each chunk is written by the one worker that took its index, through a pointer (an
        // array's elements cannot be modified from two threads at once), and read after all finish.
        let results = Results(chunks)
        defer { chunks = results.finish() }
        let next = Atomic<Int>(1)
        let skipped = self.skipped
        skipped.start(count: chunks.count)
        skipped.read(0, accepted: true, of: bytes, results)
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, chunks.count - 1)
        DispatchQueue.concurrentPerform(iterations: max(workers, 0)) { _ in
            let reader = ChunkReader()
            while true {
                let k = next.add(1, ordering: .relaxed).oldValue
                guard k < results.chunks.count, cancellation?.isCancelled != true else { return }
                reader.read(&results.chunks[k], of: bytes, options: options)
                skipped.read(k, accepted: results.chunks[k].count != nil, of: bytes, results)
            }
        }
    }

    /// The stretches the reader will jump over, whose bytes are given back to the system as soon
    /// as they are read (a 175 MB file was in memory whole with all its pins, the load's peak).
    ///
    /// The first stretch starts just inside the array; a stretch simdjson read ends at a comma
    /// between elements of the array, so while every stretch before it was read too, a stretch
    /// starts at an element, where the reader takes it and goes on from its end: its bytes are
    /// never read again. After a stretch simdjson refused, the cuts may be anywhere (inside a
    /// string, a nested array), the reader reads on by itself, and nothing more is given back.
    private final class Skipped: @unchecked Sendable {
        /// Per stretch: nil until read, then whether simdjson took it.
        private var accepted: [Bool?] = []
        /// The first stretch not given back.
        private var next = 0
        private var given = 0
        private let lock = NSLock()

        func start(count: Int) { accepted = Array(repeating: nil, count: count) }

        /// Bytes given back so far.
        var bytes: Int {
            lock.lock()
            defer { lock.unlock() }
            return given
        }

        /// Notes a stretch read and gives back every stretch that has become safe to.
        func read(_ k: Int, accepted isAccepted: Bool, of bytes: [UInt8], _ results: Results) {
            lock.lock()
            accepted[k] = isAccepted
            let from = next
            while next < accepted.count, accepted[next] == true { next += 1 }
            let safe = from..<next
            lock.unlock()
            let freed = safe.reduce(0) { $0 + Self.giveBack(results.chunks[$1].start..<results.chunks[$1].end, of: bytes) }
            lock.lock()
            given += freed
            lock.unlock()
        }

        /// The whole pages of a range of the bytes: the system takes them back (they read as zeros
        /// after). Returns how many bytes.
        private static func giveBack(_ range: Range<Int>, of bytes: [UInt8]) -> Int {
            bytes.withUnsafeBufferPointer { b in
                guard let base = b.baseAddress.map(UInt.init(bitPattern:)) else { return 0 }
                let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
                let low = (base + UInt(range.lowerBound) + page - 1) / page * page
                let high = (base + UInt(range.upperBound)) / page * page
                guard high > low, let start = UnsafeMutableRawPointer(bitPattern: low),
                      madvise(start, Int(high - low), MADV_DONTNEED) == 0 else { return 0 }
                return Int(high - low)
            }
        }
    }

    private struct Results: @unchecked Sendable {
        let chunks: UnsafeMutableBufferPointer<Chunk>

        init(_ list: [Chunk]) {
            chunks = .allocate(capacity: list.count)
            _ = chunks.initialize(from: list)
        }

        func finish() -> [Chunk] {
            defer { chunks.deinitialize().deallocate() }
            return Array(chunks)
        }
    }

    /// How many pins the stretches read ahead hold.
    var pinCount: Int { chunks.reduce(0) { $0 + $1.pins.count } }

    /// The stretch read ahead that starts at `position`, taken out; nil when none starts there.
    func take(at position: Int) -> Chunk? {
        while cursor < chunks.count, chunks[cursor].start < position { cursor += 1 }
        guard cursor < chunks.count, chunks[cursor].start == position, chunks[cursor].count != nil else { return nil }
        defer { chunks[cursor].pins = [] }
        return chunks[cursor]
    }

    /// At most `limit` stretches of about `size` bytes after the `[` or `,` at `position`, each
    /// ending at a `}`, `,`, `{` (spaces between); what is after the last one is left to the reader.
    static func cut(_ bytes: [UInt8], after position: Int, size: Int, limit: Int = .max) -> [Chunk] {
        bytes.withUnsafeBufferPointer { b in
            func isSpace(_ i: Int) -> Bool { b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 }
            func skipSpace(from i: Int) -> Int {
                var i = i
                while i < b.count, isSpace(i) { i += 1 }
                return i
            }
            /// The first comma at or after `from` with a `}` before it and a `{` after it.
            func comma(from: Int) -> Int? {
                var i = from
                while i < b.count {
                    if b[i] == UInt8(ascii: ","), skipSpace(from: i + 1) < b.count, b[skipSpace(from: i + 1)] == UInt8(ascii: "{") {
                        var j = i - 1
                        while j > 0, isSpace(j) { j -= 1 }
                        if b[j] == UInt8(ascii: "}") { return i }
                    }
                    i += 1
                }
                return nil
            }
            var chunks: [Chunk] = []
            var start = skipSpace(from: position + 1)
            while chunks.count < limit, start + size < b.count, let end = comma(from: start + size) {
                chunks.append(Chunk(start: start, end: end))
                start = skipSpace(from: end + 1)
            }
            return chunks
        }
    }
}

/// One thread's simdjson reader and the buffer a stretch is copied into (simdjson reads 64 bytes
/// past the end of its text).
private final class ChunkReader {
    /// Nesting allowed inside the stretch, which is itself two levels into the file.
    private let reader = cm_json_feature_reader_create(JSONReader.maxDepth - 1)
    private var buffer: [UInt8] = []

    deinit { cm_json_feature_reader_free(reader) }

    func read(_ chunk: inout PointFeatureChunks.Chunk, of bytes: [UInt8], options: GeoJSONLoader.Options) {
        guard let reader else { return }
        let length = chunk.end - chunk.start + 2
        if buffer.count < length + 64 { buffer = [UInt8](repeating: 0, count: length + length / 4 + 64) }
        buffer[0] = UInt8(ascii: "[")
        buffer.withUnsafeMutableBufferPointer { b in
            bytes.withUnsafeBufferPointer { source in
                _ = UnsafeMutableBufferPointer(rebasing: b[1...]).initialize(from: source[chunk.start..<chunk.end])
            }
        }
        buffer[length - 1] = UInt8(ascii: "]")
        var sink = Sink(options: options)
        let count = buffer.withUnsafeBufferPointer { b in
            withUnsafeMutablePointer(to: &sink) { context in
                cm_json_read_point_features(reader, b.baseAddress, length, b.count, context) { context, feature in
                    context!.assumingMemoryBound(to: Sink.self).pointee.add(feature!.pointee)
                }
            }
        }
        guard count >= 0, !sink.refused else { return }
        sink.table.finish()
        chunk.count = count
        chunk.pins = sink.pins
        chunk.notes = sink.notes
    }
}

/// Makes each feature simdjson hands over into a pin, as the reader would: its properties go
/// through the same rules (`GeoJSONObject.Properties.take`), the pin is made by `Properties.pin`.
/// The stretch's pins keep their properties in one table.
private struct Sink {
    let options: GeoJSONLoader.Options
    let table = PropertyTable()
    var pins: [PointAnnotation] = []
    var notes: [(feature: Int, id: String?, message: String)] = []
    var index = 0
    /// One feature's members, kept to save making a list per feature.
    private var members: [GeoJSONObject.Properties.Member] = []
    private var lists = GeoJSONObject.Properties.Lists()
    /// A feature the loader would not take as it is (never expected: simdjson checked its position).
    var refused = false

    init(options: GeoJSONLoader.Options) { self.options = options }

    mutating func add(_ feature: CMJSONFeature) {
        func text(_ start: UnsafePointer<CChar>?, _ count: Int) -> String {
            String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
        }
        members.emptyKeepingCapacity()
        for p in UnsafeBufferPointer(start: feature.properties, count: feature.propertyCount) {
            let value: JSONValue?
            switch p.kind {
            case CMJSONString: value = .string(text(p.text, p.textLength))
            case CMJSONNumber: value = .number(p.number)
            case CMJSONTrue: value = .bool(true)
            case CMJSONFalse: value = .bool(false)
            case CMJSONNull: value = .null
            default: value = nil
            }
            members.append((text(p.key, p.keyLength), value))
        }
        let id: String?
        switch feature.idKind {
        case CMJSONString: id = text(feature.idText, feature.idLength)
        case CMJSONNumber: id = GeoJSONObject.text(feature.idNumber)
        default: id = nil
        }
        var properties = GeoJSONObject.Properties()
        properties.take(members, options: options, table: table, lists: &lists)
        if GeoJSONObject.problem(longitude: feature.longitude, latitude: feature.latitude) != nil { refused = true }
        pins.append(properties.pin(longitude: feature.longitude, latitude: feature.latitude, identifier: id))
        for note in properties.notes { notes.append((index, id, note)) }
        index += 1
    }
}
