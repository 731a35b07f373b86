import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole file the user named, refusing at once what is not one:
/// folders, pipes, devices and sockets (which would block or never end), files
/// over `sizeLimit`, and files that grow past it while being read. Every error
/// says what the file is and why it was not read.
package enum InputFile {
    /// The largest file CalloutMap reads: 1 GiB. A GeoJSON file of ten million
    /// points is about 1.5 GB; past this size a file is almost surely not
    /// annotations, and reading it would hold that much memory.
    package static let sizeLimit = 1 << 30

    /// Why a file was not read; `description` names it.
    package struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        package var file: String
        package var reason: String
        /// The system's error number, when the system refused (ENOENT: there is no such file).
        package var code: Int32? = nil
        package var description: String { "\(file): \(reason)" }
    }

    /// The file's bytes. `isCancelled` is asked between chunks of 8 MiB; when it says
    /// true the read stops with a "cancelled" failure.
    package static func read(_ url: URL, limit: Int = sizeLimit,
                            isCancelled: @Sendable () -> Bool = { false }) throws(Failure) -> [UInt8] {
        let file = try Reader(url, limit: limit)
        return try file.rest(after: [], isCancelled: isCancelled)
    }

    /// A file opened for reading in pieces (a text sequence streamed record by record), with
    /// the same checks as `read`: what is not a file is refused at once, and reading stops
    /// past the limit.
    package final class Reader {
        package let path: String
        /// The size when opened (it may grow; reading stops past the limit).
        package let size: Int
        /// How many bytes have been read so far.
        package private(set) var consumed = 0
        private let fd: Int32
        private let limit: Int

        package init(_ url: URL, limit: Int = sizeLimit) throws(Failure) {
            path = url.path
            self.limit = limit
            (fd, size) = try InputFile.open(url, limit: limit)
        }

        deinit { Glibc.close(fd) }

        /// Reads into `buffer`; returns how many bytes (0 at the end).
        package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
            while true {
                let got = Glibc.read(fd, buffer.baseAddress!, buffer.count)
                if got < 0 {
                    if errno == EINTR { continue }
                    throw Failure(file: path, reason: reason(errno: errno))
                }
                consumed += got
                guard consumed <= limit else {
                    throw Failure(file: path, reason: "grew past the \(megabytes(limit)) CalloutMap opens while being read")
                }
                return got
            }
        }

        /// The next piece of at most `count` bytes; empty at the end.
        package func next(upTo count: Int) throws(Failure) -> [UInt8] {
            // Room for what fstat said is left and one byte more (to see the file grow; once it has,
            // all of `count`), read into uninitialised: zeroing 4 MiB for a small file took milliseconds.
            let room = consumed < size ? min(count, size - consumed + 1) : count
            var failure: Failure?
            let chunk = [UInt8](unsafeUninitializedCapacity: room) { buffer, got in
                do throws(Failure) { got = try read(into: UnsafeMutableRawBufferPointer(buffer)) } catch { failure = error }
            }
            if let failure { throw failure }
            return chunk
        }

        /// From this size on, `rest` reads what the file holds on two threads: copying a large file out of
        /// the system's cache is a thread's work of ~0.6 ms a MB (190 MB: 115 ms on one thread, 65 on two),
        /// and the places cannot be read before it is done.
        static let twoThreadBytes = 32 << 20

        /// Fills `buffer` with the next `buffer.count` bytes of the file (its offset moves past them), a
        /// half on another thread, both in pieces of 8 MiB (`pread`); stops when `isCancelled` says so
        /// (asked between pieces) or the file ends early. Returns how many bytes were read in a row.
        private func readOnTwoThreads(into buffer: UnsafeMutableRawBufferPointer,
                                      isCancelled: @Sendable () -> Bool) throws(Failure) -> Int {
            let halves = [0..<buffer.count / 2, buffer.count / 2..<buffer.count]
            let stop = Atomic<Bool>(false), offset = consumed, fd = fd
            // Per half: bytes read and the system's error, each written by its own thread.
            let outcome = UnsafeMutableBufferPointer<Int>.allocate(capacity: 4)
            outcome.initialize(repeating: 0)
            defer { outcome.deallocate() }
            nonisolated(unsafe) let buffer = buffer, outcomes = outcome
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                let range = halves[half]
                var at = range.lowerBound
                while at < range.upperBound, !stop.load(ordering: .relaxed) {
                    if half == 0, isCancelled() {
                        stop.store(true, ordering: .relaxed)
                        break
                    }
                    let got = pread(fd, buffer.baseAddress! + at, min(8 << 20, range.upperBound - at), off_t(offset + at))
                    if got < 0, errno == EINTR { continue }
                    if got < 0 { outcomes[2 * half + 1] = Int(errno) }
                    guard got > 0 else { break }
                    at += got
                }
                outcomes[2 * half] = at - range.lowerBound
            }
            let read = [outcome[0], outcome[2]]
            if let code = [outcome[1], outcome[3]].first(where: { $0 != 0 }) {
                throw Failure(file: path, reason: reason(errno: Int32(code)))
            }
            // Only the first half's bytes count when it came up short (the file shrank).
            let count = read[0] < halves[0].count ? read[0] : buffer.count / 2 + read[1]
            consumed += count
            guard lseek(fd, off_t(consumed), SEEK_SET) >= 0 else { throw Failure(file: path, reason: reason(errno: errno)) }
            return count
        }

        /// `start` (what was read already) and everything after it.
        package func rest(after start: [UInt8], isCancelled: @Sendable () -> Bool = { false }) throws(Failure) -> [UInt8] {
            let chunk = 8 << 20
            // One byte more than fstat said: the read that finds the end needs no room made (growing a
            // 140 MB buffer to look for a 141st MB copied it, doubling the peak of opening a big file).
            // Read straight into the array's uninitialised room: no zeroing, no second buffer.
            let room = max(start.count, min(size, limit) + 1)
            var failure: Failure?
            var bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
                count = buffer.initialize(fromContentsOf: start)
                // What fstat said is there, on two threads when it is large; then on as below.
                let promised = min(room - 1, size) - consumed
                if count == consumed, promised >= Self.twoThreadBytes {
                    do throws(Failure) {
                        let rest = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count..<count + promised]))
                        count += try readOnTwoThreads(into: rest, isCancelled: isCancelled)
                    } catch {
                        failure = error
                        return
                    }
                }
                while count < room, !isCancelled() {
                    do throws(Failure) {
                        let piece = UnsafeMutableRawBufferPointer(buffer)[count..<min(room, count + chunk)]
                        let got = try read(into: UnsafeMutableRawBufferPointer(rebasing: piece))
                        if got == 0 { return }
                        count += got
                    } catch {
                        failure = error
                        return
                    }
                }
            }
            if let failure { throw failure }
            if bytes.count < room, !isCancelled() { return bytes }
            var filled = bytes.count
            while true {
                if isCancelled() { throw Failure(file: path, reason: "was not read: cancelled") }
                if filled == bytes.count {
                    // It grew past what fstat said: one byte past the limit tells whether too far.
                    bytes += [UInt8](repeating: 0, count: min(chunk, limit + 1 - bytes.count))
                }
                let want = min(chunk, bytes.count - filled)
                var got = 0, failure: Failure?
                bytes.withUnsafeMutableBytes { buffer in
                    do throws(Failure) {
                        got = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<filled + want]))
                    } catch { failure = error }
                }
                if let failure { throw failure }
                if got == 0 { break }
                filled += got
            }
            bytes.removeSubrange(filled...)
            return bytes
        }
    }

    /// Opens a regular file for reading, no larger than `limit`: its descriptor (the caller
    /// closes it) and its size.
    static func open(_ url: URL, limit: Int) throws(Failure) -> (fd: Int32, size: Int) {
        // Non-blocking, so a FIFO put in place after any check cannot stall the open.
        let fd = Glibc.open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw Failure(file: url.path, reason: reason(errno: code), code: code)
        }
        var info = stat()
        let failure: String? = fstat(fd, &info) != 0 ? reason(errno: errno) : notAFile(mode: info.st_mode)
            ?? (Int(info.st_size) > limit ? "is \(megabytes(Int(info.st_size))), more than the \(megabytes(limit)) CalloutMap opens" : nil)
        if let failure {
            Glibc.close(fd)
            throw Failure(file: url.path, reason: failure)
        }
        return (fd, Int(info.st_size))
    }

    /// A file kept open and read piece by piece at any offset, from any thread (`pread`), so
    /// only the pieces in use are in memory. A piece past the end — the file shrank since it
    /// was opened — comes back short; nothing traps.
    package final class RandomAccess: Sendable {
        package let path: String
        /// The size when opened.
        package let size: Int
        private let fd: Int32

        package init(_ url: URL, limit: Int = sizeLimit) throws(Failure) {
            path = url.path
            (fd, size) = try InputFile.open(url, limit: limit)
        }

        deinit { Glibc.close(fd) }

        /// Up to `count` bytes from `offset`; fewer at the end of the file or when it cannot be read.
        package func bytes(at offset: Int, count: Int) -> [UInt8] {
            guard offset >= 0, count > 0 else { return [] }
            var filled = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                while filled < count {
                    let got = pread(fd, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
                    if got < 0 && errno == EINTR { continue }
                    guard got > 0 else { break }
                    filled += got
                }
                initialized = filled
            }
            return bytes
        }
    }

    /// Fails unless `url` names a regular file (for readers that open files themselves, as SQLite does).
    package static func requireRegularFile(_ url: URL) throws(Failure) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { throw Failure(file: url.path, reason: reason(errno: errno)) }
        if let kind = notAFile(mode: info.st_mode) { throw Failure(file: url.path, reason: kind) }
    }

    /// What a non-regular file is, said to the user, or nil for a regular file.
    static func notAFile(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a folder, not a file"
        case S_IFIFO: return "is a pipe, not a file"
        case S_IFCHR, S_IFBLK: return "is a device, not a file"
        case S_IFSOCK: return "is a socket, not a file"
        default: return "is not a regular file"
        }
    }

    static func reason(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "does not exist"
        case EACCES, EPERM: return "cannot be read: permission denied"
        case EISDIR: return "is a folder, not a file"
        case ENOTDIR: return "does not exist (a part of its path is not a folder)"
        case ELOOP: return "cannot be read: too many symbolic links"
        default: return "cannot be read (\(String(cString: strerror(code))))"
        }
    }

    static func megabytes(_ bytes: Int) -> String {
        if bytes >= 1 << 30 && bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        return bytes < 1_000_000 ? "\(bytes) bytes" : String(format: "%.1f MB", Double(bytes) / 1e6)
    }
}
