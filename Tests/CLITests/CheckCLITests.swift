import Foundation
import LayoutSim
import LayoutSimTestSupport
import Testing

/// `check` and `merge` as a CI log sees them: what goes to stdout and stderr, exit statuses, files written or not.
struct CheckCLITests {
    static let catalog = "Examples/App/Localizable.xcstrings"
    static let spec = "Examples/App/layout.yaml"
    /// The example's warnings (a key with no 'ar' and no 'hi' localization), as the catalog reader reports them.
    static let warnings = [
        "Examples/App/Localizable.xcstrings:93:5: warning: 'alert.updated' has no 'ar' localization; the app shows the source text",
        "Examples/App/Localizable.xcstrings:93:5: warning: 'alert.updated' has no 'hi' localization; the app shows the source text",
    ]

    /// With the strings laid out, the verdicts Noto Sans Arabic's widths (up to 8 % off) cannot settle come first
    /// (line 56): a 160 pt footnote.
    static let laidOutWarnings = [
        "Examples/App/Localizable.xcstrings:56:5: warning: 'forecast.days' (ar, plural:few): a near miss (needs 169.667 pt "
            + "of width, has 160) measured with NotoSansArabic-Regular.ttf, whose widths can be off from iOS's font by up "
            + "to 8 %: confirm on a device",
        "Examples/App/Localizable.xcstrings:56:5: warning: 'forecast.days' (ar, plural:other): a near pass: it fits at "
            + "accessibility5, but would not if its clusters in NotoSansArabic-Regular.ttf, whose widths can be off from "
            + "iOS's font by up to 8 %, were that much wider: confirm on a device",
        "Examples/App/Localizable.xcstrings:56:5: warning: 'forecast.days' (ar, plural:zero): a near miss (needs 167 pt of "
            + "width, has 160) measured with NotoSansArabic-Regular.ttf, whose widths can be off from iOS's font by up to "
            + "8 %: confirm on a device",
    ] + warnings

    func check(_ more: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(["check", Self.catalog, "--spec", Self.spec] + more)
    }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// Options' values refused in the tool's words (one line, `error: …`, status 2), before anything is read: the
    /// first wrong one in check's order; a usage error in the same arguments (an unknown option) is said first.
    @Test func badOptionValuesAreSaidInOneLineInOrder() throws {
        let refusals: [([String], String)] = [
            (["--require-fonts", "mac"], "--require-fonts 'mac': expected apple or stand-ins"),
            (["--locales", " , "], "--locales ' , ': no locale given (a comma-separated list, e.g. de,th,ar)"),
            (["--pseudo-modes", "expansion, bogus"],
             "unknown pseudolocalization mode ' bogus'; valid: expansion, accents, tallMarks, rightToLeft, brackets"),
            (["--shard", "3/2"], "--shard '3/2': expected I/N with 1 ≤ I ≤ N, e.g. 1/4"),
            (["--format", "bogus"], "unknown --format 'bogus'; valid: text, json, junit, sarif, github"),
            (["--jobs", "0"], "--jobs must be between 1 and 64"),
            (["--format", "bogus", "--jobs", "0", "--shard", "9/1", "--require-fonts", "mac"],
             "--require-fonts 'mac': expected apple or stand-ins"),
            (["--jobs", "0", "--format", "bogus", "--shard", "9/1"], "--shard '9/1': expected I/N with 1 ≤ I ≤ N, e.g. 1/4"),
        ]
        for (arguments, message) in refusals {
            let output = try check(arguments)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stderr == "error: \(message)\n", "\(arguments)")
            #expect(output.stdout.isEmpty, "\(arguments)")
        }
        let merged = try CLIRunner.run(["merge", "none.json", "--format", "bogus"])
        #expect(merged.status == 2)
        #expect(merged.stderr == "error: unknown --format 'bogus'; valid: text, json, junit, sarif, github\n")
        let unknown = try check(["--format", "bogus", "--no-such-option"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("Error: Unknown option '--no-such-option'"))
        let fit = try CLIRunner.run(["fit", "a", "--width", "10", "--scale", "4", "--no-such-option"])
        #expect(fit.status == 2)
        #expect(fit.stderr.hasPrefix("Error: Unknown option '--no-such-option'"))
        let help = try check(["--format", "bogus", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: "))
    }

    /// A spec that cannot be read: the catalog is still read (its warnings said), nothing is checked, and the summary
    /// says so rather than "nothing to fit"; status 2.
    @Test func anUnreadableSpecChecksNothingAndSaysSo() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults:\n  lines: [1\n  width: 300\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let run = try CLIRunner.run(["check", Self.catalog, "--spec", spec])
        #expect(run.status == 2)
        #expect(run.stdout.hasPrefix("0 keys in 0 locales: 0 strings, 0 layouts; nothing checked (errors above); 1 error, 2 warnings"))
        #expect(run.stderr.split(separator: "\n").map(String.init) == [
            "\(spec):3:8: error: not valid JSON or YAML: did not find expected ',' or ']' while parsing a flow sequence "
                + "opened at 2:10",
        ] + Self.warnings)
    }

    /// With --output: the report in the file, only the summary line on stdout, the warnings on stderr.
    @Test func outputLeavesTheSummaryOnStdoutAndProblemsOnStderr() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("r.json").path
        let written = try check(["--format", "json", "--output", json])
        #expect(written.status == 1)
        let report = try CheckReport.read(path: json)
        let failing = report.results.filter { !$0.passed }.count
        #expect(lines(written.stdout).count == 1)
        #expect(written.stdout.hasPrefix("7 keys in 8 locales: 60 strings, \(60 * 12) layouts; \(failing) strings do not fit; 0 errors, 5 warnings"))
        #expect(lines(written.stderr) == Self.laidOutWarnings)

