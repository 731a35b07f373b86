import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// Annotations read on a worker thread, handed whole to the main thread (which alone uses them after).
private struct LoadedFiles: @unchecked Sendable {
    var results: [LoadedPlaces]
}

/// A file on the map: its places and shapes once read, and how to stop its load.
@MainActor
private final class OpenFile {
    let id: Int
    let url: URL
    let cancellation = Cancellation()
    var annotations: [PointAnnotation] = []
    var overlays: [ShapeOverlay] = []
    var isLoading = true
    /// Once read, the view moves to show its places.
    var fitsView = false

    init(id: Int, url: URL) {
        self.id = id
        self.url = url
    }
}

/// The files of places on the map (GeoJSON, GPX, KML): read — big ones on a worker thread with a
/// running count in the header bar, the map usable meanwhile — put on the map, listed in the
/// side panel from which they can be removed (stopping a load), and announced in a toast.
@MainActor
final class PlaceFiles {
    private let map: MapView
    private let list: FileList
    private let toasts: Toasts
    private let activity: ActivityIndicator
    private let events: EventLog
    /// Which properties title the pins (`--title-property`, `--subtitle-property`).
    private let options: GeoJSONLoader.Options
    private var openFiles: [Int: OpenFile] = [:]
    private var nextID = 0
    private var loadsInFlight = 0
    private var isClosed = false
    /// A line for the side panel's log: what happened, and to which files.
    var onLog: ((String, String) -> Void)?

    /// Files at least this big (bytes) are read on a worker thread.
    static let backgroundLoadBytes = 1 << 20

    init(map: MapView, list: FileList, toasts: Toasts, activity: ActivityIndicator, events: EventLog, options: GeoJSONLoader.Options) {
        self.map = map
        self.list = list
        self.toasts = toasts
        self.activity = activity
        self.events = events
        self.options = options
        list.onRemove = { [weak self] id in self?.remove(id: id) }
    }

    /// The files on the map, in the order they were opened.
    var urls: [URL] { sorted.map(\.url) }
    /// Every place read so far, file by file in the order they were opened.
    var annotations: [PointAnnotation] { sorted.flatMap(\.annotations) }
    /// Every shape read so far, file by file.
    var overlays: [ShapeOverlay] { sorted.flatMap(\.overlays) }
    private var sorted: [OpenFile] { openFiles.values.sorted { $0.id < $1.id } }

    /// Shows the places of files; problems go to standard error and a toast. Small files show at
    /// once; big ones are read on a worker thread. `announce`: a toast and the `opened` event say
    /// what opened; `fittingView`: the view then moves to show the files' places.
    func load(_ urls: [URL], announce: Bool = false, fittingView: Bool = false) {
        var small: [OpenFile] = [], big: [OpenFile] = []
        for url in urls {
            let file = OpenFile(id: nextID, url: url)
            file.fitsView = fittingView
            nextID += 1
            openFiles[file.id] = file
            list.add(id: file.id, name: url.lastPathComponent, status: tr("Loading…"))
            // What is not a regular file reports 0 here and is refused at once, without blocking.
            let bytes = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            if bytes >= Self.backgroundLoadBytes { big.append(file) } else { small.append(file) }
        }
        if !small.isEmpty {
            show(AnnotationFiles.load(small.map { ($0.url, $0.cancellation) }, options: options), from: small, announce: announce)
        }
        if !big.isEmpty { loadInBackground(big, announce: announce) }
    }

