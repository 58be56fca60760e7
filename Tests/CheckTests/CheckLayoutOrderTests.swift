import Foundation
import LayoutSimCheck
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Strings are laid out while the catalogs' jobs are still being made, in the order the catalogs list them; the
/// report does not show it. On OneEm at 10 pt in a 60 pt, one-line label, "abcde fghij" (110 pt) fails and "abc"
/// fits: 900 keys listed in a scrambled order, two in three failing (600 failures, more than the 400 drawn).
struct CheckLayoutOrderTests {
    static let keys = (0..<900).map { "k" + String(1000 + $0) }

    /// Runs the check of the scrambled catalog.
    func run(in dir: URL, _ configure: (inout CheckOptions) -> Void) throws -> CheckReport {
        let lproj = dir.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let strings = lproj.appendingPathComponent("Localizable.strings").path
        // Key i at place (i × 7) mod 900 (7 and 900 are coprime): a permutation, far from sorted.
        var listed = [String](repeating: "", count: Self.keys.count)
        for (index, key) in Self.keys.enumerated() {
            listed[index * 7 % Self.keys.count] = "\"\(key)\" = \"\(index % 3 == 0 ? "abc" : "abcde fghij")\";\n"
        }
        try listed.joined().write(toFile: strings, atomically: true, encoding: .utf8)
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults:\n  font: \(TestSupport.oneEm)\n  size: 10\n  width: 60\n  lines: 1\n".write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [strings], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        configure(&options)
        return try CheckRunner.run(options)
    }

    /// The results are in report order and the same bytes for 1, 2 and 3 workers; the drawings are of the first 400
    /// failures in report order (not in the order the jobs came), whatever the number of workers.
    @Test func resultsAndDrawingsFollowTheReportOrder() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var json: [Data] = []
        for workers in [1, 2, 3] {
            let report = try run(in: dir) {
                $0.workers = workers
                $0.drawsFailures = true
            }
            #expect(report.results.map(\.key) == Self.keys, "workers \(workers)")
            #expect(report.summary.failures == 600)
            // Failures are the keys at odd places of three: k1001, k1002, k1004, …; the first 400 end at k1599.
            let firstFailures = Self.keys.enumerated().filter { $0.offset % 3 != 0 }.prefix(CheckReport.maximumDrawings)
            #expect(firstFailures.last?.element == "k1599")
            let expected = Set(firstFailures.map { CheckResult.identity(key: $0.element, locale: "en", variant: []) })
            #expect(Set(report.drawings.keys) == expected, "workers \(workers)")
            json.append(try report.jsonData())
        }
        #expect(json.dropFirst().allSatisfy { $0 == json[0] })
    }

    /// Shards take their share of the sorted strings, not of the order the catalog lists them in: merged, the whole.
    @Test func shardsShareTheSortedStrings() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try run(in: dir) { $0.workers = 2 }
        let parts = try (1...2).map { index in try run(in: dir) { $0.workers = 2; $0.shard = (index, 2) } }
        // Shard 1 of 2 has the strings at even places of the sorted list.
        #expect(parts[0].results.map(\.key) == Self.keys.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
        #expect(CheckReport.merge(parts).results == whole.results)
    }

    /// String Catalogs' strings laid out as their keys are read give the report a whole read gives, byte for byte:
    /// two catalogs with locales missing, pseudolocalization, a locale filter, a shard and a baseline, 1 and 2
    /// workers.
    @Test func stringsLaidOutAsReadGiveTheSameReport() throws {
        let root = TestSupport.packageRoot
        let app = root.appendingPathComponent("Examples/App")
        let catalogs = [app.appendingPathComponent("Localizable.xcstrings").path,
                        root.appendingPathComponent("Examples/Screens/Settings.xcstrings").path]
        let baseline = try Baseline.read(path: root.appendingPathComponent("Examples/SampleTests/layout-baseline.json").path)
        let configurations: [(String, (inout CheckOptions) -> Void)] = [
            ("plain", { _ in }),
            ("pseudo", { $0.pseudo = [.expansion, .accents] }),
            ("locales", { $0.locales = ["de", "ja"] }),
            ("shard", { $0.shard = (2, 3) }),
            ("baseline", { $0.baseline = baseline }),
        ]
        for (name, configure) in configurations {
            for workers in [1, 2] {
                var reports: [Data] = []
                for streams in [true, false] {
                    var options = CheckOptions(catalogs: catalogs, spec: app.appendingPathComponent("layout.yaml").path)
                    options.fontsDirectory = root.appendingPathComponent("Fonts")
                    options.workers = workers
                    options.streamsCatalogs = streams
                    configure(&options)
                    let report = try CheckRunner.run(options)
                    #expect(!report.results.isEmpty, "\(name)")
                    reports.append(try report.jsonData())
                }
                #expect(reports[0] == reports[1], "\(name), \(workers) workers")
            }
        }
    }
}
