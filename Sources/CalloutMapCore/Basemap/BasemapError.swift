/// Why a basemap file could not be used; always names the file.
public struct BasemapError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
