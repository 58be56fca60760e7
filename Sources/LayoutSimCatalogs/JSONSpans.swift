/// Where the members of a JSON object are in the file's bytes, so a writer can replace one value and leave every
/// other byte as it was. The document is expected to be valid JSON (callers read it with the catalog reader
/// first); on anything else the functions return nil. Linear in the bytes of the object looked at; nesting is
/// counted, never recursed into.
struct JSONSpans {
    struct Member {
        let key: String
        /// The key's opening quote.
        let keyStart: Int
        /// Just past the key's closing quote.
        let keyEnd: Int
        let valueStart: Int
        /// Just past the value.
        let valueEnd: Int
    }

    struct Object {
        /// The `{` and the `}`.
        let open: Int
        let close: Int
        let members: [Member]
    }

    let bytes: [UInt8]

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    func skipSpace(_ index: Int) -> Int {
        var index = index
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// Where the white space ending at `index` starts.
    func spaceBefore(_ index: Int) -> Int {
        var start = index
        while start > 0, Self.isSpace(bytes[start - 1]) { start -= 1 }
        return start
    }

    /// The spaces and tabs that start the line holding `index`.
    func indentation(ofLineAt index: Int) -> [UInt8] {
        var lineStart = index
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var end = lineStart
        while end < index, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return Array(bytes[lineStart..<end])
    }

    /// Just past the string starting with the quote at `index`.
    func stringEnd(_ index: Int) -> Int? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var cursor = index + 1
        while cursor < bytes.count {
            switch bytes[cursor] {
            case UInt8(ascii: "\\"): cursor += 2
            case UInt8(ascii: "\""): return cursor + 1
            default: cursor += 1
            }
        }
        return nil
    }

    /// Just past the value starting at `index`.
    func valueEnd(_ index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return stringEnd(index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var cursor = index
            while cursor < bytes.count {
                switch bytes[cursor] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(cursor) else { return nil }
                    cursor = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return cursor + 1 }
                default: break
                }
                cursor += 1
            }
            return nil
        default:
            var cursor = index
            while cursor < bytes.count, !Self.isSpace(bytes[cursor]), ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[cursor]) {
                cursor += 1
            }
            return cursor
        }
    }

    /// The members of the object whose `{` is at `index`, in file order.
    func members(ofObjectAt index: Int) -> Object? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        var members: [Member] = []
        var cursor = skipSpace(index + 1)
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") { return Object(open: index, close: cursor, members: []) }
        while cursor < bytes.count {
            guard let keyEnd = stringEnd(cursor), let key = Self.decodeString(bytes[(cursor + 1)..<(keyEnd - 1)]) else { return nil }
            var colon = skipSpace(keyEnd)
            guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { return nil }
            colon += 1
            let valueStart = skipSpace(colon)
            guard let valueEnd = valueEnd(valueStart) else { return nil }
            members.append(Member(key: key, keyStart: cursor, keyEnd: keyEnd, valueStart: valueStart, valueEnd: valueEnd))
            cursor = skipSpace(valueEnd)
            guard cursor < bytes.count else { return nil }
            if bytes[cursor] == UInt8(ascii: "}") { return Object(open: index, close: cursor, members: members) }
            guard bytes[cursor] == UInt8(ascii: ",") else { return nil }
            cursor = skipSpace(cursor + 1)
        }
        return nil
    }

    /// The text of a JSON string's content (between the quotes), escapes replaced; nil when malformed.
    static func decodeString(_ raw: ArraySlice<UInt8>) -> String? {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = raw.startIndex
        func flush() {
            scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
            utf8.removeAll(keepingCapacity: true)
        }
        func hex(at position: Int) -> UInt32? {
            guard position + 4 <= raw.endIndex else { return nil }
            return UInt32(String(decoding: raw[position..<(position + 4)], as: UTF8.self), radix: 16)
        }
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            flush()
            guard index + 1 < raw.endIndex else { return nil }
            let escaped = raw[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{c}")
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escaped))
            case UInt8(ascii: "u"):
                guard let high = hex(at: index) else { return nil }
                index += 4
                if (0xD800..<0xDC00).contains(high), index + 1 < raw.endIndex, raw[index] == UInt8(ascii: "\\"),
                   raw[index + 1] == UInt8(ascii: "u"), let low = hex(at: index + 2), (0xDC00..<0xE000).contains(low) {
                    index += 6
                    scalars.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}")
                } else {
                    scalars.append(Unicode.Scalar(high) ?? "\u{FFFD}")
                }
            default: return nil
            }
        }
        flush()
        return String(scalars)
    }

    /// A string's content (between the quotes) cut at its line breaks (`\n` escapes, and `\u000A`), each line as
    /// written.
    static func lines(of raw: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        var index = 0
        while index < raw.count {
            guard raw[index] == UInt8(ascii: "\\"), index + 1 < raw.count else {
                index += 1
                continue
            }
            var length = 2
            var isBreak = raw[index + 1] == UInt8(ascii: "n")
            if raw[index + 1] == UInt8(ascii: "u"), index + 6 <= raw.count {
                length = 6
                isBreak = String(decoding: raw[(index + 2)..<(index + 6)], as: UTF8.self).lowercased() == "000a"
            }
            if isBreak {
                lines.append(Array(raw[start..<index]))
                start = index + length
            }
            index += length
        }
        lines.append(Array(raw[start...]))
        return lines
    }

    /// `text` as a JSON string's content, as Xcode writes it: `"` and `\` escaped, line breaks and tabs as `\n`,
    /// `\t`, other control characters as `\u00XX`, everything else as UTF-8.
    static func escape(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array("\\\"".utf8)
            case "\\": out += Array("\\\\".utf8)
            case "\n": out += Array("\\n".utf8)
            case "\t": out += Array("\\t".utf8)
            case "\r": out += Array("\\r".utf8)
            default:
                if scalar.value < 0x20 {
                    let digits = String(scalar.value, radix: 16)
                    out += Array(("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).utf8)
                } else {
                    out += Array(String(scalar).utf8)
                }
            }
        }
        return out
    }
}
