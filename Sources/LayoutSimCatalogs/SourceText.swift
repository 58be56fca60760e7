import Foundation
import LayoutSimModel
import LayoutSimSupport

/// The text of a catalog file, decoded, with a line index for turning offsets into `line:column`.
///
/// Decoding: a byte order mark selects UTF-8, UTF-16 BE or UTF-16 LE (the BOM is dropped); without a BOM the
/// text must be UTF-8, or UTF-16 recognised by its zero bytes (a `.strings` file saved without a BOM).
package struct SourceText {
    /// The decoded text, without a byte order mark: the one given, else decoded from ``utf8`` when asked for (a
    /// String Catalog's reader never asks).
    package var text: String { decodedText ?? String(decoding: utf8, as: UTF8.self) }
    private let decodedText: String?
    /// The text as UTF-8 (what Foundation's parsers are given, so their offsets and line numbers refer to it).
    package let utf8: [UInt8]
    /// UTF-8 offset of the first byte of each line.
    private let lineStartsUTF8: [Int]
    /// UTF-16 length of the text before UTF-8 offset `k × utf16Stride`, for every such offset inside the text:
    /// a column is then found by counting at most `utf16Stride` bytes, whatever the line's length (a catalog
    /// written on one line costs the same per key as a pretty-printed one). Made only for a text with a line longer
    /// than ``longLine`` bytes (empty otherwise): in any other a column is counted from its line's start, at most
    /// that many bytes.
    private let utf16Checkpoints: [Int]
    private static let utf16Stride = 64
    /// The longest line whose columns are counted from the line's start.
    static let longLine = 4096

    package init(text: String) {
        self.init(text: text, utf8: Array(text.utf8))
    }

    /// The text of `bytes`, UTF-8 that is not decoded here: a String Catalog's parser validates each string it reads
    /// and accepts nothing but ASCII between them, so the file is never decoded as a whole (decoding it first
    /// validated every byte twice).
    package init(utf8 bytes: [UInt8]) {
        self.init(text: nil, utf8: bytes)
    }

    private init(text: String?, utf8 bytes: [UInt8]) {
        // The line starts (after LF, or after a CR not followed by LF), eight bytes at a time: a word without a
        // byte below 0x0E (found from its bits) holds no line break. The word is read from a slice of exactly its
        // bytes, so that no read needs a check of its own.
        var lineStarts = [0]
        var index = 0
        let count = bytes.count
        while index < count {
            if index + 8 <= count {
                let word = bytes[index..<(index + 8)].littleEndianWord(at: index)
                let candidates = (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080
                if candidates == 0 {
                    index += 8
                    continue
                }
                index += candidates.trailingZeroBitCount >> 3
            }
            let byte = bytes[index]
            if byte <= 0x0D, byte == 0x0A || (byte == 0x0D && (index + 1 == count || bytes[index + 1] != 0x0A)) {
                lineStarts.append(index + 1)
            }
            index += 1
        }
        self.init(utf8: bytes, lineStarts: lineStarts, text: text)
    }

    /// The text of `bytes` (UTF-8 that is not decoded, as ``init(utf8:)``) with its line starts already found: 0,
    /// and the offset after each LF and after each CR not followed by LF. ``JSONDocument``'s parser finds them in
    /// a document it reads, whose line breaks are all between tokens, where it passes them anyway, so that the file
    /// is not scanned for them apart.
    package init(utf8 bytes: [UInt8], lineStarts: [Int]) {
        self.init(utf8: bytes, lineStarts: lineStarts, text: nil)
    }

    private init(utf8 bytes: [UInt8], lineStarts: [Int], text: String?) {
        decodedText = text
        utf8 = bytes
        var longest = 0
        for line in 1..<lineStarts.count { longest = max(longest, lineStarts[line] - lineStarts[line - 1]) }
        longest = max(longest, bytes.count - lineStarts[lineStarts.count - 1])
        lineStartsUTF8 = lineStarts
        utf16Checkpoints = longest > Self.longLine ? Self.checkpoints(bytes) : []
    }

    /// ``utf16Checkpoints`` of `bytes`: one pass, eight bytes at a time, one unit per byte that is not a
    /// continuation byte (10xxxxxx), plus one per 4-byte lead (11110xxx).
    private static func checkpoints(_ bytes: [UInt8]) -> [Int] {
        var lengths: [Int] = []
        lengths.reserveCapacity(bytes.count / utf16Stride + 1)
        var utf16Length = 0
        var blockStart = 0
        while blockStart < bytes.count {
            lengths.append(utf16Length)
            let blockEnd = min(blockStart + utf16Stride, bytes.count)
            var index = blockStart
            while index + 8 <= blockEnd {
                let word = bytes[index..<(index + 8)].littleEndianWord(at: index)
                let highs: UInt64 = 0x8080_8080_8080_8080
                let continuation = word & highs & ~(word << 1)
                let fourByteLeads = word & (word << 1) & (word << 2) & (word << 3) & highs
                utf16Length &+= 8 &- continuation.nonzeroBitCount &+ fourByteLeads.nonzeroBitCount
                index += 8
            }
            while index < blockEnd {
                utf16Length &+= utf16Units(leadByte: bytes[index])
                index += 1
            }
            blockStart = blockEnd
        }
        return lengths
    }

    /// Decodes `data`, or `nil` when it is neither UTF-8 nor UTF-16.
    package init?(data: Data) {
        guard let text = Self.decode(data) else { return nil }
        self.init(text: text)
    }

    /// The text of `data` (see the type's documentation), or `nil`.
    package static func decode(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(data: Data(bytes.dropFirst(3)), encoding: .utf8) }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(data: Data(bytes.dropFirst(2)), encoding: .utf16BigEndian) }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return String(data: Data(bytes.dropFirst(2)), encoding: .utf16LittleEndian)
        }
        if let text = String(data: data, encoding: .utf8) { return text }
        // UTF-16 without a BOM: ASCII characters put a zero in every other byte.
        if bytes.count >= 2, bytes.count % 2 == 0 {
            if bytes[0] == 0, bytes[1] != 0 { return String(data: data, encoding: .utf16BigEndian) }
            if bytes[0] != 0, bytes[1] == 0 { return String(data: data, encoding: .utf16LittleEndian) }
        }
        return nil
    }

    /// The 1-based line and byte column of the first byte of `data` that is not UTF-8, or `nil` when all is.
    package static func firstInvalidUTF8(_ data: Data) -> (line: Int, column: Int)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var line = 1, column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += encoded.count
                }
            case .error:
                return (line, column)
            case .emptyInput:
                return nil
            }
        }
    }

    /// The number of lines (a final line break does not start a new counted line's content, but is counted).
    package var lineCount: Int { lineStartsUTF8.count }

    /// 1-based line and UTF-16 column of a UTF-8 offset (clamped to the text).
    package func position(utf8Offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(utf8Offset, utf8.count))
        // Last line start <= offset.
        var low = 0, high = lineStartsUTF8.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStartsUTF8[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, column(from: lineStartsUTF8[low], to: offset))
    }

    /// ``position(utf8Offset:)`` for offsets given in increasing order (the keys of a catalog in file order): `line`
    /// holds the line index found last (0 at first), each lookup steps forward from it (every line passed once
    /// over all lookups), and a column is counted as ``position(utf8Offset:)`` counts it. An offset
    /// before that line is looked up from scratch.
    package func position(utf8Offset: Int, after line: inout Int) -> (line: Int, column: Int) {
        let offset = max(0, min(utf8Offset, utf8.count))
        guard line >= 0, line < lineStartsUTF8.count, lineStartsUTF8[line] <= offset else {
            let found = position(utf8Offset: offset)
            line = found.line - 1
            return found
        }
        while line + 1 < lineStartsUTF8.count, lineStartsUTF8[line + 1] <= offset { line += 1 }
        return (line + 1, column(from: lineStartsUTF8[line], to: offset))
    }

    /// The 1-based UTF-16 column of `offset` on the line starting at `start`: counted from the line's start when
    /// that is at most ``utf16Stride`` bytes or the text has no line longer than ``longLine``; else from the
    /// checkpoints.
    private func column(from start: Int, to offset: Int) -> Int {
        guard utf16Checkpoints.isEmpty || offset - start <= Self.utf16Stride else {
            return utf16Offset(ofUTF8Offset: offset) - utf16Offset(ofUTF8Offset: start) + 1
        }
        // A line starts after an ASCII line break, never inside a character: only the offset can cut one.
        var column = 0
        for index in start..<offset { column += Self.utf16Units(leadByte: utf8[index]) }
        return column - cutCharacterCorrection(offset) + 1
    }

    /// UTF-16 units a UTF-8 byte starts: 1 for an ASCII or 2–3-byte lead byte, 2 for a 4-byte lead (a surrogate
    /// pair), 0 for a continuation byte.
    private static func utf16Units(leadByte byte: UInt8) -> Int {
        byte & 0xC0 == 0x80 ? 0 : (byte >= 0xF0 ? 2 : 1)
    }

    /// UTF-16 length of the text before a UTF-8 offset (inside `0...utf8.count`): the nearest checkpoint plus at
    /// most `utf16Stride` bytes (a text with checkpoints only). An offset inside a 4-byte character counts that
    /// character as one unit (what decoding the cut prefix gives: one replacement character).
    private func utf16Offset(ofUTF8Offset offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        let block = min(offset / Self.utf16Stride, utf16Checkpoints.count - 1)
        var length = utf16Checkpoints[block]
        var index = block * Self.utf16Stride
        while index < offset {
            length += Self.utf16Units(leadByte: utf8[index])
            index += 1
        }
        return length - cutCharacterCorrection(offset)
    }

    /// 1 when `offset` (inside `1...utf8.count`) falls inside a 4-byte character, whose lead byte counted two
    /// units where the cut prefix decodes to one; else 0.
    private func cutCharacterCorrection(_ offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        var lead = offset - 1
        while lead > 0, offset - lead < 4, utf8[lead] & 0xC0 == 0x80 { lead -= 1 }
        return utf8[lead] >= 0xF0 && lead + 4 > offset ? 1 : 0
    }

    /// The position just after the last character (for "unexpected end of file").
    package var endPosition: (line: Int, column: Int) { position(utf8Offset: utf8.count) }

    /// The text of a 1-based line, without its line break (empty when out of range).
    package func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStartsUTF8.count else { return "" }
        let start = lineStartsUTF8[line - 1]
        var end = line < lineStartsUTF8.count ? lineStartsUTF8[line] : utf8.count
        while end > start, utf8[end - 1] == 0x0A || utf8[end - 1] == 0x0D { end -= 1 }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }

    /// Where the start tag `<name` that XMLParser reported as ending at `line` begins: libxml2 reports the
    /// position of the end of a start tag, which may be lines after its `<` when attributes are wrapped.
    /// Searches back at most 20 lines; falls back to `line`, column 1.
    package func startOfTag(_ name: String, endingAtLine line: Int) -> (line: Int, column: Int) {
        var current = min(max(line, 1), lineCount)
        let needle = "<" + name
        while current >= 1, current > line - 20 {
            let text = lineText(current)
            if let range = text.range(of: needle, options: .backwards) {
                return (current, text[..<range.lowerBound].utf16.count + 1)
            }
            current -= 1
        }
        return (max(line, 1), 1)
    }
}

