import ArgumentParser
import Foundation
import LayoutSim

/// Where `check` and `merge` put what they say: input problems on standard error (always, as
/// `file:line:column: severity: message`); the report on standard output, or in `--output` (atomically) with only
/// the summary line on standard output.
enum ReportOutput {
    /// `workers`: threads that may encode the JSON report's results (`check --jobs`).
    static func emit(_ report: CheckReport, format: String, output: String?, seconds: Double?, workers: Int = 1) throws {
        let problems = CheckRenderer.problems(report)
        if !problems.isEmpty { FileHandle.standardError.write(Data(problems.map { $0 + "\n" }.joined().utf8)) }
        let terminalColor = isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        if format == "json" {
            // Streamed in chunks as it is written, never whole in memory.
            if let output {
                // The summary is printed whether or not the file could be written: the results are never all lost.
                FileHandle.standardOutput.write(Data(CheckRenderer.summary(report, color: terminalColor, seconds: seconds).utf8))
                do throws(OutputFileError) {
                    try OutputFile.write(to: output) { chunk in try report.writeJSON(trailer: "\n", workers: workers, to: chunk) }
                } catch {
                    throw CLIError.badInput("\(output): the report could not be written there: \(error); only the summary "
                        + "above was printed")
                }
            } else {
                // Each chunk is written from its own bytes: copying it into a `Data` first cost ~1 k instructions per
                // string (German), and `write(_: Data)` stopped the process on a failed write, where this says so.
                do {
                    try report.writeJSON(trailer: "\n", workers: workers) { chunk in
                        do { try FileHandle.standardOutput.write(contentsOf: chunk) } catch { throw StandardOutputError(reason: error) }
                    }
                } catch let error as StandardOutputError {
                    throw CLIError.badInput("standard output: the report could not be written there: \(error.description)")
                }
            }
            return
        }
        let data: Data
        switch format {
        case "junit": data = Data(CheckRenderer.junit(report).utf8)
        case "sarif": data = try CheckRenderer.sarif(report, version: LayoutSimVersion.current) + Data("\n".utf8)
        case "github": data = Data(CheckRenderer.github(report).utf8)
        default:
            // In a file the text report is whole; on standard output its problems are on standard error only.
            data = Data(CheckRenderer.text(report, color: output == nil && terminalColor, seconds: seconds, includesProblems: output != nil).utf8)
        }
        if let output {
            // The summary is printed whether or not the file could be written: the results are never all lost.
            FileHandle.standardOutput.write(Data(CheckRenderer.summary(report, color: terminalColor, seconds: seconds).utf8))
            do throws(OutputFileError) {
                try OutputFile.write(data, to: output)
            } catch {
                throw CLIError.badInput("\(output): the report could not be written there: \(error); only the summary "
                    + "above was printed")
            }
        } else {
            FileHandle.standardOutput.write(data)
        }
    }

    /// `--update-baseline`: writes the report's failures as the baseline, unless the input had errors (exit 2, a
    /// message, nothing written). On success the run's failures are accepted: the caller exits 0.
    static func writeBaseline(of report: CheckReport, to path: String, format: String, output: String?) throws {
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
        let handle = output != nil || format == "text" ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(note.utf8))
    }
}

/// A failed write of the report to standard output, told apart from the errors of making the report.
private struct StandardOutputError: Error, CustomStringConvertible {
    let reason: any Error

    /// The system's words (`no space left on device`), not those of the `NSError` that carries them.
    var description: String {
        let error = reason as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))).lowercased() }
        return error.localizedDescription
    }
}
