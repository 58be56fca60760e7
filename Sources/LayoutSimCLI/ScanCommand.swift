import ArgumentParser
import Foundation
import LayoutSim
import LayoutSimSources
import LayoutSimSupport

/// The formats `scan` writes.
enum ScanFormat: String, CaseIterable, OptionValue {
    case text, json, sarif, github

    init(option text: String) throws(CLIError) {
        guard let format = Self(rawValue: text) else {
            throw .badInput("unknown --format '\(text)'; valid: \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = format
    }
}

/// `layoutsim scan`: what the app's SwiftUI, UIKit and Interface Builder sources say about where each localized
/// string is shown, as places, a coverage of the catalogs, and a draft spec for `check`.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read the app's SwiftUI, UIKit and Interface Builder sources: where each string is shown.",
        discussion: """
            Every place a localized string is shown (Text, Button, Label, Toggle, Section, navigationTitle, alerts, \
            UILabel text in code, storyboard and xib labels and buttons), with the font, line limit, frame, padding \
            and Dynamic Type limits the code gives it, each with the line it came from and a confidence. HStacks \
            and horizontal stack views are rows; isAccessibilitySize branches and ViewThatFits are alternatives.

            With --catalog: the catalog keys no place shows and the places whose key no catalog has. With \
            --write-spec: a layout spec 'check --spec' reads unchanged; scanning again keeps what you changed in it.

            Exit status: 0; 1 (findings); 2 (a path that cannot be read, Swift or XML that cannot be parsed: the \
            rest is still scanned).
            """
    )

    @Argument(help: "Swift files, storyboards, xibs, or folders to scan (build folders and Pods are skipped).", completion: .file())
    var paths: [String]

    @Option(name: .customLong("catalog"), help: ArgumentHelp("A catalog (.xcstrings, .strings, .stringsdict, .xliff) to measure coverage against; repeatable.", valueName: "file"), completion: .file())
    var catalogs: [String] = []

    @Option(help: ArgumentHelp("A YAML config: fontAliases, customClasses, exclude.", valueName: "file"), completion: .file())
    var config: String?

    @Option(help: ArgumentHelp("text (default), json, sarif or github.", valueName: "format"))
    var format = Parsed<ScanFormat>(argument: "text")

    @Option(help: ArgumentHelp("Write the report here (atomically) instead of standard output.", valueName: "file"), completion: .file())
    var output: String?

    @Option(name: .customLong("write-spec"), help: ArgumentHelp("Write (or update) a draft layout spec here.", valueName: "file"), completion: .file())
    var writeSpec: String?

    func validate() throws {
        guard !Validation.isDeferred else { return }
        _ = try format.value
    }

    mutating func run() throws {
        let format = try self.format.value
        var result = try Self.scan(paths, config: config)
        let coverage = catalogs.isEmpty ? nil : ScanCoverage.match(&result, catalogs: try readCatalogs(catalogs))
        let report = ScanReport(result: result, coverage: coverage)
        let text: String
        switch format {
        case .text: text = report.text()
        case .json: text = try report.json()
        case .sarif: text = try report.sarif()
        case .github: text = report.github()
        }
        if let output {
            try OutputFile.write(Data(text.utf8), to: output)
            StandardStreams.error(report.summary())
        } else {
            try StandardStreams.output(text, what: "the scan")
        }
        if let writeSpec { try Self.writeSpec(result, to: writeSpec) }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }

    /// Scans the paths with the config file's settings (`check --sources` too).
    static func scan(_ paths: [String], config path: String?) throws -> ScanResult {
        var config = ScanConfig()
        if let path {
            do { config = try ScanConfig.read(path: path) } catch let error as ScanConfigError {
                throw CLIError.badInput(error.description)
            } catch {
                throw CLIError.badInput("\(path): \(error)")
            }
        }
        return SourceScanner.scan(paths: paths, config: config)
    }

    /// The catalogs, or the first one that cannot be read.
    func readCatalogs(_ paths: [String]) throws -> [CatalogReadResult] {
        let results = CatalogReader.readEach(paths.map { URL(fileURLWithPath: $0) })
        let errors = results.flatMap(\.diagnostics).filter { $0.severity == .error }
        guard errors.isEmpty else { throw CLIError.badInput(errors.map(\.description).joined(separator: "\nerror: ")) }
        return results
    }

    /// Writes the draft, keeping what the user changed in an existing one.
    static func writeSpec(_ result: ScanResult, to path: String) throws {
        var existing: String?
        if FileManager.default.fileExists(atPath: path) {
            let data = try InputFile.read(path)
            guard let text = String(data: data, encoding: .utf8) else { throw CLIError.badInput("\(path): not UTF-8 text") }
            existing = text
        }
        try OutputFile.write(Data(SpecDraft.write(result, existing: existing).utf8), to: path)
    }
}
