@testable import LayoutSimFitting
import LayoutSimModel
import LayoutSimSystemFont
import LayoutSimTestSupport
import Testing

/// The engine hands a text's size memo to the next text once no source uses it (``SizeMemo/reset()``): the advances
/// of a text laid out after others, shorter and longer, in other scripts, must be those a fresh engine gives, and a
/// memo still in use is never shared.
struct SizeMemoReuseTests {
    @Test func aReusedMemoGivesWhatAFreshOneGives() throws {
        let engine = try TestSupport.engine()
        let texts: [(String, String)] = [
            ("Benachrichtigungen aktivieren und Einstellungen öffnen", "de"), ("OK", "de"),
            ("الإعدادات والخصوصية للحساب", "ar"), ("การตั้งค่าความเป็นส่วนตัว", "th"),
            ("सेटिंग्स और गोपनीयता", "hi"), ("Abbrechen", "de"),
        ]
        // Identities, not references (a reference held here would keep the memo in use). A memo not reused is replaced
        // while the engine still holds the old one, so a new one is never at the old one's address.
        var lastMemo: ObjectIdentifier?
        var reused = 0
        for (text, language) in texts {
            let request = FitRequest(text: text, font: .textStyle(.body), container: Container(width: 120),
                                     language: language)
            let plan = try Fitter.plan(request)
            let source = try engine.advanceSource(request, plan: plan)
            if lastMemo == ObjectIdentifier(source.memo) { reused += 1 }
            lastMemo = ObjectIdentifier(source.memo)
            let fresh = try TestSupport.engine().advanceSource(request, plan: plan)
            for step in plan {
                #expect(source.memo.at(step.pointSize, source).0 == fresh.memo.at(step.pointSize, fresh).0, "\(text)")
            }
        }
        // Each text after the first took the memo of the one before: no source used it any more.
        #expect(reused == texts.count - 1)
        // Whole fits, one after the other on one engine (each reusing the memo of the fit before).
        for (text, language) in texts + texts.reversed() {
            let request = FitRequest(text: text, font: .textStyle(.body), container: Container(width: 120),
                                     language: language)
            #expect(try engine.fit(request).results == TestSupport.engine().fit(request).results, "\(text)")
        }

        // A source still in use keeps its memo: the next source gets another.
        let request = FitRequest(text: "Weiter", font: .textStyle(.body), container: Container(width: 120), language: "de")
        let plan = try Fitter.plan(request)
        let held = try engine.advanceSource(request, plan: plan)
        let next = try engine.advanceSource(request, plan: plan)
        #expect(held.memo !== next.memo)
    }
}
