import LayoutSimBreaking
@testable import LayoutSimFitting
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont
import LayoutSimTestSupport
import Testing

/// ``LineBreaker/lineStats(_:advances:width:breaks:pushOut:edges:)`` (what a verdict reads, no line made) against the
/// lines ``LineBreaker/breakLines(_:advances:width:breaks:pushOut:edges:)`` makes, counted and measured here: on
/// generated texts in Latin, Thai, Arabic and Devanagari with spaces, long words, hyphens and mandatory breaks, at
/// every category's size, at widths from narrower than a letter to wider than the text, with and without push-out.
struct LineStatsTests {
    static let words: [String: [String]] = [
        "de": ["Einstellungen", "Konto", "Datenschutz", "Benachrichtigungseinstellungen", "ab", "Wi-Fi", "und", "ändern"],
        "th": ["การตั้งค่า", "บัญชี", "ความเป็นส่วนตัว", "การแจ้งเตือน", "ดาวน์โหลด", "น้ำ", "ยกเลิก"],
        "ar": ["الإعدادات", "الحساب", "الخصوصية", "إشعار", "تنزيل", "رسالة", "متابعة"],
        "hi": ["सेटिंग्स", "खाता", "गोपनीयता", "सूचना", "डाउनलोड", "क्षत्रिय", "और"],
    ]

    @Test func statsAreTheLinesCountedAndMeasured() throws {
        let engine = try TestSupport.engine()
        var generator = Generator(seed: 0x11E5)
        var compared = 0
        var pushedOut = 0
        var wordBroken = 0
        // Texts that fit on one line (the statistics' shortcut, ``LineBreaker/lineStats``): measured as the fill does.
        var oneLine = 0
        for round in 0..<160 {
            let language = ["de", "th", "ar", "hi"][round % 4]
            let pool = Self.words[language] ?? []
            var text = ""
            for index in 0..<(1 + generator.next(9)) {
                if index > 0 { text += ["  ", " ", " ", " ", "\n", " ", "-", " \u{2028}"][generator.next(8)] }
                text += pool[generator.next(pool.count)]
            }
            let request = FitRequest(text: text, font: .textStyle(.body), container: Container(width: 100, lineLimit: 0),
                                     language: language)
            let plan = try Fitter.plan(request)
            let source = try engine.advanceSource(request, plan: plan)
            let breaks = source.text.breaks
            for step in plan where step.category.map({ $0.rawValue % 3 == round % 3 }) ?? true {
                let (advances, edges) = source.memo.at(step.pointSize, source)
                for width in [4.0, 30, 61.5, 100, 143, 200, 375, 2000] {
                    for pushOut in [false, true] {
                        let lines = LineBreaker.breakLines(source.text, advances: advances, width: width, breaks: breaks,
                                                           pushOut: pushOut, edges: edges).lines
                        let stats = LineBreaker.lineStats(source.text, advances: advances, width: width, breaks: breaks,
                                                          pushOut: pushOut, edges: edges)
                        var widest = 0.0
                        for line in lines { widest = max(widest, line.width) }
                        #expect(stats.count == lines.count, "\(text) at \(width)")
                        #expect(stats.widest == widest, "\(text) at \(width)")
                        #expect(stats.endsMidWord == lines.contains { $0.endsMidWord }, "\(text) at \(width)")
                        if pushOut, lines != LineBreaker.breakLines(source.text, advances: advances, width: width,
                                                                    breaks: breaks, edges: edges).lines {
                            pushedOut += 1
                        }
                        if stats.endsMidWord { wordBroken += 1 }
                        if lines.count == 1 && !source.text.containsMandatoryBreak { oneLine += 1 }
                        compared += 1
                    }
                }
            }
        }
        // Push-out changed lines, words were split, and texts fit on one line often enough for the comparison to mean
        // something.
        #expect(compared > 5_000 && pushedOut > 100 && wordBroken > 500 && oneLine > 500)
    }

    /// A text whose line-edge changes are all in one face (Arabic's joining forms in Noto Sans Arabic) keeps them in
    /// font units with that face's scale at each size (``SizeMemo``): every change is bit for bit the one converting
    /// them change by change gives (``AdvanceSource/edges(size:into:)``), at every category's size; texts with
    /// changes in the SF model's clusters (German's kerning) are converted as before.
    @Test func oneFaceEdgesAreTheConvertedOnes() throws {
        let engine = try TestSupport.engine()
        var uniform = 0
        for (text, language) in [("الإعدادات الحساب الخصوصية", "ar"), ("رسالة متابعة تنزيل إشعار", "ar"),
                                 ("Einstellungen Datenschutz Wi-Fi", "de"), ("การตั้งค่า บัญชี", "th")] {
            let request = FitRequest(text: text, font: .textStyle(.body), container: Container(width: 100, lineLimit: 0),
                                     language: language)
            let plan = try Fitter.plan(request)
            let source = try engine.advanceSource(request, plan: plan)
            if source.singleEdgeFace() != nil { uniform += 1 }
            for step in plan {
                let (_, kept) = source.memo.at(step.pointSize, source)
                var converted = EdgeAdvances()
                source.edges(size: step.pointSize, into: &converted)
                #expect(converted.scale == 1)
                for i in 0..<source.text.clusterCount {
                    #expect(kept.atStart(i).bitPattern == converted.atStart(i).bitPattern || kept.atStart(i) == 0,
                            "\(text) \(i) at \(step.pointSize)")
                    #expect(kept.atEnd(i).bitPattern == converted.atEnd(i).bitPattern || kept.atEnd(i) == 0,
                            "\(text) \(i) at \(step.pointSize)")
                    #expect(kept.atStart(i) == converted.atStart(i) && kept.atEnd(i) == converted.atEnd(i))
                }
            }
        }
        // Both Arabic texts take the one-face path (and their changes are not all zero); German does not.
        #expect(uniform == 2)
    }
}

/// A small deterministic generator (SplitMix64): the same texts on every run.
struct Generator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
