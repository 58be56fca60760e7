// Members named by a ``JSONWriter/Name``: for the members every result of a report has, whose names are known when
// the code is written.

extension JSONWriter {
    /// A member name made once: the bytes written before the member's value (`"name" : `), packed into words.
    ///
    /// Written, they are stored byte by byte from the words; a name given as a String is copied from it through
    /// `replaceSubrange`, about 100 instructions more a name (a check's JSON report writes two to three dozen names
    /// per string). Names of up to 27 bytes (the words hold 32, the quotes and colon 5 of them).
    package struct Name: Sendable {
        /// `"name" : `, lowest byte first.
        let word0, word1, word2, word3: UInt64
        /// Bytes of `"name" : `.
        let count: Int

        /// The longest name a ``Name`` holds, in UTF-8 bytes.
        package static let longest = 27

        /// A name of letters and digits (written as it is: it must need no escaping), at most ``longest`` bytes.
        package init(_ name: String) {
            let bytes = Array("\"\(name)\" : ".utf8)
            precondition(bytes.count <= Self.longest + 5, "member name '\(name)' is longer than \(Self.longest) bytes")
            var words: [UInt64] = [0, 0, 0, 0]
            for (index, byte) in bytes.enumerated() { words[index >> 3] |= UInt64(byte) << (8 * UInt64(index & 7)) }
            (word0, word1, word2, word3) = (words[0], words[1], words[2], words[3])
            count = bytes.count
        }
    }

    /// Writes `"name" : ` at `at`, word by word; returns the end.
    @inline(__always)
    static func put(_ name: Name, _ out: inout [UInt8], _ at: Int) -> Int {
        let count = name.count
        var end = put(&out, at, name.word0, count: min(count, 8))
        if count > 8 { end = put(&out, end, name.word1, count: min(count - 8, 8)) }
        if count > 16 { end = put(&out, end, name.word2, count: min(count - 16, 8)) }
        if count > 24 { end = put(&out, end, name.word3, count: count - 24) }
        return end
    }

    /// Writes `"name" : "` at `at` and the closing quote after room for `valueCount` bytes; returns where the value
    /// goes.
    @inline(__always)
    static func openString(after name: Name, _ out: inout [UInt8], _ at: Int, valueCount: Int) -> Int {
        let start = put(name, &out, at)
        out[start] = UInt8(ascii: "\"")
        out[start + 1 + valueCount] = UInt8(ascii: "\"")
        return start + 1
    }
}
