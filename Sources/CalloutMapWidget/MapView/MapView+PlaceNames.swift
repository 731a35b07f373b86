import CalloutMapCore
import Dispatch

extension MapView {
    /// The world's place names the map draws: by default the ones shipped with the package
    /// (`WorldPlaces.bundled()`, read in the background when the map is made, nil until then);
    /// set your own, or nil for none.
    public var worldPlaces: WorldPlaces? {
        get { placeNames.layer?.places }
        set {
            placeNames.chosenByApp = true
            guard newValue !== placeNames.layer?.places else { return }
            placeNames.layer = newValue.map(PlaceLabelLayer.init)
            prepareWorldSearch()
            queueDraw()
            scheduleSummary()
        }
    }

    /// The names when they show: asked for, read, and no tile source on the map names places itself.
    package var shownPlaceLabels: PlaceLabelLayer? {
        guard showsPlaceNames, let layer = placeNames.layer else { return nil }
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
                    guard let self, !self.placeNames.chosenByApp, let places else { return }
                    self.placeNames.layer = PlaceLabelLayer(places: places)
                    self.prepareWorldSearch()  // if search is already wanted
                    self.queueDraw()
                    self.scheduleSummary()
                }
            }
        }
    }
}
