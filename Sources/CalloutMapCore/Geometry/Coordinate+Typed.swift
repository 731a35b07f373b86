import Foundation

extension Coordinate {
    /// A position as people type or paste one: decimal degrees ("37.8, -122.4", "37.8 -122.4"),
    /// degrees, minutes and seconds with hemispheres ("37°48′N 122°24′W", `37 48 30 N, 122 24 W`,
    /// "N 37° 48.5' W 122° 24'"), or a `geo:` URI (RFC 5870: "geo:37.8,-122.4;u=35"). Latitude first
    /// unless the hemispheres say otherwise; nil for anything else or out of range.
    public init?(typed text: String) {
        var s = Substring(text.prefix(200)).drop { $0.isWhitespace }
        if s.lowercased().hasPrefix("geo:") {
            s = s.dropFirst(4).prefix { $0 != ";" && $0 != "?" }
            let parts = s.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3, let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
                  let lon = Double(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
            self.init(latitude: lat, longitude: lon)
            guard isValid, abs(longitude) <= 180 else { return nil }
            return
        }
        guard let groups = Self.angleGroups(s), groups.count == 2 else { return nil }
        var lat = groups[0], lon = groups[1]
        if lat.hemisphere.map({ "EW".contains($0) }) == true || lon.hemisphere.map({ "NS".contains($0) }) == true { swap(&lat, &lon) }
        guard lat.hemisphere.map({ "NS".contains($0) }) ?? true, lon.hemisphere.map({ "EW".contains($0) }) ?? true,
              let latitude = lat.degrees, let longitude = lon.degrees, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// One angle as typed: up to three numbers (degrees, minutes, seconds) and a hemisphere.
    private struct AngleGroup {
        var numbers: [Double] = []
        var hemisphere: Character?
        var marked = false  // a °, ′ or ″ was typed

        var degrees: Double? {
            guard let first = numbers.first, numbers.count <= 3,
                  numbers.dropFirst().allSatisfy({ $0 >= 0 && $0 < 60 }) else { return nil }
            let negative = first < 0 || first.sign == .minus
            guard !(negative && hemisphere != nil) else { return nil }  // "-37 S" says it twice
            var value = abs(first)
            if numbers.count > 1 { value += numbers[1] / 60 }
            if numbers.count > 2 { value += numbers[2] / 3600 }
            if numbers.count > 1, numbers[..<(numbers.count - 1)].contains(where: { $0 != $0.rounded() }) { return nil }
            return negative || hemisphere == "S" || hemisphere == "W" ? -value : value
        }
    }

    /// The text cut into angle groups; nil for anything that is not numbers, marks, hemispheres,
    /// commas and spaces.
    private static func angleGroups(_ s: Substring) -> [AngleGroup]? {
        var groups: [AngleGroup] = [], current = AngleGroup(), pendingHemisphere: Character?
        var leading = false  // "N 37° W 122°": hemispheres come before their numbers
        var i = s.startIndex
        func close() {
            if !current.numbers.isEmpty {
                if current.hemisphere == nil { current.hemisphere = pendingHemisphere; pendingHemisphere = nil }
                groups.append(current)
            }
            current = AngleGroup()
        }
        while i < s.endIndex {
            let c = s[i]
            if c.isWhitespace { i = s.index(after: i); continue }
            if c == "," || c == ";" { close(); i = s.index(after: i); continue }
            if c.isNumber || c == "-" || c == "+" || c == "." || c == "−" {
                var j = s.index(after: i)
                while j < s.endIndex, s[j].isNumber || s[j] == "." { j = s.index(after: j) }
                guard let value = Double(s[i..<j].replacingOccurrences(of: "−", with: "-")) else { return nil }
                // A new angle begins at a number after a whole one (three numbers) or after a signed second.
                if current.numbers.count == 3 || (!current.numbers.isEmpty && (c == "-" || c == "+" || c == "−")) { close() }
                current.numbers.append(value)
                i = j
                continue
            }
            switch c {
            case "°", "º", "d", "D":
                if current.numbers.count > 1 { let last = current.numbers.removeLast(); close(); current.numbers = [last] }
                current.marked = true
            case "′", "'", "’", "″", "\"", "”":
                current.marked = true
            case "N", "S", "E", "W", "n", "s", "e", "w":
                let h = Character(c.uppercased())
                if current.numbers.isEmpty {
                    if groups.isEmpty { leading = true }
                    pendingHemisphere = h
                } else if leading {
                    close()
                    pendingHemisphere = h
                } else {
                    current.hemisphere = h
                    close()
                }
            default:
                return nil
            }
            i = s.index(after: i)
        }
        close()
        // Unmarked numbers with no hemispheres: "37.8 -122.4" is two angles of one number each.
        if groups.count == 1, groups[0].numbers.count == 2, !groups[0].marked, groups[0].hemisphere == nil {
            return groups[0].numbers.map { AngleGroup(numbers: [$0]) }
        }
        return groups
    }
}
