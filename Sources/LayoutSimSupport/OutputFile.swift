import LayoutSimModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// Why a report, baseline or picture could not be written: a lowercase phrase to follow the path.
public struct OutputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Writes report files (`--output`, `--update-baseline`, `--html`, `--svg`) so that nothing but the file is touched:
///
/// - Atomically: into a new file next to the target, then renamed over it (a reader never sees half a report).
/// - Through symbolic links: a link is followed to its target, which is replaced; the link stays.
/// - Keeping the permissions of a file it replaces (a 0600 report stays 0600); a new file gets 0666 less the umask.
/// - Refusing anything that is not a regular file: a FIFO, a device (`/dev/stdout`, `/dev/full`), a socket or a
///   folder is never replaced by a regular file.
public enum OutputFile {
    /// Writes `data` to `path` (see the type's documentation).
    public static func write(_ data: Data, to path: String) throws(OutputFileError) {
        try write(to: path) { sink in try sink(Array(data)) }
    }

    /// Writes the chunks `body` produces to `path`, streamed (never whole in memory), with the same guarantees as
    /// ``write(_:to:)``. An error thrown by `body` leaves `path` as it was and is reported in words.
    public static func write(
        to path: String, _ body: (_ sink: @escaping ([UInt8]) throws -> Void) throws -> Void
    ) throws(OutputFileError) {
        let target = try resolvedTarget(path)
        var info = stat()
        var mode: mode_t?
        if lstat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: mode = info.st_mode & 0o7777
            case S_IFDIR: throw OutputFileError("is a folder")
            case S_IFIFO: throw OutputFileError("is a named pipe (FIFO); layoutsim writes reports only to regular files")
            case S_IFCHR, S_IFBLK:
                throw OutputFileError("is a device; layoutsim writes reports only to regular files (leave out the "
                    + "option to write to standard output)")
            default: throw OutputFileError("is not a regular file; layoutsim writes reports only to regular files")
            }
        } else if errno != ENOENT {
            throw OutputFileError(String(cString: strerror(errno)).lowercased())
        }
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\(name).layoutsim-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw OutputFileError(String(cString: strerror(errno)).lowercased()) }
        var failure: OutputFileError?
        if let mode, fchmod(fd, mode) != 0 { failure = OutputFileError(String(cString: strerror(errno)).lowercased()) }
        var writeback = Writeback(fd: fd)
        if failure == nil {
            do {
                try body { chunk in
                    // The array is passed as the buffer; after a short write (a signal), what is left is a new array.
                    var rest = chunk
                    while !rest.isEmpty {
                        let count = systemWrite(fd, rest, rest.count)
                        if count < 0 {
                            if errno == EINTR { continue }
                            throw OutputFileError(String(cString: strerror(errno)).lowercased())
                        }
                        rest = count < rest.count ? Array(rest[count...]) : []
                    }
                    writeback.wrote(chunk.count)
                }
            } catch let error as OutputFileError {
                failure = error
            } catch {
                failure = OutputFileError("\(error)")
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = OutputFileError(String(cString: strerror(errno)).lowercased()) }
        if close(fd) != 0, failure == nil { failure = OutputFileError(String(cString: strerror(errno)).lowercased()) }
        if failure == nil, rename(temporary, target) != 0 {
            failure = OutputFileError(String(cString: strerror(errno)).lowercased())
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// The file's pages sent to the disk as it is written, a few megabytes at a time, so that the `fsync` before the
    /// rename waits for the last of them only, not for the whole report.
    ///
    /// On Linux, `posix_fadvise(POSIX_FADV_DONTNEED)` over the bytes just written starts their write-back without
    /// waiting for it (pages still dirty or under write-back stay cached); elsewhere nothing is done before `fsync`.
    private struct Writeback {
        let fd: Int32
        /// Bytes written, and bytes whose write-back was started.
        private var written = 0
        private var started = 0
        /// Bytes written between two starts.
        static let stride = 4 << 20

        init(fd: Int32) { self.fd = fd }

        mutating func wrote(_ count: Int) {
            written += count
            guard written - started >= Self.stride else { return }
            #if os(Linux)
            // Advice only: a failure changes nothing (the `fsync` after says whether the file was written).
            _ = posix_fadvise(fd, off_t(started), off_t(written - started), POSIX_FADV_DONTNEED)
            #endif
            started = written
        }
    }

    /// Creates the folder `path` and its missing parents (`mkdir -p`), with the system's words when it cannot.
    public static func makeFolder(_ path: String) throws(OutputFileError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if mkdir(prefix, 0o777) == 0 { continue }
            let code = errno
            var info = stat()
            if code == EEXIST, stat(prefix, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
            let reason = code == EEXIST ? "it is a file, not a folder" : String(cString: strerror(code)).lowercased()
            throw OutputFileError("cannot create the folder '\(prefix)': \(reason)")
        }
    }

    /// `path` with symbolic links followed to the file they name (which may not exist yet), at most 40 deep.
    static func resolvedTarget(_ path: String) throws(OutputFileError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw OutputFileError(String(cString: strerror(errno)).lowercased()) }
            let destination = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        throw OutputFileError("is a chain of more than 40 symbolic links")
    }
}
