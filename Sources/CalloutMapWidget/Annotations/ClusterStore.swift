import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import Dispatch

/// The clusters of a layer's annotations: which annotations cluster (by
/// identifier) and which stay loose, a `PointClusterer` per identifier — built at
/// once for small sets, on a background thread for large ones — and the
/// cluster annotations handed out for a viewport.
@MainActor
package final class ClusterStore {
    private unowned let annotations: AnnotationSet
    /// Called when the clusters (and so what is on screen) changed.
    private let invalidate: () -> Void

    /// Which annotations cluster together (MapKit's `clusteringIdentifier`); nil: never clustered.
    /// Setting it (or the options) rebuilds the clusters.
    package var clusteringIdentifier: ((any Annotation) -> String?)? { didSet { reset() } }
    /// By default clusters gather what lies within 50 points on screen, wider than the largest
    /// badge (`ClusterAnnotationView.largestDiameter`), so badges at their anchors never overlap
    /// (supercluster's default radius, 20, piles 28–46-point badges on each other).
    package var options = ClusterOptions(screenRadius: 50) { didSet { reset() } }
    /// Options of their own for some identifiers (the others use `options`).
    package var identifierOptions: [String: ClusterOptions] = [:] { didSet { reset() } }

    /// The options an identifier's clusters are built with.
    func options(for identifier: String) -> ClusterOptions { identifierOptions[identifier] ?? options }
    /// Where cluster badges sit; `.anchor` keeps them apart.
    package var placement = ClusterPlacement.anchor { didSet { reset() } }
    /// Bigger sets are clustered on a background thread; meanwhile their annotations are not shown.
    package var backgroundThreshold = 20_000
    /// Whether clusters are being built in the background right now.
    package private(set) var isBuilding = false
    /// Called on the main thread when a background build starts (true) or lands (false).
    package var onBuildingChanged: ((Bool) -> Void)?
    /// Called on the main thread while a background build goes on, with the share done (0…1).
    package var onProgress: ((Double) -> Void)?
    /// Bumped whenever the clusters change.
    private(set) var revision = 0

    init(annotations: AnnotationSet, invalidate: @escaping () -> Void) {
        self.annotations = annotations
        self.invalidate = invalidate
    }

    var isEnabled: Bool { clusteringIdentifier != nil || !viewIdentifiers.isEmpty }

    /// Identifiers set on views (MapKit's `MKAnnotationView.clusteringIdentifier`), by annotation:
    /// an annotation's view says it once it has been on screen.
    private var viewIdentifiers: [ObjectIdentifier: String] = [:]

    /// Notes the identifier a view of an annotation carries; a change rebuilds the clusters.
    func note(_ identifier: String?, for annotation: any Annotation) {
        let id = ObjectIdentifier(annotation)
        guard viewIdentifiers[id] != identifier else { return }
        viewIdentifiers[id] = identifier
        reset()
        onViewIdentifiersChanged?()
    }

    /// Called when a view's identifier changed what clusters (during a layout: draw again later).
    var onViewIdentifiersChanged: (() -> Void)?

    /// Forgets removed annotations' identifiers.
    func forget(_ gone: [any Annotation]) {
        guard !viewIdentifiers.isEmpty else { return }
        for a in gone { viewIdentifiers[ObjectIdentifier(a)] = nil }
    }

    /// An annotation's identifier: the map's rule first, else what its view said.
    private func identifier(of annotation: any Annotation) -> String? { identifiers()(annotation) }

    /// `identifier(of:)` for many annotations: the rule and the views' identifiers read once, not
    /// per place (each read of a class's stored property is checked for exclusive access at run time).
    private func identifiers() -> (any Annotation) -> String? {
        let rule = clusteringIdentifier, views = viewIdentifiers
        return { rule?($0) ?? (views.isEmpty ? nil : views[ObjectIdentifier($0)]) }
    }

    /// Per clustering identifier: its annotations (in the order given to the clusterer, as places in
    /// `annotations`, which stay put until the clusters are built again) and the clusterer.
    private var built: [String: (members: [Int32], clusterer: PointClusterer)]? {
        didSet {
            if built == nil {
                generation += 1
                partition = nil
                stopBackgroundBuild()
            }
            clusterAnnotations = [:]  // made again, for the new clusters, as they come into view
            revision += 1
        }
    }
    private var generation = 0
    private var clusterAnnotations: [String: ClusterAnnotation] = [:]

    /// The annotations changed (added, removed, reordered): the clusters are built again.
    func reset() {
        built = nil
        invalidate()
    }

    /// Whether the clusters for the annotations as they are now are built.
    var isBuilt: Bool { built != nil }

    /// Builds the clusters after the current event (never inside a frame; a large set's on a
    /// background thread), when clustering is on and they are not built; several asks before
    /// then make one build.
    func buildSoon() {
        guard isEnabled, built == nil, !buildQueued else { return }
        buildQueued = true
        Timer.after(milliseconds: 0) { [weak self] in
            guard let self else { return }
            self.buildQueued = false
            if self.isEnabled { _ = self.buildClusters() }
        }
    }
    private var buildQueued = false

    /// One annotation moved: its cluster is built again, or the loose index re-made.
    func moved(_ annotation: any Annotation) {
        if identifier(of: annotation) != nil {
            reset()
        } else {  // the same annotations; one moved
            partition?.reindex(annotations.worldPoint(at:))
        }
    }

    // MARK: What is on screen

    /// The annotations (loose and clustered) to show in a world rectangle at a zoom.
    func items(minX: Double, minY: Double, maxX: Double, maxY: Double, zoom: Double) -> [any Annotation] {
        let all = annotations.annotations, parts = partitioned()
        var out: [any Annotation] = parts.index.range(minX: minX, minY: minY, maxX: maxX, maxY: maxY).map { all[Int(parts.loose[$0])] }
        for (identifier, group) in buildClusters() {
            for item in group.clusterer.items(minX: minX, minY: minY, maxX: maxX, maxY: maxY, zoom: zoom) {
                switch item {
                case .point(let index, _):
                    out.append(all[Int(group.members[index])])
                case .cluster(let id, let count, let position):
                    // A cluster may be anchored at the item that gathered it at one zoom and at
                    // its own centre further out: one annotation per place.
                    let at = placement == .anchor ? group.clusterer.anchor(of: item, zoom: zoom) : position
                    let key = "\(identifier)#\(id)" + (at == position ? "" : "@anchor")
                    if let existing = clusterAnnotations[key] {
                        out.append(existing)
                    } else {
                        let cluster = ClusterAnnotation(id: id, count: count, position: at, clusteringIdentifier: identifier)
                        let generation = self.generation
                        cluster.membersProvider = { [weak self, weak cluster] in
                            guard let self, let cluster, generation == self.generation else { return [] }
                            return self.members(of: cluster, limit: Int.max)
                        }
                        clusterAnnotations[key] = cluster
                        out.append(cluster)
                    }
                }
            }
        }
        return out
    }

    /// The zoom at which a cluster splits apart (where a click on it takes the map).
    package func expansionZoom(of cluster: ClusterAnnotation) -> Int {
        buildClusters()[cluster.clusteringIdentifier]?.clusterer.expansionZoom(of: cluster.clusterID)
            ?? options(for: cluster.clusteringIdentifier).maxZoom + 1
    }

    /// The first members of a cluster, for its callout.
    package func members(of cluster: ClusterAnnotation, limit: Int = 10) -> [any Annotation] {
        guard let group = buildClusters()[cluster.clusteringIdentifier] else { return [] }
        return group.clusterer.leaves(of: cluster.clusterID, limit: limit).map { annotations.annotations[Int(group.members[$0])] }
    }

    /// What a cluster's callout lists: its first five members' titles and how many more there are.
    func calloutMembers(of annotation: (any Annotation)?) -> (names: [String], more: Int) {
        guard let cluster = annotation as? ClusterAnnotation else { return ([], 0) }
        let names = members(of: cluster, limit: 5).map { $0.title ?? "Untitled" }
        return (names, max(0, cluster.count - names.count))
    }

    // MARK: Partition

    private var partition: ClusterPartition?

    private func partitioned() -> ClusterPartition {
        if let partition { return partition }
        let parts = isEnabled ? ClusterPartition(annotations.annotations, identifier: identifiers(), worldPoint: annotations.worldPoint(at:))
            : ClusterPartition()
        partition = parts
        return parts
    }

    // MARK: Building

    private func buildClusters() -> [String: (members: [Int32], clusterer: PointClusterer)] {
        if let built { return built }
        let groups = partitioned().groups
        let total = groups.values.reduce(0) { $0 + $1.count }
        if total >= backgroundThreshold {
            startBackgroundBuild(groups)
            return [:]  // nothing of the clustered groups until it lands
        }
        let coordinates = coordinates(of: groups)
        let made = Dictionary(uniqueKeysWithValues: groups.map { identifier, members in
            (identifier, (members, PointClusterer(coordinates: coordinates[identifier]!, options: options(for: identifier))))
        })
        built = made
        return made
    }

    /// The groups' members' coordinates, for their clusterers: the partition's, read as it was made.
    private func coordinates(of groups: [String: [Int32]]) -> [String: [Coordinate?]] {
        partition?.takeCoordinates() ?? groups.mapValues { coordinates(of: $0, in: annotations.annotations) }
    }

    /// The coordinates of a group's members, when the partition no longer has them. (A loop: the
    /// closure given to `map` here checked that it ran on the main thread once per member, 20 ms a million.)
    private func coordinates(of members: [Int32], in all: [any Annotation]) -> [Coordinate?] {
        var out: [Coordinate?] = []
        out.reserveCapacity(members.count)
        for member in members { out.append(all[Int(member)].coordinate) }
        return out
    }

    /// Builds the clusterers off the main thread (the map stays usable) and installs them
    /// unless the annotations changed meanwhile; a build whose annotations changed, or whose
    /// store went away, stops where it is.
    private func startBackgroundBuild(_ groups: [String: [Int32]]) {
        let generation = self.generation
        guard !isBuilding || buildingGeneration != generation else { return }
        buildCancellation?.cancel()
        let cancellation = Cancellation()
        buildCancellation = cancellation
        buildingGeneration = generation
        isBuilding = true
        pendingGroups = groups
        onBuildingChanged?(true)
        let inputs = Inputs(coordinates(of: groups))
        let optionsByIdentifier = Dictionary(uniqueKeysWithValues: groups.keys.map { ($0, options(for: $0)) })
        let total = Double(groups.values.reduce(0) { $0 + $1.count })
        // The worker holds no reference to the store: a map closed meanwhile is freed at once
        // (and its deinit cancels the build).
        let owner = WeakReference(self)
        // What reading the places freed (held in the reading threads' arenas) goes back first, so
        // the build's peak does not stack on it (11 MB less at a million places).
        cm_return_free_memory_to_the_system()
        DispatchQueue.global(qos: .userInitiated).async {
            var made: [String: PointClusterer] = [:]
            var done = 0.0
            while let (identifier, coordinates) = inputs.next() {
                let share = Double(coordinates.count) / max(total, 1), before = done
                let clusterer = PointClusterer(coordinates: consume coordinates, options: optionsByIdentifier[identifier]!,
                                               cancellation: cancellation) { part in
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated {
                            guard let self = owner.value, generation == self.generation, self.isBuilding else { return }
                            self.onProgress?(before + share * part)
                        }
                    }
                }
                guard let clusterer else { return }  // cancelled: a newer build or none is wanted
                made[identifier] = clusterer
                done += share
            }
            let built = made
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self = owner.value, generation == self.generation, let groups = self.pendingGroups else { return }  // superseded
                    self.pendingGroups = nil
                    self.buildCancellation = nil
                    self.built = Dictionary(uniqueKeysWithValues: built.map { ($0.key, (groups[$0.key]!, $0.value)) })
                    self.isBuilding = false
                    self.invalidate()
                    self.onBuildingChanged?(false)
                }
            }
            // The deepest zooms' levels, which the build left for later, are made here meanwhile,
            // in what the build let go; then that goes back to the system. Given back before (when
            // the clusters landed), it was asked for again (peak 1.5 s after 170,000 places landed:
            // 148-151 MB that way, 145-147 this).
            for clusterer in built.values where !cancellation.isCancelled { clusterer.completeLevels() }
            cm_return_free_memory_to_the_system()  // the build's scratch, held by this thread's arena
        }
    }

    /// The groups' coordinates on their way to the worker, which takes each out as it starts its
    /// build, so that it is let go once read: a copy captured by the worker's closure kept all of
    /// them (24 MB a million) to the end.
    private final class Inputs: @unchecked Sendable {
        private var groups: [String: [Coordinate?]]

        init(_ groups: [String: [Coordinate?]]) { self.groups = groups }

        /// The next group, taken out (by the worker alone).
        func next() -> (String, [Coordinate?])? {
            guard let identifier = groups.keys.first, let coordinates = groups.removeValue(forKey: identifier) else { return nil }
            return (identifier, coordinates)
        }
    }

    /// A build for annotations that changed since is of no use: it stops, and says so.
    private func stopBackgroundBuild() {
        guard isBuilding else { return }
        buildCancellation?.cancel()
        buildCancellation = nil
        pendingGroups = nil
        isBuilding = false
        onBuildingChanged?(false)
    }

    /// Stops the background build in progress.
    private var buildCancellation: Cancellation?
    private var buildingGeneration = -1
    private var pendingGroups: [String: [Int32]]?

    isolated deinit { buildCancellation?.cancel() }

    /// Makes sure the clusters are built: at once for small sets, else waits (running the main
    /// loop) at most `timeout` seconds for the background build, which goes on if time runs out.
    /// Returns whether they are ready. For drawing without a window (`render`).
    @discardableResult
    package func waitUntilBuilt(timeout: Double) -> Bool {
        _ = buildClusters()
        guard isBuilding else { return true }
        MainLoop.bridgeSwiftConcurrency()  // the build lands through the main queue
        let ready = MainLoop.iterate(until: { !isBuilding }, timeout: timeout)
        invalidate()
        return ready
    }
}
