import LayoutSimModel
import Crypto
import Foundation

/// The error thrown when a file cannot be read, naming the file.
public struct FileReadError: Error, CustomStringConvertible, Equatable {
    /// The path that was passed to the reading function.
    public let path: String

    /// The underlying reason reported by Foundation, if any.
    public let reason: String?

    /// Creates an error for the file at `path`.
    ///
    /// - Parameters:
    ///   - path: The path that could not be read.
    ///   - reason: The underlying reason, for example Foundation's error message.
    public init(path: String, reason: String? = nil) {
        self.path = path
        self.reason = reason
    }

    /// A human-readable message that names the path.
    public var description: String {
        if let reason, !reason.isEmpty {
            return "cannot read file at \(path): \(reason)"
        }
        return "cannot read file at \(path)"
    }
}

/// SHA-256 (FIPS 180-4), hex digests as `sha256sum` prints them, computed by swift-crypto (`Crypto.SHA256`: BoringSSL
/// on Linux, with the processor's SHA instructions where it has them; CryptoKit on Apple's systems).
///
/// layoutsim uses it to identify the font files behind a report and the catalogs and spec a report was made from, so
/// that a JSON report records exactly which bytes it measured (each checked text's: ``TextBytes``, which reads a
/// text's bytes in place). Files are hashed in chunks of
/// at most ``fileChunkBytes`` as they are read, never held whole.
///
/// A report names every font it used with its digest, and a check of a catalog with Japanese, Chinese or Korean text
/// uses the 12 MB CJK stand-ins: hashing them can be most of such a check's work, hence a library's SHA-256
/// rather than one written in Swift.
public enum SHA256 {
    /// The length of a digest in bytes.
    public static let digestByteCount = 32

    /// Bytes read from a file at a time by ``hexDigest(ofFileAt:)``.
    package static let fileChunkBytes = 1 << 20

    /// Returns the 32-byte SHA-256 digest of `data`.
    ///
    /// - Parameter data: The message bytes.
    /// - Returns: The digest, most significant byte first.
    public static func digest(of data: [UInt8]) -> [UInt8] {
        Array(Crypto.SHA256.hash(data: data))
    }

    /// Returns the SHA-256 digest of `data` as 64 lowercase hexadecimal digits,
    /// the format printed by `sha256sum`.
    ///
    /// - Parameter data: The message bytes.
    /// - Returns: The digest in lowercase hexadecimal.
    public static func hexDigest(of data: [UInt8]) -> String {
        hex(Crypto.SHA256.hash(data: data))
    }

    /// Returns the SHA-256 digest of the file at `path` as 64 lowercase
    /// hexadecimal digits, the format printed by `sha256sum`.
    ///
    /// - Parameter path: A file system path, absolute or relative to the
    ///   current directory.
    /// - Returns: The digest of the file's bytes in lowercase hexadecimal.
    /// - Throws: ``FileReadError`` naming `path` when the file cannot be read.
    public static func hexDigest(ofFileAt path: String) throws -> String {
        var hasher = Hasher()
        do throws(InputFileError) {
            try InputFile.readChunks(path, limit: max(InputFile.maximumBytes, InputFile.maximumFontBytes),
                                     chunkBytes: fileChunkBytes) { hasher.update($0) }
        } catch {
            throw FileReadError(path: path, reason: error.description)
        }
        return hasher.finish().hex
    }

    /// SHA-256 of bytes given in pieces of any length.
    package struct Hasher {
        private var state = Crypto.SHA256()

        package init() {}

        /// Adds `bytes` to the message.
        package mutating func update(_ bytes: [UInt8]) {
            state.update(data: bytes)
        }

        /// The hash of the message given so far.
        package func finish() -> Value {
            Value(hex: SHA256.hex(state.finalize()))
        }
    }

    /// A finished hash.
    package struct Value {
        /// The 64 lowercase hexadecimal digits.
        package let hex: String
    }

    /// The 64 lowercase hexadecimal digits of `digest`.
    private static func hex(_ digest: Crypto.SHA256.Digest) -> String {
        var digits = [UInt8](repeating: 0, count: 2 * digestByteCount)
        var at = 0
        for byte in digest {
            digits[at] = hexDigit(byte >> 4)
            digits[at + 1] = hexDigit(byte & 0xF)
            at += 2
        }
        return String(decoding: digits, as: UTF8.self)
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ value &- 10
    }
}
