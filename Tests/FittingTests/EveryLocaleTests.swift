import LayoutSimFitting
import LayoutSimModel
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// Japanese, Chinese, Korean and emoji in the system font, measured as iOS measures them. Expected numbers come from
/// the fonts (uharfbuzz and fontTools on the bundled files), ICU's line breaking called directly (a 20-line C
/// program against libicu: `ubrk_open(UBRK_LINE, "ja", …)` gives boundaries 0 1 2 3 4 5 6 7 8 for プロキシサーバー,
/// `"ja@lb=strict"` and the root locale 0 1 2 3 4 6 8) and the published measurements quoted with each test.
struct EveryLocaleTests {
    func line(_ text: String, language: String?, size: Double = 17, width: Double = 1000,
              calibrated: Bool = true) throws -> CategoryResult {
        var request = FitRequest(
            text: text, font: .system(size: size), container: Container(width: width, lineLimit: 0), language: language
        )
        request.calibratesStandIns = calibrated
        let report = try TestSupport.engine().fit(request)
        #expect(report.missingGlyphs.isEmpty, "\(text)")
        return try #require(report.results.first)
    }

    /// Ideographs and kana are 1000/1000 em in Noto Sans CJK (hmtx) and in Hiragino Sans on macOS; PingFang on iOS
    /// sets Chinese ideographs at 1.02 em (你 14.28 at 14 pt, 中 16.32 at 16 pt). Hangul syllables are 920/1000 em in
    /// Noto Sans CJK KR, kept as they are (no public Apple SD Gothic Neo measurement).
    @Test func cjkWidths() throws {
        #expect(abs(try line("日本語", language: "ja").lineWidths[0] - 3 * 17) < 1e-9)
        #expect(abs(try line("中文", language: "zh-Hans").lineWidths[0] - 2 * 17 * 1.02) < 1e-9)
        #expect(abs(try line("中文", language: "zh-Hans", calibrated: false).lineWidths[0] - 2 * 17) < 1e-9)
        #expect(abs(try line("한국어", language: "ko").lineWidths[0] - 3 * 0.92 * 17) < 1e-9)
    }

    /// A CJK line keeps SF's line box (1.193359375 em: 20.287109375 at 17 pt, rounded up to 20⅓ on a 3× screen):
    /// the ideographs' ink (at most 880/1000 em up, 120/1000 down) is inside it.
    @Test func cjkLinesKeepSFsLineHeight() throws {
        let result = try line("日本語の設定", language: "ja")
        #expect(abs(result.lineBoxes[0].height - 1.193359375 * 17) < 1e-9)
    }

    /// Han glyphs follow the language through the font's `locl` feature: 直 is glyph 26663 in Japanese and Korean,
    /// 26664 in Simplified and Traditional Chinese, 26665 for Hong Kong (uharfbuzz on NotoSansCJK-Regular.otf).
    @Test func hanVariantsFollowTheLanguage() throws {
        let engine = try TestSupport.engine()
        func glyph(_ language: String) throws -> UInt32? {
            try engine.measure("直", font: .system(size: 17), weight: .regular, language: language).runs.first?.run.glyphs.first?.glyphID
        }
        #expect(try glyph("ja") == 26663)
        #expect(try glyph("ko") == 26663)
        #expect(try glyph("zh-Hans") == 26664)
        #expect(try glyph("zh-Hant") == 26664)
        #expect(try glyph("zh-HK") == 26665)
    }

    /// An emoji is drawn at iOS's emoji size, 0.5 × 17 + 12 = 20.5 pt at 17 pt (1.25 × size below 16 pt, the size
    /// above 24 pt), with 0.75 pt around it; a skin-tone sequence, a flag, a keycap and a family are one emoji each.
    /// The line grows to Apple Color Emoji's box at that size: 1.0 em above and 0.3125 em below the baseline.
    @Test func emojiAtIOSsEmojiSize() throws {
        let one: Double = 20.5 + 0.75
        let result = try line("👋🏽🇯🇵1️⃣👨‍👩‍👧", language: "en")
        let width: Double = result.lineWidths[0]
        #expect(abs(width - 4 * one) < 1e-9)
        let height: Double = result.lineBoxes[0].height
        #expect(abs(height - 20.5 * 1.3125) < 1e-9)
        let small: Double = try line("👋", language: "en", size: 12).lineWidths[0]
        #expect(abs(small - (1.25 * 12 + 0.75)) < 1e-9)
        let large: Double = try line("👋", language: "en", size: 30).lineWidths[0]
        #expect(abs(large - (30 + 0.75)) < 1e-9)
        let plain: Double = try line("👋", language: "en", calibrated: false).lineWidths[0]
        #expect(abs(plain - 17) < 1e-9)
    }

    /// No line starts with a small kana or ー by default (iOS for untagged text): 5 × 17 = 85 pt fits プロキシサ, but
    /// ー may not start the next line, so the break moves back to プロキシ|サーバー. With the `normal` rules (a
    /// typesetting language set), ICU's `ja` rules break before ー.
    @Test func japaneseLineStartsAreStrictByDefault() throws {
        let engine = try TestSupport.engine()
        func breaks(_ rules: LineBreakRules) throws -> [Int] {
            var request = FitRequest(
                text: "プロキシサーバー", font: .system(size: 17), container: Container(width: 85.5, lineLimit: 0),
                language: "ja"
            )
            request.lineBreakRules = rules
            return try #require(try engine.fit(request).results.first).lineBreaks
        }
        #expect(try breaks(.strict) == [4])
        #expect(try breaks(.normal) == [5])
    }

    /// Inter's `calt` makes one arrow glyph of "->", which SF does not: with it off, the break opportunity after
    /// the hyphen is there (ICU: `-` is class HY, a break may follow it) and no word is split at 160 pt.
    @Test func arrowsKeepTheirBreakOpportunities() throws {
        let result = try line("System->Administration->Services", language: "en", width: 160)
        #expect(!result.wordBroken)
        #expect(result.lineBreaks.first == "System->".utf16.count || result.lineBreaks.first == "System-".utf16.count)
    }
}
