import ArgumentParser
import Foundation
import LayoutSim

/// Where `check` and `merge` put what they say: input problems on standard error (always, as
/// `file:line:column: severity: message`); the report on standard output, or in `--output` (atomically) with only
/// the summary line on standard output.
enum ReportOutput {
    static func emit(_ report: CheckReport, format: String, output: String?, seconds: Double?) throws {
        let problems = CheckRenderer.problems(report)
        if !problems.isEmpty { FileHandle.standardError.write(Data(problems.map { $0 + "\n" }.joined().utf8)) }
        let terminalColor = isatty(1) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        if format == "json" {
            // Streamed in chunks as it is written, never whole in memory.
            if let output {
                do {
                    try writeAtomically(output) { chunk in try report.writeJSON(trailer: "\n", to: chunk) }
                } catch {
                    throw CLIError.badInput("\(output): cannot write the report (\(error.localizedDescription))")
                }
                FileHandle.standardOutput.write(Data(CheckRenderer.summary(report, color: terminalColor, seconds: seconds).utf8))
            } else {
                try report.writeJSON(trailer: "\n") { FileHandle.standardOutput.write(Data($0)) }
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
            do {
                try data.write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw CLIError.badInput("\(output): cannot write the report (\(error.localizedDescription))")
            }
            FileHandle.standardOutput.write(Data(CheckRenderer.summary(report, color: terminalColor, seconds: seconds).utf8))
        } else {
            FileHandle.standardOutput.write(data)
        }
    }

    /// Writes the file at `path` from the chunks `body` produces: into a temporary file beside it, renamed over
    /// `path` once complete, so a reader never sees half a report and a failed run leaves the old file.
    static func writeAtomically(_ path: String, _ body: (_ sink: @escaping ([UInt8]) throws -> Void) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try Data().write(to: temporary)
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                try body { try handle.write(contentsOf: $0) }
                try handle.synchronize()
            } catch {
                try handle.close()
                throw error
            }
            try handle.close()
            guard rename(temporary.path, path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            // The temporary file is ours: remove it whatever happened; the error that matters is the one above.
            do { try FileManager.default.removeItem(at: temporary) } catch {}
            throw error
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
            try baseline.jsonData().write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIError.badInput("\(path): cannot write the baseline (\(error.localizedDescription))")
        }
        let note = "wrote the baseline \(path): \(baseline.entries.count) accepted failure\(baseline.entries.count == 1 ? "" : "s")\n"
        // Standard output when it carries text; after a machine-readable report there, standard error.
        let handle = output != nil || format == "text" ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(note.utf8))
    }
}
