import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import Dispatch

/// Annotations and their views: which annotations are on screen (plus a
/// margin) get a view, dequeued per reuse identifier; views that leave go back
/// to a pool. Work per frame follows what is on screen, not the data set.
@MainActor
public final class AnnotationLayer {
    public static let defaultReuseIdentifier = "CalloutMap.default"
    /// Views are made this far (logical px) beyond the visible edge, so pins slide in whole,
    /// also into the map raster's margin.
    public static let margin = MapRaster.margin + requeryDistance + 96

    /// The map's image (tiles and pins), moved while the map pans.
    let raster = MapRaster()
    /// Times the map's image was drawn again (not just moved), for tests and the benchmark.
    public var rasterRedraws: Int { raster.redraws }
    /// Changes whenever what the pins look like may have changed other than by panning.
    private(set) var drawRevision = 0

    public let annotations = AnnotationSet()
    /// Asked for a view when an annotation comes on screen; nil gives the default marker.
    public var viewProvider: ((any Annotation) -> AnnotationView?)?

    public static let calloutReuseIdentifier = "CalloutMap.callout"
    public static let clusterReuseIdentifier = "CalloutMap.cluster"
    private var registry: [String: AnnotationView.Type] = [defaultReuseIdentifier: MarkerAnnotationView.self,
                                                           calloutReuseIdentifier: CalloutAnnotationView.self,
                                                           clusterReuseIdentifier: ClusterAnnotationView.self]

    /// Which annotations cluster together (MapKit's `clusteringIdentifier`); nil: never clustered.
    /// Setting it (or the options) rebuilds the clusters.
    public var clusteringIdentifier: ((any Annotation) -> String?)? { didSet { clusters = nil; needsLayout = true } }
    /// By default clusters gather what lies within 50 points on screen, wider than the largest
    /// badge (`ClusterAnnotationView.largestDiameter`), so badges at their anchors never overlap
    /// (supercluster's default radius, 20, piles 28–46-point badges on each other).
    public var clusterOptions = ClusterOptions(screenRadius: 50) { didSet { clusters = nil; needsLayout = true } }
    /// Where cluster badges sit; `.anchor` keeps them apart.
    public var clusterPlacement = ClusterPlacement.anchor { didSet { clusters = nil; needsLayout = true } }
    /// Per clustering identifier: its annotations (in the order given to the clusterer, as places in
    /// `annotations`, which stay put until the clusters are built again) and the clusterer.
    private var clusters: [String: (members: [Int32], clusterer: PointClusterer)]? {
        didSet {
            if clusters == nil {
                clusterGeneration += 1
                partition = nil
                stopBackgroundBuild()
            }
            clusterAnnotations = [:]  // made again, for the new clusters, as they come into view
            drawRevision += 1
        }
    }
    /// Bigger sets are clustered on a background thread; meanwhile their annotations are not shown.
    public var backgroundClusteringThreshold = 20_000
    /// Whether clusters are being built in the background right now.
    public private(set) var isBuildingClusters = false
    /// Called on the main thread when a background build starts (true) or lands (false).
    public var onClusteringChanged: ((Bool) -> Void)?
    private var clusterGeneration = 0
    private var clusterAnnotations: [String: ClusterAnnotation] = [:]
    private var pools: [String: [AnnotationView]] = [:]
    private var visible: [ObjectIdentifier: AnnotationView] = [:]
    /// Annotations whose views stay even off screen (the selected one, one being dragged).
    private(set) var kept: Set<ObjectIdentifier> = []
    /// The viewport of the last layout; the next one with the same viewport is skipped.
    private var laidOut: Viewport?
    private var needsLayout = true
    /// Views bottom first, as of the last layout.
    public private(set) var sortedViews: [AnnotationView] = []
    /// Each sorted view's hit area on screen, so a click scans plain rectangles
    /// and asks only the views under it for their shape.
    private var hitAreas: [Rect] = []
    /// The hit areas bucketed, so a click tests the few near it (moved, not rebuilt, by a pan).
    private var grid = HitGrid()
    /// The sorted views' identities: found without touching (retaining) the views themselves.
    private var sortedIDs: [ObjectIdentifier] = []
    /// Views created since the layer was made (not reused), for tests and the benchmark.
    public private(set) var createdViewCount = 0

    public init() {}

    public func register(_ type: AnnotationView.Type, forReuseIdentifier identifier: String) {
        registry[identifier] = type
    }