/// Turns the error messages of Foundation's parsers into positions.
package enum ParserErrorPosition {
    /// The line of a `PropertyListSerialization` error ("… at line 8", "Missing ';' on line 3").
    ///
    /// For text that is not XML (an old-style `.strings` file), Foundation first tries the XML parser and reports
    /// the old-style parser's error under `kCFPropertyListOldStyleParsingError`: that one is used when
    /// `oldStyle` is true.
    package static func propertyList(_ error: Error, oldStyle: Bool) -> (line: Int, message: String)? {
        let nsError = error as NSError
        var candidates: [String] = []
        if oldStyle, let inner = nsError.userInfo["kCFPropertyListOldStyleParsingError"] as? NSError {
            candidates.append(debugDescription(of: inner))
        }
        candidates.append(debugDescription(of: error))
        for message in candidates {
            if let numbers = firstMatch(#"(?:at|on) line (\d+)"#, in: message), let line = numbers.first {
                return (line, message)
            }
        }
        return nil
    }

    /// `NSDebugDescription`, else the localized description.
    package static func debugDescription(of error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }

    /// The integer capture groups of the first match of `pattern` in `text`.
    private static func firstMatch(_ pattern: String, in text: String) -> [Int]? {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        let range = NSRange(text.startIndex..., in: text)
        guard let match = regex.firstMatch(in: text, range: range) else { return nil }
        var numbers: [Int] = []
        for group in 1..<match.numberOfRanges {
            guard let groupRange = Range(match.range(at: group), in: text), let value = Int(text[groupRange]) else {
                return nil
            }
            numbers.append(value)
        }
        return numbers
    }
}
