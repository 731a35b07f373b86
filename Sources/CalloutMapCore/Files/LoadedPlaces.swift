import Foundation

/// What a file of places gave — GeoJSON, GPX or KML, through `GeoJSONLoader`, `GPXLoader`,
/// `KMLLoader` or `PlaceFileLoader`: its places, its shapes and what was wrong with it.
public struct LoadedPlaces {
    /// One annotation per point, in the file's order.
    public var annotations: [PointAnnotation]
    /// One overlay per line or polygon geometry (a MultiPolygon is one), in the file's order.
    public var overlays: [ShapeOverlay] = []
    /// What was skipped or adjusted, each naming the file and feature.
    public var problems: [PlaceFileProblem]
    /// The load was stopped by its `Cancellation`; what was read is dropped.
    public var wasCancelled = false
    /// How many features simdjson read ahead (`Options.readAhead`), for tests and the benchmark.
    package var featuresReadAhead = 0
    /// How many bytes of the file were given back to the system once read ahead, for tests and the benchmark.
    package var bytesGivenBack = 0

    /// Nothing loaded: the whole file refused, for a reason (at a line of an XML file).
    static func refused(_ file: String, line: Int? = nil, _ message: String) -> LoadedPlaces {
        LoadedPlaces(annotations: [], problems: [PlaceFileProblem(file: file, feature: nil, line: line, severity: .fatal, message: message)])
    }
}
