import LayoutSimFitting
import LayoutSimModel
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// Runs of spaces are shaped once per face and setting and moved to each run's offset (``Shaper``): every text
/// measures as it does when each run is shaped where it is, in every script whose spaces go to another face (Thai,
/// Arabic right to left, Devanagari, Hebrew, CJK), in several languages, at the start, end and middle of a text,
/// one and several spaces, next to no-break spaces and marks.
struct SpaceRunTests {
    @Test func spacesShapeAsWhereTheyAre() throws {
        let cached = try TestSupport.engine()
        let fresh = try TestSupport.engine()
        fresh.measurer.shaper.reusesSpaceRuns = false
        let words = ["ไทย", "การตั้งค่า", "عربي", "الإعدادات", "सेटिंग्स", "गोपनीयता", "שלום", "日本語", "abc", "ก\u{0E31}", "\u{064E}"]
        let spaces = [" ", "  ", "   ", "\u{A0}", " \u{A0} ", "\n ", " \u{2028}"]
        var state: UInt64 = 0x5EAC
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var compared = 0
        for round in 0..<400 {
            var text = round % 5 == 0 ? " " : ""
            for index in 0..<(1 + next(5)) {
                if index > 0 { text += spaces[next(spaces.count)] }
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
        // Hundreds of runs of spaces came from the cache (of ~4,500 shaping calls, words and line edges included).
        #expect(compared == 800 && cached.shapeCallCount + 500 < fresh.shapeCallCount)
    }
}