    /// A view for `annotation`: from the pool for `identifier`, or a new one of the registered class.
    public func dequeueView(withIdentifier identifier: String, for annotation: any Annotation) -> AnnotationView {
        let view: AnnotationView
        if var pool = pools[identifier], let reused = pool.popLast() {
            pools[identifier] = pool
            view = reused
        } else {
            let type = registry[identifier] ?? MarkerAnnotationView.self
            view = type.init(annotation: annotation, reuseIdentifier: identifier)
            createdViewCount += 1
        }
        view.annotation = annotation
        view.prepareForDisplay()
        return view
    }

    public func add(_ new: [any Annotation]) {
        drawRevision += 1
        annotations.add(new)
        for a in new where a is CalloutAnnotation && !callouts.contains(where: { $0 === a }) && annotations.contains(a) {
            callouts.append(a)
        }
        if !new.allSatisfy({ $0 is CalloutAnnotation }) { clusters = nil }
        needsLayout = true
    }

    public func remove(_ gone: [any Annotation]) {
        drawRevision += 1
        let moved = annotations.remove(gone)
        callouts.removeAll { c in gone.contains { $0 === c } }
        if moved || !gone.allSatisfy({ $0 is CalloutAnnotation }) { clusters = nil }  // members are kept by place
        needsLayout = true
        for a in gone {
            let id = ObjectIdentifier(a)
            kept.remove(id)
            if let view = visible.removeValue(forKey: id) { recycle(view) }
        }
        sortedViews.removeAll { view in view.annotation.map { !annotations.contains($0) } ?? true }
        hitAreas = sortedViews.map(Self.hitArea)
        grid = HitGrid(rects: hitAreas)
        sortedIDs = sortedViews.map(ObjectIdentifier.init)
    }

    public func view(for annotation: any Annotation) -> AnnotationView? { visible[ObjectIdentifier(annotation)] }

    /// Re-reads an annotation's coordinate (after the model moved it).
    public func update(_ annotation: any Annotation) {
        drawRevision += 1
        annotations.update(annotation)
        if clusteringIdentifier?(annotation) != nil {
            clusters = nil
        } else if let loose = partition?.loose {  // the same annotations; one moved
            partition?.index = PointIndex(points: loose.map { annotations.worldPoint(at: Int($0)) })
        }
        needsLayout = true
    }

