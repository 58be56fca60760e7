import Foundation
import LayoutSim
import LayoutSimTestSupport
import Testing
import Yams
@testable import LayoutSimCLI

/// The CI examples in Examples/ci are valid: the workflows parse as YAML with the structure GitHub Actions needs,
/// every `layoutsim` command they run parses with the CLI's own parser, and the commands run for real on the bundled
/// example (annotations, HTML report, exit status); the plain shell script runs and exits as documented.
@Suite struct CIExamplesTests {
    static let ci = TestSupport.packageRoot.appendingPathComponent("Examples/ci")
    static let example = ["CATALOGS": "Examples/App/Localizable.xcstrings", "SPEC": "Examples/App/layout.yaml"]

    @Test(arguments: ["github-linux.yml", "github-macos.yml"])
    func workflowIsValidAndRunsRealCommands(_ file: String) throws {
        let text = try String(contentsOf: Self.ci.appendingPathComponent(file), encoding: .utf8)
        let root = try #require(try Yams.compose(yaml: text))
        #expect(root["name"]?.string?.isEmpty == false)
        // `on` is a plain key here (not YAML 1.1's boolean): GitHub reads it as the trigger list.
        let triggers = try #require(root.mapping?.first { $0.key.string == "on" }?.value.mapping)
        #expect(Set(triggers.keys.compactMap(\.string)) == ["push", "pull_request"])
        var env: [String: String] = [:]
        for (key, value) in root["env"]?.mapping ?? [:] { env[key.string ?? ""] = value.string }
        #expect(env["CATALOGS"] != nil && env["SPEC"] != nil && env["REPORT_DIR"] != nil)

        let jobs = try #require(root["jobs"]?.mapping)
        #expect(jobs.count == 1)
        let job = try #require(jobs.first?.value)
        #expect(job["runs-on"]?.string?.isEmpty == false)
        let steps = try #require(job["steps"]?.sequence)
        var runs: [String] = []
        var actions: [String: Node] = [:]
        for step in steps {
            let uses = step["uses"]?.string, run = step["run"]?.string
            #expect((uses == nil) != (run == nil), "a step has either uses or run: \(step)")
            if let uses {
                #expect(uses.contains("@v"), "actions are pinned to a major version: \(uses)")
                actions[String(uses.prefix { $0 != "@" })] = step
            }
            if let run { runs.append(run) }
        }
        #expect(Set(actions.keys) == ["actions/checkout", "actions/cache", "actions/upload-artifact"])
        #expect(actions["actions/cache"]?["with"]?["path"]?.string == ".layoutsim/.build")
        let upload = try #require(actions["actions/upload-artifact"])
        #expect(upload["if"]?.string == "always()", "the report is uploaded when the check fails too")
        #expect(Self.expand(upload["with"]?["path"]?.string ?? "", env: env) == env["REPORT_DIR"])

        // The build command builds the binary the check runs.
        let commands = runs.flatMap { Self.commandLines($0) }
        let build = try #require(commands.first { $0.hasPrefix("swift build") })
        #expect(build == "swift build -c release --product layoutsim --package-path .layoutsim")
        let checks = commands.filter { $0.hasPrefix(".layoutsim/.build/release/layoutsim ") }
        #expect(checks.count == 1)

        // The check parses with layoutsim's parser, and runs on the bundled example.
        let reportDir = try TestSupport.temporaryDirectory("ci-\(file)")
        defer { try? FileManager.default.removeItem(at: reportDir) }
        var exampleEnv = env.merging(Self.example) { $1 }
        exampleEnv["REPORT_DIR"] = reportDir.path
        let words = Self.shellWords(try #require(checks.first), env: exampleEnv)
        let arguments = Array(words.dropFirst())
        let parsed = try #require(try LayoutSimCommand.parseAsRoot(arguments) as? CheckCommand)
        #expect(try parsed.format.value == .github)
        #expect(parsed.html == reportDir.path)
        let binary = try #require(CLIRunner.binary)
        let result = try Self.run(binary.path, arguments, env: [:])
        #expect(result.status == 1, "the example has failures: \(result.stderr)")
        let annotations = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::error file=Examples/App/Localizable.xcstrings,line=") }
        #expect(!annotations.isEmpty)
        #expect(FileManager.default.fileExists(atPath: reportDir.appendingPathComponent("index.html").path))
    }

    @Test func shellScriptWritesTheReportsAndExitsAsDocumented() throws {
        let binary = try #require(CLIRunner.binary)
        let dir = try TestSupport.temporaryDirectory("ci-sh")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = Self.ci.appendingPathComponent("check.sh").path
        var env = Self.example.merging(["LAYOUTSIM": binary.path, "REPORT_DIR": dir.path]) { $1 }

        let failing = try Self.run("/bin/sh", [script], env: env)
        #expect(failing.status == 1, "\(failing.stderr)")
        #expect(failing.stdout.hasSuffix("layoutsim: some strings do not fit (report: \(dir.path)/index.html)\n"))
        let junit = try String(contentsOf: dir.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuites"))
        #expect(junit.contains("<failure"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("index.html").path))

        // With the current failures as the baseline, the same check passes.
        let baseline = dir.appendingPathComponent("baseline.json").path
        let update = try Self.run(binary.path, [
            "check", "Examples/App/Localizable.xcstrings", "--spec", "Examples/App/layout.yaml", "--update-baseline", baseline,
        ], env: [:])
        #expect(update.status == 0)
        env["BASELINE"] = baseline
        let passing = try Self.run("/bin/sh", [script], env: env)
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(passing.stdout.hasSuffix("layoutsim: every string fits (report: \(dir.path)/index.html)\n"))

        // A spec that is not there: status 2 and layoutsim's message on standard error.
        env["SPEC"] = "Examples/App/missing.yaml"
        env["BASELINE"] = nil
        let bad = try Self.run("/bin/sh", [script], env: env)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("Examples/App/missing.yaml"))
        #expect(bad.stdout.hasSuffix("layoutsim: bad input, see the messages above\n"))
    }

    // MARK: - A small shell: enough to read the workflows' command lines.

    /// The command lines of a `run` script: continuation lines joined, comments and blank lines dropped.
    static func commandLines(_ script: String) -> [String] {
        script.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// `${{ env.NAME }}` replaced from `env`.
    static func expand(_ text: String, env: [String: String]) -> String {
        var text = text
        for (name, value) in env { text = text.replacingOccurrences(of: "${{ env.\(name) }}", with: value) }
        return text
    }

    /// A command line split into words as `sh` does for the forms the workflows use: `$NAME` outside quotes is
    /// expanded and split on spaces, inside double quotes expanded as one word; single quotes are literal.
    static func shellWords(_ line: String, env: [String: String]) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var index = line.startIndex
        func variable() -> String {
            var name = ""
            if index < line.endIndex, line[index] == "{" {
                index = line.index(after: index)
                while index < line.endIndex, line[index] != "}" { name.append(line[index]); index = line.index(after: index) }
                if index < line.endIndex { index = line.index(after: index) }
            } else {
                while index < line.endIndex, line[index].isLetter || line[index].isNumber || line[index] == "_" {
                    name.append(line[index]); index = line.index(after: index)
                }
            }
            return env[name] ?? ""
        }
        while index < line.endIndex {
            let c = line[index]
            index = line.index(after: index)
            switch c {
            case " ", "\t":
                if inWord { words.append(current); current = ""; inWord = false }
            case "'":
                inWord = true
                while index < line.endIndex, line[index] != "'" { current.append(line[index]); index = line.index(after: index) }
                if index < line.endIndex { index = line.index(after: index) }
            case "\"":
                inWord = true
                while index < line.endIndex, line[index] != "\"" {
                    let d = line[index]
                    index = line.index(after: index)
                    if d == "$" { current += variable() } else { current.append(d) }
                }
                if index < line.endIndex { index = line.index(after: index) }
            case "$":
                let parts = variable().split(separator: " ", omittingEmptySubsequences: true)
                for (n, part) in parts.enumerated() {
                    if n > 0 { words.append(current); current = "" }
                    current += part
                    inWord = true
                }
            default:
                current.append(c)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    @Test func shellWordsSplitsAsShDoes() {
        let env = ["A": "x y", "B": "z"]
        #expect(Self.shellWords("cmd $A --o \"$B w\" '$A' ${B}", env: env) == ["cmd", "x", "y", "--o", "z w", "$A", "z"])
    }

    struct Output { let status: Int32; let stdout: String; let stderr: String }

    /// Runs `executable` from the package root with `env` added to this process's environment.
    static func run(_ executable: String, _ arguments: [String], env: [String: String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = TestSupport.packageRoot
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in env { environment[name] = value }
        environment["BASELINE"] = env["BASELINE"]  // never inherited: the script reads it
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}
