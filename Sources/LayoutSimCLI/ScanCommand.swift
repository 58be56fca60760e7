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

            Findings: what will not scale, clip or grow (fixed-font-size, fixed-frame-height, unscaled-icon, \
            no-content-size-adjustment, row-without-switch, capped-type-size, attributed-fixed-font, \
            minimum-scale-hides-truncation), each with the line and the fix. Silence one with a comment \
            '// layoutsim:ignore RULE' on or above its line, or the config's ignore list; accept today's with \
            --update-baseline FILE, then --baseline FILE.

            Exit status: 0; 1 (an error finding not in the baseline); 2 (a path or catalog that cannot be read, \
            Swift or XML that cannot be parsed: the rest is still scanned).
            """
    )

    @Argument(help: "Swift files, storyboards, xibs, or folders to scan (build folders, Pods and test targets are skipped).", completion: .file())
    var paths: [String]

    @Option(name: .customLong("catalog"), help: ArgumentHelp("A catalog (.xcstrings, .strings, .stringsdict, .xliff) to measure coverage against; repeatable.", valueName: "file"), completion: .file())
    var catalogs: [String] = []

    @Option(help: ArgumentHelp("A YAML config: fontAliases, customClasses, exclude, ignore.", valueName: "file"), completion: .file())
    var config: String?

    @Option(help: ArgumentHelp("text (default), json, sarif or github.", valueName: "format"))
    var format = Parsed<ScanFormat>(argument: "text")

    @Option(help: ArgumentHelp("Write the report here (atomically) instead of standard output.", valueName: "file"), completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("Findings whose ids are in this earlier JSON report of scan are known: said, not failing.", valueName: "file"), completion: .file())
    var baseline: String?

    @Option(name: .customLong("update-baseline"), help: ArgumentHelp("Write this scan's JSON report here as the new baseline and exit 0 (unless a path is unreadable).", valueName: "file"), completion: .file())
    var updateBaseline: String?

    @Option(name: .customLong("write-spec"), help: ArgumentHelp("Write (or update) a draft layout spec here.", valueName: "file"), completion: .file())
    var writeSpec: String?

    func validate() throws {
        guard !Validation.isDeferred else { return }
        _ = try format.value
    }

    mutating func run() throws {
        let format = try self.format.value
        let settings = try Self.config(config)
        var result = SourceScanner.scan(paths: paths, config: settings)
        let (read, catalogsUnreadable) = readCatalogs(catalogs)
        let coverage = catalogs.isEmpty ? nil : ScanCoverage.match(&result, catalogs: read)
        let engine: LayoutEngine?
        do { engine = try LayoutEngine() } catch { throw CLIError.badInput("cannot lay text out for the findings: \(error)") }
        let (findings, suppressed) = Suppressions.findings(result, texts: ScanCoverage.developmentTexts(read), engine: engine,
                                                           config: settings, baseline: try Self.baselineIDs(baseline))
        let report = ScanReport(result: result, coverage: coverage, findings: findings, suppressed: suppressed)
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
        if let updateBaseline {
            try OutputFile.write(Data(try report.json().utf8), to: updateBaseline)
            if report.exitStatus == 2 || catalogsUnreadable { throw ExitCode(2) }
            return
        }
        if catalogsUnreadable { throw ExitCode(2) }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }

    /// Scans the paths with the config file's settings (`check --sources` too).
    static func scan(_ paths: [String], config path: String?) throws -> ScanResult {
        SourceScanner.scan(paths: paths, config: try config(path))
    }

    /// The ids of the findings in an earlier JSON report of `scan`.
    static func baselineIDs(_ path: String?) throws -> Set<String> {
        guard let path else { return [] }
        let data = try InputFile.read(path)
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw CLIError.badInput("\(path): not valid JSON: \(error.localizedDescription)")
        }
        guard let findings = (object as? [String: Any])?["findings"] as? [[String: Any]] else {
            throw CLIError.badInput("\(path): not a JSON report of 'layoutsim scan' (no \"findings\" list)")
        }
        return Set(findings.compactMap { $0["id"] as? String })
    }

    /// The config file's settings (defaults without one).
    static func config(_ path: String?) throws -> ScanConfig {
        var config = ScanConfig()
        if let path {
            do { config = try ScanConfig.read(path: path) } catch let error as ScanConfigError {
                throw CLIError.badInput(error.description)
            } catch {
                throw CLIError.badInput("\(path): \(error)")
            }
        }
        return config
    }

    /// The catalogs as far as they can be read; their errors are said on standard error (status 2 at the end),
    /// and the scan goes on without what they could not give.
    func readCatalogs(_ paths: [String]) -> ([CatalogReadResult], unreadable: Bool) {
        guard !paths.isEmpty else { return ([], false) }
        let results = CatalogReader.readEach(paths.map { URL(fileURLWithPath: $0) })
        let errors = results.flatMap(\.diagnostics).filter { $0.severity == .error }
        for error in errors { StandardStreams.error("\(error.description)\n") }
        return (results, !errors.isEmpty)
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
