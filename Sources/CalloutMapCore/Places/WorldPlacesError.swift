/// Why a world place names file could not be read; names the file.
public struct WorldPlacesError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file's path or name.
    public var file: String
    /// What is wrong, in words.
    public var reason: String

    /// An error about a file.
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// "FILE: REASON".
    public var description: String { "\(file): \(reason)" }
}
