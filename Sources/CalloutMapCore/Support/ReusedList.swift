extension Array {
    /// Removes every element and keeps the storage, for a list used again per item read (a
    /// feature's members): `removeAll(keepingCapacity:)` goes through the general
    /// `replaceSubrange`, 8% of reading a million small features; removing from the end is not.
    mutating func emptyKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}
