/// Why a basemap file could not be used; always names the file.
public struct BasemapError: Error, CustomStringConvertible, Sendable {
    /// The file (or folder) that could not be used.
    public var file: String
    /// Why, in words.
    public var reason: String

    /// An error about a file.
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