    /// Brings the set of views up to date with the viewport and orders them for drawing.
    /// Cheap when nothing changed since the last call.
    public func layout(_ viewport: Viewport) {
        if !needsLayout, laidOut == viewport { return }
        if !needsLayout, let last = laidOut, let queried, let shift = Self.pan(from: last, to: viewport),
           let moved = Self.pan(from: queried, to: viewport),
           abs(moved.x) < Self.requeryDistance, abs(moved.y) < Self.requeryDistance {
            translate(by: shift)
            laidOut = viewport
            return
        }
        needsLayout = false
        laidOut = viewport
        queried = viewport
        let pad = Self.margin / viewport.worldSize
        let topLeft = viewport.worldPoint(at: .zero)
        let bottomRight = viewport.worldPoint(at: Point(x: viewport.size.width, y: viewport.size.height))
        let minX = topLeft.x - pad, minY = topLeft.y - pad, maxX = bottomRight.x + pad, maxY = bottomRight.y + pad
        var wanted: [any Annotation]
        if clusteringIdentifier != nil {
            // Clustered annotations come from their clusterer, as single points or clusters.
            let all = annotations.annotations, parts = partitioned()
            wanted = parts.index.range(minX: minX, minY: minY, maxX: maxX, maxY: maxY).map { all[Int(parts.loose[$0])] }
            wanted += callouts
            wanted += clusteredItems(minX: minX, minY: minY, maxX: maxX, maxY: maxY, zoom: viewport.zoom)
        } else {
            wanted = annotations.annotations(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        }
        for id in kept where !wanted.contains(where: { ObjectIdentifier($0) == id }) {
            if let a = visible[id]?.annotation { wanted.append(a) }
        }
        var next: [ObjectIdentifier: AnnotationView] = [:]
        next.reserveCapacity(wanted.count)
        var membershipChanged = false
        for a in wanted {
            let id = ObjectIdentifier(a)
            let view: AnnotationView
            if let existing = visible[id] {
                view = existing
            } else {
                view = makeView(for: a)
                view.order = annotations.order(of: a) ?? (a as? ClusterAnnotation)?.order ?? 0
                membershipChanged = true
            }
            if view.dragState == .none { view.anchor = viewport.screenPoint(for: a.coordinate) }
            next[id] = view
        }
        for (id, view) in visible where next[id] == nil {
            recycle(view)
            membershipChanged = true
        }
        visible = next
        for view in next.values {
            if let callout = view as? CalloutAnnotationView, callout.pinView == nil, let c = callout.annotation as? CalloutAnnotation {
                callout.pinView = next[ObjectIdentifier(c.pin)]
            }
            view.layoutAttached()
        }
        // Panning and zooming keep the order (screen y keeps its order under both): sort only
        // when views came or went, on keys computed once (no per-comparison property calls).
        if membershipChanged || sortedViews.count != next.count {
            // Keys with an index, not the views: moving them costs no reference counting.
            let views = Array(next.values)
            var keyed = [(StackingKey, Int)]()
            keyed.reserveCapacity(views.count)
            for (i, view) in views.enumerated() { keyed.append((view.stackingKey.ignoringSelection, i)) }
            keyed.sort(by: Self.drawnBelow)
            sortedViews = keyed.map { views[$0.1] }
            sortedIDs = sortedViews.map(ObjectIdentifier.init)
        }
        hitAreas = sortedViews.map(Self.hitArea)
        grid = HitGrid(rects: hitAreas)
    }

    /// A plain function, not a closure in this main-actor class: a closure would check the
    /// executor on every one of a sort's comparisons.
    private nonisolated static func drawnBelow(_ a: (StackingKey, Int), _ b: (StackingKey, Int)) -> Bool {
        b.0.isAbove(a.0)
    }

    /// The viewport of the last full layout (index queried, views made and recycled).
    private var queried: Viewport?
    /// A pan shorter than this (logical px) since the last full layout moves the views and
    /// asks the index nothing: the margin has room for what comes into view meanwhile.
    static let requeryDistance = 32.0

    /// How far the content moved between two viewports that differ only by a pan
    /// short of any world wrap; nil for anything else.
    private static func pan(from a: Viewport, to b: Viewport) -> Point? {
        guard a.zoom == b.zoom, a.size == b.size,
              a.worldSize > a.size.width + 2 * (margin + requeryDistance) else { return nil }
        var dx = a.center.x - b.center.x
        dx -= dx.rounded()
        return Point(x: dx * a.worldSize, y: (a.center.y - b.center.y) * a.worldSize)
    }

    /// A pure pan: every view (but one being dragged) moves with the map; nothing comes or goes.
    private func translate(by shift: Point) {
        hitAreas.withUnsafeMutableBufferPointer { areas in
            for (i, view) in sortedViews.enumerated() {
                if view.dragState == .none {
                    view.anchor.x += shift.x
                    view.anchor.y += shift.y
                    areas[i].origin.x += shift.x
                    areas[i].origin.y += shift.y
                } else {
                    areas[i] = Self.hitArea(view)  // a dragged pin's area: the grid finds it by its old place
                }
            }
        }
        grid.translate(by: shift)
    }

    private static func hitArea(_ view: AnnotationView) -> Rect {
        let f = view.frame, h = view.hitBounds
        return Rect(x: f.minX + h.minX, y: f.minY + h.minY, width: h.width, height: h.height)
    }

    /// Keeps an annotation's view even off screen (while selected or dragged).
    public func keep(_ annotation: any Annotation) {
        let id = ObjectIdentifier(annotation)
        kept.insert(id)
        if visible[id] == nil { needsLayout = true }
    }

    public func release(_ annotation: any Annotation) {
        kept.remove(ObjectIdentifier(annotation))
        // Only a view now off screen needs a layout (to go back to its pool).
        if let viewport = laidOut {
            let p = viewport.screenPoint(for: annotation.coordinate)
            let area = Rect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height)
                .insetBy(dx: -Self.margin, dy: -Self.margin)
            if !area.contains(p) { needsLayout = true }
        }
    }

    /// The selected view, drawn and hit first whatever its place in `sortedViews`
    /// (selecting or deselecting touches no array: a click stays O(1) past the hit test).
    public private(set) var topView: AnnotationView? {
        didSet { if topView !== oldValue { drawRevision += 1 } }
    }

    /// Takes note of a view's selection changing: it goes to (or leaves) the top.
    public func restack(_ view: AnnotationView) {
        if view.isSelected {
            topView = view
        } else if topView === view {
            topView = nil
        }
    }

    /// Views whose shape contains a screen point, topmost first.
    public func views(at point: Point) -> [AnnotationView] {
        var hits: [AnnotationView] = []
        forEachView(at: point) { hits.append($0); return true }
        return hits
    }

    /// The topmost view whose shape contains a screen point: one shape test per pin down to
    /// it, where `views(at:)` tests every pin under the point (a dozen where 10,000 crowd).
    public func view(at point: Point) -> AnnotationView? {
        var hit: AnnotationView?
        forEachView(at: point) { hit = $0; return false }
        return hit
    }

