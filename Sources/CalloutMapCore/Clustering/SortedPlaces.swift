extension Array where Element == Int32 {
    /// Where `value` is in this ascending list, if it is there (a binary search): how cluster
    /// levels find a place among the few they keep something for.
    func index(ofSorted value: Int) -> Int? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if Int(self[mid]) < value { low = mid + 1 } else { high = mid }
        }
        return low < count && Int(self[low]) == value ? low : nil
    }
}
