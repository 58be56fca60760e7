import LayoutSimModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif

/// Why an input file (catalog, spec, font, report, baseline) was not read: one lowercase phrase, to follow the path.
public enum InputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case missing
    /// A folder where a file was expected.
    case directory
    /// A FIFO, device, socket: reading could block forever or never end.
    case special(kind: String)
    /// Larger than the limit (bytes found, limit).
    case tooLarge(size: Int64, limit: Int64)
    /// The system refused (`open` or `read` failed): its words.
    case system(String)

    public var description: String {
        switch self {
        case .missing: return "no such file"
        case .directory: return "is a folder, not a file"
        case .special(let kind): return "is \(kind), not a regular file (layoutsim reads only regular files)"
        case .tooLarge(let size, let limit):
            return "is \(InputFile.megabytes(size)); layoutsim reads files of at most \(InputFile.megabytes(limit))"
        case .system(let words): return words
        }
    }
}

/// Reads input files safely: only regular files (a FIFO or `/dev/zero` given as a font or catalog would block or
/// never end), up to a size limit, without following a path twice (the file is opened once, then checked).
public enum InputFile {
    /// The largest catalog, spec, report or baseline read: 256 MB.
    public static let maximumBytes: Int64 = 256 << 20
    /// The largest font file read: 256 MB (a CJK collection is about 20–60 MB).
    public static let maximumFontBytes: Int64 = 256 << 20

    /// The whole file at `path`.
    ///
    /// - Throws: ``InputFileError`` when it is missing, not a regular file, larger than `limit`, or unreadable.
    public static func read(_ path: String, limit: Int64 = maximumBytes) throws(InputFileError) -> Data {
        var whole: [UInt8] = []
        // One chunk of the whole size found (at least one byte, so that an empty file is one empty read).
        try readChunks(path, limit: limit, chunkBytes: .max) { whole = $0 }
        return Data(whole)
    }

    /// The file at `path` in pieces of at most `chunkBytes` (only the last one shorter), in order, for readers that
    /// need not hold it whole (hashing): the same checks as ``read(_:limit:)``, one buffer for all of it.
    ///
    /// - Throws: ``InputFileError`` when it is missing, not a regular file, larger than `limit`, or unreadable.
    public static func readChunks(
        _ path: String, limit: Int64 = maximumBytes, chunkBytes: Int, _ body: ([UInt8]) -> Void
    ) throws(InputFileError) {
        // O_NONBLOCK: opening a FIFO with no writer must not wait; a regular file ignores the flag.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(errno, path: path) }
        defer { close(fd) }
        let size = Int(try regularFileSize(fd: fd, limit: limit))
        var buffer = [UInt8](repeating: 0, count: max(1, min(chunkBytes, size)))
        // At most the size found (a file that grows meanwhile is read as it was).
        var remaining = size
        while remaining > 0 {
            let filled = try fill(&buffer, count: min(buffer.count, remaining), from: fd)
            if filled == 0 { break }
            remaining -= filled
            if filled < buffer.count {
                // The last piece: the size found is reached, or the file ended sooner.
                buffer.removeSubrange(filled...)
                body(buffer)
                break
            }
            body(buffer)
        }
    }

    /// Reads up to `count` bytes (at most `buffer.count`) from `fd` into the start of `buffer`: fewer only at the
    /// end of the file. Returns how many.
    private static func fill(_ buffer: inout [UInt8], count: Int, from fd: Int32) throws(InputFileError) -> Int {
        var filled = 0
        var piece: [UInt8] = []
        while filled < count {
            let got: Int
            if filled == 0 {
                got = systemRead(fd, &buffer, count)
            } else {
                // After a short read (a signal): the rest into a second buffer, then copied after what is there.
                if piece.count < count - filled { piece = [UInt8](repeating: 0, count: count - filled) }
                got = systemRead(fd, &piece, count - filled)
                if got > 0 { buffer.replaceSubrange(filled..<(filled + got), with: piece[..<got]) }
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .system(String(cString: strerror(errno)))
            }
            if got == 0 { break }
            filled += got
        }
        return filled
    }

    /// Checks that `path` is a regular file of at most `limit` bytes, for readers that open it themselves
    /// (FreeType opens fonts by path).
    public static func check(_ path: String, limit: Int64 = maximumFontBytes) throws(InputFileError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(errno, path: path) }
        try classify(mode: info.st_mode)
        if Int64(info.st_size) > limit { throw .tooLarge(size: Int64(info.st_size), limit: limit) }
    }

    /// `nil` when `path` is a regular file (following links), else what it is.
    public static func problem(_ path: String) -> InputFileError? {
        do throws(InputFileError) {
            try check(path, limit: .max)
            return nil
        } catch {
            return error
        }
    }

    private static func regularFileSize(fd: Int32, limit: Int64) throws(InputFileError) -> Int64 {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(String(cString: strerror(errno))) }
        try classify(mode: info.st_mode)
        let size = Int64(info.st_size)
        if size > limit { throw .tooLarge(size: size, limit: limit) }
        return size
    }

    private static func classify(mode: mode_t) throws(InputFileError) {
        switch mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .directory
        case S_IFIFO: throw .special(kind: "a named pipe (FIFO)")
        case S_IFCHR: throw .special(kind: "a character device")
        case S_IFBLK: throw .special(kind: "a block device")
        case S_IFSOCK: throw .special(kind: "a socket")
        default: throw .special(kind: "a special file")
        }
    }

    private static func failure(_ code: Int32, path: String) -> InputFileError {
        switch code {
        case ENOENT: return .missing
        case EISDIR: return .directory
        case EACCES: return .system("permission denied")
        default: return .system(String(cString: strerror(code)))
        }
    }

    /// `256 MB`, `1.5 MB`, `12 KB`: sizes in messages (1 MB = 2^20 bytes).
    package static func megabytes(_ bytes: Int64) -> String {
        if bytes >= 1 << 20 {
            let tenths = (bytes * 10 + (1 << 19)) >> 20
            return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
        }
        return "\((bytes + 1023) / 1024) KB"
    }
}
