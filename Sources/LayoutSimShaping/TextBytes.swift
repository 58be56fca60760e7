/// Scans of a string's UTF-8 bytes in place (a buffer of them, which only this target and Faces may hold): iterating
/// `String.UTF8View` costs ~30 instructions a byte where the buffer costs one or two.
package enum TextBytes {
    /// Whether `text`'s UTF-8 has `byte`.
    package static func contains(_ byte: UInt8, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.contains(byte) }
    }
}

extension TextBytes {
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
