import ArgumentParser
import Foundation
import LayoutSim

/// `layoutsim merge`: joins the JSON reports of one run's shards (or of whole runs of the same input) into one.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join JSON reports of 'layoutsim check --shard I/N' into one report.",
        discussion: """
            Every report records its shard (I/N) and its input: SHA-256 of each catalog and of the spec, the \
            options that change results, and the layoutsim version. merge refuses, writing nothing, when a shard \
            is missing or given twice, when shards of different splits are mixed, or when reports come from \
            different inputs (naming the part that differs). An unsharded report may join others of the same input.

            Exit status as for check: 0, 1 (new failures), 2 (input errors in any report; or an unreadable report, \
            a missing, repeated or mixed shard: then nothing is written).
            """
    )

    @Argument(help: "JSON reports written by 'layoutsim check --format json'.", completion: Completions.jsonReports)
    var reports: [String]

    @Option(help: ArgumentHelp("text (default), json, junit, sarif or github.", valueName: "format"), completion: Completions.formats)
    var format = Parsed<ReportFormat>(argument: "text")

    @Option(help: ArgumentHelp("Write the merged report here (atomically) instead of standard output, which then carries only the summary line.", valueName: "file"), completion: .file())
    var output: String?

    @Option(name: .customLong("update-baseline"), help: ArgumentHelp("Write the merged failures as the new baseline (see 'layoutsim check --help') and exit 0, unless a report has input errors.", valueName: "file"), completion: Completions.jsonReports)
    var updateBaseline: String?

    /// The format read, and reports given: the first wrong one is said.
    func validate() throws {
        guard !Validation.isDeferred else { return }
        _ = try format.value
        guard !reports.isEmpty else { throw CLIError.badInput("no reports to merge") }
    }

    mutating func run() throws {
        let format = try self.format.value
        var loaded: [(name: String, report: CheckReport)] = []
        var problems: [String] = []
        for path in reports {
            do { loaded.append((path, try CheckReport.read(path: path))) } catch { problems.append(error.description) }
        }
        if problems.isEmpty { problems = CheckReport.mergeProblems(loaded) }
        guard problems.isEmpty else { throw CLIError.badInput(problems.joined(separator: "\nerror: ")) }
        let merged = CheckReport.merge(loaded.map(\.report))
        try ReportOutput.emit(merged, format: format, output: output, seconds: nil)
        if let updateBaseline {
            try ReportOutput.writeBaseline(of: merged, to: updateBaseline, format: format, output: output)
            return  // the failures are accepted now
        }
        if merged.exitStatus != 0 { throw ExitCode(merged.exitStatus) }
    }
}
