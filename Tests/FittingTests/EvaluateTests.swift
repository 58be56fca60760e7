import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// The engine's one answer (``LayoutEngine/evaluate(_:through:samples:)``): its facts against hand arithmetic on
/// OneEm (every character 1 em wide) and against the fit and remedy the engine gives on their own.
struct EvaluateTests {
    let oneEm10 = FontChoice.file(TestSupport.oneEm, size: 10)
    let oneEmBody = FontChoice(face: .file(path: TestSupport.oneEm, faceIndex: 0), sizing: .textStyle(.body))

    /// "abcde fghij" at 10 pt in 60 pt, one line: truncated; the remedy is the one `fit(_:remedyThrough:)` gives
    /// (110 pt: 11 characters); the budget is the 60 pt container, 110 pt of text, 50 pt of the sample "fghij".
    @Test func failureRemedyAndBudgetAtAFixedSize() throws {
        let engine = try TestSupport.engine()
        let request = FitRequest(text: "abcde fghij", font: oneEm10, container: Container(width: 60, lineLimit: 1))
        let evaluation = try engine.evaluate(request, through: .accessibility5, samples: [6..<11])
        #expect(!evaluation.fits)
        #expect(evaluation.requiredFailure?.verdict == .truncated(hiddenLines: 1))
        #expect(evaluation.report.results == (try engine.fit(request).results))
        let remedy = try #require(evaluation.remedy)
        #expect(remedy == (try engine.fit(request, remedyThrough: .accessibility5).remedy))
        #expect(remedy.neededWidth == 110)
        #expect(evaluation.remedyContainer == request.container)
        let budget = try #require(evaluation.budget)
        #expect(budget.category == nil)
        #expect(budget.pointSize == 10)
        #expect(budget.container.width == 60 && budget.container.lineLimit == 1)
        #expect(budget.textWidth == 110)
        #expect(budget.samplesWidth == 50)
        // OneEm is no stand-in: no width of it can be off.
        #expect(evaluation.near == nil)
    }

    /// Scaled like body from 17 pt: 11 × 48 pt = 528 pt at accessibility5 does not fit 300 pt on one line; at
    /// xxxLarge (17 × 29 / 22 in body's leadings, to the nearest third: 67/3 pt) 11 × 67/3 = 737/3 pt does. Through accessibility5 the remedy is `fit(_:remedyThrough:)`'s and the budget is
    /// at accessibility5; through xxxLarge it fits, and the budget is there.
    @Test func theRequirementChoosesTheFailureAndTheBudget() throws {
        let engine = try TestSupport.engine()
        let request = FitRequest(text: "abcde fghij", font: oneEmBody, container: Container(width: 300, lineLimit: 1))
        let all = try engine.evaluate(request, through: .accessibility5)
        #expect(all.remedy == (try engine.fit(request, remedyThrough: .accessibility5).remedy))
        #expect(all.remedy?.neededWidth == 528)
        #expect(all.requiredFailure?.category == all.report.firstFailure?.category)
        let budget = try #require(all.budget)
        #expect(budget.category == .accessibility5)
        #expect(abs(budget.pointSize - 48) < 1e-9)
        #expect(abs(budget.textWidth - 528) < 1e-9)

        let some = try engine.evaluate(request, through: .xxxLarge)
        #expect(some.fits)
        #expect(some.remedy == nil)
        #expect(some.budget?.category == .xxxLarge)
        #expect(abs((some.budget?.pointSize ?? 0) - 67.0 / 3) < 1e-9)
        #expect(abs((some.budget?.textWidth ?? 0) - 737.0 / 3) < 1e-9)
    }

    /// Arabic in its stand-in (Noto Sans Arabic, ±8 % from iOS's font): a pass with 2 % to spare is near, one with
    /// 20 % is not; a failure by 2 % is a near miss, needing the text's own width (on the 1/3 pt grid) and having the
    /// container's.
    @Test func nearVerdictsAreTheStandInsMargin() throws {
        let engine = try TestSupport.engine()
        let text = "مرحبا بالعالم"
        func request(width: Double) -> FitRequest {
            FitRequest(text: text, font: .system(size: 17), container: Container(width: width, lineLimit: 1), language: "ar")
        }
        let natural = try #require(try engine.fit(request(width: 10_000)).results.first?.lineWidths.first)

        let near = try engine.evaluate(request(width: natural * 1.02))
        guard case .pass(let category, let uncertainty)? = near.near else {
            Issue.record("no near pass: \(String(describing: near.near))")
            return
        }
        #expect(category == nil)
        #expect(uncertainty.fraction == 0.08)
        #expect(uncertainty.files.contains { $0.hasPrefix("NotoSansArabic") })
        #expect(try engine.evaluate(request(width: natural * 1.2)).near == nil)

        let room = natural / 1.02
        let miss = try engine.evaluate(request(width: room))
        #expect(!miss.fits)
        guard case .miss(let needed, let has, _)? = miss.near else {
            Issue.record("no near miss: \(String(describing: miss.near))")
            return
        }
        #expect(has == room)
        #expect(needed == (natural * 3 - 1e-9).rounded(.up) / 3)
    }
}
