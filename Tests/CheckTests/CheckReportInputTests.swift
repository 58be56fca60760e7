import Foundation
import LayoutSimCheck
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// What a check report records besides its results (tool, input hashes, options, fonts), and reading reports back.
struct CheckReportInputTests {
    static let catalog = CheckTests.catalog
    static let spec = CheckTests.spec

    func run(_ configure: (inout CheckOptions) -> Void = { _ in }) throws -> CheckReport {
        try CheckTests().run(configure)
    }

    /// Hashes are the system tool's; the fonts are the bundled files the example's scripts need.
    @Test func recordsToolInputOptionsAndFonts() throws {
        let report = try run()
        #expect(report.version == 2)
        #expect(report.toolVersion == LayoutSimVersion.current)
        let input = try #require(report.input)
        #expect(input.catalogs == [CheckReport.FileDigest(file: Self.catalog, sha256: try TestSupport.sha256sum(Self.catalog))])
        #expect(input.spec == CheckReport.FileDigest(file: Self.spec, sha256: try TestSupport.sha256sum(Self.spec)))
        #expect(input.options.categories == ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
                                             "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"])
        #expect(input.options.locales == nil)
        #expect(input.options.pseudoModes == nil)
        #expect(input.options.systemFonts == false)
        #expect(input.options.developmentLanguage == "en")
        #expect(input.fingerprint.count == 64)

        // Arabic, Devanagari and Thai need their Noto fonts; each font is a bundled file with the tool's hash.
        let names = report.fonts.map(\.name)
        #expect(names == names.sorted())
        for script in ["Arabic", "Devanagari", "Thai"] { #expect(names.contains { $0.contains(script) }, "\(names)") }
        for font in report.fonts {
            #expect(font.name.hasPrefix("Fonts/"))
            #expect(font.sha256 == (try TestSupport.sha256sum(TestSupport.packageRoot.appendingPathComponent(font.name).path)))
        }

        // The text hash is the hash of the text as laid out (the placeholder already replaced).
        let updated = try #require(report.results.first { $0.key == "alert.updated" && $0.locale == "en" && $0.variant == ["device:iphone"] })
        #expect(updated.text == "Updated by Maximilian Alexander")
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("text")
        try Data(updated.text.utf8).write(to: file)
        #expect(updated.textSHA256 == (try TestSupport.sha256sum(file.path)))
    }

    /// The new fields are in the JSON, which has no times: the same bytes for 1 and 2 workers.
    @Test func metadataIsInTheJSONAndDoesNotDependOnWorkers() throws {
        let one = try run { $0.workers = 1 }.jsonData()
        let two = try run { $0.workers = 2 }.jsonData()
        #expect(one == two)
        let object = try #require(try JSONSerialization.jsonObject(with: one) as? [String: Any])
        for key in ["toolVersion", "input", "fonts", "fixedSinceBaseline"] { #expect(object[key] != nil, "\(key)") }
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.allSatisfy { ($0["textSHA256"] as? String)?.count == 64 })
    }

    /// Equal inputs, equal fingerprints; each part that differs is named.
    @Test func fingerprintsAndDifferences() throws {
        let report = try run()
        #expect(try run().input == report.input)
        let locales = try run { $0.locales = ["th", "DE"] }
        #expect(locales.input?.fingerprint != report.input?.fingerprint)
        #expect(locales.input?.options.locales == ["de", "th"])
        #expect(locales.inputDifferences(from: report) == ["options differ (locales)"])
        #expect(try run { $0.locales = ["de", "th"] }.input == locales.input)

        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("layout.yaml")
        try (String(contentsOfFile: Self.spec, encoding: .utf8) + "# edited\n").write(to: spec, atomically: true, encoding: .utf8)
        let edited = try run { $0.spec = spec.path; $0.categories = [.large] }
        #expect(edited.inputDifferences(from: report) == ["spec differs", "options differ (categories)"])
        // The catalog's path does not matter, its bytes do.
        let copy = dir.appendingPathComponent("Localizable.xcstrings")
        try FileManager.default.copyItem(atPath: Self.catalog, toPath: copy.path)
        #expect(try run { $0.catalogs = [copy.path] }.input?.fingerprint == report.input?.fingerprint)
    }

    /// Reports are user input: a cut-short file, a missing field or a wrong type is an error naming the file and
    /// the place; a report of version 1 still reads.
    @Test func readingReportsNamesTheProblem() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = try run().jsonData()
        func problem(_ bytes: Data) throws -> String {
            let path = dir.appendingPathComponent("r.json").path
            try bytes.write(to: URL(fileURLWithPath: path))
            do {
                _ = try CheckReport.read(path: path)
                return ""
            } catch {
                return error.description
            }
        }
        let path = dir.appendingPathComponent("r.json").path
        #expect(try problem(data.prefix(data.count / 2)) == "\(path): not a layoutsim check JSON report: not valid JSON (cut short or not JSON at all)")
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["results"] = nil
        #expect(try problem(try JSONSerialization.data(withJSONObject: object)).hasSuffix("'results' is missing"))
        object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var results = try #require(object["results"] as? [[String: Any]])
        results[3]["line"] = "four"
        object["results"] = results
        #expect(try problem(try JSONSerialization.data(withJSONObject: object)).hasSuffix("results[3].line is not a number"))
        object["version"] = 3
        #expect(try problem(try JSONSerialization.data(withJSONObject: object)).contains("report version 3"))
        #expect(throws: CheckError.self) { try CheckReport.read(path: dir.appendingPathComponent("none.json").path) }

        let old = try TestSupport.versionOneReport(data)
        #expect(try problem(old).isEmpty)
        let read = try CheckReport.decode(old, path: path)
        #expect(read.version == 1 && read.input == nil && read.fonts.isEmpty && read.toolVersion == nil)
        #expect(read.results.allSatisfy { $0.textSHA256 == nil })
    }
}
