import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// `calloutmap render`: the same scene as the window, pins included, written to
/// a PNG without a display; with `--select TITLE`, that pin selected and its
/// callout drawn the `--mode` way (after the pan the app would make to show it).
@MainActor
struct RenderCommand {
    let options: Options
    let basemap: Basemap
    let annotationFiles: [URL]
    /// The longest `render` waits for clusters (a million points take seconds).
    static let clusterTimeout = 120.0

    func run() -> Int32 {
        do {
            let snapshot = MapSnapshotter(basemap: basemap, center: options.center, zoom: options.zoom, size: options.size,
                                          scale: options.scale, isDark: options.theme == .dark)
            DemoViews.register(on: snapshot)
            snapshot.viewProvider = { [unowned snapshot] in DemoViews.view(for: $0, in: snapshot) }
            snapshot.clusteringIdentifier = DemoViews.clusteringIdentifier
            snapshot.setClusterOptions(DemoViews.citySetOptions, forClusteringIdentifier: DemoViews.citySet)
            snapshot.clusterTimeout = Self.clusterTimeout
            let loaded = AnnotationFiles.load(annotationFiles, options: options.geoJSON)
            let annotations = loaded.flatMap(\.annotations)
            snapshot.addAnnotations(annotations)
            snapshot.addOverlays(loaded.flatMap(\.overlays))
            var selected: (event: [String: Any], coordinate: Coordinate?)?
            if let title = options.select.last {  // the primary: `render` draws one callout
                if let annotation = annotations.first(where: { $0.title == title }) {
                    snapshot.selectAnnotation(annotation, calloutMode: options.mode)
                    selected = (["title": title], annotation.coordinate)
                } else if let shape = snapshot.overlays.first(where: { $0.title == title }) {
                    // A shape: selected where the window puts its callout when no click says where.
                    snapshot.selectOverlay(shape, calloutMode: options.mode)
                    selected = (["title": title, "kind": "overlay"], nil)
                } else {
                    throw RenderCommandError(message: "no annotation or shape titled '\(title)'")
                }
            }
            if options.tiles != nil || options.style != nil {
                let named = options.style ?? options.tiles!
                let note: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data("calloutmap render: \(named): \(line)\n".utf8)) }
                let source = switch try TileSources.opening(tiles: options.tiles, style: options.style, scale: options.scale, note: note) {
                             case .opened(let source): source
                             case .fetching(let url, let fetch): try Self.fetched(url, fetch, timeout: options.tileTimeout)
                             }
                snapshot.tileLayers = [RasterTileLayer(source: source)]
                snapshot.tileTimeout = options.tileTimeout
            }
            if options.placeNames {
                do {
                    snapshot.worldPlaces = try WorldPlaces.bundled()
                } catch {
                    FileHandle.standardError.write(Data("calloutmap render: the place names are left out: \(error)\n".utf8))
                }
            }
            let outcome = try snapshot.writePNG(to: options.output!)
            if var event = selected?.event {
                // As the window reports its callout (`--log-events`), frame included, so the two can be compared.
                let events = EventLog(enabled: options.logEvents)
                event["event"] = "callout-shown"
                event["mode"] = options.mode.rawValue
                if let c = selected?.coordinate {
                    event["lat"] = c.latitude
                    event["lon"] = c.longitude
                }
                if let frame = outcome.calloutFrame { event["callout"] = EventLog.rect(frame) }
                event["center"] = EventLog.coordinate(outcome.center)
                events.emit(event)
            }
            if outcome.clustersLeftOut {
                // Big sets cluster in the background, as in the window; the picture waited for them.
                FileHandle.standardError.write(Data("""
                    calloutmap render: clustering \(annotations.count) places took longer than \(Int(Self.clusterTimeout)) s; \
                    they are left out of the picture\n
                    """.utf8))
            }
            if outcome.lateTiles > 0, let tiles = snapshot.tileLayers.first {
                FileHandle.standardError.write(Data("""
                    calloutmap render: \(outcome.lateTiles) tiles from \(tiles.source.name) did not arrive within \
                    \(options.tileTimeout.formatted()) s; the offline map shows there\n
                    """.utf8))
            }
            return 0
        } catch {
            FileHandle.standardError.write("calloutmap render: \(error)\n".data(using: .utf8)!)
            return 1
        }
    }
}

extension RenderCommand {
    /// A TileJSON document's source (`url`, fetched by `fetch`), waited for on the main loop
    /// (where libsoup answers), at most `timeout` seconds.
    static func fetched(_ url: String, _ fetch: @escaping @Sendable () async throws(TileSourceError) -> any TileSource,
                        timeout: Double) throws -> any TileSource {
        final class Outcome { var result: Result<any TileSource, TileSourceError>? }
        let outcome = Outcome()
        MainLoop.bridgeSwiftConcurrency()  // the task and libsoup's answer come through the main queue
        Task { @MainActor in
            do throws(TileSourceError) {
                outcome.result = .success(try await fetch())
            } catch {
                outcome.result = .failure(error)
            }
        }
        guard MainLoop.iterate(until: { outcome.result != nil }, timeout: timeout), let result = outcome.result else {
            throw RenderCommandError(message: "\(url): no answer in \(timeout.formatted()) s")
        }
        return try result.get()
    }
}

/// What `render` says when it cannot draw what it was asked for.
struct RenderCommandError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The picture's pins as `DemoViews` asks for them.
extension MapSnapshotter: ReusableViews {}
