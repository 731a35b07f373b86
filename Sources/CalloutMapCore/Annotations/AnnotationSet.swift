/// The annotations a map holds, with their projected positions and a spatial
/// index that is rebuilt lazily (one rebuild after any number of changes).
package final class AnnotationSet {
    package private(set) var annotations: [any Annotation] = []
    private var points: [WorldPoint] = []
    /// Where each annotation is in `annotations` (32 bits: 8 MB less a million than `Int`).
    private var slots: [ObjectIdentifier: Int32] = [:]
    /// Per slot, when its annotation was added (slots move on removal; this does not).
    private var orders: [Int] = []
    private var nextOrder = 0
    private var index: PointIndex<Double>?

    package init() {}

    package var count: Int { annotations.count }

    package func contains(_ a: any Annotation) -> Bool { slots[ObjectIdentifier(a)] != nil }

    /// Adds annotations not already present (and whose coordinate is valid); returns how many were added.
    @discardableResult
    package func add(_ new: [any Annotation]) -> Int {
        annotations.reserveCapacity(annotations.count + new.count)
        points.reserveCapacity(points.count + new.count)
        orders.reserveCapacity(orders.count + new.count)
        slots.reserveCapacity(slots.count + new.count)  // growing it step by step rehashed a million keys ~20 times
        var added = 0
        for a in new {
            let coordinate = a.coordinate
            guard coordinate.isValid else { continue }
            // One hash lookup, not two: insert, and put the old place back if it was there.
            let key = ObjectIdentifier(a)
            if let old = slots.updateValue(Int32(annotations.count), forKey: key) {
                slots[key] = old
                continue
            }
            annotations.append(a)
            points.append(WebMercator.worldPoint(for: coordinate))
            orders.append(nextOrder)
            nextOrder += 1
            added += 1
        }
        if added > 0 { index = nil }
        return added
    }

    /// Removes annotations; returns whether any other annotation changed place (the last
    /// one fills each gap), which invalidates places kept elsewhere.
    @discardableResult
    package func remove(_ gone: [any Annotation]) -> Bool {
        var removed = false, moved = false
        for a in gone {
            guard let i = slots.removeValue(forKey: ObjectIdentifier(a)).map(Int.init) else { continue }
            let last = annotations.count - 1
            if i != last {
                moved = true
                annotations[i] = annotations[last]
                points[i] = points[last]
                orders[i] = orders[last]
                slots[ObjectIdentifier(annotations[i])] = Int32(i)
            }
            annotations.removeLast()
            points.removeLast()
            orders.removeLast()
            removed = true
        }
        if removed { index = nil }
        return moved
    }

    package func removeAll() {
        annotations.removeAll()
        points.removeAll()
        orders.removeAll()
        slots.removeAll()
        index = nil
    }

    /// Re-reads an annotation's coordinate after the model moved it.
    package func update(_ a: any Annotation) {
        guard let i = slots[ObjectIdentifier(a)].map(Int.init) else { return }
        points[i] = WebMercator.worldPoint(for: a.coordinate)
        index = nil
    }

    /// When an annotation was added relative to the others (later is higher), for stacking ties.
    package func order(of a: any Annotation) -> Int? {
        slots[ObjectIdentifier(a)].map { orders[Int($0)] }
    }

    /// The projected position of the annotation at a place in `annotations`.
    package func worldPoint(at place: Int) -> WorldPoint { points[place] }

    package func worldPoint(of a: any Annotation) -> WorldPoint? {
        slots[ObjectIdentifier(a)].map { points[Int($0)] }
    }

    /// Annotations whose coordinate lies in a rectangle of the world square (may wrap east–west).
    package func annotations(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [any Annotation] {
        if index == nil { index = PointIndex(points: points) }
        return index!.range(minX: minX, minY: minY, maxX: maxX, maxY: maxY).map { annotations[$0] }
    }
}
