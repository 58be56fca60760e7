import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// A report knows its first failing result, found as the fit made the results (a check reads it rather than the
/// results): it must be the first result that does not pass, read from the results themselves, with and without
/// word breaks allowed, in full and in a check's summaries, and none when all pass.
struct FirstFailingIndexTests {
    @Test func theFitsFirstFailureIsTheResultsOwn() throws {
        let engine = try TestSupport.engine()
        var failing = 0, passing = 0
        for (text, language) in [("Benachrichtigungen aktivieren", "de"), ("OK", "de"), ("الإعدادات والخصوصية", "ar"),
                                 ("Datenschutzeinstellungen", "de"), ("การตั้งค่าความเป็นส่วนตัว", "th")] {
            for width in [30.0, 90, 160, 400] {
                for lines in [0, 1, 2] {
                    for breaks in [false, true] {
                        var request = FitRequest(text: text, font: .textStyle(.body),
                                                 container: Container(width: width, lineLimit: lines), language: language)
                        request.allowsWordBreaks = breaks
                        for detail in [ResultDetail.full, .failures] {
                            let report = try engine.layOut(request, detail: detail).report
                            let scanned = report.results.firstIndex { !$0.passes(allowingWordBreaks: breaks) }
                            #expect(report.firstFailingIndex == scanned, "\(text) \(width) \(lines) \(breaks)")
                            if scanned == nil { passing += 1 } else { failing += 1 }
                        }
                    }
                }
            }
        }
        // Both kinds, often enough to mean something.
        #expect(failing > 50 && passing > 50)
    }
}
