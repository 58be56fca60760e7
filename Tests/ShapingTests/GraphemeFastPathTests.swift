import LayoutSimICU
import LayoutSimShaping
import Testing

/// Grapheme boundaries found without ICU's iterator (``TextBoundaries/simpleGraphemeBoundaries(_:table:into:)``)
/// against ICU's iterator itself, on texts mixing the classes the fast path takes (letters, combining and spacing
/// marks, controls, CR LF) in the scripts of the benchmark and others, and on those it must leave to ICU.
struct GraphemeFastPathTests {
    /// Code points the fast path takes or must refuse, by kind.
    static let pool: [UInt32] =
        Array(0x20...0x7E) + [0x09, 0x0A, 0x0D, 0x7F, 0xAD, 0xA0, 0xE4, 0xDF, 0x2028, 0x2029, 0x85]
        + Array(0x0300...0x0310) + [0x0345, 0x0483, 0x0591]
        + Array(0x0E01...0x0E5B)                                   // Thai: letters, Extend vowels and tones, SARA AM
        + Array(0x0900...0x097F)                                   // Devanagari: consonants, matras, virama, nukta
        + Array(0x0980...0x09FF)                                   // Bengali
        + Array(0x0600...0x0606) + Array(0x0610...0x061A) + Array(0x0620...0x065F) + [0x06DD, 0x0670]  // Arabic, Prepend
        + [0x05D0, 0x05D1, 0x05B0, 0x05BC]                         // Hebrew letters and points
        + [0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01]                 // Hangul L, V, T, LV, LVT (refused)
        + [0x200D, 0x200C, 0xFE0F, 0x2764, 0x00A9]                 // ZWJ (refused), ZWNJ, VS16, pictographs

    @Test func agreesWithICUWhereverItAnswers() throws {
        let boundaries = TextBoundaries()
        var table = CodePointTable()
        var out: [Int] = []
        var generator = SplitMix(seed: 0x5EED)
        var answered = 0
        for round in 0..<20_000 {
            let length = 1 + round % 9
            var utf16: [UInt16] = []
            for _ in 0..<length {
                // Mostly one script per text, as real text is, with marks and controls mixed in.
                let value = Self.pool[Int(generator.next() % UInt64(Self.pool.count))]
                utf16.append(UInt16(value))
            }
            let icu = try boundaries.graphemeBoundaries(utf16)
            if TextBoundaries.simpleGraphemeBoundaries(utf16, table: &table, into: &out) {
                answered += 1
                #expect(out == icu, "\(utf16.map { String($0, radix: 16) })")
            }
        }
        // The fast path must answer most of these texts, or this test would test nothing.
        #expect(answered > 10_000)
    }

    @Test func indicConjunctsThaiAndLineEnds() throws {
        let boundaries = TextBoundaries()
        var table = CodePointTable()
        var out: [Int] = []
        for text in ["दुनिया यह एक", "สวัสดีครับ", "น้ำ", "a\r\nb", "\n\u{0301}x", "e\u{0301}\u{0308}", "ไทย\tà", ""] {
            let utf16 = Array(text.utf16)
            #expect(TextBoundaries.simpleGraphemeBoundaries(utf16, table: &table, into: &out))
            #expect(out == (try boundaries.graphemeBoundaries(utf16)), "\(text)")
        }
        // Classes with rules of their own go to ICU.
        for text in ["\u{1100}\u{1161}", "👍🏽", "a\u{200D}b", "\u{0600}1", "🇩🇪", "क्षत्रिय", "हिन्दी", "ক্ষ"] {
            #expect(!TextBoundaries.simpleGraphemeBoundaries(Array(text.utf16), table: &table, into: &out), "\(text)")
        }
    }
}

/// A small deterministic generator (SplitMix64), so that the texts are the same on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
