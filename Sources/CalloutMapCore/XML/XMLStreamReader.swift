import CalloutMapXML
import Foundation

/// GPX and KML read through libxml2's streaming reader (xmlTextReader), fed from an
/// `InputFile.Reader` a piece at a time, so a big track never sits in memory whole. It
/// reads no DTD, expands no entity and touches no network (a file that declares entities
/// gets them as unexpanded references, which read as nothing), and stops at `maxDepth`
/// elements deep. libxml2's own messages are kept for the caller, never printed.
package final class XMLStreamReader {
    /// An element opened, text, or an element closed.
    package enum Event {
        case start(name: String, attributes: [String: String], line: Int)
        case text(String)
        case end(name: String)
    }

    /// Why the file could not be read further: the message and the line.
    package struct Failure: Error, CustomStringConvertible {
        package var line: Int?
        package var message: String
        package var description: String { line.map { "line \($0): \(message)" } ?? message }
    }

    /// Deeper than any GPX or KML file nests; a file past it is refused, not walked.
    package static let maxDepth = 64

    private var reader: xmlTextReaderPtr?
    private let source: Source
    private var firstError: Failure?
    private var pendingEnd: String?

    /// Where the bytes come from: a file's reader or bytes in memory.
    private final class Source {
        let file: InputFile.Reader?
        let bytes: [UInt8]
        var offset = 0
        var failure: InputFile.Failure?
        init(file: InputFile.Reader?, bytes: [UInt8]) {
            self.file = file
            self.bytes = bytes
        }
    }

    /// Reads a file (the same checks as every file CalloutMap opens: no folders, pipes or devices, 1 GiB at most).
    package convenience init(file url: URL) throws(InputFile.Failure) {
        self.init(source: Source(file: try InputFile.Reader(url), bytes: []), name: url.path)
    }

    /// Reads bytes in memory; `name` names them in messages.
    package convenience init(bytes: [UInt8], name: String) {
        self.init(source: Source(file: nil, bytes: bytes), name: name)
    }

    private init(source: Source, name: String) {
        self.source = source
        let read: xmlInputReadCallback = { context, buffer, length in
            guard let context, let buffer, length > 0 else { return 0 }
            let source = Unmanaged<Source>.fromOpaque(context).takeUnretainedValue()
            if let file = source.file {
                do throws(InputFile.Failure) {
                    return Int32(try file.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(length))))
                } catch {
                    source.failure = error
                    return -1
                }
            }
            let n = min(Int(length), source.bytes.count - source.offset)
            source.bytes.withUnsafeBytes { all in
                UnsafeMutableRawPointer(buffer).copyMemory(from: all.baseAddress! + source.offset, byteCount: n)
            }
            source.offset += n
            return Int32(n)
        }
        // No entity substitution, no DTD loading, no network; libxml2's default limits on sizes stay on.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        reader = xmlReaderForIO(read, nil, Unmanaged.passUnretained(source).toOpaque(), name, nil, options)
        let me = Unmanaged.passUnretained(self)
        if let reader {
            let handler: xmlStructuredErrorFunc = { context, error in
                guard let context, let error else { return }
                let me = Unmanaged<XMLStreamReader>.fromOpaque(context).takeUnretainedValue()
                guard me.firstError == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
                let text = error.pointee.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "not well-formed"
                me.firstError = Failure(line: error.pointee.line > 0 ? Int(error.pointee.line) : nil, message: text)
            }
            xmlTextReaderSetStructuredErrorHandler(reader, handler, me.toOpaque())
        }
    }

    /// What `read` makes of a file, or the file refused (not a file, too big, unreadable) by name.
    package static func load(_ url: URL, _ read: (XMLStreamReader) -> LoadedPlaces) -> LoadedPlaces {
        do throws(InputFile.Failure) {
            return read(try XMLStreamReader(file: url))
        } catch {
            return .refused(error.file, error.reason)
        }
    }

    deinit {
        if let reader { xmlFreeTextReader(reader) }
    }

    /// The line the reader is at (for messages).
    package var line: Int { reader.map { Int(xmlTextReaderGetParserLineNumber($0)) } ?? 0 }

    /// The next event, nil at the end; throws why the rest cannot be read.
    package func next() throws(Failure) -> Event? {
        if let name = pendingEnd {
            pendingEnd = nil
            return .end(name: name)
        }
        guard let reader else { throw Failure(line: nil, message: "could not be opened as XML") }
        while true {
            let status = xmlTextReaderRead(reader)
            if let failure = source.failure { throw Failure(line: nil, message: failure.reason) }
            if status < 0 || firstError != nil { throw firstError ?? Failure(line: line, message: "is not well-formed XML") }
            if status == 0 { return nil }
            let depth = Int(xmlTextReaderDepth(reader))
            guard depth < Self.maxDepth else { throw Failure(line: line, message: "nests elements more than \(Self.maxDepth) deep") }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
                var attributes: [String: String] = [:]
                if xmlTextReaderHasAttributes(reader) == 1 {
                    while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                        if let key = xmlTextReaderConstLocalName(reader), let value = xmlTextReaderConstValue(reader) {
                            attributes[String(cString: key)] = String(cString: value)
                        }
                    }
                    xmlTextReaderMoveToElement(reader)
                }
                if xmlTextReaderIsEmptyElement(reader) == 1 { pendingEnd = name }
                // The element's own line (the parser's may be lines ahead, reading on).
                let own = xmlTextReaderCurrentNode(reader).map { Int(xmlGetLineNo($0)) } ?? 0
                return .start(name: name, attributes: attributes, line: own > 0 ? own : line)
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return .end(name: xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? "")
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                 Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                return .text(xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? "")
            default:
                continue  // comments, processing instructions, unexpanded entity references, the DTD
            }
        }
    }
}

extension String {
    /// The text without XML's white space (space, tab, CR, LF) at either end. Foundation's
    /// `trimmingCharacters` bridges through NSString: it was most of the time of reading a GPX
    /// track (100,000 points: 1.5 s, most of it here).
    package var trimmingXMLSpace: String {
        let bytes = utf8
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return self }
        return String(self[first...last])
    }
}
