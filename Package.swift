// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CalloutMap",
    products: [
        // `import CalloutMap`: everything an app needs (the modules below, re-exported).
        .library(name: "CalloutMap", targets: ["CalloutMap"]),
        .library(name: "CalloutMapCore", targets: ["CalloutMapCore"]),
        .executable(name: "calloutmap", targets: ["CalloutMapApp"]),
        .executable(name: "calloutmap-bench", targets: ["CalloutMapBench"]),
        .executable(name: "calloutmap-fuzz", targets: ["CalloutMapFuzz"]),
        .executable(name: "hello-map", targets: ["HelloMap"]),
    ],
    targets: [
        // GTK 4 (with cairo, pango, GLib) from Debian's libgtk-4-dev, and a small C shim. Named for this
        // package: SwiftPM refuses two targets of one name in a graph, and other bindings use "CGtk".
        .systemLibrary(name: "CCalloutMapGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        // libsoup 3 from Debian's libsoup-3.0-dev: HTTP for online tiles.
        .systemLibrary(name: "CalloutMapSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        // libadwaita 1.2 from Debian's libadwaita-1-dev: the app's GNOME look, toasts, About. The library does not use it.
        .systemLibrary(name: "CCalloutMapAdw", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        // SQLite 3 from Debian's libsqlite3-dev: MBTiles files are SQLite databases.
        .systemLibrary(name: "CalloutMapSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libxml2 from Debian's libxml2-dev: its streaming reader reads GPX and KML.
        .systemLibrary(name: "CalloutMapXML", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // simdjson 3.0 from Debian's libsimdjson-dev behind a C interface: the GeoJSON loader's fast path
        // for arrays of Point features (its own reader is ~50 MB/s; simdjson reads the same ~10× faster).
        .target(name: "CalloutMapFastJSON", linkerSettings: [.linkedLibrary("simdjson")]),
        // Mapbox Vector Tiles decoded with libprotozero 1.7 (Debian's libprotozero-dev, header-only: the
        // decoder MapLibre Native uses) and decompressed with zlib or libzstd (PMTiles' zstd), behind a C interface.
        .target(name: "CalloutMapMVT", linkerSettings: [.linkedLibrary("z"), .linkedLibrary("zstd")]),
        // PNG pictures (`render`) written with libpng 1.6 (Debian's libpng-dev) at the settings a map wants.
        .target(name: "CalloutMapPNG", linkerSettings: [.linkedLibrary("png16")]),
        // Swift (over the C libraries above): geometry, projection, tiles, viewport, gestures, basemap
        // decoding, tile sources, the file readers. No GTK.
        .target(name: "CalloutMapCore", dependencies: ["CalloutMapSQLite", "CalloutMapXML", "CalloutMapFastJSON", "CalloutMapMVT"]),
        // A thin, safe layer over GTK/GLib: ownership, signals, main loop, custom widgets.
        .target(name: "CalloutMapGtk", dependencies: ["CCalloutMapGtk"]),
        // The app's thin layer over libadwaita: what its widgets need from their callers to stay safe.
        .target(name: "CalloutMapAdw", dependencies: ["CCalloutMapAdw", "CCalloutMapGtk", "CalloutMapGtk"]),
        // The map widget and its cairo drawing.
        .target(name: "CalloutMapWidget", dependencies: ["CalloutMapCore", "CalloutMapGtk", "CCalloutMapGtk", "CalloutMapSoup", "CalloutMapPNG"]),
        // The one module a client imports.
        .target(name: "CalloutMap", dependencies: ["CalloutMapCore", "CalloutMapGtk", "CalloutMapWidget", "CCalloutMapGtk"]),
        // The app's release build links Swift's runtime and Foundation into itself (-static-stdlib,
        // and the archives Foundation's static link needs): looking their symbols up at each launch
        // took ~17 ms of a ~160 ms start, and their relocated pages ~5 MB. Debug builds (the tests,
        // the sanitizers') link them as shared libraries: under ThreadSanitizer the static
        // Foundation frees memory the sanitizer's allocator never gave (a CHECK failure at launch).
        .executableTarget(name: "CalloutMapApp", dependencies: ["CalloutMapWidget", "CalloutMapCore", "CalloutMapGtk", "CCalloutMapGtk", "CCalloutMapAdw", "CalloutMapAdw"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-lCoreFoundation", "-l_FoundationCShims", "-l_FoundationCollections", "-l_FoundationICU"],
                                                        .when(configuration: .release))]),
        .executableTarget(name: "CalloutMapBench", dependencies: ["CalloutMapWidget", "CalloutMapCore", "CalloutMapGtk", "CCalloutMapGtk", "CalloutMapSQLite", "TestServers"]),
        // libFuzzer targets for the parsers (scripts/fuzz.sh); built plainly, it replays files.
        .executableTarget(name: "CalloutMapFuzz", dependencies: ["CalloutMapCore"]),
        // The README's library example, compiled with everything else: `import CalloutMap` only.
        .executableTarget(name: "HelloMap", dependencies: ["CalloutMap"], path: "Examples/HelloMap"),
        // The tests' loopback servers (a tile server with faults), shared by the GTK and end-to-end tests.
        .target(name: "TestServers", path: "Tests/TestServers", exclude: ["tile_server.py"]),
        .testTarget(name: "CoreTests", dependencies: ["CalloutMapCore", "CalloutMapSQLite", "CalloutMapXML"], exclude: ["Fixtures"]),
        .testTarget(name: "RenderTests", dependencies: ["CalloutMapWidget", "CalloutMapCore", "CCalloutMapGtk"]),
        .testTarget(name: "GtkTests", dependencies: ["CalloutMapWidget", "CalloutMapGtk", "CalloutMapCore", "CCalloutMapGtk", "TestServers",
                                                   "CalloutMapAdw", "CCalloutMapAdw"]),
        .testTarget(name: "EndToEndTests", dependencies: ["CalloutMapCore", "CCalloutMapGtk", "TestServers"], exclude: ["Scripts"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
