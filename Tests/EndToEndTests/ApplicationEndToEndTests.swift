import CalloutMapCore
import Foundation
import XCTest

/// The app as a GNOME application: one instance that opens files, remembered state, the
/// shortcuts and About windows, toasts, translations and `--version`.
final class ApplicationEndToEndTests: XCTestCase {
    static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    override func setUpWithError() throws {
        // The settings schema and translations compiled for the build tree (test.sh does this first).
        XCTAssertEqual(runTool(Self.sourceRoot.appendingPathComponent("scripts/build-data.sh").path, []), 0)
    }

    /// A folder of its own for settings kept in a keyfile, as a person's session keeps them.
    private func settingsEnvironment() throws -> (environment: [String: String], folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cm-settings-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": folder.path], folder)
    }

    private func places(_ points: [(Double, Double)], name: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid()).geojson")
        let features = points.enumerated().map { i, p in
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(p.1),\#(p.0)]},"properties":{"title":"Place \#(i)"}}"#
        }
        try Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8).write(to: file)
        return file
    }

    /// Checks that a `region` (or `ready`) event's view, on a map of `map`'s size, shows every
    /// point clear of the edges and of the toast at the bottom, zoomed in past `zoom`.
    private func assertShown(_ points: [(Double, Double)], in event: [String: Any], map: [String: Double], zoomedPast zoom: Double,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let center = try XCTUnwrap(event["center"] as? [String: Double], file: file, line: line)
        let view = Viewport(center: Coordinate(latitude: center["lat"]!, longitude: center["lon"]!), zoom: event["zoom"] as? Double ?? 0,
                            size: Size(width: map["width"]!, height: map["height"]!))
        XCTAssertGreaterThan(view.zoom, zoom, "zoomed in to the places", file: file, line: line)
        let clear = Rect(x: 40, y: 40, width: view.size.width - 80, height: view.size.height - 40 - 100)  // the toast: 70 px
        for (lat, lon) in points {
            let p = view.screenPoint(for: Coordinate(latitude: lat, longitude: lon))
            XCTAssertTrue(clear.contains(p), "(\(lat), \(lon)) at \(p), clear of the edges and the toast in \(view.size)", file: file, line: line)
        }
    }

    /// The names of the app's visible X windows (their titles).
    private func windowTitles(of app: AppProcess) -> [String] {
        let p = Process(), out = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["bash", "-c", "for w in $(xdotool search --onlyvisible --pid \(app.process.processIdentifier)); do xdotool getwindowname $w; done"]
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return [] }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// A window's size by its title (xdotool's geometry), nil when none has it.
    private func windowSize(_ title: String, of app: AppProcess) -> Size? {
        let p = Process(), out = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["bash", "-c", "for w in $(xdotool search --onlyvisible --pid \(app.process.processIdentifier)); do "
                       + "[ \"$(xdotool getwindowname $w)\" = \"$1\" ] && xdotool getwindowgeometry $w; done", "size", title]
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard let line = text.split(separator: "\n").first(where: { $0.contains("Geometry:") }),
              let dims = line.split(separator: " ").last?.split(separator: "x"), dims.count == 2,
              let w = Double(dims[0]), let h = Double(dims[1]) else { return nil }
        return Size(width: w, height: h)
    }

    private func waitForWindow(_ title: String, of app: AppProcess, shown: Bool = true) -> Bool {
        for _ in 0..<50 {
            if windowTitles(of: app).contains(title) == shown { return true }
            usleep(100_000)
        }
        return false
    }

    /// Clicks an empty spot of the map so the window has the keyboard.
    private func focusMap(_ ready: [String: Any]) throws {
        let m = try XCTUnwrap(ready["map"] as? [String: Double])
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(m["x"]! + 30))", "\(Int(m["y"]! + m["height"]! - 60))", "click", "1"]), 0)
        usleep(300_000)
    }

    private func waitForExit(_ app: AppProcess, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while app.process.isRunning && Date() < deadline { usleep(50_000) }
        return !app.process.isRunning
    }

    /// The first run explains the four ways in the side panel until the person puts it away;
    /// the window is titled.
    func testTheWelcomeExplainsTheFourWaysUntilPutAway() throws {
        let (environment, folder) = try settingsEnvironment()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try AppProcess(["--log-events", "--no-demo", "--size", "1200x800"], environment: environment)
        let ready = try XCTUnwrap(first.next("ready"))
        XCTAssertTrue(windowTitles(of: first).contains("CalloutMap"), "\(windowTitles(of: first))")
        let names = try first.atspiButtons().compactMap { $0["name"] as? String }
        XCTAssertTrue(names.contains("Got It"), "\(names)")
        _ = try first.atspiButtons(["--click", "Got It"])
        XCTAssertNotNil(first.next("welcome-dismissed"))
        try focusMap(ready)
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+q"]), 0)
        XCTAssertTrue(waitForExit(first, seconds: 10))
        let second = try AppProcess(["--log-events", "--no-demo", "--size", "1200x800"], environment: environment)
        _ = try XCTUnwrap(second.next("ready"))
        XCTAssertFalse(try second.atspiButtons().compactMap { $0["name"] as? String }.contains("Got It"), "put away for good")
    }

    /// A first run in a phone-width window (its size remembered, not asked for on the command
    /// line) opens the panel over the map for the welcome; Got It puts both away.
    func testAFirstRunInANarrowWindowShowsTheWelcomeOverTheMap() throws {
        let (environment, folder) = try settingsEnvironment()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("glib-2.0/settings")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("[io/github/calloutmap/CalloutMap]\nwindow-width=360\nwindow-height=640\n".utf8)
            .write(to: config.appendingPathComponent("keyfile"))
        let app = try AppProcess(["--log-events", "--no-demo"], environment: environment)
        XCTAssertNotNil(app.next("ready"))
        app.settle()
        XCTAssertEqual(app.events.first { $0["event"] as? String == "welcome-shown" }?["over-map"] as? Bool, true)
        let gotIt = try XCTUnwrap(app.atspiButtons().first { $0["name"] as? String == "Got It" && ($0["width"] as? Int ?? 0) > 0 },
                                  "Got It is on screen without the panel button")
        XCTAssertLessThanOrEqual(gotIt["x"] as! Int + (gotIt["width"] as! Int), 370, "inside the window")
        _ = try app.atspiButtons(["--click", "Got It"])
        XCTAssertNotNil(app.next("welcome-dismissed"))
        usleep(500_000)
        let inWindow = try app.atspiButtons().filter {
            ($0["role"] as? String) == "check box" && ($0["width"] as? Int ?? 0) > 0 && ($0["x"] as? Int ?? 0) < 360
        }
        XCTAssertTrue(inWindow.isEmpty, "the panel folded away again: \(inWindow)")
    }

    func testCtrlQQuitsAndTheNextStartIsWhereItWasLeft() throws {
        let (environment, folder) = try settingsEnvironment()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try AppProcess(["--log-events", "--no-demo", "--center", "48.8566,2.3522", "--zoom", "9", "--mode", "popover",
                                    "--size", "1000x640"], environment: environment)
        let ready = try XCTUnwrap(first.next("ready"))
        XCTAssertEqual(ready["panel"] as? Bool, true)
        try focusMap(ready)
        XCTAssertEqual(runTool("xdotool", ["key", "F9"]), 0)  // the side panel off
        usleep(400_000)
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+q"]), 0)
        XCTAssertTrue(waitForExit(first, seconds: 10), "Ctrl+Q quits")
        XCTAssertEqual(first.process.terminationStatus, 0)

        // No options about the view: it comes back as it was.
        let second = try AppProcess(["--log-events", "--no-demo"], environment: environment)
        let again = try XCTUnwrap(second.next("ready"))
        let center = try XCTUnwrap(again["center"] as? [String: Double])
        XCTAssertEqual(center["lat"]!, 48.8566, accuracy: 1e-6)
        XCTAssertEqual(center["lon"]!, 2.3522, accuracy: 1e-6)
        XCTAssertEqual(again["zoom"] as? Double ?? 0, 9, accuracy: 1e-9)
        XCTAssertEqual(again["mode"] as? String, "popover")
        XCTAssertEqual(again["panel"] as? Bool, false)
        let map = try XCTUnwrap(again["map"] as? [String: Double])
        XCTAssertEqual(map["width"]!, 1000, accuracy: 12, "the window's size came back (the map fills it, the panel hidden)")
        // Options still win over what is remembered.
        let third = try AppProcess(["--log-events", "--no-demo", "--zoom", "4", "--mode", "custom"], environment: environment)
        let given = try XCTUnwrap(third.next("ready"))
        XCTAssertEqual(given["zoom"] as? Double ?? 0, 4, accuracy: 1e-9)
        XCTAssertEqual(given["mode"] as? String, "custom")
        XCTAssertEqual((given["center"] as? [String: Double])?["lat"] ?? 0, 48.8566, accuracy: 1e-6)
    }

    func testASecondLaunchWithAFileOpensItInTheFirstWindowAndFitsItsPlaces() throws {
        // The first launch owns the application's name on the bus; the second hands it the file.
        let first = try AppProcess(["--log-events", "--no-demo"])
        let ready = try XCTUnwrap(first.next("ready"))
        let paris = [(48.85, 2.30), (48.87, 2.40), (48.83, 2.35)]
        let file = try places(paris, name: "cm-paris")
        defer { try? FileManager.default.removeItem(at: file) }

        let second = try AppProcess([file.path])
        XCTAssertTrue(waitForExit(second, seconds: 15), "the second launch hands over the file and ends")
        XCTAssertEqual(second.process.terminationStatus, 0)
        XCTAssertTrue(second.events.isEmpty, "it opened no window of its own")

        let opened = try XCTUnwrap(first.next("opened"), "the first instance opened the file")
        XCTAssertEqual(opened["files"] as? [String], [file.path])
        XCTAssertEqual(opened["count"] as? Int, 3)
        let toast = try XCTUnwrap(first.next("toast"))
        XCTAssertEqual(toast["title"] as? String, "Opened “\(file.lastPathComponent)” — 3 places")
        // The toast's Remove takes the file's places off again (clicked while the toast shows: it
        // goes after 5 s, so one walk of the accessibility tree finds and presses it — a walk
        // over every button takes seconds on a busy machine; libadwaita 1.2 names the button by
        // its label twice).
        let buttons = try first.atspiButtons(["--click", "Remove", "Remove Remove"])
        XCTAssertTrue(buttons.contains { ["Remove", "Remove Remove"].contains($0["name"] as? String) }, "the toast has a Remove button")
        let removed = try XCTUnwrap(first.next("file-removed"))
        XCTAssertEqual(removed["file"] as? String, file.path)
        XCTAssertEqual(removed["count"] as? Int, 3)
        // The view moved (animated) to fit the places: the last region holds all three.
        first.settle(quiet: 2)
        let region = try XCTUnwrap(first.events.last { $0["event"] as? String == "region" })
        try assertShown(paris, in: region, map: try XCTUnwrap(ready["map"] as? [String: Double]), zoomedPast: 9)
        let zoom = region["zoom"] as? Double ?? 0
        XCTAssertNotEqual(zoom, zoom.rounded(), "a zoom between tile levels, as a fit gives")
        // Then it idles: at such zooms a frame that ran out of time for new tiles used to ask
        // for another for ever (a core used while nothing moved).
        let cpu = first.cpuSeconds
        usleep(1_500_000)
        XCTAssertLessThan(first.cpuSeconds - cpu, 0.3, "the map idles once it is drawn")
    }

    /// `calloutmap FILE` with no window yet (as the file manager starts it): the window opens on
    /// the file's places, not on the whole world (they were fitted to a map of no size).
    func testFilesNamedAtLaunchOpenOnTheirPlaces() throws {
        let florida = [(25.32, -80.28), (30.59, -87.87), (27.97, -82.53)]
        let file = try places(florida, name: "cm-florida")
        defer { try? FileManager.default.removeItem(at: file) }
        let app = try AppProcess(["--log-events", "--no-demo", file.path])
        XCTAssertEqual(try XCTUnwrap(app.next("opened"))["count"] as? Int, 3)
        let ready = try XCTUnwrap(app.next("ready"))
        app.settle(quiet: 1)
        let region = app.events.last { $0["event"] as? String == "region" } ?? ready
        try assertShown(florida, in: region, map: try XCTUnwrap(ready["map"] as? [String: Double]), zoomedPast: 5)
    }

    /// The same for a file big enough to be read on a worker thread, which also works out where
    /// its places are while the main thread puts them on the map.
    func testABigFileNamedAtLaunchOpensOnItsPlaces() throws {
        let florida = [(25.32, -80.28), (30.59, -87.87), (27.97, -82.53)]
        let file = try places(Array(repeatElement(florida, count: 4_000).joined()), name: "cm-big-florida")
        defer { try? FileManager.default.removeItem(at: file) }
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        XCTAssertGreaterThan(size, 1 << 20, "read in the background")
        let app = try AppProcess(["--log-events", "--no-demo", file.path])
        XCTAssertNotNil(app.next("loading-started"))
        let ready = try XCTUnwrap(app.next("ready"))
        XCTAssertEqual(try XCTUnwrap(app.next("opened"))["count"] as? Int, 12_000)
        XCTAssertNotNil(app.next("region"), "the view moves to the places once they are on the map")
        app.settle(quiet: 1)
        let region = try XCTUnwrap(app.events.last { $0["event"] as? String == "region" })
        try assertShown(florida, in: region, map: try XCTUnwrap(ready["map"] as? [String: Double]), zoomedPast: 5)
    }

    func testFilesNamedWithACentreOpenWithoutMovingTheView() throws {
        let file = try places([(48.85, 2.30), (48.87, 2.40)], name: "cm-stay")
        defer { try? FileManager.default.removeItem(at: file) }
        let app = try AppProcess(["--log-events", "--no-demo", "--center", "10,20", "--zoom", "5", file.path])
        XCTAssertEqual(try XCTUnwrap(app.next("opened"))["count"] as? Int, 2)
        let ready = try XCTUnwrap(app.next("ready"))
        XCTAssertEqual((ready["center"] as? [String: Double])?["lat"] ?? 0, 10, accuracy: 1e-9)
        XCTAssertNil(app.next("region", timeout: 1.5), "the view stays where --center put it")
    }

    func testTheShortcutsWindowAndAboutOpenFromTheKeyboard() throws {
        let app = try AppProcess(["--log-events", "--no-demo"])
        try focusMap(try XCTUnwrap(app.next("ready")))
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+question"]), 0)
        XCTAssertTrue(waitForWindow("Shortcuts", of: app), "Ctrl+? shows the Shortcuts window: \(windowTitles(of: app))")
        XCTAssertEqual(runTool("xdotool", ["key", "Escape"]), 0)
        XCTAssertTrue(waitForWindow("Shortcuts", of: app, shown: false), "Escape closes it")
        // F10 opens the primary menu; "a" is About's mnemonic.
        XCTAssertEqual(runTool("xdotool", ["key", "F10", "sleep", "0.6", "key", "a"]), 0)
        XCTAssertTrue(waitForWindow("About", of: app), "the primary menu's About: \(windowTitles(of: app))")
        // The application's shortcuts work in its other windows too.
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+q"]), 0)
        XCTAssertTrue(waitForExit(app, seconds: 10), "Ctrl+Q in About quits")
        XCTAssertEqual(app.process.terminationStatus, 0, "cleanly, though the Shortcuts window had been shown (it crashed)")
        let again = try AppProcess(["--log-events", "--no-demo"])
        try focusMap(try XCTUnwrap(again.next("ready")))
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+question"]), 0)
        XCTAssertTrue(waitForWindow("Shortcuts", of: again))
        usleep(300_000)
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+q"]), 0)
        XCTAssertTrue(waitForExit(again, seconds: 10), "Ctrl+Q in the Shortcuts window quits")
        XCTAssertEqual(again.process.terminationStatus, 0)
    }

    /// The Keyboard Shortcuts window lists every shortcut — F10, plain + and −, Ctrl+Enter,
    /// Shift+F10 too — and each header button's tooltip names its key, in English and German.
    func testEveryShortcutIsListedAndHeaderTooltipsNameTheirKeys() throws {
        let languages: [(environment: [String: String], titles: [String], tooltips: [String: String])] = [
            (["LANGUAGE": "en"], ["Open the Main Menu", "Zoom In", "Add the Focused Pin to the Selection or Take It Out", "Open the Context Menu"],
             ["Open Places…": "Open Places… (Ctrl+O)", "Main Menu": "Main Menu (F10)", "Show approach and events": "Side Panel (F9)",
              "Standard": "Standard callout (1)"]),
            (["LANGUAGE": "de", "LANG": "de_DE.UTF-8", "LC_ALL": ""], ["Hauptmenü öffnen", "Vergrößern", "Kontextmenü öffnen"],
             ["Hauptmenü": "Hauptmenü (F10)"]),
        ]
        for language in languages {
            let app = try AppProcess(["--log-events", "--no-demo", "--size", "1200x800"], environment: language.environment)
            let ready = try XCTUnwrap(app.next("ready"))
            let buttons = try app.atspiButtons()
            for (name, tooltip) in language.tooltips {
                let button = try XCTUnwrap(buttons.first { $0["name"] as? String == name }, "\(name) in \(buttons.compactMap { $0["name"] })")
                XCTAssertEqual(button["description"] as? String, tooltip, name)
            }
            try focusMap(ready)
            XCTAssertEqual(runTool("xdotool", ["key", "ctrl+question"]), 0)
            var labels: [String] = []
            for _ in 0..<30 where !labels.contains(language.titles[0]) {
                usleep(200_000)
                labels = try app.atspiLabels()
            }
            for title in language.titles { XCTAssertTrue(labels.contains(title), "“\(title)” listed: \(labels)") }
            XCTAssertTrue(labels.contains("F10"), "F10 shown as the key: \(labels)")
        }
    }

    /// Issue 42: the binary run straight from `swift build` (without scripts/build-data.sh)
    /// warned on every launch that its settings schema was not installed and remembered nothing.
    /// It compiles the schema beside its data itself.
    func testABinaryRunFromTheSourceTreeCompilesItsSettingsSchema() throws {
        let tree = FileManager.default.temporaryDirectory.appendingPathComponent("cm-tree-\(getpid())")
        let data = tree.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tree) }
        let real = try XCTUnwrap(DataDirectory.locate())
        // The data's folders made again, their files linked (the basemap reader lists real folders).
        for case let entry as String in FileManager.default.enumerator(atPath: real.path)! where !entry.hasSuffix(".gschema.xml") {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: real.appendingPathComponent(entry).path, isDirectory: &isFolder)
            if isFolder.boolValue {
                try FileManager.default.createDirectory(at: data.appendingPathComponent(entry), withIntermediateDirectories: true)
            } else {
                try FileManager.default.createSymbolicLink(at: data.appendingPathComponent(entry), withDestinationURL: real.appendingPathComponent(entry))
            }
        }
        let schema = "io.github.calloutmap.CalloutMap.gschema.xml"
        try FileManager.default.copyItem(at: real.appendingPathComponent(schema), to: data.appendingPathComponent(schema))
        for _ in 0..<2 {  // compiled at the first launch, found at the second
            let app = try AppProcess(["--log-events", "--no-demo", "--size", "600x400"], keepingStandardError: true,
                                     environment: ["CALLOUTMAP_DATA_DIR": data.path])
            _ = try app.readyMap()
            XCTAssertFalse(app.standardError.contains("is not installed"), app.standardError)
            XCTAssertTrue(FileManager.default.fileExists(atPath: tree.appendingPathComponent("build/schemas/gschemas.compiled").path))
        }
    }

    func testABadFileShowsAToastWithItsDetailsAndTheAppCarriesOn() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("cm-broken-\(getpid()).geojson")
        defer { try? FileManager.default.removeItem(at: bad) }
        try Data("{ not json".utf8).write(to: bad)
        let app = try AppProcess(["--log-events", "--no-demo", bad.path], keepingStandardError: true)
        let toast = try XCTUnwrap(app.next("toast"))  // as the window opens, before its first frame
        _ = try XCTUnwrap(app.next("ready"))
        XCTAssertEqual(toast["title"] as? String, "Could not open “\(bad.lastPathComponent)”")
        // Its Details button shows every message in a dialog of its own.
        let windows = windowTitles(of: app).count
        // (libadwaita 1.2 names it by its label twice: "Details Details".)
        let details = try XCTUnwrap(try app.atspiButtons().compactMap { $0["name"] as? String }.first { $0.hasPrefix("Details") },
                                    "the toast has a Details button")
        _ = try app.atspiButtons(["--click", details])
        var shown = false
        for _ in 0..<50 where !shown {
            shown = windowTitles(of: app).count > windows
            usleep(100_000)
        }
        XCTAssertTrue(shown, "Details opened a dialog")
        // Wide enough for its lines (issue 42: 310 px, its one line cut off).
        let size = try XCTUnwrap(windowSize("Could not open “\(bad.lastPathComponent)”", of: app))
        XCTAssertGreaterThanOrEqual(size.width, 480, "\(size)")
        // The file by its name, then where and what in plain words; Copy All gives the full report.
        let problems = try XCTUnwrap(app.next("problems-shown"))
        let rows = try XCTUnwrap(problems["rows"] as? [String])
        XCTAssertEqual(rows.first, bad.lastPathComponent, "\(rows)")
        XCTAssertEqual(rows.count, 2, "\(rows)")
        XCTAssertTrue(rows.last?.hasPrefix("Not opened: is not valid JSON") == true, "\(rows)")
        usleep(300_000)
        let copy = try XCTUnwrap(try app.atspiButtons().compactMap { $0["name"] as? String }.first { $0.hasPrefix("Copy All") })
        _ = try app.atspiButtons(["--click", copy])
        let copied = try XCTUnwrap(app.next("copied"))
        XCTAssertTrue((copied["text"] as? String)?.hasPrefix("\(bad.path): is not valid JSON") == true, "\(copied)")
        XCTAssertTrue(app.process.isRunning)
        XCTAssertTrue(app.standardError.contains("\(bad.path): is not valid JSON"), app.standardError)
    }

    func testGermanUnderLANGUAGEdeWithGermanNumbers() throws {
        let points: [(Double, Double)] = (0..<1500).map { (i: Int) -> (Double, Double) in
            (48 + Double(i % 50) * 0.01, 2 + Double(i / 50) * 0.01)
        }
        let file = try places(points, name: "cm-viele")
        defer { try? FileManager.default.removeItem(at: file) }
        // de_DE.UTF-8 need not be generated on the machine: the app takes the language from it anyway.
        let app = try AppProcess(["--log-events", "--no-demo", file.path],
                                 environment: ["LANGUAGE": "de", "LANG": "de_DE.UTF-8", "LC_ALL": ""])
        let toast = try XCTUnwrap(app.next("toast"))
        _ = try XCTUnwrap(app.next("ready"))
        XCTAssertEqual(toast["title"] as? String, "„\(file.lastPathComponent)“ geöffnet – 1.500 Orte")
        let names = Set(try app.atspiButtons().compactMap { $0["name"] as? String })
        XCTAssertTrue(names.isSuperset(of: ["Standard", "Eigene", "Annotation", "Popover", "Hauptmenü", "Kartenquelle"]), "\(names)")
        XCTAssertFalse(names.contains("Custom"), "\(names)")
    }

    func testVersionIsTheReleaseOfMesonAndTheMetainfo() throws {
        let p = Process(), out = Pipe()
        p.executableURL = AppProcess.binary
        p.arguments = ["--version"]
        p.standardOutput = out
        try p.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let meson = try String(contentsOf: Self.sourceRoot.appendingPathComponent("meson.build"), encoding: .utf8)
        let version = try XCTUnwrap(meson.firstMatch(of: /version: '([0-9.]+)'/)?.1)
        XCTAssertEqual(printed, "calloutmap \(version)\n")
        let metainfo = try String(contentsOf: Self.sourceRoot.appendingPathComponent("data/io.github.calloutmap.CalloutMap.metainfo.xml.in"),
                                  encoding: .utf8)
        XCTAssertEqual(metainfo.firstMatch(of: /<release version="([0-9.]+)"/)?.1, version, "the newest release notes are this version's")
    }
}
