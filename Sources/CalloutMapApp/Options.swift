import CalloutMapCore
import CalloutMapWidget

/// The command line. Bad input is a `UsageError` (exit code 2).
struct Options {
    enum Command { case window, render }
    enum Theme { case system, light, dark }

    static let defaultCenter = Coordinate(latitude: 37.7749, longitude: -122.4194)  // San Francisco
    static let defaultZoom = 12.0

    var command = Command.window
    var center = defaultCenter
    var zoom = defaultZoom
    var size = Size(width: 1280, height: 800)
    /// Given on the command line: these win over the remembered state.
    var sizeGiven = false, centerGiven = false, zoomGiven = false, modeGiven = false
    var theme = Theme.system
    var scale = 1
    var output: String?
    var logEvents = false
    var dataFiles: [String] = []
    /// Files named on the command line (not `--data`): opened like files chosen in the window,
    /// in the running instance if there is one, and the view fits their places.
    var files: [String] = []
    /// An option other than files was given: this launch wants a window of its own.
    var setsUpWindow = false
    var tiles: String?
    /// A MapLibre style drawing vector tiles: `tiles`', or those it names itself.
    var style: String?
    /// How long `render` waits for tiles, in all.
    var tileTimeout = 30.0
    var demo = true
    /// The world's place names over the offline map (and over tiles without names of their own).
    var placeNames = true
    var mode = CalloutMode.standard
    /// Titles to select at start, in order (the last is the primary).
    var select: [String] = []
    var temporaryTitle = false
    var popoverKeepsSelection = true
    /// Which properties of the data files give pins their titles and subtitles.
    var geoJSON = GeoJSONLoader.Options()

    static let usage = """
    Usage: calloutmap [OPTIONS] [FILE…]
           calloutmap render --out FILE.png [OPTIONS]

    Files open in the running CalloutMap window if there is one (else a new one), and the view
    fits their places. A launch with other options opens a window of its own.

    Options:
      --center LAT,LON   map centre in degrees (default 37.7749,-122.4194, San Francisco)
      --zoom Z           zoom level 0–19 (default 12)
      --size WxH         window or image size in pixels (default 1280x800)
      --dark, --light    force the dark or light style (default: follow the desktop)
      --data FILE        also show the places and shapes of a file (repeatable): GeoJSON (a
                         FeatureCollection, a Feature, a geometry, or a sequence of Features,
                         RFC 8142 or one a line), GPX or KML, told apart by content
      --title-property KEY     the GeoJSON property that titles places (default: title, name,
                               Name, NAME or label, the first present)
      --subtitle-property KEY  the property for their subtitles (default: subtitle or description,
                               else a line of the first other properties)
      --tiles SOURCE     draw tiles over the offline map: an MBTiles file (images or vector tiles),
                         a PMTiles archive of vector tiles, a z/x/y folder, or an http(s) URL
                         template with {z} {x} {y} (and {s}, {r}); a style's JSON file draws
                         the tiles its vector source names, as --style does
      --style FILE       draw vector tiles with a MapLibre style (JSON): those of --tiles, or the
                         file its vector source names (url pmtiles:///path or mbtiles:///path)
      --no-demo          leave out the built-in demo annotations (San Francisco and Helsinki)
      --no-place-names   leave out the world's place names (towns and countries, from GeoNames)
      --mode MODE        how a selected pin shows its information: standard, custom, annotation or popover
      --select TITLE     select the annotation (or shape) with this title at start; repeated, each
                         is added to the selection (the last is the primary)
      --temporary-title  standard callouts show "Loading…" for a second before their title
      --popover-deselects  popover mode deselects the pin as soon as its popover shows
      --log-events       print map events as JSON lines on standard output
      --scale N          render only: device pixels per pixel, 1 or 2 (default 1)
      --tile-timeout S   render only: the longest it waits for tiles, in seconds (default 30)
      --out FILE.png     render only: where to write the image
      --version          print the version
      -h, --help         show this help
    """

    static func parse(_ arguments: [String]) throws -> Options {
        var o = Options()
        var args = arguments[...]
        if args.first == "render" {
            o.command = .render
            args = args.dropFirst()
        }
        func value(_ flag: String) throws -> String {
            guard let v = args.popFirst() else { throw UsageError("\(flag) needs a value") }
            return v
        }
        while let arg = args.popFirst() {
            if !arg.hasPrefix("-") {
                o.files.append(arg)
                continue
            }
            if arg != "-h" && arg != "--help" && arg != "--version" { o.setsUpWindow = true }
            switch arg {
            case "--center":
                let v = try value(arg)
                guard let c = Coordinate(parsing: v) else {
                    throw UsageError("--center takes LAT,LON with latitude within ±90 and longitude within ±180, not '\(v)'")
                }
                o.center = c
                o.centerGiven = true
            case "--zoom":
                let v = try value(arg)
                guard let z = Double(v), z.isFinite, Viewport.zoomRange.contains(z) else {
                    throw UsageError("--zoom takes a number from 0 to 19, not '\(v)'")
                }
                o.zoom = z
                o.zoomGiven = true
            case "--size":
                let v = try value(arg)
                guard let s = Size(parsing: v) else { throw UsageError("--size takes WIDTHxHEIGHT in pixels, not '\(v)'") }
                o.size = s
                o.sizeGiven = true
            case "--scale":
                let v = try value(arg)
                guard let s = Int(v), s == 1 || s == 2 else { throw UsageError("--scale takes 1 or 2, not '\(v)'") }
                o.scale = s
            case "--tile-timeout":
                let v = try value(arg)
                guard let t = Double(v), t.isFinite, t >= 0, t <= 600 else {
                    throw UsageError("--tile-timeout takes seconds from 0 to 600, not '\(v)'")
                }
                o.tileTimeout = t
            case "--out":
                o.output = try value(arg)
            case "--dark": o.theme = .dark
            case "--light": o.theme = .light
            case "--log-events": o.logEvents = true
            case "--data": o.dataFiles.append(try value(arg))
            case "--tiles": o.tiles = try value(arg)
            case "--style": o.style = try value(arg)
            case "--title-property": o.geoJSON.titleProperty = try value(arg)
            case "--subtitle-property": o.geoJSON.subtitleProperty = try value(arg)
            case "--no-demo": o.demo = false
            case "--no-place-names": o.placeNames = false
            case "--mode":
                let v = try value(arg)
                guard let m = CalloutMode(rawValue: v) else {
                    throw UsageError("--mode takes standard, custom, annotation or popover, not '\(v)'")
                }
                o.mode = m
                o.modeGiven = true
            case "--select": o.select.append(try value(arg))
            case "--temporary-title": o.temporaryTitle = true
            case "--popover-deselects": o.popoverKeepsSelection = false
            case "-h", "--help": throw HelpRequested()
            case "--version": throw VersionRequested()
            default:
                throw UsageError("unknown argument '\(arg)'")
            }
        }
        if o.command == .render && o.output == nil { throw UsageError("render needs --out FILE.png") }
        if o.command == .window && o.output != nil { throw UsageError("--out is only for the render command") }
        return o
    }
}

struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

struct HelpRequested: Error {}

struct VersionRequested: Error {}
