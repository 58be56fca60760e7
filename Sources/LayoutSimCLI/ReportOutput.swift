import ArgumentParser
import Foundation
import LayoutSim
import LayoutSimSupport

/// Where `check` and `merge` put what they say: input problems on standard error (always, as
/// `file:line:column: severity: message`); the report on standard output, or in `--output` (atomically) with only
/// the summary line on standard output.
enum ReportOutput {
    /// `workers`: threads that may encode the JSON report's results (`check --jobs`).
    static func emit(_ report: CheckReport, format: ReportFormat, output: String?, seconds: Double?, workers: Int = 1) throws {
        let problems = CheckRenderer.problems(report)
        if !problems.isEmpty {
            StandardStreams.error(problems.joined(separator: "\n") + "\n")
        }
        let terminalColor = isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        if format == .json {
            // Streamed in chunks as it is written, never whole in memory.
            if let output {
                // The summary is printed whether or not the file could be written: the results are never all lost.
                let summaryFailure = summary(report, color: terminalColor, seconds: seconds)
                do throws(OutputFileError) {
                    try OutputFile.write(to: output) { file in
                        // The file is written from arrays (POSIX `write` is given Swift arrays): each chunk copied.
                        try report.writeJSON(trailer: "\n", workers: workers) { chunk in try file(Array(chunk)) }
                    }
                } catch {
                    throw CLIError.badInput("\(output): the report could not be written there: \(error); only the summary "
                        + "above was printed")
                }
                if let summaryFailure { throw summaryFailure }
            } else {
                // Each chunk is written from its own bytes, not copied into a `Data` first.
                try report.writeJSON(trailer: "\n", workers: workers) { chunk in
                    try StandardStreams.output(bytes: chunk, what: "the report")
                }
            }
            return
        }
        let data: Data
        switch format {
        case .junit: data = Data(CheckRenderer.junit(report).utf8)
        case .sarif: data = try CheckRenderer.sarif(report, version: LayoutSimVersion.current) + Data("\n".utf8)
        case .github: data = Data(CheckRenderer.github(report).utf8)
        case .text, .json:  // (JSON is written above)
            // In a file the text report is whole; on standard output its problems are on standard error only.
            data = Data(CheckRenderer.text(report, color: output == nil && terminalColor, seconds: seconds, includesProblems: output != nil).utf8)
        }
        if let output {
            // The summary is printed whether or not the file could be written: the results are never all lost.
            let summaryFailure = summary(report, color: terminalColor, seconds: seconds)
            do throws(OutputFileError) {
                try OutputFile.write(data, to: output)
            } catch {
                throw CLIError.badInput("\(output): the report could not be written there: \(error); only the summary "
                    + "above was printed")
            }
            if let summaryFailure { throw summaryFailure }
        } else {
            try StandardStreams.output(bytes: data, what: "the report")
        }
    }

    /// The summary line on standard output, beside a report written to a file: a failed write is returned, to be
    /// said after the file is written (the report is not lost for want of its summary).
    private static func summary(_ report: CheckReport, color: Bool, seconds: Double?) -> CLIError? {
        do throws(CLIError) {
            try StandardStreams.output(CheckRenderer.summary(report, color: color, seconds: seconds), what: "the summary")
            return nil
        } catch {
            return error
        }
    }

    /// `--update-baseline`: writes the report's failures as the baseline, unless the input had errors (exit 2, a
    /// message, nothing written). On success the run's failures are accepted: the caller exits 0.
    static func writeBaseline(of report: CheckReport, to path: String, format: ReportFormat, output: String?) throws {
        guard report.summary.errors == 0 else {
            throw CLIError.badInput("\(path): baseline not written: the input has errors (above); fix them first")
        }
        let baseline = Baseline(failuresOf: report)
        do {
            try OutputFile.write(try baseline.jsonData(), to: path)
        } catch {
            throw CLIError.badInput("\(path): cannot write the baseline: \(error)")
        }
        let note = "wrote the baseline \(path): \(baseline.entries.count) accepted failure\(baseline.entries.count == 1 ? "" : "s")\n"
        // Standard output when it carries text; after a machine-readable report there, standard error.
        if output != nil || format == .text {
            try StandardStreams.output(note, what: "the note on the baseline")
        } else {
            StandardStreams.error(note)
        }
    }
}
