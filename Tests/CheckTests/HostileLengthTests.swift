import Foundation
import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Strings that would cost without bound: every string, and what its placeholders fill it to, is at most
/// 100,000 UTF-16 code units; longer ones are an error at the key and are not laid out.
struct HostileLengthTests {
    /// Runs `check` on a one-locale catalog of `values` (key → value), at Large only.
    func check(_ values: [(String, String)]) throws -> CheckReport {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var strings: [String: Any] = [:]
        for (key, value) in values {
            strings[key] = ["localizations": ["en": ["stringUnit": ["state": "translated", "value": value]]]]
        }
        let catalog = dir.appendingPathComponent("L.xcstrings")
        try JSONSerialization.data(withJSONObject: ["sourceLanguage": "en", "version": "1.0", "strings": strings],
                                   options: .sortedKeys).write(to: catalog)
        let spec = dir.appendingPathComponent("spec.yaml")
        try Data("defaults:\n  style: body\n  width: 300\n  lines: 0\n".utf8).write(to: spec)
        var options = CheckOptions(catalogs: [catalog.path], spec: spec.path)
        options.categories = [.large]
        return try CheckRunner.run(options)
    }

    @Test func expansionPastTheLimitIsAnErrorNotTenMillionCharacters() throws {
        // 500,000 `%@` (1 MB) would fill to 10 M characters with the 20-character default name.
        let report = try check([("bomb", String(repeating: "%@", count: 500_000)),
                                ("fifty", String(repeating: "%@", count: 5_000)),   // 100,000 characters exactly
                                ("wide", "%99999999999d"), ("precise", "%.99999999f"), ("fine", "Hello %@")])
        let messages = report.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(messages.sorted() == [
            "'bomb' (en) is more than 100,000 characters long; layoutsim lays out at most 100,000 (UTF-16 code units): not checked",
            "'precise' (en) would be more than 100,000 characters long with its placeholders filled; layoutsim lays out at most 100,000 (UTF-16 code units): not checked",
            "'wide' (en) would be more than 100,000 characters long with its placeholders filled; layoutsim lays out at most 100,000 (UTF-16 code units): not checked",
        ])
        // "Maximilian Alexander" is 20 code units: 5,000 of them are 100,000, the limit itself, laid out.
        #expect(report.results.map(\.key).sorted() == ["fifty", "fine"])
        #expect(report.results.first { $0.key == "fifty" }?.text.utf16.count == 100_000)
        #expect(report.exitStatus == 2)
    }

    @Test func fillStopsAtTheLimit() {
        let samples = PlaceholderSamples()
        let filled = samples.fill(String(repeating: "%@", count: 5_001), locale: "en")
        #expect(filled.tooLong)
        #expect(filled.text.isEmpty)
        let exact = samples.fill(String(repeating: "%@", count: 5_000), locale: "en")
        #expect(!exact.tooLong)
        #expect(exact.text.utf16.count == 100_000)
    }

    @Test func theEngineRefusesTextOverTheLimit() throws {
        let engine = try TestSupport.engine()
        #expect(throws: LayoutSimError.textTooLong(100_001)) {
            try engine.fit(FitRequest(text: String(repeating: "a", count: 100_001), font: .textStyle(.body),
                                      container: Container(width: 300, lineLimit: 0), categories: [.large]))
        }
        #expect(LayoutSimError.textTooLong(100_001).description
            == "the text is 100,001 characters (UTF-16 code units) long; layoutsim lays out at most 100,000")
    }
}
