import CalloutMapCore

/// Where a cluster's badge sits on the map.
public enum ClusterPlacement: Sendable {
    /// At the item it grew from (`PointClusterer.anchor(of:)`): at one zoom, anchors are
    /// further apart than the clustering radius, so badges no wider than it never overlap,
    /// and every member lies within the radius of the badge.
    case anchor
    /// At the weighted centre of its members, as supercluster places it; two centres can
    /// come close, and their badges overlap.
    case centroid
}
