import Foundation
import LayoutSim
import LayoutSimTestSupport
import Testing

/// `check` and `merge` as a CI log sees them: what goes to stdout and stderr, exit statuses, files written or not.
struct CheckCLITests {
    static let catalog = "Examples/App/Localizable.xcstrings"
    static let spec = "Examples/App/layout.yaml"

    func check(_ more: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(["check", Self.catalog, "--spec", Self.spec] + more)
    }

    /// merge refuses a missing, repeated or mixed shard with exit 2 and a message, writing nothing; a complete set
    /// merges to the unsharded report's results.
    @Test func mergeRefusesIncompleteOrMixedShards() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        for index in 1...3 { _ = try check(["--shard", "\(index)/3", "--format", "json", "--output", path("s\(index).json")]) }
        _ = try check(["--shard", "2/3", "--locales", "de,en", "--format", "json", "--output", path("de.json")])
        let merged = path("merged.json")
        let refusals: [([String], String)] = [
            ([path("s1.json"), path("s3.json")], "error: shard 2/3 is missing"),
            ([path("s1.json"), path("s2.json"), path("s2.json"), path("s3.json")], "error: shard 2/3 given twice"),
            ([path("s1.json"), path("de.json"), path("s3.json")],
             "error: \(path("s1.json")) and \(path("de.json")) come from different inputs: options differ (locales)"),
        ]
        for (reports, message) in refusals {
            let output = try CLIRunner.run(["merge"] + reports + ["--format", "json", "--output", merged])
            #expect(output.status == 2)
            #expect(output.stderr.contains(message), "\(output.stderr)")
            #expect(output.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: merged))
        }
        // A report cut short is named.
        let whole = try Data(contentsOf: URL(fileURLWithPath: path("s2.json")))
        try whole.prefix(200).write(to: URL(fileURLWithPath: path("cut.json")))
        let cut = try CLIRunner.run(["merge", path("s1.json"), path("cut.json"), path("s3.json"), "--output", merged])
        #expect(cut.status == 2)
        #expect(cut.stderr.contains("error: \(path("cut.json")): not a layoutsim check JSON report: not valid JSON"))
        #expect(!FileManager.default.fileExists(atPath: merged))

        let complete = try CLIRunner.run(["merge", path("s3.json"), path("s1.json"), path("s2.json"), "--format", "json", "--output", merged])
        #expect(complete.status == 1)
        _ = try check(["--format", "json", "--output", path("whole.json")])
        let joined = try CheckReport.read(path: merged)
        let unsharded = try CheckReport.read(path: path("whole.json"))
        #expect(joined.results == unsharded.results)
        #expect(joined.shards == ["1/3", "2/3", "3/3"])
        #expect(joined.input == unsharded.input && joined.fonts == unsharded.fonts)
    }
}
