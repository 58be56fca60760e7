import Foundation
@testable import LayoutSimCatalogs
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Offsets → line and UTF-16 column, on one-line and multi-line text with characters of every UTF-8 length.
/// Expected columns are counted independently: by hand, and by decoding the line's prefix and counting its UTF-16.
struct SourceTextTests {
    /// The reference: line = line breaks before the offset + 1; column = UTF-16 length of the decoded bytes from the
    /// line's start to the offset, + 1.
    static func naive(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
        var line = 1, start = 0, i = 0
        while i < offset {
            if bytes[i] == 0x0A || (bytes[i] == 0x0D && !(i + 1 < bytes.count && bytes[i + 1] == 0x0A)) {
                line += 1
                start = i + 1
            }
            i += 1
        }
        return (line, String(decoding: bytes[start..<offset], as: UTF8.self).utf16.count + 1)
    }

    @Test func handCountedColumns() {
        // "é" is 2 bytes / 1 unit, "中" 3 bytes / 1 unit, "😀" 4 bytes / 2 units.
        let source = SourceText(text: "aé中😀b\r\nx😀\"k\"\ry")
        #expect(source.position(utf8Offset: 0) == (1, 1))
        #expect(source.position(utf8Offset: 1) == (1, 2))    // before é
        #expect(source.position(utf8Offset: 3) == (1, 3))    // before 中
        #expect(source.position(utf8Offset: 6) == (1, 4))    // before 😀
        #expect(source.position(utf8Offset: 10) == (1, 6))   // before b
        #expect(source.position(utf8Offset: 13) == (2, 1))   // x, after CRLF
        #expect(source.position(utf8Offset: 18) == (2, 4))   // the quote after 😀
        #expect(source.position(utf8Offset: 22) == (3, 1))   // y, after a lone CR
        #expect(source.position(utf8Offset: 999) == (3, 2))  // clamped to the end
        #expect(source.endPosition == (3, 2))
    }

    /// Every offset of a long one-line text and of the same text broken into lines, against the reference,
    /// including offsets inside multi-byte characters and across the index's checkpoints.
    @Test func everyOffsetMatchesTheReference() {
        let pieces = ["\"key.\(1)\": ", "\"Größe 中文 😀\", ", "{\"a\": \"𝒳y\"}, ", "ok, "]
        var oneLine = ""
        var multiLine = ""
        for i in 0..<60 {
            let piece = pieces[i % pieces.count]
            oneLine += piece
            multiLine += piece + (i % 3 == 0 ? "\n" : (i % 7 == 0 ? "\r\n" : ""))
        }
        for text in [oneLine, multiLine, "", "😀", "\n\n"] {
            let source = SourceText(text: text)
            let bytes = Array(text.utf8)
            for offset in 0...bytes.count {
                let expected = Self.naive(bytes, offset)
                let actual = source.position(utf8Offset: offset)
                #expect(actual == expected, "offset \(offset) of \(bytes.count)")
            }
        }
    }

    /// A text with a line longer than ``SourceText/longLine`` takes its columns from the UTF-16 checkpoints, one
    /// without from its line's start: both against the reference, at offsets inside characters too, in both the
    /// random-access and the in-order lookups (the long line among short ones, and alone).
    @Test func longLinesAndShortLinesMatchTheReference() {
        let pieces = ["\"key\": ", "\"Größe 中文 😀\", ", "{\"a\": \"𝒳y\"}, ", "ok, "]
        var long = ""
        var i = 0
        while long.utf8.count <= 2 * SourceText.longLine {
            long += pieces[i % pieces.count]
            i += 1
        }
        let short = pieces.joined()
        for text in [long, short + "\n" + long + "\r\n" + short + "\n", short + "\n" + short] {
            let source = SourceText(text: text)
            let bytes = Array(text.utf8)
            var line = 0
            for offset in stride(from: 0, through: bytes.count, by: 5) {
                let expected = Self.naive(bytes, offset)
                #expect(source.position(utf8Offset: offset) == expected, "offset \(offset) of \(bytes.count)")
                #expect(source.position(utf8Offset: offset, after: &line) == expected, "offset \(offset) in order")
            }
        }
    }

    /// Random texts of characters of every UTF-8 length, line breaks (LF, CR, CRLF) and other bytes below 0x0E, so
    /// that each falls in every lane of the index's eight-byte steps: every offset against the reference.
    @Test func randomTextsMatchTheReference() {
        let pool = ["a", "b", "é", "中", "😀", "\n", "\r", "\r\n", "\t", "\u{0B}", "\u{0C}", "\u{0}", " ", "\u{7F}", "\u{10FFFF}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            let length = Int.random(in: 0...300, using: &generator)
            let text = (0..<length).map { _ in pool.randomElement(using: &generator) ?? "a" }.joined()
            let source = SourceText(text: text)
            let bytes = Array(text.utf8)
            var line = 0
            var stepped = 0
            for offset in 0...bytes.count {
                let expected = Self.naive(bytes, offset)
                let actual = source.position(utf8Offset: offset)
                #expect(actual == expected, "offset \(offset) of \(bytes.count)")
                // In increasing order through the cursor, every offset and every third one.
                #expect(source.position(utf8Offset: offset, after: &line) == expected, "offset \(offset) in order")
                if offset % 3 == 0 {
                    #expect(source.position(utf8Offset: offset, after: &stepped) == expected)
                }
            }
            // An offset before the cursor's line is looked up from scratch.
            var late = source.lineCount - 1
            #expect(source.position(utf8Offset: 0, after: &late) == (1, 1))
            #expect(late == 0)
        }
    }

    /// A String Catalog written on one line locates its keys at line 1 and the column of each key's quote, the same
    /// keys as the pretty-printed file at their own lines.
    @Test func oneLineCatalogLocatesEveryKey() throws {
        var strings: [String] = []
        for i in 0..<300 {
            strings.append("\"k\(i).é😀\":{\"localizations\":{\"en\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"Wert \(i) 中\"}}}}")
        }
        let text = "{\"sourceLanguage\":\"en\",\"strings\":{" + strings.joined(separator: ",") + "},\"version\":\"1.0\"}"
        let result = XCStringsReader.read(Data(text.utf8), file: "one.xcstrings")
        #expect(result.diagnostics.isEmpty)
        #expect(result.entries.count == 300)
        for entry in result.entries {
            let needle = "\"\(entry.key)\":{"
            let range = try #require(text.range(of: needle))
            let column = text[..<range.lowerBound].utf16.count + 1
            #expect(entry.source == CatalogSourceLocation(file: "one.xcstrings", line: 1, column: column), "\(entry.key)")
        }
    }
}

/// Keys of a property list written on one line: each found at its own `<key>` (columns counted by hand in UTF-16
/// units), not all at the line's last one; the line is decoded once, not once per key.
@Test func plistKeysOnOneLine() {
    let text = "<plist version=\"1.0\"><dict><key>é</key><dict><key>x</key></dict><key>b</key><string>1</string></dict></plist>"
    let keys = PlistKeyLocator.keys(in: SourceText(text: text))
    #expect(keys.map(\.key) == ["é", "b"])
    // "<plist version="1.0"><dict>" is 27 units, so the first <key> is at column 28; the second top-level <key>
    // follows "é</key><dict><key>x</key></dict>" (1 + 6 + 6 + 5 + 1 + 6 + 7 = 32 units) after the first tag's 5.
    #expect(keys.map(\.column) == [28, 65])
    #expect(keys.map(\.line) == [1, 1])
}
