// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CalloutMap",
    products: [
        .library(name: "CalloutMap", targets: ["CalloutMapWidget"]),
        .library(name: "CalloutMapCore", targets: ["CalloutMapCore"]),
        .executable(name: "calloutmap", targets: ["CalloutMapApp"]),
        .executable(name: "calloutmap-bench", targets: ["CalloutMapBench"]),
        .executable(name: "calloutmap-fuzz", targets: ["CalloutMapFuzz"]),
    ],
    targets: [
        // GTK 4 (with cairo, pango, GLib) from Debian's libgtk-4-dev.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        // libsoup 3 from Debian's libsoup-3.0-dev: HTTP for online tiles.
        .systemLibrary(name: "CalloutMapSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        // SQLite 3 from Debian's libsqlite3-dev: MBTiles files are SQLite databases.
        .systemLibrary(name: "CalloutMapSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // Pure Swift: geometry, projection, tiles, viewport, gestures, basemap decoding, tile sources. No GTK.
        .target(name: "CalloutMapCore", dependencies: ["CalloutMapSQLite"]),
        // A thin, safe layer over GTK/GLib: ownership, signals, main loop, custom widgets.
        .target(name: "CalloutMapGtk", dependencies: ["CGtk"]),
        // The map widget and its cairo drawing.
        .target(name: "CalloutMapWidget", dependencies: ["CalloutMapCore", "CalloutMapGtk", "CGtk", "CalloutMapSoup"]),
        .executableTarget(name: "CalloutMapApp", dependencies: ["CalloutMapWidget", "CalloutMapCore", "CalloutMapGtk", "CGtk"]),
        .executableTarget(name: "CalloutMapBench", dependencies: ["CalloutMapWidget", "CalloutMapCore", "CalloutMapGtk", "CGtk", "TestServers"]),
        // libFuzzer targets for the parsers (scripts/fuzz.sh); built plainly, it replays files.
        .executableTarget(name: "CalloutMapFuzz", dependencies: ["CalloutMapCore"]),
        // The tests' loopback servers (a tile server with faults), shared by the GTK and end-to-end tests.
        .target(name: "TestServers", path: "Tests/TestServers", exclude: ["tile_server.py"]),
        .testTarget(name: "CoreTests", dependencies: ["CalloutMapCore", "CalloutMapSQLite"], exclude: ["Fixtures"]),
        .testTarget(name: "RenderTests", dependencies: ["CalloutMapWidget", "CalloutMapCore", "CGtk"]),
        .testTarget(name: "GtkTests", dependencies: ["CalloutMapWidget", "CalloutMapGtk", "CalloutMapCore", "CGtk", "TestServers"]),
        .testTarget(name: "EndToEndTests", dependencies: ["CalloutMapCore", "CGtk", "TestServers"], exclude: ["Scripts"]),
    ],
    swiftLanguageModes: [.v6]
)
