@testable import CalloutMapCore
import Foundation
import Synchronization
import XCTest

/// The files the library ships are read once a process and shared; a failed read is tried again.
final class BundledFileTests: XCTestCase {
    func testAFileIsReadOnceAndSharedAndAFailureIsTriedAgain() throws {
        let reads = Mutex(0)
        struct Refused: Error {}
        let file = BundledFile<String>(path: "basemap", read: { url in
            let n = reads.withLock { $0 += 1; return $0 }
            if n == 1 { throw Refused() }
            return url.lastPathComponent
        }, notFound: { BasemapError(file: "basemap", reason: $0) })
        XCTAssertThrowsError(try file.get(), "the first read fails") { XCTAssertTrue($0 is Refused) }
        XCTAssertEqual(try file.get(), "basemap", "the next ask reads again")
        XCTAssertEqual(try file.get(), "basemap")
        XCTAssertEqual(reads.withLock { $0 }, 2, "and once it is read, never again")
        XCTAssertTrue(try Basemap.bundled() === Basemap.bundled(), "one basemap a process")
    }
}
