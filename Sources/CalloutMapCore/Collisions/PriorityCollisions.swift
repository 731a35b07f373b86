/// One pin's claim to room on the screen.
package struct CollisionClaim: Sendable {
    /// The room it takes; nil takes none (never hidden, hides nothing).
    package var shape: CollisionShape?
    package var priority: DisplayPriority
    /// Shown whatever it overlaps (selected, or being dragged).
    package var isPinned: Bool

    package init(shape: CollisionShape?, priority: DisplayPriority, isPinned: Bool = false) {
        self.shape = shape
        self.priority = priority
        self.isPinned = isPinned
    }
}

/// Which pins yield: greedily, pinned (selected) claims first, then by priority, then the one
/// stacked higher (drawn on top) first; each claim that is not required and overlaps one
/// already shown is hidden. Required claims are always shown, overlapping each other if they
/// must. The stacking order settles ties, so the same views always give the same map.
package enum PriorityCollisions {
    /// For `claims` in stacking order (bottom first), whether each is hidden. `area` is about
    /// where they are (claims outside it still count, in its edge cells).
    package static func hidden(_ claims: [CollisionClaim], area: Rect, cellSize: Double = 64) -> [Bool] {
        var hidden = [Bool](repeating: false, count: claims.count)
        // Nothing yields unless something may: the default (every view required) costs one pass.
        guard claims.contains(where: { !$0.priority.isRequired && !$0.isPinned && $0.shape != nil }) else { return hidden }
        // One packed key a claim, sorted as plain integers (a comparison closure costs several
        // times more over 10,000 pins): pinned first, then higher priority, then higher in the stack.
        var order = [UInt64]()
        order.reserveCapacity(claims.count)
        for (i, claim) in claims.enumerated() {
            let rank = claim.isPinned ? 0 : UInt64((1000 - claim.priority.rawValue).bitPattern) + 1
            order.append(rank << 32 | UInt64(UInt32.max - UInt32(truncatingIfNeeded: i)))
        }
        order.sort()
        var taken = CollisionGrid(area: area, cellSize: cellSize)
        for key in order {
            let i = Int(UInt32.max - UInt32(truncatingIfNeeded: key))
            guard let shape = claims[i].shape else { continue }
            if !claims[i].isPinned, !claims[i].priority.isRequired, taken.collides(shape) {
                hidden[i] = true
            } else {
                taken.insert(shape)
            }
        }
        return hidden
    }
}
