// The bytes of JSONWriter's items, written by index into its storage (which the caller has made long enough).

import LayoutSimModel
extension Array where Element == UInt8 {
    /// Stores `byte` at `index`, which must be within bounds.
    @inline(__always)
    mutating func set(_ index: Int, _ byte: UInt8) { self[index] = byte }

    /// Stores the eight bytes of `word`, lowest first, at `index..<index + 8`, which must be within bounds.
    @inline(__always)
    mutating func setWord(_ index: Int, _ word: UInt64) {
        var bytes = word
        for index in index..<(index + 8) {
            self[index] = UInt8(truncatingIfNeeded: bytes)
            bytes >>= 8
        }
    }
}

extension JSONWriter {
    /// Writes the low `count` bytes of `pattern` (lowest first) at `at`; returns the end.
    @inline(__always)
    static func put(
        _ out: inout [UInt8], _ at: Int, _ pattern: UInt64, count: Int
    ) -> Int {
        if count == 8 {
            out.setWord(at, pattern)
            return at + 8
        }
        var bytes = pattern
        for index in at..<(at + count) {
            out.set(index, UInt8(truncatingIfNeeded: bytes))
            bytes >>= 8
        }
        return at + count
    }

    /// Writes an item's separator at `at` — a comma if `comma` is true, a new line and the indent of `level`;
    /// nothing for nil — preceded by a new line if `emptyLine`, then `then` unless it is 0. Returns the end.
    @inline(__always)
    static func separate(
        _ out: inout [UInt8], _ at: Int, comma: Bool?, level: Int, then last: UInt8 = 0, emptyLine: Bool = false
    ) -> Int {
        var at = at
        if let comma {
            out.set(at, comma ? UInt8(ascii: ",") : 0x0A)
            out.set(at + 1, 0x0A)
            at += comma || emptyLine ? 2 : 1
            // The indent's spaces eight at a time, the last word past its end (into the room ``JSONWriter`` keeps
            // after what it reserves; what follows is written over them).
            let end = at + 2 * level
            while at < end {
                out.setWord(at, 0x2020_2020_2020_2020)
                at += 8
            }
            at = end
        }
        if last != 0 {
            out.set(at, last)
            at += 1
        }
        return at
    }

    /// The separator, then `"name" : ` — and, for a string value of `valueCount` bytes, its opening quote and its
    /// closing quote after the room for it. The bytes around the name are written first and the name copied last,
    /// so that the storage is checked for sharing once for all the single bytes. Returns the end.
    @inline(__always)
    static func key(
        _ name: consuming String, count: Int, _ out: inout [UInt8], _ at: Int, comma: Bool?, level: Int,
        valueCount: Int? = nil
    ) -> Int {
        let start = separate(&out, at, comma: comma, level: level, then: UInt8(ascii: "\""))
        let end: Int
        if let valueCount {
            end = put(&out, start + count, 0x22_203A_2022, count: 5)  // `" : "`
            out[end + valueCount] = UInt8(ascii: "\"")
        } else {
            end = put(&out, start + count, 0x20_3A20_22, count: 4)  // `" : `
        }
        _ = copy(name, count: count, &out, start)
        return end
    }

    @inline(__always)
    static func bool(_ value: Bool, _ out: inout [UInt8], _ at: Int) -> Int {
        value ? put(&out, at, 0x6575_7274, count: 4) : put(&out, at, 0x65_736C_6166, count: 5)
    }

    /// The `count` UTF-8 bytes of `text` at `at`, copied as one run; returns the end.
    @inline(__always)
    static func copy(_ text: String, count: Int, _ out: inout [UInt8], _ at: Int) -> Int {
        out.replaceSubrange(at..<(at + count), with: text.utf8)
        return at + count
    }

