import Foundation
import LayoutSim
import LayoutSimTestSupport
import Testing

/// The CLI on hostile input and hostile output paths: no crash, no hang, nothing replaced that is not a report,
/// the summary printed even when the report cannot be written.
struct HostileCLITests {
    static let catalog = "Tests/Fixtures/Check/devices.xcstrings"
    static let spec = "Tests/Fixtures/Check/devices.yaml"

    func check(_ more: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(["check", Self.catalog, "--spec", Self.spec] + more)
    }

    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    /// A link is followed: the file it names gets the report, the link stays a link, a 0600 file stays 0600.
    @Test func outputWritesThroughALinkAndKeepsTheMode() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("report.json").path
        let link = dir.appendingPathComponent("link.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "report.json")
        let run = try check(["--format", "json", "--output", link])
        #expect(run.status <= 1)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "report.json")
        #expect(try mode(target) == 0o600)
        let written = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect((try JSONSerialization.jsonObject(with: written) as? [String: Any])?["results"] != nil)
        // No temporary file left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["link.json", "report.json"])
    }

    /// A FIFO, a device or a folder is never replaced; the summary is printed and the reason said; exit 2.
    @Test func outputRefusesSpecialFilesAndStillPrintsTheSummary() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, reason) in [
            (fifo, "is a named pipe (FIFO); layoutsim writes reports only to regular files"),
            ("/dev/null", "is a device; layoutsim writes reports only to regular files (leave out the option to write to standard output)"),
            (dir.path, "is a folder"),
            (dir.appendingPathComponent("missing/r.json").path, "no such file or directory"),
        ] {
            for format in ["text", "json"] {   // the JSON report is streamed: the same guarantees
                let run = try check(["--format", format, "--output", path])
                #expect(run.status == 2)
                #expect(run.stdout.contains(" keys in ") || run.stdout.contains(" key in "), "\(run.stdout)")
                #expect(run.stderr.hasSuffix("error: \(path): the report could not be written there: \(reason); only the summary above was printed\n"),
                        "\(format): \(run.stderr)")
            }
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    /// The HTML report is still written when --output cannot be, and the reverse: each failure said, exit 2.
    @Test func oneUnwritableReportDoesNotStopTheOther() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = dir.appendingPathComponent("html").path
        let run = try check(["--output", "/dev/null", "--html", html])
        #expect(run.status == 2)
        #expect(FileManager.default.fileExists(atPath: html + "/index.html"))
        let file = dir.appendingPathComponent("file").path
        try Data().write(to: URL(fileURLWithPath: file))
        let other = try check(["--output", dir.appendingPathComponent("r.txt").path, "--html", file + "/sub"])
        #expect(other.status == 2)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.txt").path))
        #expect(other.stderr.contains("error: \(file)/sub: cannot write the HTML report: cannot create the folder '\(file)': it is a file, not a folder"))
    }

    /// Inputs that crashed or hung the process: each is exit 2 with a message naming the file.
    @Test func crashingAndHangingInputsAreErrors() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let deep = dir.appendingPathComponent("deep.json").path
        try Data((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8).write(to: URL(fileURLWithPath: deep))
        let deepRun = try CLIRunner.run(["check", Self.catalog, "--spec", deep])
        #expect(deepRun.status == 2)
        #expect(deepRun.stderr.contains("\(deep):1:64: error: the spec nests deeper than 64 levels"))

        let catalog = dir.appendingPathComponent("L.xcstrings").path
        try Data(#"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"é":{"stringUnit":{"state":"translated","value":"%lld x"}}}}}}"#.utf8)
            .write(to: URL(fileURLWithPath: catalog))
        let tagRun = try CLIRunner.run(["check", catalog, "--spec", Self.spec])
        #expect(tagRun.status == 2)
        #expect(tagRun.stderr.contains("\(catalog):1:"))
        #expect(tagRun.stderr.contains("'é' is not a language code"))

        let fifo = dir.appendingPathComponent("font.ttf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let fontRun = try CLIRunner.run(["fit", "Hello", "--font", fifo, "--size", "17", "--width", "100"])
        #expect(fontRun.status == 2)
        #expect(fontRun.stderr.contains("\(fifo): cannot read the font: is a named pipe (FIFO)"))
    }

    /// The README: a `.strings` file outside an `.lproj` is checked as `und` with a warning, not an error.
    @Test func stringsOutsideAnLprojAreCheckedWithAWarning() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let strings = dir.appendingPathComponent("Localizable.strings").path
        try Data("\"a\" = \"b %d\";\n".utf8).write(to: URL(fileURLWithPath: strings))
        let run = try CLIRunner.run(["check", strings, "--spec", Self.spec])
        #expect(run.status <= 1, "\(run.stderr)")
        #expect(!run.stderr.contains("error"))
        #expect(run.stderr.contains("warning: cannot tell the language"))
    }

    // /dev/full (every write fails: no space left on device) is Linux's: macOS has no such device.
    #if os(Linux)
    /// Runs `layoutsim` with standard output on /dev/full (every write fails: no space left on device), and
    /// standard error closed when asked.
    func runWithFullOutput(_ arguments: [String], closingStandardError: Bool = false) throws -> (status: Int32, stderr: String) {
        let binary: URL = try #require(CLIRunner.binary, "layoutsim binary not built next to the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", closingStandardError ? "exec \"$0\" \"$@\" >/dev/full 2>&-" : "exec \"$0\" \"$@\" >/dev/full",
                             binary.path] + arguments
        process.currentDirectoryURL = TestSupport.packageRoot
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    /// A report on a standard output that cannot take it: every format says so and exits 2 (the text formats stopped
    /// the process with SIGILL, status 132); with `--output`, the file is written before the summary's failure is
    /// said; with standard error closed as well, the status is still 2.
    @Test func aFullStandardOutputIsAnErrorInEveryFormat() throws {
        let message = "error: standard output: the report could not be written there: no space left on device\n"
        for format in ["text", "json", "junit", "sarif", "github"] {
            let run = try runWithFullOutput(["check", Self.catalog, "--spec", Self.spec, "--format", format])
            #expect(run.status == 2, "\(format)")
            #expect(run.stderr.hasSuffix(message), "\(format): \(run.stderr)")
        }
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("report.json").path
        let written = try runWithFullOutput(["check", Self.catalog, "--spec", Self.spec, "--format", "json", "--output", file])
        #expect(written.status == 2)
        #expect(written.stderr.hasSuffix("error: standard output: the summary could not be written there: no space left on device\n"))
        let report = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect((try JSONSerialization.jsonObject(with: report) as? [String: Any])?["results"] != nil)
        let silent = try runWithFullOutput(["check", Self.catalog, "--spec", Self.spec], closingStandardError: true)
        #expect(silent.status == 2)
        #expect(silent.stderr.isEmpty)
        let missing = try runWithFullOutput(["check", "Tests/Fixtures/Check/no-such.xcstrings"], closingStandardError: true)
        #expect(missing.status == 2)
        let fit = try runWithFullOutput(["fit", "Hello", "--width", "100", "--json"])
        #expect(fit.status == 2)
        #expect(fit.stderr.hasSuffix(message))
    }
    #endif
}

