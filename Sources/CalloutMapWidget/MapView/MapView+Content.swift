import CalloutMapCore

/// The one place the map follows a change of what it shows (`MapContent`'s signal).
extension MapView {
    func contentChanged(_ change: MapContent.Change) {
        switch change {
        case .annotations(let added):
            if added.isEmpty { searchStore.pruneRemoved() } else { searchStore.add(added.map { .annotation($0) }) }
            // Clustering starts because the annotations changed — after this event, not inside
            // the next frame — so that frame finds the clusters built (a large set's on its way).
            annotationLayer.clusters.buildSoon()
            scheduleSummary()
            pinProxies.scheduleSync()
        case .overlays(let added):
            if added.isEmpty { searchStore.pruneRemoved() } else { searchStore.add(added.map { .overlay($0) }) }
            shapeProxies.scheduleSync()
        case .tileLayers:
            mapFeatureProxies.scheduleSync()  // a vector map came, went or drew more
        }
        queueDraw()
    }
}
