import Foundation

/// A data file the library ships (the offline map, the world's place names), read from
/// `DataDirectory` the first time it is asked for and shared after: every map and picture of a
/// process uses one copy. A failed read is not remembered: the next ask tries again.
package final class BundledFile<Value: Sendable>: @unchecked Sendable {
    /// The file's path inside the data folder.
    private let path: String
    private let read: @Sendable (URL) throws -> Value
    private let notFound: @Sendable (String) -> any Error
    /// Asked for from a map's worker and the main thread alike: an NSLock (a pthread mutex,
    /// which the thread sanitizer sees through, unlike `Mutex`) guards it.
    private let lock = NSLock()
    private var value: Value?

    /// The file at `path` in the data folder, made into a value by `read`; `notFound` makes the
    /// error for a missing data folder from a sentence saying how to give one.
    package init(path: String, read: @escaping @Sendable (URL) throws -> Value, notFound: @escaping @Sendable (String) -> any Error) {
        self.path = path
        self.read = read
        self.notFound = notFound
    }

    /// The value, read now if it was not yet.
    package func get() throws -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        guard let data = DataDirectory.locate() else {
            let folder = path.split(separator: "/").first.map(String.init) ?? path
            throw notFound("not found (set CALLOUTMAP_DATA_DIR to the folder holding \(folder)/)")
        }
        let read = try self.read(data.appendingPathComponent(path))
        value = read
        return read
    }
}
