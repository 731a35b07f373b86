/// The annotations a map holds, and a spatial index of their projected positions that
/// is rebuilt lazily (one rebuild after any number of changes). Positions are projected
/// when asked, not kept: a million clustered places never ask, and kept they took 16 MB.
package final class AnnotationSet {
    package private(set) var annotations: [any Annotation] = []
    /// Where each annotation is in `annotations`.
    private var slots = SlotTable()
    /// Per slot, when its annotation was added (slots move on removal; this does not).
    private var orders: [Int32] = []
    private var nextOrder: Int32 = 0
    private var index: PointIndex<Double>?

    package init() {}

    package var count: Int { annotations.count }

    package func contains(_ a: any Annotation) -> Bool { slot(of: a) != nil }

    /// The identity of the annotation in a slot, for `slots`.
    private func key(at slot: Int32) -> ObjectIdentifier { ObjectIdentifier(annotations[Int(slot)]) }

    private func slot(of a: any Annotation) -> Int? {
        slots.slot(of: ObjectIdentifier(a), key: key(at:)).map(Int.init)
    }

    /// Adds annotations not already present (and whose coordinate is valid); returns how many were added.
    @discardableResult
    package func add(_ new: [any Annotation]) -> Int {
        if nextOrder > Int32.max - Int32(clamping: new.count) { renumberOrders() }
        // The lists are worked on as locals and put back: each touch of a class's stored property
        // is checked for exclusive access at run time, five a place here (a third of adding a
        // million, perf). Taken out, not copied: what the set held goes on being the only copy.
        var list: [any Annotation] = [], slots = SlotTable(), orders: [Int32] = []
        swap(&list, &annotations)
        swap(&slots, &self.slots)
        swap(&orders, &self.orders)
        var next = nextOrder
        defer {
            swap(&list, &annotations)
            swap(&slots, &self.slots)
            swap(&orders, &self.orders)
            nextOrder = next
        }
        func key(at slot: Int32) -> ObjectIdentifier { ObjectIdentifier(list[Int(slot)]) }
        list.reserveCapacity(list.count + new.count)
        orders.reserveCapacity(orders.count + new.count)
        slots.reserve(slots.count + new.count, key: key(at:))  // growing step by step would rehash a million keys ~20 times
        var added = 0
        for start in stride(from: 0, to: new.count, by: Self.readAhead) {
            let batch = new[start..<min(start + Self.readAhead, new.count)]
            slots.readAhead(batch.lazy.map { ObjectIdentifier($0) })
            for a in batch {
                let coordinate = a.coordinate
                guard coordinate.isValid,
                      slots.insert(ObjectIdentifier(a), slot: Int32(list.count), key: key(at:)) == nil else { continue }
                list.append(a)
                orders.append(next)
                next += 1
                added += 1
            }
        }
        if added > 0 { index = nil }
        return added
    }

    /// How many annotations' buckets `add` reads ahead of inserting them (`SlotTable.readAhead`).
    private static let readAhead = 64

    /// Removes annotations; returns whether any other annotation changed place (the last
    /// one fills each gap), which invalidates places kept elsewhere.
    @discardableResult
    package func remove(_ gone: [any Annotation]) -> Bool {
        var removed = false, moved = false
        for a in gone {
            guard let i = slots.remove(ObjectIdentifier(a), key: key(at:)).map(Int.init) else { continue }
            let last = annotations.count - 1
            if i != last {
                moved = true
                slots.move(ObjectIdentifier(annotations[last]), to: Int32(i), key: key(at:))
                annotations[i] = annotations[last]
                orders[i] = orders[last]
            }
            annotations.removeLast()
            orders.removeLast()
            removed = true
        }
        if removed { index = nil }
        return moved
    }

    package func removeAll() {
        annotations.removeAll()
        orders.removeAll()
        slots.removeAll()
        index = nil
    }

    /// Re-reads an annotation's coordinate after the model moved it.
    package func update(_ a: any Annotation) {
        if contains(a) { index = nil }
    }

    /// When an annotation was added relative to the others (later is higher), for stacking ties.
    package func order(of a: any Annotation) -> Int? {
        slot(of: a).map { Int(orders[$0]) }
    }

    /// Numbers the orders from 0 again, keeping them in the same order (after two billion adds).
    private func renumberOrders() {
        let byOrder = orders.indices.sorted { orders[$0] < orders[$1] }
        for (rank, slot) in byOrder.enumerated() { orders[slot] = Int32(rank) }
        nextOrder = Int32(orders.count)
    }

    /// The projected position of the annotation at a place in `annotations`.
    package func worldPoint(at place: Int) -> WorldPoint { WebMercator.worldPoint(for: annotations[place].coordinate) }

    package func worldPoint(of a: any Annotation) -> WorldPoint? {
        slot(of: a).map(worldPoint(at:))
    }

    /// Annotations whose coordinate lies in a rectangle of the world square (may wrap east–west).
    package func annotations(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [any Annotation] {
        if index == nil { index = PointIndex(points: annotations.indices.map(worldPoint(at:))) }
        return index!.range(minX: minX, minY: minY, maxX: maxX, maxY: maxY).map { annotations[$0] }
    }
}
