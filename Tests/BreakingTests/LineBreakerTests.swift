import LayoutSimBreaking
import LayoutSimFitting
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont
import LayoutSimTestSupport
import Testing

/// Exact line breaking on the synthetic OneEm font: upem 1000, every glyph 1 em, so at size 10 every character is
/// exactly 10 pt wide and a line is exactly 10 pt tall (hhea 800 / −200 / 0). Expectations are hand arithmetic.
struct LineBreakerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let width: Double
        let lines: [String]
        let widths: [Double]
        let wordBroken: Bool
        var strategy: LineBreakStrategy = .standard
        var testDescription: String {
            "\"\(text)\" in \(width) pt" + (strategy == .standard ? "" : " (\(strategy.shortName))")
        }
    }

    static let cases: [Case] = [
        // 11 characters = 110 pt: width exactly equal to the text's width fits on one line.
        Case(text: "Hello world", width: 110, lines: ["Hello world"], widths: [110], wordBroken: false),
        // A hair narrower: break after the space; the space hangs (line width 50, not 60).
        Case(text: "Hello world", width: 109.99, lines: ["Hello ", "world"], widths: [50, 50], wordBroken: false),
        // Trailing spaces hang: 5 letters + 3 spaces fit in 50 pt.
        Case(text: "Hello   ", width: 50, lines: ["Hello   "], widths: [50], wordBroken: false),
        Case(text: "Hello   world", width: 80, lines: ["Hello   ", "world"], widths: [50, 50], wordBroken: false),
        // A German compound wider than the line is split between graphemes, 10 per 100 pt line.
        Case(text: "Donaudampfschifffahrt", width: 100, lines: ["Donaudampf", "schifffahr", "t"], widths: [100, 100, 10], wordBroken: true),
        // The word before it still breaks at the space first (NSLineBreakByWordWrapping).
        Case(text: "Hi Donaudampfschifffahrt", width: 100, lines: ["Hi ", "Donaudampf", "schifffahr", "t"], widths: [20, 100, 100, 10], wordBroken: true),
        // Hyphens are break opportunities (UAX #14 class HY).
        Case(text: "Home-Bildschirm", width: 100, lines: ["Home-", "Bildschirm"], widths: [50, 100], wordBroken: false),
        // Mandatory breaks end lines; a final newline adds no empty line.
        Case(text: "ab\ncd", width: 1000, lines: ["ab\n", "cd"], widths: [20, 20], wordBroken: false),
        Case(text: "ab\u{2028}cd", width: 1000, lines: ["ab\u{2028}", "cd"], widths: [20, 20], wordBroken: false),
        Case(text: "ab\n", width: 1000, lines: ["ab\n"], widths: [20], wordBroken: false),
        Case(text: "ab\n\ncd", width: 1000, lines: ["ab\n", "\n", "cd"], widths: [20, 0, 20], wordBroken: false),
        // A combining accent stays with its base: "é" (e + U+0301) is one grapheme of one em.
        Case(text: "e\u{301}e\u{301}e\u{301}", width: 20, lines: ["e\u{301}e\u{301}", "e\u{301}"], widths: [20, 10], wordBroken: true),
        // A line narrower than one character still holds one grapheme (and overflows).
        Case(text: "ab", width: 5, lines: ["a", "b"], widths: [10, 10], wordBroken: true),
        // A zero-width space draws nothing and is an opportunity after it (UAX #14 LB8): "aaaa" fills the line
        // exactly, the break after the ZWSP adds nothing (HarfBuzz's hidden glyph is not kerning to drop).
        Case(text: "aaaa\u{200B}bbbb", width: 40, lines: ["aaaa\u{200B}", "bbbb"], widths: [40, 40], wordBroken: false),
        // A soft hyphen has no width inside a line (8 × 10 = 80)...
        Case(text: "aaaa\u{AD}bbbb", width: 80, lines: ["aaaa\u{AD}bbbb"], widths: [80], wordBroken: false),
        // ...ICU's opportunity is after it, and a line ending there draws a hyphen, OneEm's "-" (10): 40 + 10 = 50.
        Case(text: "aaaa\u{AD}bbbb", width: 50, lines: ["aaaa\u{AD}", "bbbb"], widths: [50, 40], wordBroken: false),
        // A hair narrower the hyphenated line does not fit: the word is broken, never before the soft hyphen (no line
        // starts with one), so after "aaa" (30); "a" + hyphen = 20, then "bbbb" (40).
        Case(text: "aaaa\u{AD}bbbb", width: 49.99, lines: ["aaa", "a\u{AD}", "bbbb"], widths: [30, 20, 40], wordBroken: true),
        // At the end of the text no line breaks after the soft hyphen: no hyphen is drawn (40, not 50).
        Case(text: "aaaa\u{AD}", width: 40, lines: ["aaaa\u{AD}"], widths: [40], wordBroken: false),
        // No-break space is not a break opportunity.
        Case(text: "10\u{A0}km away", width: 60, lines: ["10\u{A0}km ", "away"], widths: [50, 40], wordBroken: false),
    ]

    @Test(arguments: cases)
    func breaksLikeUIKitWordWrapping(_ c: Case) throws {
        let report = try TestSupport.fit(c.text, font: .file(TestSupport.oneEm, size: 10), width: c.width)
        let result = try #require(report.results.first)
        #expect(TestSupport.lineTexts(c.text, result) == c.lines)
        #expect(result.lineWidths == c.widths)
        #expect(result.wordBroken == c.wordBroken)
    }

    @Test func emptyStringHasNoLinesAndFits() throws {
        let report = try TestSupport.fit("", font: .file(TestSupport.oneEm, size: 10), width: 10, lines: 1, height: 0)
        let result = try #require(report.results.first)
        #expect(result.lineCount == 0)
        #expect(result.height == 0)
        #expect(result.verdict == .fits)
    }

    @Test func kerningFromGPOSIsApplied() throws {
        // "AV" = 1000 + 1000 − 200 (the font's only kerning pair) = 1800 units = 18 pt at size 10.
        let report = try TestSupport.fit("AVA", font: .file(TestSupport.oneEm, size: 10))
        #expect(report.results.first?.lineWidths == [28])
    }

    @Test func lineBreakOffsetsAreUTF16() throws {
        // "😀" is two UTF-16 code units; the second line starts at offset 3 ("😀 " = 2 + 1).
        let text = "😀 ab"
        let report = try TestSupport.fit(text, font: .file(TestSupport.oneEm, size: 10), width: 20)
        let result = try #require(report.results.first)
        #expect(result.lineBreaks == [3])
    }

    /// Hangul on OneEm at size 10 falls back to Noto Sans CJK (the stand-in for Apple SD Gothic Neo): each syllable is
    /// 920/1000 em = 9.2 pt; "." "!" and the space are OneEm's 10 pt. ICU's Korean opportunities in "잘못되었습니다.":
    /// between any two syllables, none before the "." (UAX #14 LB13).
    static let hangulCases: [Case] = [
        // 7 × 9.2 + 10 = 74.4: exactly one line.
        Case(text: "잘못되었습니다.", width: 74.4, lines: ["잘못되었습니다."], widths: [74.4],
             wordBroken: false, strategy: .standard),
        // A hair narrower: the word no longer fits; it breaks where ICU allows, "잘못되었습니" (6 × 9.2 = 55.2) and
        // "다." (19.2), not before the "." ("잘못되었습니다" 64.4 fits, but a line may not start with ".").
        Case(text: "잘못되었습니다.", width: 74.39, lines: ["잘못되었습니", "다."],
             widths: [55.2, 19.2], wordBroken: false, strategy: .standard),
        Case(text: "잘못되었습니다!", width: 74.39, lines: ["잘못되었습니", "다!"],
             widths: [55.2, 19.2], wordBroken: false, strategy: .hangulWordPriority),
        // Narrower than 55.2: five syllables (46) and "니다." (2 × 9.2 + 10 = 28.4).
        Case(text: "잘못되었습니다.", width: 55.19, lines: ["잘못되었습", "니다."],
             widths: [46, 28.4], wordBroken: false, strategy: .standard),
        // 19.2 still holds "다.": two syllables a line.
        Case(text: "잘못되었습니다.", width: 19.2, lines: ["잘못", "되었", "습니", "다."],
             widths: [18.4, 18.4, 18.4, 19.2], wordBroken: false, strategy: .standard),
        // Below 19.2 no opportunity of ICU's fits "다.": only then is the word broken, between graphemes.
        Case(text: "잘못되었습니다.", width: 19.19, lines: ["잘못", "되었", "습니", "다", "."],
             widths: [18.4, 18.4, 18.4, 9.2, 10], wordBroken: true, strategy: .standard),
        // Word priority first: the word moves down whole ("서명이 " hangs its space: 27.6), then breaks on its own line.
        Case(text: "서명이 잘못되었습니다.", width: 74.39, lines: ["서명이 ", "잘못되었습니", "다."],
             widths: [27.6, 55.2, 19.2], wordBroken: false, strategy: .standard),
        // Without the strategy, ICU's opportunities fill the line: 27.6 + 10 + 3 × 9.2 = 65.2, then 4 × 9.2 + 10 = 46.8.
        Case(text: "서명이 잘못되었습니다.", width: 74.39, lines: ["서명이 잘못되", "었습니다."],
             widths: [65.2, 46.8], wordBroken: false, strategy: .none),
    ]

    @Test(arguments: hangulCases)
    func hangulWordWiderThanTheLineBreaksWhereICUAllows(_ c: Case) throws {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: c.text, font: .file(TestSupport.oneEm, size: 10), container: Container(width: c.width, lineLimit: 0),
            language: "ko", label: LabelBehavior(lineBreakStrategy: c.strategy)
        ))
        let result = try #require(report.results.first)
        #expect(TestSupport.lineTexts(c.text, result) == c.lines)
        #expect(result.lineWidths.count == c.widths.count)
        for (width, expected) in zip(result.lineWidths, c.widths) { #expect(abs(width - expected) < 1e-9) }
        #expect(result.wordBroken == c.wordBroken)
    }

    /// Wrapping by character never breaks before a soft hyphen either: "aaa" (the boundary after the fourth "a" is
    /// not one, and "aaaa" + hyphen = 50 > 40), then "a" + the invisible soft hyphen + "bbb" = 40, then "b" (no
    /// push-out, which would move a "b" down).
    @Test func charWrappingNeverStartsALineWithASoftHyphen() throws {
        let text = "aaaa\u{AD}bbbb"
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: text, font: .file(TestSupport.oneEm, size: 10), container: Container(width: 40, lineLimit: 0),
            label: LabelBehavior(lineBreakMode: .charWrapping, lineBreakStrategy: .none)
        ))
        let result = try #require(report.results.first)
        #expect(TestSupport.lineTexts(text, result) == ["aaa", "a\u{AD}bbb", "b"])
        #expect(result.lineWidths == [30, 40, 10])
    }

    /// In the system font a line ending after a soft hyphen is as wide as the text before it and "-" set alone
    /// (SF's measured advances): "Geschwindigkeits\u{AD}begrenzung" fits on two lines from exactly that width, and a
    /// hair narrower it is a broken word with no line starting with the soft hyphen (the trial had "\u{AD}begrenzung"
    /// on line 2 at 136 pt, the soft hyphen 5.001 pt wide).
    @Test func softHyphenDrawsSFsHyphenAtALineEnd() throws {
        let engine = try TestSupport.engine()
        func fit(_ text: String, width: Double = 100_000) throws -> CategoryResult {
            let report = try engine.fit(FitRequest(
                text: text, font: .textStyle(.body), container: Container(width: width, lineLimit: 0), categories: [.large]
            ))
            return try #require(report.results.first)
        }
        let word = try fit("Geschwindigkeits").lineWidths[0]
        let hyphen = try fit("-").lineWidths[0]
        let text = "Geschwindigkeits\u{AD}begrenzung"
        let whole = try fit(text)
        #expect(whole.lineWidths == [try fit("Geschwindigkeitsbegrenzung").lineWidths[0]])
        let exact = try fit(text, width: word + hyphen)
        #expect(TestSupport.lineTexts(text, exact) == ["Geschwindigkeits\u{AD}", "begrenzung"])
        #expect(abs(exact.lineWidths[0] - (word + hyphen)) < 1e-9)
        #expect(exact.verdict == .fits)
        let narrower = try fit(text, width: word + hyphen - 0.001)
        #expect(narrower.verdict == .fitsWithWordBroken)
        for line in TestSupport.lineTexts(text, narrower) { #expect(!line.hasPrefix("\u{AD}")) }
        // A lone soft hyphen is never a line: "aaaa\u{AD}bbbb" in 40 pt was [35.793, 5.001, 30.032, 10.011].
        let short = try fit("aaaa\u{AD}bbbb", width: 40)
        for line in TestSupport.lineTexts("aaaa\u{AD}bbbb", short) {
            #expect(line != "\u{AD}")
            #expect(!line.hasPrefix("\u{AD}"))
        }
    }
}
