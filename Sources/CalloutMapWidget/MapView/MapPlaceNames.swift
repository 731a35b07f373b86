/// The world's names on the map: the layer that places and draws them once they are read, and
/// whether the app chose its own (then the bundled ones, read in the background, stay unused).
struct MapPlaceNames {
    /// The names drawn, once read (`MapView.worldPlaces`).
    var layer: PlaceLabelLayer?
    /// The app set `worldPlaces` itself.
    var chosenByApp = false
}
