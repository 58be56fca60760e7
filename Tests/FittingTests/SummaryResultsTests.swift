import LayoutSimBreaking
@testable import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// A check's fit (``ResultDetail/failures``) gives the same verdicts, sizes and lines as the full fit; passing
/// categories (with their label widths) and failing ones after the first are summaries, and only where no line box is
/// needed to tell.
struct SummaryResultsTests {
    /// Texts and containers that pass at small sizes and fail at large ones in every way the verdict can: truncated,
    /// clipped by a height or a word wider than the line, a word split, ink clipped, lines overlapping, shrunk,
    /// tightened; Latin, Thai, Arabic, Devanagari.
    static let requests: [FitRequest] = {
        let body = FontChoice.textStyle(.body)
        return [
            FitRequest(text: "Benachrichtigungen und Datenschutz", font: body, container: Container(width: 140, lineLimit: 0), language: "de"),
            FitRequest(text: "Benachrichtigungen und Datenschutz", font: body, container: Container(width: 140, lineLimit: 2), language: "de"),
            FitRequest(text: "Benachrichtigungen", font: body, container: Container(width: 120, lineLimit: 0), language: "de",
                       allowsWordBreaks: true),
            FitRequest(text: "Einstellungen ändern", font: body, container: Container(width: 150, height: 60, lineLimit: 0),
                       language: "de"),
            FitRequest(text: "ตั้งค่าการแจ้งเตือนและความเป็นส่วนตัว", font: body, container: Container(width: 160, lineLimit: 0), language: "th"),
            FitRequest(text: "ตั้งค่าการแจ้งเตือน", font: body, container: Container(width: 200, lineLimit: 1), language: "th",
                       clipsToBounds: true),
            FitRequest(text: "إعدادات الإشعارات والخصوصية", font: body,
                       container: Container(width: 150, lineLimit: 0, insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)),
                       language: "ar"),
            FitRequest(text: "सूचना और गोपनीयता सेटिंग्स", font: body, container: Container(width: 150, lineLimit: 0), language: "hi",
                       lineHeight: .fixed(points: 22)),
            FitRequest(text: "Save changes to this document", font: body, container: Container(width: 180, lineLimit: 1), language: "en",
                       label: LabelBehavior(minimumScaleFactor: 0.7)),
            FitRequest(text: "Save changes now", font: body, container: Container(width: 120, lineLimit: 1), language: "en",
                       label: LabelBehavior(allowsTightening: true)),
            FitRequest(text: "", font: body, container: Container(width: 100, lineLimit: 0), language: "en"),
        ]
    }()

    @Test func summariesAgreeWithTheFullFit() throws {
        let engine = try TestSupport.engine()
        var summaries = 0
        var failingSummaries = 0
        var full = 0
        for request in Self.requests {
            let whole = try engine.layOut(request).report
            let check = try engine.layOut(request, detail: .failures).report
            #expect(whole.results.count == check.results.count)
            #expect(whole.fitsThrough == check.fitsThrough)
            var failedBefore = false
            for (a, b) in zip(whole.results, check.results) {
                #expect(a.category == b.category && a.pointSize == b.pointSize && a.verdict == b.verdict)
                let passes = a.passes(allowingWordBreaks: request.allowsWordBreaks)
                // A passing summary's lines are not made: its shown line count says how many.
                #expect(b.isSummary && passes ? b.lines.isEmpty && b.shownLineCount == a.lines.count : a.lines == b.lines)
                #expect(a.scaleFactor == b.scaleFactor && a.tracking == b.tracking && a.shownLineCount == b.shownLineCount)
                #expect(a.visibleLineCount == b.visibleLineCount && a.lineHeight == b.lineHeight && a.weight == b.weight)
                #expect(!a.isSummary)
                if b.isSummary {
                    summaries += 1
                    #expect(request.container.height == nil && !request.clipsToBounds && request.lineHeight == .default)
                    #expect(b.displayedLines.isEmpty && b.lineBoxes.isEmpty)
                    if passes {
                        #expect(a.width == b.width && a.hiddenCharacters == b.hiddenCharacters)
                    } else {
                        // Only a failure after the first is a summary: a check reads the first one's details.
                        #expect(failedBefore)
                        #expect(a.wordBroken == b.wordBroken)
                        failingSummaries += 1
                    }
                } else {
                    full += 1
                    // Everything else is the full result, field for field.
                    #expect(a == b)
                }
                if !passes { failedBefore = true }
            }
        }
        // Every kind occurs: the requests above pass at some sizes and fail (or need their boxes) at others, and fail
        // at several sizes one after the other.
        #expect(summaries >= 20 && full >= 20 && failingSummaries >= 10)
    }

    /// The same on generated texts (Latin, Thai, Arabic, Devanagari; long words, mandatory breaks), line limits, line
    /// break strategies (push-out or not), shrinking and tightening, word breaks allowed or not: a passing category's
    /// summary, made from line statistics without the lines, has the verdict, size, line count and label width of the
    /// full result, and a check's verdicts are the full fit's.
    @Test func generatedSummariesAgreeWithTheFullFit() throws {
        let engine = try TestSupport.engine()
        let words = ["Einstellungen", "Datenschutz", "Benachrichtigungseinstellungen", "und", "การตั้งค่า", "ความเป็นส่วนตัว",
                     "الإعدادات", "الخصوصية", "सेटिंग्स", "गोपनीयता", "Wi-Fi"]
        var state: UInt64 = 0x5A11
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var passing = 0
        var failing = 0
        for round in 0..<120 {
            var text = ""
            for index in 0..<(1 + next(7)) {
                if index > 0 { text += [" ", " ", "\n", " "][next(4)] }
                text += words[next(words.count)]
            }
            var label = LabelBehavior(lineBreakStrategy: [.standard, .none, .pushOut][round % 3])
            if round % 5 == 1 { label.minimumScaleFactor = 0.8 }
            if round % 7 == 2 { label.allowsTightening = true }
            let request = FitRequest(
                text: text, font: .textStyle(.body),
                container: Container(width: [90.0, 150, 200, 320][next(4)], lineLimit: [0, 0, 1, 2, 3][next(5)]),
                language: ["de", "th", "ar", "hi"][next(4)], allowsWordBreaks: round % 4 == 3, label: label
            )
            let whole = try engine.layOut(request).report
            let check = try engine.layOut(request, detail: .failures).report
            #expect(whole.fitsThrough == check.fitsThrough)
            for (a, b) in zip(whole.results, check.results) {
                #expect(a.verdict == b.verdict && a.pointSize == b.pointSize && a.shownLineCount == b.shownLineCount)
                if a.passes(allowingWordBreaks: request.allowsWordBreaks) {
                    #expect(b.isSummary && b.lines.isEmpty && a.width == b.width && a.scaleFactor == b.scaleFactor)
                    passing += 1
                } else {
                    #expect(a.lines == b.lines)
                    failing += 1
                }
            }
        }
        #expect(passing > 300 && failing > 300)
    }

    /// A remedy's probe (``Fitter/passes(_:step:request:breaks:)``, one size at many widths, its advances kept)
    /// says what the full fit's verdict says, at every category and at widths from far too narrow to wide enough.
    @Test func probesAgreeWithTheFullVerdict() throws {
        let engine = try TestSupport.engine()
        var passing = 0
        var failing = 0
        for request in Self.requests {
            let plan = try Fitter.plan(request)
            let source = try engine.advanceSource(request, plan: plan)
            let breaks = LineBreaker.opportunities(source.text, byCharacter: false, strategy: request.label.lineBreakStrategy)
            for step in plan {
                for width in stride(from: 20.0, through: 420, by: 25) {
                    var changed = request
                    changed.container.width = width
                    let full = Fitter.fit(source, plan: [step], request: changed)[0].passes(allowingWordBreaks: request.allowsWordBreaks)
                    #expect(Fitter.passes(source, step: step, request: changed, breaks: breaks) == full)
                    if full { passing += 1 } else { failing += 1 }
                }
            }
        }
        #expect(passing >= 100 && failing >= 100)
    }
}