    /// The contents of a JSON string (see the type's documentation for the escapes) at `at`, its closing quote
    /// already written after them, `text` being `count` UTF-8 bytes and `6 × count + 1` bytes of room left: the
    /// bytes copied as one run, then read where they lie; from the first that needs an escape (rare), the rest
    /// rewritten escaped with the closing quote. Returns the end.
    static func quoted(_ text: String, count: Int, _ out: inout [UInt8], _ at: Int) -> Int {
        let end = copy(text, count: count, &out, at)
        let first = firstNeedingEscape(out, from: at, to: end)
        return first == end ? end + 1 : escapeRest(&out, from: first, to: end)
    }

    /// The index of the first byte in `bytes[start..<end]` that needs an escape, or `end`: eight bytes at a time,
    /// where the first that needs a look is found from the word's bits; byte by byte in the last seven.
    static func firstNeedingEscape(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var i = start
        while i + 8 <= end {
            let candidates = needsLook(bytes[i..<(i + 8)].littleEndianWord(at: i))
            if candidates == 0 {
                i += 8
                continue
            }
            let first = i + candidates.trailingZeroBitCount >> 3
            if needsEscape(bytes, first, end) { return first }
            i = first + 1
        }
        while i < end {
            if needsEscape(bytes, i, end) { return i }
            i += 1
        }
        return end
    }

    /// Whether the byte at `i` (before `end`) starts what is escaped: a byte below 0x20, `"`, `\`, or U+2028
    /// (E2 80 A8) or U+2029 (E2 80 A9); every other character from 0xE2 is not.
    @inline(__always)
    static func needsEscape(_ bytes: [UInt8], _ i: Int, _ end: Int) -> Bool {
        let byte = bytes[i]
        if byte < 0x20 || byte == 0x22 || byte == 0x5C { return true }
        return byte == 0xE2 && i + 2 < end && bytes[i + 1] == 0x80 && bytes[i + 2] & 0xFE == 0xA8
    }

    /// The high bit of each byte of `word` that may need a look (below 0x20, `"`, `\` or 0xE2), the lowest set one
    /// exactly the first such byte: each test is the classic "has a zero byte" / "has a byte below n" bit trick,
    /// whose borrow can flag bytes after a true one but never one before it.
    @inline(__always)
    static func needsLook(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func zeros(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let below20 = (word &- ones &* 0x20) & ~word & highs
        return below20 | zeros(word ^ (ones &* 0x22)) | zeros(word ^ (ones &* 0x5C)) | zeros(word ^ (ones &* 0xE2))
    }

    /// Rewrites `out[first..<end]` (raw text, `first` the first byte that needs an escape) with JSON escapes,
    /// then the closing quote; returns the end. The room after `end` holds the escapes.
    static func escapeRest(_ out: inout [UInt8], from first: Int, to end: Int) -> Int {
        let rest = Array(out[first..<end])
        var at = first
        var i = 0
        while i < rest.count {
            let byte = rest[i]
            i += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): at = put(&out, at, 0x5C | UInt64(byte) << 8, count: 2)
            case 0x08: at = put(&out, at, 0x625C, count: 2)  // \b
            case 0x09: at = put(&out, at, 0x745C, count: 2)  // \t
            case 0x0A: at = put(&out, at, 0x6E5C, count: 2)  // \n
            case 0x0C: at = put(&out, at, 0x665C, count: 2)  // \f
            case 0x0D: at = put(&out, at, 0x725C, count: 2)  // \r
            case 0..<0x20:
                // \u00XX
                let digits = UInt64(hexDigit(byte >> 4)) << 32 | UInt64(hexDigit(byte & 0xF)) << 40
                at = put(&out, at, 0x3030_755C | digits, count: 6)
            case 0xE2 where i + 1 < rest.count && rest[i] == 0x80 && rest[i + 1] & 0xFE == 0xA8:
                // \u2028, \u2029
                at = put(&out, at, rest[i + 1] == 0xA8 ? 0x3832_3032_755C : 0x3932_3032_755C, count: 6)
                i += 2
            default:
                out[at] = byte
                at += 1
            }
        }
        out[at] = UInt8(ascii: "\"")
        return at + 1
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
