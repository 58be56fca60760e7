// Members named by a ``JSONWriter/Name``: for the members every result of a report has, whose names are known when
// the code is written.

extension JSONWriter {
    /// A member name made once: the bytes written before the member's value (`"name" : `), packed into words.
    ///
    /// Written, they are stored from the words, not copied from a String through `replaceSubrange` (a check's JSON
    /// report writes two to three dozen names per string). Names of up to 27 bytes (the words hold 32, the quotes and
    /// colon 5 of them).
    package struct Name: Sendable {
        let bytes: Packed

        /// The longest name a ``Name`` holds, in UTF-8 bytes.
        package static let longest = Packed.capacity - 5

        /// A name of letters and digits (written as it is: it must need no escaping), at most ``longest`` bytes.
        package init(_ name: String) {
            precondition(name.utf8.count <= Self.longest, "member name '\(name)' is longer than \(Self.longest) bytes")
            bytes = Packed("\"\(name)\" : ")
        }

        /// Bytes of `"name" : `.
        var count: Int { bytes.count }
    }

    /// A string value known when the code is written (a category's or a verdict's name), made once: quoted, packed into
    /// words as a ``Name`` is, and written from them, not copied from a String and looked through for characters
    /// to escape. At most ``longest`` bytes of letters and digits.
    package struct Constant: Sendable {
        let bytes: Packed

        /// The longest value a ``Constant`` holds, in UTF-8 bytes.
        package static let longest = Packed.capacity - 2

        package init(_ value: String) {
            precondition(value.utf8.count <= Self.longest, "constant '\(value)' is longer than \(Self.longest) bytes")
            bytes = Packed("\"\(value)\"")
        }
    }

    /// Up to ``capacity`` bytes, lowest first, eight a word.
    struct Packed: Sendable {
        let word0, word1, word2, word3: UInt64
        let count: Int

        static let capacity = 32
        /// Bytes of room needed past the end of packed bytes written (whole words are written).
        static let slack = 8

        init(_ text: String) {
            let bytes = Array(text.utf8)
            var words: [UInt64] = [0, 0, 0, 0]
            for (index, byte) in bytes.enumerated() { words[index >> 3] |= UInt64(byte) << (8 * UInt64(index & 7)) }
            (word0, word1, word2, word3) = (words[0], words[1], words[2], words[3])
            count = bytes.count
        }
    }

    /// Writes `"name" : ` at `at`, word by word; returns the end.
    @inline(__always)
    static func put(_ name: Name, _ out: inout [UInt8], _ at: Int) -> Int {
        put(name.bytes, &out, at)
    }

    /// Writes `bytes` at `at`, in whole words (eight stores each, of a loop of a constant count, not one up to the
    /// count, which would need setting up for every name); returns the end. The up to seven bytes after the end are
    /// overwritten: the caller has made room for ``Packed/slack`` more bytes than it writes.
    @inline(__always)
    static func put(
        _ bytes: Packed, _ out: inout [UInt8], _ at: Int
    ) -> Int {
        let count = bytes.count
        _ = put(&out, at, bytes.word0, count: 8)
        if count > 8 { _ = put(&out, at + 8, bytes.word1, count: 8) }
        if count > 16 { _ = put(&out, at + 16, bytes.word2, count: 8) }
        if count > 24 { _ = put(&out, at + 24, bytes.word3, count: 8) }
        return at + count
    }
}
