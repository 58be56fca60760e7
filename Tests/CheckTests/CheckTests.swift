import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimFitting
import LayoutSimModel
import LayoutSimReports
import LayoutSimTestSupport
import Testing

/// `layoutsim check` end to end on the example app (Examples/App) and small fixtures.
struct CheckTests {
    static let catalog = TestSupport.packageRoot.appendingPathComponent("Examples/App/Localizable.xcstrings").path
    static let spec = TestSupport.packageRoot.appendingPathComponent("Examples/App/layout.yaml").path

    func run(_ configure: (inout CheckOptions) -> Void = { _ in }) throws -> CheckReport {
        var options = CheckOptions(catalogs: [Self.catalog], spec: Self.spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        configure(&options)
        return try CheckRunner.run(options)
    }

    /// Every variant becomes a string: counted by hand from the catalog: 4 plain keys × 8 locales, forecast.days
    /// (ar 6 plural forms + de, en, hi 2 each + ja, ko, th, zh-Hans 1), alert.updated (de, en, ja, ko, zh-Hans 2
    /// device variants each + th), app.name.
    @Test func expandsEveryVariant() throws {
        let report = try run()
        #expect(report.results.count == 4 * 8 + (6 + 2 + 2 + 2 + 4) + (2 * 5 + 1) + 1)
        #expect(report.summary.layouts == report.results.count * 12)
        let arabic = report.results.filter { $0.key == "forecast.days" && $0.locale == "ar" }.map { $0.variant.joined() }
        #expect(arabic == ["plural:few", "plural:many", "plural:one", "plural:other", "plural:two", "plural:zero"])
        // Placeholders take their samples: %lld → 1,000,000 (en), %@ → the spec's long name.
        #expect(report.results.contains { $0.key == "forecast.days" && $0.locale == "en" && $0.text == "1,000,000-day forecast" })
        #expect(report.results.contains { $0.key == "alert.updated" && $0.text == "Updated by Maximilian Alexander" })
        // Keys no element names are checked with the defaults and listed.
        #expect(report.unspecifiedKeys == ["app.name"])
        // A key missing in a locale is a warning naming the file and line.
        #expect(report.diagnostics.contains { $0.severity == .warning && $0.message.contains("no 'ar' localization") && $0.line == 93 })
    }

    /// Plural variants get numbers of their own category (issue 10): `de [plural:one]` is laid out as
    /// "1 Tag Vorhersage", as an iPhone shows it, no longer "1.000.000 Tag Vorhersage".
    @Test func pluralVariantsGetNumbersOfTheirCategory() throws {
        let report = try run { $0.locales = ["de", "ar", "hi"] }
        func text(_ locale: String, _ category: String) -> String? {
            report.results.first { $0.key == "forecast.days" && $0.locale == locale && $0.variant == ["plural:\(category)"] }?.text
        }
        #expect(text("de", "one") == "1 Tag Vorhersage")
        #expect(text("de", "other") == "1.000.000 Tage Vorhersage")
        #expect(text("hi", "one") == "1 दिन का पूर्वानुमान")
        #expect(text("hi", "other") == "10,00,000 दिनों का पूर्वानुमान")
        // ar few: n % 100 = 3…10, widest 999,910; Arabic-Indic digits in ICU 72's data, Latin in later CLDR.
        #expect(["\u{669}\u{669}\u{669}\u{66C}\u{669}\u{661}\u{660} أيام", "999,910 أيام"].contains(text("ar", "few")))
        #expect(!report.diagnostics.contains { $0.message.contains("plural category") })

        // The pseudolocalized source strings keep their category's number.
        let pseudo = try run { $0.pseudo = [.brackets]; $0.locales = ["en"] }
        func pseudoText(_ category: String) -> String? {
            pseudo.results.first { $0.key == "forecast.days" && $0.locale == Pseudolocalizer.locale && $0.variant == ["plural:\(category)"] }?.text
        }
        #expect(pseudoText("one")?.contains("1-day") == true)
        #expect(pseudoText("one")?.contains("1,000,000") == false)
        #expect(pseudoText("other")?.contains("1,000,000-day") == true)
    }

    /// A check result agrees with laying the same string out directly with the element's options.
    @Test func resultsMatchADirectFit() throws {
        let report = try run()
        let result = try #require(report.results.first { $0.key == "settings.speedLimit" && $0.locale == "de" })
        let (spec, _) = LayoutSpecReader.read(path: Self.spec)
        let element = try #require(spec).element(forKey: "settings.speedLimit")
        #expect(element.named)
        #expect(element.spec.key == "settings.*")
        let engine = try TestSupport.engine()
        let direct = try engine.fit(try element.spec.request(text: "Geschwindigkeitsbegrenzungswarnung", language: "de"))
        #expect(result.fitsThrough == direct.fitsThrough)
        #expect(result.failure?.category == direct.firstFailure?.category)
        #expect(result.failure?.visibleText == direct.firstFailure?.visibleText)
        #expect(result.mustFitThrough == .xxxLarge)
        #expect(!result.passed)
    }

    /// Two workers give byte-identical JSON to one.
    @Test func outputDoesNotDependOnTheNumberOfWorkers() throws {
        let one = try run { $0.workers = 1 }.jsonData()
        let two = try run { $0.workers = 2 }.jsonData()
        #expect(one == two)
    }

    /// The JSON report streamed with its results encoded in runs on three threads is the bytes of the report written
    /// whole on one: 1,500 results (six runs and a part), each run's texts longer than the last's, so that a run
    /// outgrows the buffer sized from the runs before it.
    @Test func resultsEncodedInRunsOnThreadsAreTheSameBytes() throws {
        var report = try run()
        let sample = report.results
        report.results = (0..<1_500).map { index in
            var result = sample[index % sample.count]
            result.key += ".\(index)"
            result.text = String(repeating: "Wörter ", count: 1 + index / 40)
            return result
        }
        let whole = try report.jsonData()
        for workers in [1, 3] {
            var streamed: [UInt8] = []
            try report.writeJSON(workers: workers) { streamed += $0 }
            // (Compared here: a failed expectation on the arrays would print megabytes of bytes.)
            let same = streamed == Array(whole)
            #expect(same, "workers \(workers): \(streamed.count) bytes, \(whole.count) written whole")
        }
    }

    /// Shards 1/3, 2/3, 3/3 merged hold exactly the unsharded results.
    @Test func shardsMergeBackToTheWhole() throws {
        let whole = try run()
        let parts = try (1...3).map { index in try run { $0.shard = (index, 3) } }
        #expect(parts.map(\.results.count).reduce(0, +) == whole.results.count)
        #expect(Set(parts[0].results.map(\.identity)).isDisjoint(with: parts[1].results.map(\.identity)))
        let merged = CheckReport.merge(parts)
        #expect(merged.results == whole.results)
        #expect(merged.summary == whole.summary)
        #expect(merged.shards == ["1/3", "2/3", "3/3"])
    }

    /// With a baseline, only failures not in it count.
    @Test func baselineKeepsKnownFailuresFromFailingTheRun() throws {
        let first = try run()
        #expect(first.summary.newFailures > 0)
        #expect(first.exitStatus == 1)
        let again = try run { $0.baseline = Baseline(failuresOf: first) }
        #expect(again.summary.newFailures == 0)
        #expect(again.summary.failures == first.summary.failures)
        #expect(again.exitStatus == 0)
        var partial = first
        let dropped = try #require(partial.results.firstIndex { !$0.passed })
        partial.results.remove(at: dropped)
        #expect(try run { $0.baseline = Baseline(failuresOf: partial) }.summary.newFailures == 1)
    }

    /// Pseudolocalization adds an x-pseudo string per source string, longer than the source.
    @Test func pseudolocalizesTheSourceLanguage() throws {
        let report = try run { $0.pseudo = [.expansion, .brackets]; $0.locales = ["en"] }
        // app.name is marked shouldTranslate: false, so it is not pseudolocalized.
        let source = report.results.filter { $0.locale == "en" && $0.key != "app.name" }
        let pseudo = report.results.filter { $0.locale == Pseudolocalizer.locale }
        #expect(pseudo.count == source.count)
        for p in pseudo {
            let original = try #require(source.first { $0.key == p.key && $0.variant == p.variant })
            #expect(p.text.count > original.text.count)
        }
    }

    /// Bad spec fields are errors at their line and column; the other elements still work.
    @Test func specErrorsNameTheLineAndColumn() throws {
        let (spec, diagnostics) = LayoutSpecReader.read(path: TestSupport.fixture("Check/bad-spec.yaml").path)
        let unknown = try #require(diagnostics.first { $0.message.contains("unknown field 'colour'") })
        #expect(unknown.location.line == 7)
        #expect(unknown.location.column == 5)
        let category = try #require(diagnostics.first { $0.message.contains("AX9") })
        #expect(category.location.line == 9)
        #expect(spec?.elements.map(\.key) == ["c"])
        #expect(Glob.matches("onboarding.*", "onboarding.title.long"))
        #expect(!Glob.matches("onboarding.?", "onboarding.title"))
    }

    /// A broken catalog is a diagnostic with its line; the other catalogs are still checked; exit status 2.
    @Test func brokenCatalogsDoNotStopTheRun() throws {
        let report = try run { options in
            options.catalogs = [TestSupport.fixture("Check/broken.xcstrings").path, Self.catalog]
        }
        #expect(report.diagnostics.contains { $0.severity == .error && $0.file.hasSuffix("broken.xcstrings") && $0.line == 5 })
        #expect(report.results.count == 60)
        #expect(report.exitStatus == 2)
    }

    /// Reports escape what catalogs hold: JUnit is well-formed XML with the text intact; SARIF points at the key.
    @Test func reportsEscapeCatalogText() throws {
        var options = CheckOptions(catalogs: [TestSupport.fixture("Check/escape.xcstrings").path], spec: TestSupport.fixture("Check/narrow.json").path)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let report = try CheckRunner.run(options)
        let result = try #require(report.results.first)
        #expect(!result.passed)

        let junit = CheckRenderer.junit(report)
        final class Collector: NSObject, XMLParserDelegate, @unchecked Sendable {
            var cases = 0
            var failureMessages: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                if name == "testcase" { cases += 1 }
                if name == "failure", let message = attributes["message"] { failureMessages.append(message) }
            }
        }
        let parser = XMLParser(data: Data(junit.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse())
        #expect(collector.cases == 1)
        #expect(collector.failureMessages.first?.contains("<script>alert(1)</script> & \"go\" </svg>") == true)

        let sarif = try JSONSerialization.jsonObject(with: try CheckRenderer.sarif(report, version: "test")) as? [String: Any]
        #expect(sarif?["version"] as? String == "2.1.0")
        let runs = try #require(sarif?["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let location = (results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == result.line)
        // Diagnostics by kind: an error of the input, a missing translation, any other warning, each its own rule.
        var withDiagnostics = report
        withDiagnostics.diagnostics = [
            ReportDiagnostic(file: "a.xcstrings", line: 1, column: 1, severity: .error, message: "not valid JSON"),
            ReportDiagnostic(file: "a.xcstrings", line: 2, column: 1, severity: .warning,
                             message: "'k' has no 'de' localization; the app shows the source text",
                             subject: .missingLocalization(key: "k", locale: "de")),
            ReportDiagnostic(file: "a.xcstrings", line: 3, column: 1, severity: .warning, message: "a tab (U+0009) at 1"),
        ]
        let rules = try #require(
            (try JSONSerialization.jsonObject(with: try CheckRenderer.sarif(withDiagnostics, version: "test")) as? [String: Any])
                .flatMap { ($0["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] }
        ).map { $0["ruleId"] as? String }
        #expect(rules.suffix(3) == ["layoutsim.inputError", "layoutsim.missingTranslation", "layoutsim.warning"])

        let github = CheckRenderer.github(report).split(separator: "\n")
        #expect(github.last?.hasPrefix("::error file=") == true)
        #expect(github.count == 2)
        let totals = "::notice title=layoutsim::1 key in 1 locale: 1 string, 12 layouts; 1 string does not fit; "
            + "1 key checked with the defaults"
        #expect(github.first.map(String.init) == totals)
    }
}
