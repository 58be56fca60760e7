import Foundation
import LayoutSimCheck
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Baselines remember what they accepted (the text as laid out and the element), and say what no longer fails.
struct CheckBaselineTests {
    func run(_ configure: (inout CheckOptions) -> Void = { _ in }) throws -> CheckReport {
        try CheckTests().run(configure)
    }

    /// A failure whose text changed is new, and its old entry is listed as no longer failing as accepted.
    @Test func changedTextIsANewFailure() throws {
        let first = try run()
        let accepted = try #require(first.results.first { $0.key == "settings.speedLimit" && $0.locale == "de" })
        #expect(!accepted.passed)
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = try TestSupport.editedExampleCatalog(in: dir)
        let again = try run { $0.catalogs = [catalog]; $0.baseline = Baseline(failuresOf: first) }
        let changed = try #require(again.results.first { $0.identity == accepted.identity })
        #expect(changed.text == "Geschwindigkeitsbegrenzungswarnungen")
        #expect(!changed.passed && !changed.known)
        #expect(again.summary.failures == first.summary.failures)
        #expect(again.summary.newFailures == 1)
        #expect(again.exitStatus == 1)
        #expect(again.fixedSinceBaseline == [FixedBaselineEntry(entry: BaselineEntry(accepted), reason: .changed)])
        #expect(again.summary.fixedSinceBaseline == 1)

        // The text is the text as laid out: another placeholder sample makes the strings using it new failures.
        let spec = dir.appendingPathComponent("layout.yaml")
        try String(contentsOfFile: CheckTests.spec, encoding: .utf8)
            .replacingOccurrences(of: "\"Maximilian Alexander\"", with: "\"Maximiliane Alexandra\"")
            .write(to: spec, atomically: true, encoding: .utf8)
        let resampled = try run { $0.spec = spec.path; $0.baseline = Baseline(failuresOf: first) }
        let usingName = first.results.filter { !$0.passed && $0.text.contains("Maximilian Alexander") }
        #expect(!usingName.isEmpty)
        #expect(resampled.summary.newFailures == resampled.results.filter { !$0.passed && $0.text.contains("Maximiliane Alexandra") }.count)
        #expect(resampled.fixedSinceBaseline.map(\.entry) == usingName.map(BaselineEntry.init).sorted())
    }

    /// Entries that no longer fail are listed (fits now, removed from the catalogs); entries of locales not
    /// checked are not judged.
    @Test func fixedEntriesAreListed() throws {
        let first = try run { $0.locales = ["en"] }
        let passing = try #require(first.results.first { $0.passed })
        let gone = BaselineEntry(key: "gone.key", locale: "en", variant: [], element: nil, textSHA256: String(repeating: "0", count: 64))
        var notChecked = gone
        notChecked.locale = "th"
        var baseline = Baseline(failuresOf: first)
        baseline = Baseline(entries: baseline.entries + [BaselineEntry(passing), gone, notChecked])
        let again = try run { $0.locales = ["en"]; $0.baseline = baseline }
        #expect(again.summary.newFailures == 0)
        #expect(again.fixedSinceBaseline == [
            FixedBaselineEntry(entry: gone, reason: .removed), FixedBaselineEntry(entry: BaselineEntry(passing), reason: .fits),
        ].sorted())

        // Sharded: the entry is judged by the shard that has the string, a removed one by each; merged, once.
        let parts = try (1...2).map { index in try run { $0.locales = ["en"]; $0.baseline = baseline; $0.shard = (index, 2) } }
        #expect(parts.map { $0.fixedSinceBaseline.filter { $0.reason == .fits }.count }.sorted() == [0, 1])
        #expect(parts.allSatisfy { $0.fixedSinceBaseline.contains(FixedBaselineEntry(entry: gone, reason: .removed)) })
        #expect(CheckReport.merge(parts).fixedSinceBaseline == again.fixedSinceBaseline)
    }

    /// A baseline file written and read back accepts exactly the failures it was written from.
    @Test func baselineFileRoundTrip() throws {
        let first = try run()
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("baseline.json").path
        try Baseline(failuresOf: first).jsonData().write(to: URL(fileURLWithPath: path))
        let read = try Baseline.read(path: path)
        #expect(read.diagnostics.isEmpty)
        #expect(read.entries.count == first.results.filter { !$0.passed }.count)
        let again = try run { $0.baseline = read }
        #expect(again.summary.newFailures == 0 && again.fixedSinceBaseline.isEmpty && again.exitStatus == 0)
        #expect(again.results.filter(\.known).count == first.summary.failures)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(object["format"] as? String == "layoutsim-baseline")
        #expect(object["version"] as? Int == 1)
    }

    /// An old report (no text hashes) still works as a baseline: matching by key, locale and variant, with a
    /// warning at the file.
    @Test func oldReportsMatchByIdentityWithAWarning() throws {
        let first = try run()
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("old.json").path
        try TestSupport.versionOneReport(first.jsonData()).write(to: URL(fileURLWithPath: path))
        let baseline = try Baseline.read(path: path)
        #expect(baseline.entries.allSatisfy { $0.textSHA256 == nil })
        let warning = try #require(baseline.diagnostics.first)
        #expect(baseline.diagnostics.count == 1)
        #expect(warning.file == path && warning.severity == .warning)
        #expect(warning.message.contains("without text hashes"))

        let catalog = try TestSupport.editedExampleCatalog(in: dir)
        let again = try run { $0.catalogs = [catalog]; $0.baseline = baseline }
        #expect(again.summary.newFailures == 0)
        #expect(again.fixedSinceBaseline.isEmpty)
        #expect(again.diagnostics.contains(warning))
        #expect(again.summary.warnings == first.summary.warnings + 1)
    }

    /// A file that is neither a baseline nor a report is an error naming it.
    @Test func badBaselineFilesNameTheFile() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("b.json").path
        try Data("{\"format\": \"layoutsim-baseline\", \"version\": 1, \"entries\": [{\"key\": 1}]}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: CheckError.self) { try Baseline.read(path: path) }
        do {
            _ = try Baseline.read(path: path)
        } catch {
            #expect(error.description == "\(path): not a layoutsim baseline or JSON report: entries[0].key is not a string")
        }
        try Data("[1, 2".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Baseline.read(path: path)
        } catch {
            #expect(error.description.hasPrefix("\(path): not a layoutsim baseline or JSON report: not valid JSON"))
        }
    }
}
