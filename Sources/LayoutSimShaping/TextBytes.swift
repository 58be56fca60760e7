import Crypto
import Foundation
import LayoutSimSupport

/// Scans of a string's UTF-8 bytes in place (a buffer of them, which only this target and Faces may hold), not one
/// at a time through `String.UTF8View`.
package enum TextBytes {
    /// SHA-256 of `text`'s UTF-8 bytes as 64 lowercase hexadecimal digits (what `sha256sum` prints for them;
    /// swift-crypto's SHA-256, as ``SHA256``). The bytes are read in place and the digits written into the string's own
    /// storage, with no copy of the bytes and no array of the digest's bytes or of the digits.
    package static func sha256Hex(_ text: String) -> String {
        var text = text
        let digest = text.withUTF8 { Crypto.SHA256.hash(data: UnsafeRawBufferPointer($0)) }
        return digest.withUnsafeBytes { bytes in
            String(unsafeUninitializedCapacity: 64) { digits in
                precondition(bytes.count == 32 && digits.count >= 64)
                for i in 0..<32 {
                    let byte = bytes[i]
                    digits[2 &* i] = hexDigit(byte >> 4)
                    digits[2 &* i &+ 1] = hexDigit(byte & 0xF)
                }
                return 64
            }
        }
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ value &- 10
    }

    /// Feeds `text`'s UTF-8 bytes and their count to `hasher` (as a block, not byte by byte).
    package static func hash(_ text: String, into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }

    /// Whether `a` and `b` have the same UTF-8 bytes (not `String`'s canonical equivalence).
    package static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { x in b.withUTF8 { y in x.elementsEqual(y) } }
    }
}
