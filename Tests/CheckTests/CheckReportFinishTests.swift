import Foundation
import LayoutSimCheck
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// The report's results sorted in place against a plain stable sort with the comparison reports always used: by
/// key, locale, variant joined by `/`, and place, ties in the order given.
struct CheckReportFinishTests {
    @Test func sortsAsAStableSortOfTheJoinedKeys() throws {
        guard let base = try CheckReportJSONTests.example().results.first else {
            Issue.record("no result to copy")
            return
        }
        let keys = ["b", "a", "é", "e\u{301}", "a b", "A"]
        let locales = ["th", "de", "de-CH"]
        // Multi-part variants whose joined text orders otherwise than their parts ("a!" before "a/x").
        let variants: [[String]] = [[], ["a!"], ["a", "x"], ["a/x"], ["plural:one"], ["device:ipad", "plural:other"]]
        let places: [String?] = [nil, "list", ""]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            var results: [CheckResult] = []
            for index in 0..<(round == 0 ? 1 : 120) {
                var result = base
                result.key = keys.randomElement(using: &generator) ?? "a"
                result.locale = locales.randomElement(using: &generator) ?? "de"
                result.variant = variants.randomElement(using: &generator) ?? []
                result.place = places.randomElement(using: &generator) ?? nil
                result.text = "\(index)"
                results.append(result)
            }
            if round == 1 { results.sort { Int($0.text) ?? 0 < Int($1.text) ?? 0 } }
            let expected = results.enumerated().sorted { a, b in
                let left = (a.element.key, a.element.locale, a.element.variant.joined(separator: "/"), a.element.place ?? "")
                let right = (b.element.key, b.element.locale, b.element.variant.joined(separator: "/"), b.element.place ?? "")
                return left < right || (left == right && a.offset < b.offset)
            }.map(\.element.text)
            var sorted = results
            CheckReport.sortInPlace(&sorted)
            #expect(sorted.map(\.text) == expected, "round \(round)")
            // Sorted already: nothing moves.
            var again = sorted
            CheckReport.sortInPlace(&again)
            #expect(again.map(\.text) == expected)
        }
    }
}

/// A check counts its results as they are laid out (``CheckReport/Tally``); finishing with that count gives what
/// counting again gives: the same summary and budget estimates (the example app at 1 and 2 workers).
struct CheckReportTallyTests {
    @Test func aCountMadeAsTheResultsCameFinishesAsARecount() throws {
        for workers in [1, 2] {
            var options = CheckOptions(catalogs: [CheckTests.catalog], spec: CheckTests.spec)
            options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
            options.workers = workers
            let report = try CheckRunner.run(options)
            #expect(report.results.contains { $0.budget?.averageAdvance != nil })
            var cleared = report
            for index in cleared.results.indices {
                cleared.results[index].budget?.averageAdvance = nil
                cleared.results[index].budget?.maxCharacters = nil
            }
            var tally = CheckReport.Tally()
            for index in cleared.results.indices { tally.add(cleared.results, at: index) }
            var counted = cleared
            counted.finish(counted: tally)
            var recounted = cleared
            recounted.finish()
            #expect(counted.summary == report.summary)
            #expect(recounted.summary == report.summary)
            #expect(try counted.jsonData() == report.jsonData(), "workers \(workers)")
            #expect(try recounted.jsonData() == report.jsonData())
            // A count of other results (here: one result short) is not used.
            var short = CheckReport.Tally()
            for index in cleared.results.indices.dropLast() { short.add(cleared.results, at: index) }
            var notCounted = cleared
            notCounted.finish(counted: short)
            #expect(notCounted.summary == report.summary)
        }
    }
}

/// Diagnostics that differ only in severity come out of a report in one order, whatever order they were found in
/// (they pass through a set, whose order changes from run to run).
@Test func diagnosticsDifferingOnlyInSeverityHaveOneOrder() throws {
    let json = Data(#"{"file": "a.xcstrings", "line": 3, "column": 5, "severity": "error", "message": "the same words"}"#.utf8)
    let error = try JSONDecoder().decode(ReportDiagnostic.self, from: json)
    var warning = error
    warning.severity = .warning
    var orders: Set<[DiagnosticSeverity]> = []
    for diagnostics in [[error, warning], [warning, error]] {
        var report = try CheckReportJSONTests.example()
        report.diagnostics = diagnostics
        report.finish()
        orders.insert(report.diagnostics.map(\.severity))
    }
    #expect(orders == [[.error, .warning]])
}
