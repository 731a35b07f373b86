/// Settings of the point clusterer; the defaults are supercluster's.
public struct ClusterOptions: Sendable, Equatable {
    /// Cluster radius in pixels of a tile `extent` pixels wide.
    public var radius = 40.0
    /// Tile extent the radius is measured in (supercluster's `extent`).
    public var extent = 512.0
    /// Fewest points that make a cluster.
    public var minPoints = 2
    /// The lowest zoom clusters are built for.
    public var minZoom = 0
    /// Above this zoom nothing is clustered.
    public var maxZoom = 16

    /// supercluster's defaults: radius 40 of an extent of 512, zooms 0–16, at least 2 points.
    public init() {}

    /// Options whose radius is `points` on screen (256-point tiles), other settings as the defaults.
    public init(screenRadius points: Double) {
        radius = points * extent / 256
    }

    /// The radius on screen, in points (supercluster's default: 20).
    public var screenRadius: Double { radius * 256 / extent }
}
