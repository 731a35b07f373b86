@testable import CalloutMapCore
import Foundation
import XCTest

/// Files that are not files: refused at once, by name, with no read that blocks or grows.
final class InputFileTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calloutmap-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func refusal(_ url: URL, limit: Int = InputFile.sizeLimit) -> String? {
        do { _ = try InputFile.read(url, limit: limit); return nil } catch { return error.description }
    }

    func testWhatIsNotARegularFileIsRefusedAtOnceByName() throws {
        let fifo = folder.appendingPathComponent("pipe.geojson")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let link = folder.appendingPathComponent("zero.geojson")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/zero")
        let started = Date()
        XCTAssertEqual(refusal(folder), "\(folder.path): is a folder, not a file")
        XCTAssertEqual(refusal(fifo), "\(fifo.path): is a pipe, not a file", "no writer: a blocking open would hang here")
        XCTAssertEqual(refusal(URL(fileURLWithPath: "/dev/zero")), "/dev/zero: is a device, not a file")
        XCTAssertEqual(refusal(URL(fileURLWithPath: "/dev/urandom")), "/dev/urandom: is a device, not a file")
        XCTAssertEqual(refusal(link), "\(link.path): is a device, not a file", "a link is followed to what it names")
        XCTAssertEqual(refusal(folder.appendingPathComponent("gone.geojson")), "\(folder.path)/gone.geojson: does not exist")
        let file = folder.appendingPathComponent("f.geojson")
        try Data("{}".utf8).write(to: file)
        XCTAssertEqual(refusal(file.appendingPathComponent("x")), "\(file.path)/x: does not exist (a part of its path is not a folder)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "all at once")

        let r = GeoJSONLoader.load(contentsOf: fifo)
        XCTAssertEqual(r.problems.map(\.description), ["\(fifo.path): is a pipe, not a file; nothing was loaded from it"])
    }

    func testUnreadableFilesSaySo() throws {
        let file = folder.appendingPathComponent("secret.geojson")
        try Data("{}".utf8).write(to: file)
        chmod(file.path, 0)
        if getuid() == 0 {
            XCTAssertNil(refusal(file), "root reads it anyway")
        } else {
            XCTAssertEqual(refusal(file), "\(file.path): cannot be read: permission denied")
        }
        // What each refusal says, for the errors a test run as root cannot provoke.
        XCTAssertEqual(InputFile.reason(errno: EACCES), "cannot be read: permission denied")
        XCTAssertEqual(InputFile.reason(errno: ELOOP), "cannot be read: too many symbolic links")
        XCTAssertEqual(InputFile.reason(errno: EIO), "cannot be read (Input/output error)")
        XCTAssertEqual(InputFile.notAFile(mode: S_IFSOCK), "is a socket, not a file")
        XCTAssertEqual(InputFile.notAFile(mode: S_IFBLK), "is a device, not a file")
    }

    func testFilesOverTheLimitAreRefusedWithTheirSize() throws {
        let file = folder.appendingPathComponent("big.geojson")
        try Data(repeating: 0x20, count: 3_000_000).write(to: file)
        XCTAssertEqual(refusal(file, limit: 2_000_000), "\(file.path): is 3.0 MB, more than the 2.0 MB CalloutMap opens")
        XCTAssertNil(refusal(file, limit: 3_000_000), "exactly the limit reads")
        XCTAssertEqual(InputFile.sizeLimit, 1 << 30)
        XCTAssertEqual(try InputFile.read(file).count, 3_000_000)
    }

    func testAFileGrowingWhileReadIsCutOffAtTheLimit() throws {
        // /proc files report size 0 and then yield bytes: the read must still stop at the limit.
        let proc = URL(fileURLWithPath: "/proc/self/maps")
        XCTAssertEqual(refusal(proc, limit: 10), "/proc/self/maps: grew past the 10 bytes CalloutMap opens while being read")
        XCTAssertGreaterThan(try InputFile.read(proc).count, 10)
    }

    /// Pieces are as big as what is left of the file (and a byte to see it grow), not as asked:
    /// a small file's first piece of 4 MiB once took milliseconds to make.
    /// A file of several of the pieces it is read in comes back byte for byte.
    func testABigFileIsReadExactly() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("calloutmap-big-\(getpid()).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = Self.noise((9 << 20) + 12_345, seed: 7)
        try Data(bytes).write(to: url)
        XCTAssertTrue(try InputFile.read(url) == bytes)
    }

    /// Past `twoThreadBytes` the rest is read on two threads: byte for byte, what the file grew by
    /// after it was opened included, and a cancelled read still says so.
    func testALargeFileIsReadOnTwoThreadsExactly() throws {
        let url = folder.appendingPathComponent("large.bin")
        let bytes = Self.noise(InputFile.Reader.twoThreadBytes + 12_345, seed: 11)
        try Data(bytes).write(to: url)
        let reader = try InputFile.Reader(url)
        let first = try reader.next(upTo: 4097)
        let grown = FileHandle(forWritingAtPath: url.path)!
        grown.seekToEndOfFile()
        grown.write(Data("tail".utf8))
        grown.closeFile()
        let whole = try reader.rest(after: first)
        XCTAssertEqual(whole.count, bytes.count + 4)
        XCTAssertTrue(whole == bytes + Array("tail".utf8))
        XCTAssertEqual(reader.consumed, bytes.count + 4)
        XCTAssertThrowsError(try InputFile.Reader(url).rest(after: [], isCancelled: { true })) { error in
            XCTAssertEqual((error as? InputFile.Failure)?.reason, "was not read: cancelled")
        }
    }

    func testPiecesAreNoBiggerThanTheRestOfTheFile() throws {
        let file = folder.appendingPathComponent("small.geojson")
        try Data("0123456789".utf8).write(to: file)
        let reader = try InputFile.Reader(file)
        let first = try reader.next(upTo: 4)
        XCTAssertEqual(String(decoding: first, as: UTF8.self), "0123")
        let rest = try reader.next(upTo: 4 << 20)
        XCTAssertEqual(String(decoding: rest, as: UTF8.self), "456789")
        XCTAssertEqual(rest.capacity < 64, true, "room for 7 bytes, not 4 MiB: \(rest.capacity)")
        XCTAssertEqual(try reader.next(upTo: 4 << 20), [])
        // A file that reports no size (as /proc's) is read whole, a piece as asked at a time.
        let proc = try InputFile.Reader(URL(fileURLWithPath: "/proc/self/maps"))
        var bytes: [UInt8] = [], piece = try proc.next(upTo: 100)
        while !piece.isEmpty {
            XCTAssertLessThanOrEqual(piece.count, 100)
            bytes += piece
            piece = try proc.next(upTo: 100)
        }
        XCTAssertGreaterThan(bytes.count, 100)
    }

    func testACancelledLoadStopsAndSaysSo() throws {
        let file = folder.appendingPathComponent("places.geojson")
        let feature = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}"#
        try Data(#"{"type":"FeatureCollection","features":[\#(Array(repeating: feature, count: 12_000).joined(separator: ","))]}"#.utf8)
            .write(to: file)
        XCTAssertEqual(GeoJSONLoader.load(contentsOf: file, cancellation: Cancellation()).annotations.count, 12_000)
        // Cancelled while parsing (from the progress report at 5,000), then before reading.
        let cancellation = Cancellation()
        var reports = 0
        let midway = GeoJSONLoader.load(contentsOf: file, cancellation: cancellation) { _, _ in
            reports += 1
            cancellation.cancel()
        }
        XCTAssertEqual(reports, 1, "stopped before the next report")
        XCTAssertTrue(midway.wasCancelled)
        XCTAssertEqual(midway.annotations.count, 0)
        let cancelled = GeoJSONLoader.load(contentsOf: file, cancellation: cancellation)
        XCTAssertTrue(cancelled.wasCancelled)
        XCTAssertEqual(cancelled.annotations.count, 0)
        XCTAssertEqual(cancelled.problems, [])
    }

    /// `count` bytes of seeded noise, made eight at a time: a closure a byte took 10 s for 32 MB
    /// in a debug build, three times that under a sanitizer.
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { raw in
            for offset in stride(from: 0, to: raw.count, by: 8) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                withUnsafeBytes(of: state) { word in
                    let n = min(8, raw.count - offset)
                    raw.baseAddress!.advanced(by: offset).copyMemory(from: word.baseAddress!, byteCount: n)
                }
            }
        }
        return bytes
    }
}
