import Foundation
import LayoutSim
import LayoutSimTestSupport
import Testing
@testable import LayoutSimCLI

/// The `layoutsim` binary as users run it: exit statuses, error messages, JSON on stdout.
struct CLITests {
    typealias Output = CLIRunner.Output

    func run(_ arguments: [String]) throws -> Output { try CLIRunner.run(arguments) }

    @Test func exitStatusIsZeroWhenEverythingFits() throws {
        let output = try run(["fit", "OK", "--width", "300"])
        #expect(output.status == 0)
        #expect(output.stdout.hasSuffix("fits at every category\n"))
    }

    /// A requirement above every category checked cannot be judged: refused (it passed, unchecked); an unknown
    /// category lists the valid names.
    @Test func aRequirementAboveTheCategoriesCheckedIsRefused() throws {
        let above = try run(["fit", "Einstellungen", "--width", "120", "--must-fit-through", "AX5", "--categories", "L"])
        #expect(above.status == 2)
        #expect(above.stdout.isEmpty)
        #expect(above.stderr == "error: --must-fit-through accessibility5 is above every category checked (up to large): "
            + "check it too (--categories), or ask for less\n")
        let unknown = try run(["fit", "Einstellungen", "--width", "120", "--must-fit-through", "AX9"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: --must-fit-through: unknown content size category 'AX9'; valid names: xS/xSmall"))
        // Refused before anything is written.
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-refused-\(UUID().uuidString).svg").path
        #expect(try run(["fit", "Einstellungen", "--width", "120", "--must-fit-through", "AX5", "--categories", "L", "--svg", svg]).status == 2)
        #expect(!FileManager.default.fileExists(atPath: svg))
    }

    /// Drawing the layout as SVG changes nothing printed: the remedy line is there too (it was left out).
    @Test func anSVGKeepsTheRemedy() throws {
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-remedy-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let arguments = ["fit", "Fehler bei Authentifizierung", "--style", "headline", "--width", "120", "--lang", "de"]
        let plain = try run(arguments)
        let drawn = try run(arguments + ["--svg", svg])
        #expect(plain.stdout.contains("to fit at accessibility5 it needs"))
        #expect(drawn.stdout == plain.stdout)
        #expect(drawn.status == plain.status)
        #expect(FileManager.default.fileExists(atPath: svg))
    }

    /// doctor opens every stand-in of the system cascade (every font file the bundled folder has): a damaged one
    /// (Noto Sans Thai cut to 1,000 bytes) is an error, status 2 (it passed, and a Thai text failed later).
    @Test func doctorOpensEveryStandIn() throws {
        let fine = try run(["doctor"])
        #expect(fine.status == 0)
        let count = try FileManager.default.contentsOfDirectory(atPath: "Fonts").filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }.count
        #expect(fine.stdout.hasSuffix("stand-ins: \(count) of \(count) font files opened\n"))
        let fonts = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in try FileManager.default.contentsOfDirectory(atPath: fonts.path) where name != "NotoSansThai-Regular.ttf" {
            try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent(name), withDestinationURL: fonts.appendingPathComponent(name))
        }
        try Data(contentsOf: fonts.appendingPathComponent("NotoSansThai-Regular.ttf")).prefix(1000)
            .write(to: dir.appendingPathComponent("NotoSansThai-Regular.ttf"))
        // Files the cascade never opens are not its business (a Mac's AppleDouble file, a font of the user's).
        try Data("not a font".utf8).write(to: dir.appendingPathComponent("._NotoSansThai-Regular.ttf"))
        try Data("not a font".utf8).write(to: dir.appendingPathComponent("Extra.otf"))
        let damaged = try run(["doctor", "--fonts-dir", dir.path])
        #expect(damaged.status == 2)
        #expect(damaged.stdout.hasSuffix("stand-ins: \(count - 1) of \(count) font files opened\n"))
        #expect(damaged.stderr.hasPrefix("error: \(dir.path)/NotoSansThai-Regular.ttf: not a usable font"))
        #expect(damaged.stderr.split(separator: "\n").count == 1)
    }

    @Test func exitStatusIsOneWhenSomeCategoryDoesNotFit() throws {
        let output = try run(["fit", "Geschwindigkeitsbegrenzung", "--style", "headline", "--width", "240", "--lang", "de"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("fits through large; truncated from xLarge"))
    }

    @Test(arguments: [
        (["fit", "a", "--width", "0"], "width must be greater than 0"),
        (["fit", "a", "--width", "100", "--style", "jumbo"], "valid names: largeTitle"),
        (["fit", "a", "--width", "100", "--categories", "AX9"], "valid names: xS/xSmall"),
        (["fit", "a", "--width", "100", "--font", "/nonexistent.ttf"], "/nonexistent.ttf: font file not found"),
        (["fit", "a", "--width", "100", "--font", "Fonts/README.md"], "Fonts/README.md: not a usable font"),
        (["fit", "a", "--width", "100", "--lang", "not a tag"], "not a BCP 47 language tag"),
        (["fit", "a", "--width", "100", "--size", "17", "--style", "body"], "cannot be combined"),
        (["fit", "a", "--device", "iphone-99"], "unknown device 'iphone-99'"),
        (["fit", "a"], "--width, --scaled-width or --device is needed"),
        (["fit", "a", "--width", "100", "--device", "iphone-15"], "give one of --width, --scaled-width and --device (got --width and --device)"),
        (["fit", "a", "--width", "100", "--bogus"], "Unknown option '--bogus'"),
        (["fit", "a", "--width", "10", "--size", "-1"], "point size must be greater than 0"),
        (["fit", "a", "--width", "10", "--size", "1e300"], "at most 1000000"),
        (["fit", "a", "--width", "10", "--scale", "inf"], "--scale inf: a display scale is 1, 2 or 3"),
        (["fit", "a", "--width", "10", "--scale", "2.5"], "--scale 2.5: a display scale is 1, 2 or 3"),
        (["fit", "a", "--width", "10", "--scale", "4"], "--scale 4: a display scale is 1, 2 or 3"),
        (["fit", "a", "--width", "10", "--lines", "-1"], "line limit must be 0"),
        (["fit", "a", "--width", "10", "--line-height", "fixed:0"], "unknown line height 'fixed:0'"),
        (["fit", "a", "--width", "10", "--sizing-rule", "huge"], "unknown sizing rule 'huge'"),
    ])
    func badInputExitsWithStatusTwo(arguments: [String], message: String) throws {
        let output = try run(arguments)
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func jsonIsOneSortedObjectAndByteIdenticalAcrossRuns() throws {
        let arguments = ["fit", "Sign in", "--width", "100", "--categories", "L,AX5", "--json"]
        let first = try run(arguments)
        let second = try run(arguments)
        #expect(first.status == 1)
        #expect(first.stdout == second.stdout)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(object["fitsThrough"] as? String == "large")
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.map { $0["category"] as? String } == ["large", "accessibility5"])
        #expect(results.map { $0["verdict"] as? String } == ["fits", "truncated"])
        // Keys are sorted.
        let keys = first.stdout.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == keys.sorted())
    }

    /// The C floor's input: the benchmark corpus, one "language<TAB>text" line per string.
    @Test func benchPrintsItsCorpus() throws {
        let output = try run(["bench", "--print-corpus"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.count == LayoutBenchmark.corpus.count)
        #expect(lines.map { String($0[0]) } == LayoutBenchmark.corpus.map(\.language))
        #expect(lines.map { $0.dropFirst().joined(separator: "\t") } == LayoutBenchmark.corpus.map(\.text))
    }

    /// `make bench`'s corpora: `--corpus` reads "language<TAB>text" lines (the Thai one read back as written); a
    /// line without a tab is an error at its line, exit status 2.
    @Test func benchReadsACorpusFile() throws {
        let thai = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Bench/corpus-th.tsv"), encoding: .utf8)
        let output = try run(["bench", "--print-corpus", "--corpus", "Bench/corpus-th.tsv"])
        #expect(output.status == 0)
        #expect(output.stdout == thai)
        #expect(thai.split(separator: "\n").count == 500)
        let dir = try TestSupport.temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.tsv")
        try Data("de\tWeiter\nno tab here\n".utf8).write(to: bad)
        let failed = try run(["bench", "--corpus", bad.path])
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("bad.tsv:2: expected a language, a tab and the text"))
    }

    @Test func fixedSizeGivesOneResultWithNullCategory() throws {
        let output = try run(["fit", "Done", "--size", "17", "--width", "100", "--json"])
        #expect(output.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 1)
        #expect(results.first?["category"] is NSNull)
        #expect(object["size"] as? Double == 17)
    }

    @Test func checkExitStatusesAndReports() throws {
        let catalog = "Examples/App/Localizable.xcstrings"
        let spec = "Examples/App/layout.yaml"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("report.json").path

        // The example has failures: exit 1, the JSON report written, the text summary on stdout.
        let first = try run(["check", catalog, "--spec", spec, "--format", "json", "--output", json])
        #expect(first.status == 1)
        #expect(first.stdout.hasPrefix("7 keys in 8 locales: 60 strings, 720 layouts; "))
        #expect(FileManager.default.fileExists(atPath: json))
        // The streamed file holds what standard output gets; written over an existing file, no temporary file left.
        let onStdout = try run(["check", catalog, "--spec", spec, "--format", "json"])
        #expect(onStdout.stdout.hasSuffix("}\n") && FileManager.default.contents(atPath: json) == Data(onStdout.stdout.utf8))
        _ = try run(["check", catalog, "--spec", spec, "--format", "json", "--output", json])
        #expect(FileManager.default.contents(atPath: json) == Data(onStdout.stdout.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["report.json"])
        // With itself as the baseline nothing is new: exit 0.
        #expect(try run(["check", catalog, "--spec", spec, "--baseline", json]).status == 0)
        // Shards merge back to the same report.
        let a = dir.appendingPathComponent("a.json").path, b = dir.appendingPathComponent("b.json").path
        _ = try run(["check", catalog, "--spec", spec, "--shard", "1/2", "--format", "json", "--output", a])
        _ = try run(["check", catalog, "--spec", spec, "--shard", "2/2", "--format", "json", "--output", b])
        let merged = try run(["merge", a, b, "--format", "json"])
        #expect(merged.status == 1)
        let whole = try CheckReport.read(path: json)
        let joined = try JSONDecoder().decode(CheckReport.self, from: Data(merged.stdout.utf8))
        #expect(joined.results == whole.results)
        // A bad spec: exit 2, and the report is still written.
        let bad = dir.appendingPathComponent("bad.json").path
        let broken = try run(["check", catalog, "--spec", "Tests/Fixtures/Check/bad-spec.yaml", "--format", "json", "--output", bad])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("bad-spec.yaml:7:5: error: unknown field 'colour'"))
        #expect(FileManager.default.fileExists(atPath: bad))
        // GitHub annotations and JUnit on stdout.
        let github = try run(["check", catalog, "--spec", spec, "--format", "github"]).stdout.split(separator: "\n")
        #expect(github.first?.hasPrefix("::notice title=layoutsim::") == true)
        #expect(github.dropFirst().first?.hasPrefix("::error file=Examples/App/Localizable.xcstrings,line=") == true)
        #expect(try run(["check", catalog, "--spec", spec, "--format", "junit"]).stdout.contains("<testsuites name=\"layoutsim check\""))
        #expect(try run(["check", catalog, "--spec", spec, "--shard", "3/2"]).status == 2)
    }

    @Test func parsesEveryFontForm() throws {
        let scaled = try #require(try LayoutSimCommand.parseAsRoot(["fit", "a", "--width", "100", "--size", "16", "--relative-to", "title", "--max-size", "30"]) as? FitCommand)
        #expect(try scaled.makeRequest().font.sizing == .scaled(pointSize: 16, relativeTo: .title1, maximumPointSize: 30))
        let custom = try #require(try LayoutSimCommand.parseAsRoot(["fit", "a", "--width", "100", "--font", "x.ttf", "--style", "caption"]) as? FitCommand)
        #expect(try custom.makeRequest().font == FontChoice(face: .file(path: "x.ttf", faceIndex: 0), sizing: .scaled(pointSize: 12, relativeTo: .caption1, maximumPointSize: nil)))
        let insets = try #require(try LayoutSimCommand.parseAsRoot(["fit", "a", "--width", "100", "--insets", "1,2,3,4", "--lines", "0"]) as? FitCommand)
        let request = try insets.makeRequest()
        #expect(request.container.insets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(request.container.lineLimit == 0)
    }
}