    /// Calls `body` with each view under a point, topmost first, while it returns true.
    private func forEachView(at point: Point, _ body: (AnnotationView) -> Bool) {
        let top = topView.map(ObjectIdentifier.init)
        if let view = topView, let a = view.annotation, visible[ObjectIdentifier(a)] === view {
            let f = view.frame  // its own frame: selection may have resized it
            let local = Point(x: point.x - f.minX, y: point.y - f.minY)
            if view.hitBounds.contains(local) && view.contains(local) && !body(view) { return }
        }
        for c in grid.candidates(at: point).reversed() {
            let i = Int(c)
            guard hitAreas[i].contains(point), sortedIDs[i] != top else { continue }
            let view = sortedViews[i], f = view.frame
            if view.contains(Point(x: point.x - f.minX, y: point.y - f.minY)) && !body(view) { return }
        }
    }

    /// Views bottom first as drawn: the sorted views, with the selected one last.
    public var drawingOrder: [AnnotationView] {
        guard let top = topView, let i = sortedIDs.firstIndex(of: ObjectIdentifier(top)) else { return sortedViews }
        var order = sortedViews
        order.remove(at: i)
        order.append(top)
        return order
    }

    // MARK: Clusters

    /// Which annotations cluster, by identifier (as places in `annotations`), and the others
    /// (callouts aside) with an index of their own: worked out once per change of the
    /// annotations, not per layout (a million clustered annotations made every layout walk
    /// them all, and index them all in the set).
    private struct Partition {
        var groups: [String: [Int32]] = [:]
        var loose: [Int32] = []
        var index = PointIndex<Double>(points: [])
    }
    private var partition: Partition?
    /// Callout annotations on the map (the callout-as-annotation approach): never clustered.
    private var callouts: [any Annotation] = []

    private func partitioned() -> Partition {
        if let partition { return partition }
        var parts = Partition()
        if let identify = clusteringIdentifier {
            for (i, a) in annotations.annotations.enumerated() where !(a is CalloutAnnotation) {
                if let id = identify(a) { parts.groups[id, default: []].append(Int32(i)) } else { parts.loose.append(Int32(i)) }
            }
        }
        parts.index = PointIndex(points: parts.loose.map { annotations.worldPoint(at: Int($0)) })
        partition = parts
        return parts
    }

    private func buildClusters() -> [String: (members: [Int32], clusterer: PointClusterer)] {
        if let clusters { return clusters }
        let groups = partitioned().groups
        let all = annotations.annotations
        let total = groups.values.reduce(0) { $0 + $1.count }
        if total >= backgroundClusteringThreshold {
            startBackgroundBuild(groups)
            return [:]  // nothing of the clustered groups until it lands
        }
        let built = groups.mapValues { members in
            (members, PointClusterer(coordinates: members.map { Optional(all[Int($0)].coordinate) }, options: clusterOptions))
        }
        clusters = built
        return built
    }

