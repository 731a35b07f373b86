/// Geometry prints as the code that makes it (`Rect(x: 80, y: 45, width: 200, height: 58)`),
/// not with its module's path in every part, so a print or a test failure reads at a glance.
extension Point: CustomStringConvertible {
    /// `Point(x: …, y: …)`.
    public var description: String { "Point(x: \(x.briefText), y: \(y.briefText))" }
}

extension Size: CustomStringConvertible {
    /// `Size(width: …, height: …)`.
    public var description: String { "Size(width: \(width.briefText), height: \(height.briefText))" }
}

extension Rect: CustomStringConvertible {
    /// `Rect(x: …, y: …, width: …, height: …)`.
    public var description: String {
        "Rect(x: \(minX.briefText), y: \(minY.briefText), width: \(width.briefText), height: \(height.briefText))"
    }
}

extension EdgeInsets: CustomStringConvertible {
    /// `EdgeInsets(top: …, left: …, bottom: …, right: …)`.
    public var description: String {
        "EdgeInsets(top: \(top.briefText), left: \(left.briefText), bottom: \(bottom.briefText), right: \(right.briefText))"
    }
}

extension Double {
    /// A whole number without its ".0"; any other as Swift writes it.
    fileprivate var briefText: String {
        if isFinite, self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return "\(self)"
    }
}