extension HostileCLITests {
    /// A line limit past any text (Int.max) was an arithmetic overflow in the remedy; it is refused where it is read.
    @Test func aLineLimitPastAnyTextIsRefusedWhereItIsRead() throws {
        let fit = try CLIRunner.run(["fit", "Einstellungen und mehr", "--width", "50", "--lines", "9223372036854775807"])
        #expect(fit.status == 2)
        #expect(fit.stderr.contains("line limit must be 0 (no limit) to 100000 (got 9223372036854775807)"))
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("lines.yaml")
        try Data("defaults: {device: iphone-15}\nelements:\n  - key: a\n    lines: 300000000000000000\n".utf8).write(to: spec)
        let check = try CLIRunner.run(["check", Self.catalog, "--spec", spec.path])
        #expect(check.status == 2)
        #expect(check.stderr.contains("\(spec.path):3:5: error: invalid container: line limit must be 0 (no limit) to 100000"))
    }

    /// A report whose budget width is 1e308 (read back by merge) was a Double-to-Int trap in the estimate.
    @Test func aBudgetPastAnyLabelIsNoEstimate() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("report.json").path
        _ = try check(["--format", "json", "--output", report])
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        var results = try #require(json["results"] as? [[String: Any]])
        let index = try #require(results.firstIndex { $0["budget"] is [String: Any] })
        var budget = try #require(results[index]["budget"] as? [String: Any])
        budget["width"] = 1e308
        results[index]["budget"] = budget
        json["results"] = results
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: report))
        let merged = try CLIRunner.run(["merge", report, "--format", "json"])
        #expect(merged.status <= 1, "\(merged.stderr)")
    }
}
