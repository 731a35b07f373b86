import CalloutMapCore
import CalloutMapGtk
import Dispatch

/// The map's annotations and overlays made searchable: each batch added gets an index of its
/// own, its texts read on the main thread a slice per tick (so a million places never hold a
/// frame) and its index built on a worker; a batch none of whose items is left on the map (a
/// file's places, removed) is dropped, and results skip whatever has left the map meanwhile.
/// Nothing is kept or indexed until search is first wanted (`activate`), when everything on
/// the map becomes the first batch: a map never searched spends no time or memory on it (a
/// list of a million items was 16 MB).
@MainActor
final class SearchStore {
    /// An annotation or an overlay: what a batch holds.
    enum Item {
        case annotation(any Annotation)
        case overlay(any Overlay)

        var object: AnyObject {
            switch self {
            case .annotation(let a): a
            case .overlay(let o): o
            }
        }
    }

    @MainActor private final class Batch {
        let items: [Item]
        var entries: [SearchIndex.Entry] = []
        var index: SearchIndex?
        /// Stops its index's build once it is dropped.
        let cancellation = Cancellation()
        init(items: [Item]) { self.items = items }
    }

    /// Texts read per tick: about 5 ms of the main thread.
    static let slice = 20_000

    private var batches: [Batch] = []
    /// Whether an item is still on the map (results skip those that are not).
    private let isOnMap: (Item) -> Bool
    /// Everything on the map: the first batch, when search is first wanted.
    private let everything: () -> [Item]
    /// Called when a batch's index is ready: a search open may answer more now.
    var onIndexed: () -> Void = {}

    init(isOnMap: @escaping (Item) -> Bool, everything: @escaping () -> [Item]) {
        self.isOnMap = isOnMap
        self.everything = everything
    }

    /// Batches being indexed.
    var pending: Int { batches.filter { $0.index == nil }.count }

    /// Whether search has been wanted: batches are indexed from then on, as they come.
    private(set) var isActive = false

    /// Indexes items just put on the map, once search has been wanted (before, they come with
    /// everything else when it is).
    func add(_ items: @autoclosure () -> [Item]) {
        guard isActive else { return }
        let items = items()
        guard !items.isEmpty else { return }
        let batch = Batch(items: items)
        batches.append(batch)
        read(batch)
    }

    /// Indexes what is on the map, and from now on whatever is added.
    func activate() {
        guard !isActive else { return }
        isActive = true
        add(everything())
    }

    /// Drops batches none of whose items is on the map any longer (a build under way stops).
    func pruneRemoved() {
        batches.removeAll { batch in
            let gone = !batch.items.contains(where: isOnMap)
            if gone { batch.cancellation.cancel() }
            return gone
        }
    }

    /// Drops every batch (the map is going away).
    func removeAll() {
        for batch in batches { batch.cancellation.cancel() }
        batches = []
    }

    /// Texts of a slice of the batch, then the next slice on the next tick, then the index.
    private func read(_ batch: Batch) {
        guard batches.contains(where: { $0 === batch }) else { return }  // removed meanwhile
        let start = batch.entries.count, end = min(batch.items.count, start + Self.slice)
        for item in batch.items[start..<end] { batch.entries.append(Self.entry(for: item)) }
        if end < batch.items.count {
            Timer.after(milliseconds: 0) { [weak self, batch] in self?.read(batch) }
            return
        }
        let entries = batch.entries, cancellation = batch.cancellation
        batch.entries = []
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let index = SearchIndex(entries, cancellation: cancellation)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self, self.batches.contains(where: { $0 === batch }) else { return }
                    batch.index = index
                    self.onIndexed()
                }
            }
        }
    }

    /// An item's texts: title, subtitle, then its data's values; where it is (a shape: its middle).
    static func entry(for item: Item) -> SearchIndex.Entry {
        switch item {
        case .annotation(let a):
            // A subtitle made of a place's properties is not indexed again: its values are, below.
            guard let point = a as? PointAnnotation else { return SearchIndex.Entry(texts: [a.title ?? "", a.subtitle ?? ""], coordinate: a.coordinate) }
            let texts = [point.title ?? "", point.subtitleIsSummary ? "" : point.subtitle ?? ""] + point.properties.map(\.value)
            return SearchIndex.Entry(texts: texts, coordinate: a.coordinate)
        case .overlay(let o):
            let texts = [o.title ?? "", o.subtitle ?? ""] + o.properties.map(\.value)
            return SearchIndex.Entry(texts: texts, coordinate: MapView.middle(of: o))
        }
    }

    /// The best matches among the map's items, with their tiers, weights and distances.
    func matches(for query: String, limit: Int, near: Coordinate?) -> [(item: Item, match: SearchIndex.Match)] {
        var found: [(item: Item, match: SearchIndex.Match)] = []
        for batch in batches {
            guard let index = batch.index else { continue }
            for match in index.matches(for: query, limit: limit, near: near) where isOnMap(batch.items[match.entry]) {
                found.append((batch.items[match.entry], match))
            }
        }
        return found
    }
}
