import CalloutMapMVT

/// gzip and zlib streams inflated by zlib, and Zstandard ones by libzstd, told apart by their first
/// bytes (behind the C++ target that also decodes vector tiles).
package enum Inflate {
    /// The stream's bytes; throws with the reason when it is corrupt, ends early, or would
    /// inflate past `limit` bytes (a few bytes of gzip can claim gigabytes).
    package static func bytes(_ compressed: [UInt8], limit: Int) throws(InflateError) -> [UInt8] {
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        guard let inflated = compressed.withUnsafeBufferPointer({ cm_inflate($0.baseAddress, $0.count, limit, &length, &message, message.count) }) else {
            throw InflateError(reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { cm_inflated_free(inflated) }
        return Array(UnsafeBufferPointer(start: inflated, count: length))
    }
}

/// Why a stream did not inflate, in words ("its compressed data ends early").
package struct InflateError: Error, Equatable, Sendable {
    package var reason: String
}
