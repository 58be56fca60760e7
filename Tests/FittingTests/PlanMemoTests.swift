@testable import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// The engine keeps the last plan (``LayoutEngine/plan(_:)``, what ``FitReport/plan`` holds): after requests that
/// differ in each thing a plan depends on, one at a time and back, every report's plan is the one ``Fitter/plan(_:)``
/// makes for its request, and a remedy that reads it gives what one that plans again gives.
struct PlanMemoTests {
    static let base = FitRequest(text: "Einstellungen ändern", font: .textStyle(.body), container: Container(width: 90, lineLimit: 1),
                                 language: "de")

    static let variants: [FitRequest] = {
        var out: [FitRequest] = [base]
        func add(_ change: (inout FitRequest) -> Void) {
            var request = base
            change(&request)
            out.append(request)
            out.append(base)
        }
        add { $0.font = .textStyle(.headline) }
        add { $0.font.weight = .bold }
        add { $0.font.emphasized = true }
        add { $0.font = .system(size: 13) }
        add { $0.font = FontChoice(sizing: .scaled(pointSize: 15, relativeTo: .body, maximumPointSize: 30)) }
        add { $0.lineHeight = .typographic }
        add { $0.lineSpacing = .leading }
        add { $0.categories = [.large, .accessibility5] }
        add { $0.categoryLimits = CategoryLimits(maximum: .accessibility2) }
        add { $0.label.scalesInsets = true; $0.container.insets = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8) }
        add { $0.container.insets = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8) }
        add { $0.font = .system(size: 13); $0.container.categoryWidths = [.accessibility5: 60] }
        add { $0.container.width = 300; $0.text = "Andere Wörter" }
        return out
    }()

    @Test func keptPlansAreThePlansOfTheirRequests() throws {
        let engine = try TestSupport.engine()
        for request in Self.variants {
            let (report, source) = try engine.layOut(request)
            let planned = try Fitter.plan(request)
            #expect("\(report.plan)" == "\(planned)", "\(request.font) \(request.categories)")
            var replanned = report
            replanned.plan = []
            let remedy = try Fitter.remedy(source, report: report, through: .accessibility5)
            #expect(remedy == (try Fitter.remedy(source, report: replanned, through: .accessibility5)))
        }
    }
}
