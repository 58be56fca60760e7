import Foundation
import LayoutSimModel
import LayoutSimSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A font file a report's layout used.
///
/// Its SHA-256 is read when something asks for it (``sha256``), once per file and process: `fit`'s text output
/// names no digest, and hashing a font costs more than laying a string out.
public struct FontFileInfo: Sendable, Hashable {
    /// The file as reports name it: `Fonts/<file>` for bundled fonts, the given path otherwise.
    public let name: String
    /// The file's path, as it was opened.
    public let path: String
    private let digest: FileDigest

    package init(name: String, path: String, digest: FileDigest) {
        self.name = name
        self.path = path
        self.digest = digest
    }

    /// SHA-256 of the file, lowercase hex.
    /// - Throws: ``FontError/unusableFace(reason:path:)`` when the file can no longer be read.
    public var sha256: String {
        get throws(FontError) { try digest.value() }
    }

    /// The same file under the same name (its digest is the file's: one value per file and process).
    public static func == (a: FontFileInfo, b: FontFileInfo) -> Bool { a.name == b.name && a.path == b.path }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(path)
    }
}

/// One file's SHA-256, computed on first use and then kept (every copy of a ``FontFileInfo`` shares it, so all of a
/// report's mentions of the file agree). A failed read is not kept: the next use tries again.
package final class FileDigest: @unchecked Sendable {
    private let path: String
    private let lock = NSLock()
    private var hex: String?

    package init(path: String) { self.path = path }

    func value() throws(FontError) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let hex { return hex }
        let computed = try FileDigests.shared.hexDigest(ofFileAt: path)
        hex = computed
        return computed
    }
}

/// SHA-256 of the font files reports name, computed once per process: `check`'s workers each own a registry, and
/// hashing a font costs more than laying out a few strings.
package final class FileDigests: @unchecked Sendable {
    package static let shared = FileDigests()
    private let lock = NSLock()
    private var digests: [String: String] = [:]

    /// The digest of the file at `path` (hashed under the lock, so a second worker waits instead of hashing again);
    /// a file whose size or modification time changed is hashed again.
    package func hexDigest(ofFileAt path: String) throws(FontError) -> String {
        let stamp = try Self.stamp(path)
        lock.lock()
        defer { lock.unlock() }
        if let digest = digests[stamp] { return digest }
        let digest: String
        do { digest = try SHA256.hexDigest(ofFileAt: path) } catch {
            throw .unusableFace(reason: "cannot read the file (\(error))", path: path)
        }
        digests[stamp] = digest
        return digest
    }

    /// The digest of the file at `path` when it was computed before (and the file has not changed), without
    /// hashing it; nil otherwise.
    package func knownDigest(ofFileAt path: String) -> String? {
        let stamp: String
        do { stamp = try Self.stamp(path) } catch { return nil }
        lock.lock()
        defer { lock.unlock() }
        return digests[stamp]
    }

    /// The file's size, modification time and path: what tells a changed file from the one hashed (one `stat`,
    /// where `FileManager.attributesOfItem` also looks the owner up in the user database).
    static func stamp(_ path: String) throws(FontError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unusableFace(reason: "cannot read the file (\(String(cString: strerror(errno))))", path: path)
        }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return "\(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(path)"
    }
}
