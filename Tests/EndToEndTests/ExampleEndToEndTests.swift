import Foundation
import XCTest

/// The README's library example (`Examples/HelloMap`, `import CalloutMap` only) builds with
/// the package and runs: a window with the map comes up and stays, GTK quiet.
final class ExampleEndToEndTests: XCTestCase {
    func testTheLibraryExampleRuns() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        let p = Process()
        p.executableURL = AppProcess.binary.deletingLastPathComponent().appendingPathComponent("hello-map")
        let errors = Pipe()
        p.standardError = errors
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        usleep(2_500_000)
        XCTAssertTrue(p.isRunning, "the example's window stays up")
        p.terminate()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertFalse(text.contains("CRITICAL") || text.contains("Fatal"), text)
    }
}