    /// Builds the clusterers off the main thread (the map stays usable) and installs them
    /// unless the annotations changed meanwhile; a build whose annotations changed, or whose
    /// layer went away, stops where it is.
    private func startBackgroundBuild(_ groups: [String: [Int32]]) {
        let generation = clusterGeneration
        guard !isBuildingClusters || buildingGeneration != generation else { return }
        buildCancellation?.cancel()
        let cancellation = Cancellation()
        buildCancellation = cancellation
        buildingGeneration = generation
        isBuildingClusters = true
        pendingGroups = groups
        onClusteringChanged?(true)
        let all = annotations.annotations
        let inputs = groups.mapValues { $0.map { Optional(all[Int($0)].coordinate) } }
        let options = clusterOptions
        let total = Double(inputs.values.reduce(0) { $0 + $1.count })
        // The worker holds no reference to the layer: a map closed meanwhile is freed at once
        // (and its deinit cancels the build).
        let owner = WeakReference(self)
        DispatchQueue.global(qos: .userInitiated).async {
            var built: [String: PointClusterer] = [:]
            var done = 0.0
            var inputs = inputs  // each group's coordinates are let go as its build reads them
            while let identifier = inputs.keys.first, let coordinates = inputs.removeValue(forKey: identifier) {
                let share = Double(coordinates.count) / max(total, 1), before = done
                let clusterer = PointClusterer(coordinates: consume coordinates, options: options, cancellation: cancellation) { part in
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated {
                            guard let self = owner.value, generation == self.clusterGeneration, self.isBuildingClusters else { return }
                            self.onClusteringProgress?(before + share * part)
                        }
                    }
                }
                guard let clusterer else { return }  // cancelled: a newer build or none is wanted
                built[identifier] = clusterer
                done += share
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self = owner.value, generation == self.clusterGeneration, let groups = self.pendingGroups else { return }  // superseded
                    self.pendingGroups = nil
                    self.buildCancellation = nil
                    self.clusters = Dictionary(uniqueKeysWithValues: built.map { ($0.key, (groups[$0.key]!, $0.value)) })
                    self.isBuildingClusters = false
                    self.needsLayout = true
                    self.onClusteringChanged?(false)
                }
            }
        }
    }

    /// A build for annotations that changed since is of no use: it stops, and says so.
    private func stopBackgroundBuild() {
        guard isBuildingClusters else { return }
        buildCancellation?.cancel()
        buildCancellation = nil
        pendingGroups = nil
        isBuildingClusters = false
        onClusteringChanged?(false)
    }

    /// Called on the main thread while a background build goes on, with the share done (0…1).
    public var onClusteringProgress: ((Double) -> Void)?
    /// Stops the background build in progress.
    private var buildCancellation: Cancellation?

    isolated deinit { buildCancellation?.cancel() }

    /// Makes sure the clusters are built: at once for small sets, else waits (running the main
    /// loop) at most `timeout` seconds for the background build, which goes on if time runs out.
    /// Returns whether they are ready. For drawing without a window (`render`).
    @discardableResult
    public func waitForClusters(timeout: Double) -> Bool {
        _ = buildClusters()
        guard isBuildingClusters else { return true }
        MainLoop.bridgeSwiftConcurrency()  // the build lands through the main queue
        let ready = MainLoop.iterate(until: { !isBuildingClusters }, timeout: timeout)
        needsLayout = true
        return ready
    }

    private var buildingGeneration = -1
    private var pendingGroups: [String: [Int32]]?

    private func clusteredItems(minX: Double, minY: Double, maxX: Double, maxY: Double, zoom: Double) -> [any Annotation] {
        var out: [any Annotation] = []
        let all = annotations.annotations
        for (identifier, group) in buildClusters() {
            for item in group.clusterer.items(minX: minX, minY: minY, maxX: maxX, maxY: maxY, zoom: zoom) {
                switch item {
                case .point(let index, _):
                    out.append(all[Int(group.members[index])])
                case .cluster(let id, let count, let position):
                    // A cluster may be anchored at the item that gathered it at one zoom and at
                    // its own centre further out: one annotation per place.
                    let at = clusterPlacement == .anchor ? group.clusterer.anchor(of: item, zoom: zoom) : position
                    let key = "\(identifier)#\(id)" + (at == position ? "" : "@anchor")
                    if let existing = clusterAnnotations[key] {
                        out.append(existing)
                    } else {
                        let cluster = ClusterAnnotation(id: id, count: count, position: at, clusteringIdentifier: identifier)
                        clusterAnnotations[key] = cluster
                        out.append(cluster)
                    }
                }
            }
        }
        return out
    }

    /// The zoom at which a cluster splits apart (where a click on it takes the map).
    public func expansionZoom(of cluster: ClusterAnnotation) -> Int {
        buildClusters()[cluster.clusteringIdentifier]?.clusterer.expansionZoom(of: cluster.clusterID) ?? clusterOptions.maxZoom + 1
    }

    /// The first members of a cluster, for its callout.
    public func members(of cluster: ClusterAnnotation, limit: Int = 10) -> [any Annotation] {
        guard let group = buildClusters()[cluster.clusteringIdentifier] else { return [] }
        return group.clusterer.leaves(of: cluster.clusterID, limit: limit).map { annotations.annotations[Int(group.members[$0])] }
    }

    private func makeView(for annotation: any Annotation) -> AnnotationView {
        if annotation is ClusterAnnotation {
            return dequeueView(withIdentifier: Self.clusterReuseIdentifier, for: annotation)
        }
        if let callout = annotation as? CalloutAnnotation {  // the callout-as-annotation approach
            let view = dequeueView(withIdentifier: Self.calloutReuseIdentifier, for: callout)
            (view as? CalloutAnnotationView)?.pinView = visible[ObjectIdentifier(callout.pin)]
            return view
        }
        if let view = viewProvider?(annotation) {
            view.annotation = annotation
            return view
        }
        return dequeueView(withIdentifier: Self.defaultReuseIdentifier, for: annotation)
    }

    private func recycle(_ view: AnnotationView) {
        if topView === view { topView = nil }
        view.isInRaster = false  // its image is still in the raster, but off screen
        view.prepareForReuse()
        view.annotation = nil
        view.isSelected = false
        guard let id = view.reuseIdentifier else { return }
        pools[id, default: []].append(view)
    }
}
