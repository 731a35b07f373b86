import CalloutMapCore
import Dispatch

extension MapView {
    /// The world's place names the map draws: by default the ones shipped with the package
    /// (`WorldPlaces.bundled()`, read in the background when the map is made, nil until then);
    /// set your own, or nil for none.
    public var worldPlaces: WorldPlaces? {
        get { placeLabelLayer?.places }
        set {
            worldPlacesChosen = true
            guard newValue !== placeLabelLayer?.places else { return }
            placeLabelLayer = newValue.map(PlaceLabelLayer.init)
            prepareWorldSearch()
            queueDraw()
            scheduleSummary()
        }
    }

    /// The names when they show: asked for, read, and no tile source on the map names places itself.
    package var shownPlaceLabels: PlaceLabelLayer? {
        guard showsPlaceNames, let layer = placeLabelLayer else { return nil }
        return tileLayers.contains { $0.source.hasLabels && $0.opacity >= 0.5 } ? nil : layer
    }

    /// The world's places in view, as the map last named them, most important first.
    public var namedPlaces: [WorldPlace] { shownPlaceLabels?.placed.map(\.place) ?? [] }

    /// Reads the bundled names off the main thread (a few megabytes: tens of milliseconds).
    func readBundledPlaceNames() {
        DispatchQueue.global(qos: .userInitiated).async {
            let places = try? WorldPlaces.bundled()
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, !self.worldPlacesChosen, let places else { return }
                    self.placeLabelLayer = PlaceLabelLayer(places: places)
                    self.prepareWorldSearch()  // if search is already wanted
                    self.queueDraw()
                    self.scheduleSummary()
                }
            }
        }
    }
}
