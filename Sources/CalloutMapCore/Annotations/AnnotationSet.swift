/// The annotations a map holds, with their projected positions and a spatial
/// index that is rebuilt lazily (one rebuild after any number of changes).
public final class AnnotationSet {
    public private(set) var annotations: [any Annotation] = []
    private var points: [WorldPoint] = []
    private var slots: [ObjectIdentifier: Int] = [:]
    private var index: PointIndex?

    public init() {}

    public var count: Int { annotations.count }

    public func contains(_ a: any Annotation) -> Bool { slots[ObjectIdentifier(a)] != nil }

    /// Adds annotations not already present (and whose coordinate is valid); returns how many were added.
    @discardableResult
    public func add(_ new: [any Annotation]) -> Int {
        annotations.reserveCapacity(annotations.count + new.count)
        points.reserveCapacity(points.count + new.count)
        var added = 0
        for a in new where slots[ObjectIdentifier(a)] == nil && a.coordinate.isValid {
            slots[ObjectIdentifier(a)] = annotations.count
            annotations.append(a)
            points.append(WebMercator.worldPoint(for: a.coordinate))
            added += 1
        }
        if added > 0 { index = nil }
        return added
    }

    public func remove(_ gone: [any Annotation]) {
        var removed = false
        for a in gone {
            guard let i = slots.removeValue(forKey: ObjectIdentifier(a)) else { continue }
            let last = annotations.count - 1
            if i != last {
                annotations[i] = annotations[last]
                points[i] = points[last]
                slots[ObjectIdentifier(annotations[i])] = i
            }
            annotations.removeLast()
            points.removeLast()
            removed = true
        }
        if removed { index = nil }
    }

    public func removeAll() {
        annotations.removeAll()
        points.removeAll()
        slots.removeAll()
        index = nil
    }

    /// Re-reads an annotation's coordinate after the model moved it.
    public func update(_ a: any Annotation) {
        guard let i = slots[ObjectIdentifier(a)] else { return }
        points[i] = WebMercator.worldPoint(for: a.coordinate)
        index = nil
    }

    public func worldPoint(of a: any Annotation) -> WorldPoint? {
        slots[ObjectIdentifier(a)].map { points[$0] }
    }

    /// Annotations whose coordinate lies in a rectangle of the world square (may wrap east–west).
    public func annotations(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [any Annotation] {
        if index == nil { index = PointIndex(points: points) }
        return index!.range(minX: minX, minY: minY, maxX: maxX, maxY: maxY).map { annotations[$0] }
    }
}