        // A text report in a file is whole (its warnings too); stdout still only the summary.
        let text = dir.appendingPathComponent("r.txt").path
        let textRun = try check(["--output", text])
        #expect(lines(textRun.stdout).count == 1)
        #expect(lines(textRun.stderr) == Self.laidOutWarnings)
        let file = try String(contentsOfFile: text, encoding: .utf8)
        for warning in Self.laidOutWarnings { #expect(file.contains(warning)) }
        #expect(file.contains("de: truncated at accessibility3, the largest size it must fit  Examples/App/Localizable.xcstrings:30"))

        // On a terminal (stdout) the warnings are on stderr only: never twice.
        let plain = try check([])
        #expect(lines(plain.stderr) == Self.laidOutWarnings)
        #expect(!plain.stdout.contains("warning:"))
        #expect(plain.stdout.contains("th: truncated at accessibility2 (must fit through accessibility3)"))
        // Machine-readable formats on stdout: the problems still reach stderr.
        #expect(lines(try check(["--format", "sarif"]).stderr) == Self.laidOutWarnings)
    }

    /// The JSON report is the same bytes for one and two threads, metadata included.
    @Test func jsonIsByteIdenticalAcrossJobs() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = dir.appendingPathComponent("1.json").path, two = dir.appendingPathComponent("2.json").path
        _ = try check(["--format", "json", "--output", one, "--jobs", "1"])
        _ = try check(["--format", "json", "--output", two, "--jobs", "2"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: one))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: two))))
        let object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        #expect(object["toolVersion"] as? String == (try CLIRunner.run(["--version"])).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let input = try #require(object["input"] as? [String: Any])
        let spec = try #require(input["spec"] as? [String: Any])
        #expect(spec["file"] as? String == Self.spec)
        #expect(spec["sha256"] as? String == (try TestSupport.sha256sum(TestSupport.packageRoot.appendingPathComponent(Self.spec).path)))
        #expect((object["fonts"] as? [[String: Any]])?.isEmpty == false)
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
        #expect(lines(complete.stdout).count == 1)
        _ = try check(["--format", "json", "--output", path("whole.json")])
        let joined = try CheckReport.read(path: merged)
        let unsharded = try CheckReport.read(path: path("whole.json"))
        #expect(joined.results == unsharded.results)
        #expect(joined.shards == ["1/3", "2/3", "3/3"])
        #expect(joined.input == unsharded.input && joined.fonts == unsharded.fonts)
    }

    /// --update-baseline writes the failures and exits 0; read back they are all known; a changed text is new
    /// and the old entry listed as fixed; an old report still works, with a warning.
    @Test func baselineRoundTrip() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("r.json").path
        _ = try check(["--format", "json", "--output", json])
        let failing = try CheckReport.read(path: json).results.filter { !$0.passed }.count
        let baseline = dir.appendingPathComponent("baseline.json").path
        let update = try check(["--update-baseline", baseline])
        #expect(update.status == 0)
        #expect(update.stdout.hasSuffix("wrote the baseline \(baseline): \(failing) accepted failures\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as? [String: Any])
        #expect((object["entries"] as? [Any])?.count == failing)

        let again = try check(["--baseline", baseline])
        #expect(again.status == 0)
        #expect(again.stdout.contains("\(failing) strings do not fit (0 new, \(failing) in the baseline)"))
        #expect(!again.stdout.contains("fixed since the baseline"))

        // Not with --shard: only the shard's failures would be kept.
        let sharded = try check(["--shard", "1/2", "--update-baseline", dir.appendingPathComponent("x.json").path])
        #expect(sharded.status == 2)
        #expect(sharded.stderr.contains("layoutsim merge"))

        // A changed text: a new failure (exit 1), the old entry fixed; JSON lists it.
        let catalog = try TestSupport.editedExampleCatalog(in: dir)
        let changed = try CLIRunner.run(["check", catalog, "--spec", Self.spec, "--baseline", baseline, "--format", "json"])
        #expect(changed.status == 1)
        let report = try CheckReport.decode(Data(changed.stdout.utf8), path: "stdout")
        #expect(report.summary.newFailures == 1)
        #expect(report.fixedSinceBaseline.map { "\($0.entry.key) \($0.entry.locale) \($0.reason.rawValue)" } == ["settings.speedLimit de changed"])
        let text = try CLIRunner.run(["check", catalog, "--spec", Self.spec, "--baseline", baseline])
        #expect(text.stdout.contains("fixed since the baseline: 1"))
        #expect(text.stdout.contains("  settings.speedLimit (de): still does not fit, but its text or element changed"))

        // An old report as the baseline: read, identity only, a warning on stderr.
        let old = dir.appendingPathComponent("old.json").path
        try TestSupport.versionOneReport(Data(contentsOf: URL(fileURLWithPath: json))).write(to: URL(fileURLWithPath: old))
        let fromOld = try CLIRunner.run(["check", catalog, "--spec", Self.spec, "--baseline", old])
        #expect(fromOld.status == 0)
        #expect(fromOld.stderr.contains("\(old):1:1: warning: an older report (version 1) without text hashes"))

        // A broken baseline: exit 2, named at its file; the check still runs and its report is written, every
        // failure new.
        try Data("{".utf8).write(to: URL(fileURLWithPath: old))
        let output = dir.appendingPathComponent("broken.json").path
        let broken = try check(["--baseline", old, "--format", "json", "--output", output])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("\(old):1:1: error: not a layoutsim baseline or JSON report: not valid JSON"))
        let written = try CheckReport.read(path: output)
        #expect(written.summary.failures == failing && written.summary.newFailures == failing)
        #expect(written.diagnostics.contains { $0.file == old && $0.severity == .error })
    }
}
