import LayoutSimICU
import LayoutSimShaping
import Testing

/// The character count a check's budget prints (``TextMeasurer/characterCount(_:)``) is Swift's `String.count`:
/// the plain grapheme rules' count (``TextBoundaries/simpleGraphemeCount(_:table:)``) wherever they answer, Swift's
/// own elsewhere.
struct CharacterCountTests {
    /// Every BMP code point the plain rules take behaves in Swift as its class says, next to the neighbours that tell
    /// the classes apart (a letter, a mark, CR, LF, Hangul L/V/T, a pictograph, an Indic consonant; itself): so any
    /// text of such code points has Swift's count, the rules deciding each boundary from the two classes around it.
    @Test func everyCodePointThePlainRulesTakeCountsAsSwiftCounts() {
        var table = CodePointTable()
        var taken = 0
        var refused = 0
        let neighbours: [([UInt32], [UInt32])] = [
            ([], []), ([0x61], []), ([], [0x61]), ([0x0D], []), ([], [0x0A]), ([0x0A], []), ([], [0x0D]),
            ([], [0x0301]), ([], [0x0E33]), ([0x1100], []), ([], [0x1161]), ([], [0x11A8]), ([0x00A9], [0x00A9]),
            ([0x0915], [0x0915]),
        ]
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            guard TextBoundaries.simpleGraphemeCount(String(Character(scalar)), table: &table) != nil else {
                refused += 1
                continue
            }
            taken += 1
            for text in neighbours.map({ $0.0 + [value] + $0.1 }) + [[value, value]] {
                do {
                    let string = String(String.UnicodeScalarView(text.compactMap(Unicode.Scalar.init)))
                    if let count = TextBoundaries.simpleGraphemeCount(string, table: &table) {
                        #expect(count == string.count, "\(text.map { String($0, radix: 16) })")
                    }
                }
            }
        }
        // Most of the BMP is plain; Hangul syllables, surrogates, viramas, Prepend and ZWJ are not.
        #expect(taken > 50_000 && refused > 11_000)
    }

    /// Generated texts of letters, marks, controls and the classes with rules of their own (emoji ZWJ sequences and
    /// skin tones, flags, Hangul, Indic conjuncts, Prepend, CR LF): the count is Swift's, through either path.
    @Test func generatedTextsCountAsSwiftCounts() {
        let measurer = TextMeasurer()
        let pieces: [String] = [
            "a", "Z", " ", "ä", "e\u{301}", "\r\n", "\n", "\r", "\t", "ก", "น้ำ", "ำ", "ั", "ไทย", "م", "ر", "\u{064B}",
            "\u{0600}", "\u{06DD}", "क", "्", "ष", "ि", "क्षत्रिय", "हिन्दी", "ক্ষ", "한", "\u{1100}", "\u{1161}", "\u{11A8}",
            "👍", "🏽", "👨‍👩‍👧", "\u{200D}", "🇩🇪", "🇫", "🇷", "❤️", "\u{FE0F}", "©", "\u{200C}", "\u{0E33}", "Σ", "ß",
            "\u{0897}", "\u{1ACF}", "\u{0378}",
        ]
        var state: UInt64 = 0xC0DE
        var fast = 0
        for round in 0..<20_000 {
            var text = ""
            for _ in 0..<(1 + round % 12) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                text += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            var table = CodePointTable()
            if TextBoundaries.simpleGraphemeCount(text, table: &table) != nil { fast += 1 }
            #expect(measurer.characterCount(text) == text.count, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(measurer.characterCount("") == 0)
        // Both paths are taken often.
        #expect(fast > 1_000 && fast < 19_000)
    }
}
