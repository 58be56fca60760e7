import Foundation
import LayoutSimBreaking
import LayoutSimFitting
import LayoutSimICU
import LayoutSimModel
import LayoutSimReports
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// Thai, Arabic, Devanagari and Hebrew against values read independently of layoutsim (Fixtures/script-ink.json,
/// from Scripts/make_script_fixture.py): shaped advances from HarfBuzz's hb-shape tool, glyph bounds from the
/// fonts' glyf tables via fontTools, line breaks from ICU through PyICU.
struct TallScriptTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        let font: String
        let lang: String
        let text: String
        let unitsPerEm: Int
        let ascender: Int
        let descender: Int
        let shapedAdvanceUnits: Int
        let inkTopUnits: Int
        let inkBottomUnits: Int
        let topClustersAll: [Int]
        let bottomClustersAll: [Int]
        let icuLineBreaks: [Int]
        var testDescription: String { "\(font): \(text)" }
    }
    struct Fixture: Decodable { let cases: [Case] }

    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: TestSupport.fixture("script-ink.json")),
              let fixture = try? JSONDecoder().decode(Fixture.self, from: data) else { return [] }
        return fixture.cases
    }()

    @Test func fixtureLoads() { #expect(Self.cases.count == 11) }

    /// Width, ink extents and break opportunities of each string in its own font.
    @Test(arguments: cases)
    func widthsInkAndBreaksMatchIndependentReadings(_ c: Case) throws {
        let engine = try TestSupport.engine()
        let size = 20.0
        let font = FontChoice.file(TestSupport.bundledFont(c.font), size: size)
        let scale = size / Double(c.unitsPerEm)
        let report = try engine.fit(FitRequest(
            text: c.text, font: font, container: Container(width: 10_000, lineLimit: 0), language: c.lang
        ))
        let result = try #require(report.results.first)
        #expect(report.missingGlyphs.isEmpty)
        #expect(result.lineCount == 1)
        #expect(abs(result.lineWidths[0] - Double(c.shapedAdvanceUnits) * scale) < 1e-9)
        let box = try #require(result.lineBoxes.first)
        #expect(abs((box.inkTop ?? .nan) - Double(c.inkTopUnits) * scale) < 1e-9)
        #expect(abs((box.inkBottom ?? .nan) + Double(c.inkBottomUnits) * scale) < 1e-9)
        #expect(c.topClustersAll.contains(box.inkTopOffset ?? -1))
        #expect(c.bottomClustersAll.contains(box.inkBottomOffset ?? -1))
        // Line breaks: ICU through layoutsim against ICU through PyICU.
        let locale = try TextBoundaries.icuLocale(forLanguageTag: c.lang)
        #expect(try TextBoundaries().lineBreaks(Array(c.text.utf16), locale: locale).map(\.offset) == c.icuLineBreaks)
    }

    /// ปั้น (stacked tone mark over an upper vowel) in a fixed 1.0× line height (20 pt at 20 pt): the baseline sits
    /// the descent (450/1000 × 20 = 9 pt) above the bottom, so at 11 pt; the ink top is 969/1000 × 20 = 19.38 pt
    /// above the baseline: 8.38 pt above the line box.
    @Test func thaiToneMarksOverflowAFixedLineHeight() throws {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: "ปั้น", font: .file(TestSupport.bundledFont("NotoSansThai-Regular.ttf"), size: 20),
            container: Container(width: 500, lineLimit: 0), lineHeight: .fixed(points: 20)
        ))
        let box = try #require(report.results.first?.lineBoxes.first)
        #expect(box.height == 20)
        #expect(abs(box.baseline - 11) < 1e-9)
        #expect(abs(box.overflowAbove - 8.38) < 1e-9)
        #expect(box.overflowBelow == 0)
        #expect(box.inkTopOffset == 0)
        // Ink out of a fixed-height line overlaps the line above (here: leaves the view): a failure, by 8.38 pt.
        guard case .inkOverlap(let by) = report.results.first?.verdict else {
            Issue.record("expected inkOverlap, got \(String(describing: report.results.first?.verdict))")
            return
        }
        #expect(abs(by - 8.38) < 1e-9)

        // When the view clips to its bounds, the ink above the first line is cut by the same 8.38 pt.
        let clipped = try engine.fit(FitRequest(
            text: "ปั้น", font: .file(TestSupport.bundledFont("NotoSansThai-Regular.ttf"), size: 20),
            container: Container(width: 500, lineLimit: 0), lineHeight: .fixed(points: 20), clipsToBounds: true
        ))
        let result = try #require(clipped.results.first)
        #expect(abs((result.inkClipped?.top ?? 0) - 8.38) < 1e-9)
        #expect(result.verdict == .inkClipped(by: result.inkClipped?.top ?? 0))
        #expect(!clipped.allPass)
    }

    /// Accents in the system font are measured at SF's proportions: the stand-in Inter draws its capitals taller (cap
    /// height 2048/2816 em against SF's 0.70458984375, UIFont.capHeight on iOS 26.1), so its ink is scaled by the
    /// ratio. É (Inter's ink top 2720 units, fontTools' bounds) then stays under SF's ascender (1950/2048) and is not
    /// clipped by a view that clips to its bounds; Vietnamese Ễ (2872 units) rises (2872/2816 × 0.70458984375 /
    /// (2048/2816) − 1950/2048) × 17 = 0.6108 pt above it, and is.
    @Test func systemFontInkIsMeasuredAtSFProportions() throws {
        let engine = try TestSupport.engine()
        func result(_ text: String) throws -> CategoryResult {
            try #require(try engine.fit(FitRequest(
                text: text, font: .textStyle(.body), container: Container(width: 500, lineLimit: 0),
                categories: [.large], clipsToBounds: true
            )).results.first)
        }
        let acute = try result("Élan")
        #expect(acute.verdict == .fits)
        #expect(abs((acute.lineBoxes.first?.inkTop ?? 0) - 2720.0 / 2816 * 0.70458984375 / (2048.0 / 2816) * 17) < 1e-6)
        let stacked = try result("Ễ")
        let expected = (2872.0 / 2816 * 0.70458984375 / (2048.0 / 2816) - 1950.0 / 2048) * 17
        guard case .inkClipped(let by) = stacked.verdict else {
            Issue.record("expected inkClipped, got \(stacked.verdict)")
            return
        }
        #expect(abs(by - expected) < 1e-6)
    }

    /// Thai in the system font falls back to Noto Sans Thai. With the typographic policy the line box is SF's
    /// (ascender 1950/2048 em), so ปั้น's ink (969/1000 em) rises (0.969 − 0.9521484375) × 17 pt above it; the
    /// letterform-aware default grows SF's box to that ink, not to Noto Sans Thai's design box (1061/−450 of 1000,
    /// which is not Thonburi's): ascender 0.969 em, SF's descender 494/2048 em (the ink's lowest point, −10/1000 em,
    /// is above it).
    @Test func systemFontLinesGrowForThai() throws {
        let engine = try TestSupport.engine()
        func box(_ policy: LineHeightPolicy) throws -> (LineBox, FitReport) {
            let report = try engine.fit(FitRequest(
                text: "ปั้น", font: .textStyle(.body), container: Container(width: 500, lineLimit: 0),
                categories: [.large], language: "th", lineHeight: policy
            ))
            return (try #require(report.results.first?.lineBoxes.first), report)
        }
        let (typographic, report) = try box(.typographic)
        #expect(abs(typographic.overflowAbove - (0.969 - 0.9521484375) * 17) < 1e-9)
        #expect(abs(typographic.height - 1.193359375 * 17) < 1e-9)
        #expect(report.fontFiles.map(\.name) == ["Fonts/Inter-Regular.otf", "Fonts/NotoSansThai-Regular.ttf"])
        let (aware, _) = try box(.default)
        #expect(aware.overflowAbove == 0)
        #expect(abs(aware.height - (0.969 + 494.0 / 2048) * 17) < 1e-9)
    }

    /// An Arabic sentence with Arabic-Indic digits and an embedded Latin word: the Arabic stays one run in Noto Sans
    /// Arabic (its width is hb-shape's for the whole phrase, so joining is intact), "Dropbox" falls to the SF model,
    /// and line breaks are logical UTF-16 offsets.
    @Test func arabicWithDigitsAndLatin() throws {
        let engine = try TestSupport.engine()
        let arabic = try #require(Self.cases.first { $0.text == "تم تنزيل ٣ ملفات" })
        let text = arabic.text + " من Dropbox"
        let size = 20.0
        let font = FontChoice(face: .file(path: TestSupport.bundledFont("NotoSansArabic-Regular.ttf"), faceIndex: 0),
                              sizing: .fixed(pointSize: size))
        let report = try engine.fit(FitRequest(text: text, font: font, container: Container(width: 10_000, lineLimit: 0), language: "ar"))
        let phrase = try engine.fit(FitRequest(text: arabic.text, font: font, container: Container(width: 10_000, lineLimit: 0), language: "ar"))
        #expect(abs((phrase.results.first?.lineWidths.first ?? 0) - Double(arabic.shapedAdvanceUnits) * size / 1000) < 1e-9)
        #expect(report.missingGlyphs.isEmpty)
        #expect(report.fontFiles.map(\.name).contains("Fonts/Inter-Regular.otf"))
        // Narrow: lines break only at ICU's opportunities (the phrase's [3, 9, 11], then after "ملفات " at 17 and
        // "من " at 20), as logical UTF-16 offsets; "Dropbox" ends up whole on the last line.
        let narrow = try engine.fit(FitRequest(text: text, font: font, container: Container(width: 80, lineLimit: 0), language: "ar"))
        let result = try #require(narrow.results.first)
        #expect(result.lineCount > 2)
        #expect(Set(result.lineBreaks).isSubset(of: [3, 9, 11, 17, 20]))
        #expect(!result.wordBroken)
        #expect(TestSupport.lineTexts(text, result).last == "Dropbox")
    }

    /// Devanagari at AX5 (body 53 pt) in the system font: breaks where ICU says; matra descents (−268/1000 em) fall
    /// below SF's descender (494/2048 em) by (0.268 − 0.2412109375) × 53 pt with the typographic policy.
    @Test func devanagariAtAX5() throws {
        let engine = try TestSupport.engine()
        let c = try #require(Self.cases.first { $0.text == "सेटिंग्स में अधिसूचनाएँ चालू करें" })
        let report = try engine.fit(FitRequest(
            text: c.text, font: .textStyle(.body), container: Container(width: 343, lineLimit: 0),
            categories: [.accessibility5], language: "hi", lineHeight: .typographic
        ))
        let result = try #require(report.results.first)
        #expect(result.pointSize == 53)
        #expect(Set(result.lineBreaks).isSubset(of: Set(c.icuLineBreaks)))
        #expect(!result.wordBroken)
        let total = result.lineWidths.reduce(0, +)
        // Each line's width is its words' advances (hanging spaces excluded): never more than the whole string's.
        #expect(total <= Double(c.shapedAdvanceUnits) * 53 / 1000 + 1e-9)
        let deepest = result.lineBoxes.map(\.overflowBelow).max() ?? 0
        #expect(abs(deepest - (0.268 - 0.2412109375) * 53) < 1e-9)
    }

    /// Hebrew is right to left; offsets stay logical.
    @Test func hebrewBreaksInLogicalOrder() throws {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: "שלום עולם", font: .file(TestSupport.bundledFont("NotoSansHebrew-Regular.ttf"), size: 20),
            container: Container(width: 50, lineLimit: 0), language: "he"
        ))
        let result = try #require(report.results.first)
        #expect(result.lineBreaks == [5])
        #expect(TestSupport.lineTexts("שלום עולם", result) == ["שלום ", "עולם"])
    }
}
