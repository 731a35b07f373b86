extension SearchIndex {
    /// Every word one edit from `word`: a letter left out, changed, added or two swapped
    /// (letters and digits of the Latin alphabet, and those of the word). In no particular
    /// order: the matches they find are ranked afterwards, whatever order they came in.
    static func oneEditAway(_ word: [UInt8]) -> [[UInt8]] {
        let alphabet = Set(Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8) + word.filter { $0 != 0x20 })
        var variants = Set<[UInt8]>()
        for i in word.indices {
            var deleted = word
            deleted.remove(at: i)
            variants.insert(deleted)
            if i + 1 < word.count {
                var swapped = word
                swapped.swapAt(i, i + 1)
                variants.insert(swapped)
            }
            for c in alphabet where c != word[i] {
                var changed = word
                changed[i] = c
                variants.insert(changed)
            }
        }
        for i in 0...word.count {
            for c in alphabet {
                var added = word
                added.insert(c, at: i)
                variants.insert(added)
            }
        }
        variants.remove(word)
        return Array(variants)
    }
}
