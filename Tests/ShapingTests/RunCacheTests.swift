import LayoutSimFitting
import LayoutSimModel
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// Short runs are shaped once per face, setting and class of their contexts and moved to each run's offset
/// (``Shaper/shapeRun(_:range:face:language:rightToLeft:harfBuzzScript:contextualAlternates:tracking:)``): every text
/// measures as it does when each run is shaped where it is. Texts of words that recur in other texts and other
/// places: Thai, Arabic (right to left, joining: next to spaces, Latin, digits, N'Ko and Syriac letters that join
/// across the run's edge, ZWJ, marks), Devanagari, Hebrew, CJK, Latin; spaces at the ends, runs of them, no-break
/// spaces, line separators; several languages and weights.
struct RunCacheTests {
    @Test func runsShapeAsWhereTheyAre() throws {
        let cached = try TestSupport.engine()
        let fresh = try TestSupport.engine()
        fresh.measurer.shaper.reusesRuns = false
        let words = ["ไทย", "การตั้งค่า", "عربي", "الإعدادات", "لا", "سَلام", "सेटिंग्स", "गोपनीयता", "और", "שלום", "日本語",
                     "abc", "12", "ก\u{0E31}", "\u{064E}", "\u{07CA}\u{07CB}", "\u{0710}\u{0712}", "\u{200D}", "\u{0640}"]
        let gaps = ["", " ", "  ", "   ", "\u{A0}", " \u{A0} ", "\n ", " \u{2028}", "-", ": "]
        var state: UInt64 = 0x5EAC
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var compared = 0
        for round in 0..<600 {
            var text = round % 5 == 0 ? " " : ""
            for index in 0..<(1 + next(5)) {
                if index > 0 { text += gaps[next(gaps.count)] }
                text += words[next(words.count)]
            }
            if round % 7 == 0 { text += "  " }
            let language = ["th", "ar", "hi", "he", "ja", "en", nil][next(7)]
            for weight in [FontWeight.regular, .bold] {
                let a = try cached.measure(text, font: .textStyle(.body), weight: weight, language: language)
                let b = try fresh.measure(text, font: .textStyle(.body), weight: weight, language: language)
                #expect(a.runs == b.runs, "\(text)")
                #expect(a.advanceUnits == b.advanceUnits && a.kerningUnits == b.kerningUnits, "\(text)")
                #expect(a.edgeUnits.start == b.edgeUnits.start && a.edgeUnits.end == b.edgeUnits.end, "\(text)")
                compared += 1
            }
        }
        // Thousands of runs came from the cache (of ~6,500 shaping calls, line edges included).
        #expect(compared == 1_200 && cached.shapeCallCount + 1_500 < fresh.shapeCallCount)
    }

    /// A run whose neighbour across its edge joins (an N'Ko letter after Arabic letters) takes another form than
    /// next to a space: the two are kept apart.
    @Test func aJoiningNeighbourIsAnotherContext() throws {
        let engine = try TestSupport.engine()
        let spaced = try engine.measure("عربي عربي", font: .textStyle(.body), weight: .regular, language: "ar")
        let joined = try engine.measure("عربي\u{07CA}", font: .textStyle(.body), weight: .regular, language: "ar")
        let spacedAgain = try engine.measure("x عربي", font: .textStyle(.body), weight: .regular, language: "ar")
        #expect(spaced.runs[0].run.glyphs.map(\.glyphID) != joined.runs[0].run.glyphs.map(\.glyphID))
        #expect(spaced.runs[0].run.glyphs.map(\.glyphID) == spacedAgain.runs.last?.run.glyphs.map(\.glyphID))
    }
}
