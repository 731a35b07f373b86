import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole file the user named, refusing at once what is not one:
/// folders, pipes, devices and sockets (which would block or never end), files
/// over `sizeLimit`, and files that grow past it while being read. Every error
/// says what the file is and why it was not read.
public enum InputFile {
    /// The largest file CalloutMap reads: 1 GiB. A GeoJSON file of ten million
    /// points is about 1.5 GB; past this size a file is almost surely not
    /// annotations, and reading it would hold that much memory.
    public static let sizeLimit = 1 << 30

    /// Why a file was not read; `description` names it.
    public struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        public var file: String
        public var reason: String
        /// The system's error number, when the system refused (ENOENT: there is no such file).
        public var code: Int32? = nil
        public var description: String { "\(file): \(reason)" }
    }

    /// The file's bytes. `isCancelled` is asked between chunks of 8 MiB; when it says
    /// true the read stops with a "cancelled" failure.
    public static func read(_ url: URL, limit: Int = sizeLimit,
                            isCancelled: () -> Bool = { false }) throws(Failure) -> [UInt8] {
        let path = url.path
        func fail(_ reason: String) -> Failure { Failure(file: path, reason: reason) }
        // Non-blocking, so a FIFO put in place after any check cannot stall the open.
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw Failure(file: path, reason: reason(errno: code), code: code)
        }
        defer { Glibc.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail(reason(errno: errno)) }
        if let kind = notAFile(mode: info.st_mode) { throw fail(kind) }
        let size = Int(info.st_size)
        guard size <= limit else { throw fail("is \(megabytes(size)), more than the \(megabytes(limit)) CalloutMap opens") }

        let chunk = 8 << 20
        let tooBig = fail("grew past the \(megabytes(limit)) CalloutMap opens while being read")
        // One byte more than fstat said: the read that finds the end needs no room made (growing a
        // 140 MB buffer to look for a 141st MB copied it, doubling the peak of opening a big file).
        var bytes = [UInt8](repeating: 0, count: min(size, limit) + 1)
        var filled = 0
        while true {
            if isCancelled() { throw fail("was not read: cancelled") }
            if filled == bytes.count {
                // It grew past what fstat said: one byte past the limit tells whether too far.
                bytes += [UInt8](repeating: 0, count: min(chunk, limit + 1 - bytes.count))
            }
            let want = min(chunk, bytes.count - filled)
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, want) }
            if got < 0 {
                if errno == EINTR { continue }
                throw fail(reason(errno: errno))
            }
            if got == 0 { break }
            filled += got
            guard filled <= limit else { throw tooBig }
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Fails unless `url` names a regular file (for readers that open files themselves, as SQLite does).
    public static func requireRegularFile(_ url: URL) throws(Failure) {
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