    private func loadInBackground(_ files: [OpenFile], announce: Bool) {
        let name = files.count == 1 ? files[0].url.lastPathComponent
            : String(format: trn("%d file", "%d files", files.count), files.count)
        loadsInFlight += 1
        activity.setLoading(String(format: tr("Loading %@…"), name))
        events.emit(["event": "loading-started", "files": files.map(\.url.path)])
        let jobs = files.map { ($0.url, Optional($0.cancellation)) }, options = self.options
        let fitting = files.contains(where: \.fitsView)
        // The worker holds no reference to the window: closed meanwhile, its results are dropped.
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let results = AnnotationFiles.load(jobs, options: options) { count, fraction in
                DispatchQueue.main.async { [weak self] in
                    MainActor.assumeIsolated {
                        guard let self, !self.isClosed else { return }
                        self.activity.setLoading(String(format: trn("Loading… %@ place", "Loading… %@ places", count), localized(count)))
                        self.events.emit(["event": "loading-progress", "count": count, "percent": Int(fraction * 100)])
                    }
                }
            }
            let handoff = LoadedFiles(results: results)  // this thread lets go of them
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, !self.isClosed else { return }
                    self.loadsInFlight -= 1
                    if self.loadsInFlight == 0 { self.activity.setLoading(nil) }
                    self.show(handoff.results, from: files, announce: announce, fitting: false)
                }
            }
            // Where the places are is worked out here while the main thread puts them on the map
            // (it took that thread 25 ms more before a million places' clusters could start).
            guard fitting, let region = Self.region(of: results) else { return }
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, !self.isClosed else { return }
                    self.fit(files, to: region)
                }
            }
        }
    }

    /// Where the files' places and shapes are.
    private nonisolated static func region(of results: [LoadedPlaces]) -> GeoBounds? {
        GeoBounds(enclosing: results.flatMap { $0.annotations.map(\.coordinate) + $0.overlays.flatMap(\.boundingRegion.corners) })
    }

    /// Room above the top pin's head when the view fits the files' places.
    static let gapOverPins = 16.0

    /// The view moves to show the files' places (the toast below says what opened: they fit above
    /// it), unless one of them was taken off the map meanwhile.
    private func fit(_ files: [OpenFile], to region: GeoBounds) {
        guard files.allSatisfy({ openFiles[$0.id] === $0 }) else { return }
        var room = EdgeInsets(all: MapView.annotationRoom)
        room.bottom += Toasts.height
        // A pin rises above its place: the northernmost keeps a gap under the header bar, not
        // its head against it. As much below, so that a lone place stays in the middle.
        room.top += Self.gapOverPins
        room.bottom += Self.gapOverPins
        map.setRegion(region, edgePadding: room, animated: true)
    }

    /// Puts the files' annotations on the map, unless a file was removed while it loaded; with
    /// `fitting`, the view moves to them if the files ask for it.
    private func show(_ results: [LoadedPlaces], from files: [OpenFile], announce: Bool, fitting: Bool = true) {
        var added: [PointAnnotation] = []
        var shapes: [ShapeOverlay] = []
        var problems: [PlaceFileProblem] = []
        for (file, result) in zip(files, results) where openFiles[file.id] === file && !result.wasCancelled {
            file.annotations = result.annotations
            file.overlays = result.overlays
            file.isLoading = false
            if added.isEmpty { added = result.annotations } else { added += result.annotations }  // one file: no copy
            shapes += result.overlays
            problems += result.problems
            list.setStatus(id: file.id, Self.status(of: result))
        }
        map.addOverlays(shapes)
        map.addAnnotations(added)
        toasts.show(problems)
        guard announce else { return }
        let names = files.map(\.url.lastPathComponent).joined(separator: ", ")
        onLog?(String(format: trn("Opened %d place", "Opened %d places", added.count), added.count), names)
        events.emit(["event": "opened", "files": files.map(\.url.path), "count": added.count, "shapes": shapes.count,
                     "problems": problems.count])
        guard !added.isEmpty || !shapes.isEmpty else { return }
        if fitting, files.contains(where: \.fitsView),
           let region = GeoBounds(enclosing: added.map(\.coordinate) + shapes.flatMap(\.boundingRegion.corners)) {
            fit(files, to: region)
        }
        let shown = files.filter { openFiles[$0.id] === $0 }
        let title = shown.count == 1
            ? String(format: trn("Opened “%@” — %@ place", "Opened “%@” — %@ places", added.count), names, localized(added.count))
            : String(format: trn("Opened %@ place", "Opened %@ places", added.count), localized(added.count))
        toasts.show(title, button: tr("Remove")) { [weak self] in
            for file in shown { self?.remove(id: file.id) }
        }
    }

    private static func status(of result: LoadedPlaces) -> String {
        if let fatal = result.problems.first(where: { $0.severity == .fatal }) {
            return String(format: tr("Not loaded: %@"), fatal.message)
        }
        let count = result.annotations.count
        var places = String(format: trn("%@ place", "%@ places", count), localized(count))
        if !result.overlays.isEmpty {
            places += ", " + String(format: trn("%@ shape", "%@ shapes", result.overlays.count), localized(result.overlays.count))
        }
        let skipped = result.problems.filter { $0.severity == .skipped }.count
        return skipped == 0 ? places : String(format: trn("%@, %@ skipped", "%@, %@ skipped", skipped), places, localized(skipped))
    }

    /// Takes a file's places off the map; a file still loading stops.
    func remove(id: Int) {
        guard let file = openFiles.removeValue(forKey: id) else { return }
        file.cancellation.cancel()
        list.remove(id: id)
        map.removeAnnotations(file.annotations)
        map.removeOverlays(file.overlays)
        onLog?(tr("Removed"), file.url.lastPathComponent)
        events.emit(["event": "file-removed", "file": file.url.path, "count": file.annotations.count, "loading": file.isLoading])
    }

    /// The window is gone: loads stop, and late results find nothing to do.
    func close() {
        isClosed = true
        for file in openFiles.values { file.cancellation.cancel() }
    }
}
