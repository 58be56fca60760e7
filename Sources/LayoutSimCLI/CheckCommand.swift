import ArgumentParser
import Foundation
import LayoutSim
import LayoutSimSources
import LayoutSimSupport

/// `layoutsim check`: every string of the app's catalogs, in every locale, at every category, against a spec.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check whole string catalogs against a layout spec, in every locale and category.",
        discussion: """
            Reads .xcstrings, .strings, .stringsdict, XLIFF (.xliff/.xlf) and .xcloc catalogs, expands every plural \
            and device variant, replaces placeholders with wide samples, and lays every string out as the spec says \
            (JSON or YAML: 'defaults', 'elements' with a key or glob and per-device 'devices', 'placeholders'; see the README). A string \
            passes when it fits through its element's mustFitThrough (default AX5).

            Input errors and warnings go to standard error as file:line:column: severity: message, whatever the \
            format and --output. The report goes to standard output, or with --output to the file, and standard \
            output then carries only the summary line.

            Baselines: --update-baseline FILE writes the current failures (key, locale, variant, element and a hash \
            of the text as laid out) as the accepted ones; --baseline FILE reads them back, so a failure counts \
            as known only while its text and element stay the same, and baseline entries that no longer fail are \
            listed as fixed. Give both with the same FILE to compare with the old baseline and then replace it. \
            --baseline also takes an earlier JSON report (an older report without text hashes matches by key, \
            locale and variant only, with a warning).

            Exit status: 0 everything fits (or only failures already in --baseline; or --update-baseline wrote the \
            baseline), 1 new failures, 2 bad input (unreadable catalog or spec, unknown spec fields, bad values, \
            unreadable baseline); on bad input the other inputs are still checked and the report is still written, \
            but not a baseline.
            """
    )

    @Argument(help: "Catalog files or .xcloc folders.", completion: Completions.catalogs)
    var catalogs: [String]

    @Option(help: ArgumentHelp("The layout spec (JSON or YAML). With --sources, its fields override the derived ones, key by key.", valueName: "file"), completion: Completions.specs)
    var spec: String?

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Derive the places from the app's SwiftUI, UIKit and Interface Builder sources, as 'layoutsim scan' does, and check each string in each place.", valueName: "path"), completion: .file())
    var sources: [String] = []

    @Option(name: .customLong("scan-config"), help: ArgumentHelp("With --sources: the scan's config (fontAliases, customClasses, exclude; see 'layoutsim scan --help').", valueName: "file"), completion: .file())
    var scanConfig: String?

    @Option(help: ArgumentHelp("Only these locales, comma-separated (as in the catalogs, e.g. th,ar,hi); one that no catalog has is an error.", valueName: "list"))
    var locales: Parsed<LocaleList>?

    @Option(help: ArgumentHelp("Categories: a name, a...b, ...b, a..., all, or a comma list. Default: all.", valueName: "range"), completion: Completions.categories)
    var categories: Parsed<CategoryRange>?

    @Option(help: ArgumentHelp("text (default), json, junit, sarif or github.", valueName: "format"), completion: Completions.formats)
    var format = Parsed<ReportFormat>(argument: "text")

    @Option(help: ArgumentHelp("Write the report here (atomically, through a link to its target, keeping its permissions; never over a FIFO, device or folder) instead of standard output, which then carries only the summary line, printed even when the file cannot be written.", valueName: "file"), completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("Also write each string's room as CSV (key, locale, width and lines at mustFitThrough, the characters that fit at the locale's mean character width), for translators and localization platforms.", valueName: "file"), completion: .file(extensions: ["csv"]))
    var budgets: String?

    @Option(help: ArgumentHelp("Also write a self-contained HTML report (index.html with a grid of keys × locales and pictures of the first 400 failures) into this folder.", valueName: "dir"), completion: .directory)
    var html: String?

    @Option(help: ArgumentHelp("The accepted failures (a file written by --update-baseline, or an earlier JSON report): only other failures, or the same strings with a changed text or element, fail the run; entries that no longer fail are listed as fixed.", valueName: "file"), completion: Completions.jsonReports)
    var baseline: String?

    @Option(name: .customLong("update-baseline"), help: ArgumentHelp("Write the current failures as the new baseline (may be the --baseline file; the report still compares with the old one) and exit 0, unless the input has errors: then nothing is written and the status is 2. Not with --shard: give it to 'layoutsim merge'.", valueName: "file"), completion: Completions.jsonReports)
    var updateBaseline: String?

    @Option(help: ArgumentHelp("Check slice I of N (1-based), e.g. 2/4, for a CI matrix; join the JSON reports with 'layoutsim merge'.", valueName: "I/N"))
    var shard: Parsed<Shard>?

    @Flag(help: "Also check the source language pseudolocalized (locale x-pseudo), so layouts are checked before any translation exists.")
    var pseudo = false

    @Option(name: .customLong("pseudo-modes"), help: ArgumentHelp("Pseudolocalization modes, comma-separated: expansion, accents, tallMarks, rightToLeft, brackets. Default: expansion,accents,brackets.", valueName: "list"), completion: Completions.pseudoModes)
    var pseudoModes: Parsed<PseudoModes>?

    @Option(help: ArgumentHelp("Threads laying out strings (each with its own engine, from the first strings read on) and encoding the JSON report's results; with more than one, a String Catalog's line index is made beside its parsing. Default: 2.", valueName: "n"))
    var jobs: Int = 2

    @Option(name: .customLong("development-language"), help: ArgumentHelp("The language of Base.lproj strings files. Default: en.", valueName: "tag"))
    var developmentLanguage: String = "en"

    @OptionGroup var systemFonts: SystemFontsOption<FontsHelp>

    @OptionGroup var fontsDirectory: FontsDirectoryOption<FontsHelp>

    @OptionGroup var appleFonts: AppleFontsOption<FontsHelp>

    @Option(name: .customLong("require-fonts"), help: ArgumentHelp("Fail as bad input (status 2) unless the system font comes from these: apple (Apple's own fonts) or stand-ins.", valueName: "apple|stand-ins"), completion: .list(RequiredFonts.allCases.map(\.rawValue)))
    var requireFonts: Parsed<RequiredFonts>?

    /// The font options' help as `check` words it: the spec comes first.
    enum FontsHelp: FontOptionsHelp {
        static let appleFonts = "Lay the system font and its cascade out with Apple's own fonts from this folder (an iOS simulator runtime's System/Library/Fonts, or a copy), 'auto' (macOS: the newest installed iOS simulator runtime) or 'off'. Default: the spec's appleFonts, else $LAYOUTSIM_APPLE_FONTS, else the bundled stand-ins."
    }

    /// The options' values read, and the options that do not go together: the first wrong one is said.
    func validate() throws {
        guard !Validation.isDeferred else { return }
        guard spec != nil || !sources.isEmpty else { throw CLIError.badInput("give the layout spec (--spec FILE), the app's sources (--sources PATH...), or both") }
        _ = try requireFonts?.value
        _ = try locales?.value
        _ = try categories?.value
        _ = try pseudoModes?.value
        if let shard {
            _ = try shard.value
            if updateBaseline != nil {
                throw CLIError.badInput("--update-baseline with --shard would keep only this shard's failures; merge the shards' JSON reports with 'layoutsim merge … --update-baseline FILE'")
            }
        }
        _ = try format.value
        guard jobs >= 1 && jobs <= 64 else { throw CLIError.badInput("--jobs must be between 1 and 64") }
    }

    mutating func run() throws {
        var options = CheckOptions(catalogs: catalogs, spec: spec ?? "")
        var sourcesUnreadable = false
        if !sources.isEmpty {
            let scan = try ScanCommand.scan(sources, config: scanConfig)
            options.sourcesSpec = SpecDraft.write(scan)
            for note in scan.notes where note.severity == .error { StandardStreams.error("\(note.location): error: \(note.message)\n") }
            sourcesUnreadable = scan.notes.contains { $0.severity == .error }
        }
        // Resolved by the check, after the spec's appleFonts.
        options.appleFonts = appleFonts.setting
        options.requiredFonts = try requireFonts?.value
        options.locales = try locales?.value.locales
        if let categories { options.categories = try categories.value.categories }
        if pseudo || pseudoModes != nil { options.pseudo = try pseudoModes?.value.modes ?? PseudoModes.standard }
        if let shard = try shard?.value { options.shard = (shard.index, shard.count) }
        let format = try self.format.value
        options.workers = jobs
        options.usesSystemFonts = systemFonts.isOn
        options.developmentLanguage = developmentLanguage
        options.fontsDirectory = fontsDirectory.url
        options.drawsFailures = html != nil
        if let baseline {
            // A baseline that cannot be read is an error in the report, which is still made and written (every
            // failure is new): nothing else is lost, and the status is 2.
            do throws(CheckError) {
                options.baseline = try Baseline.read(path: baseline)
            } catch {
                let prefix = baseline + ": "
                let message = error.description.hasPrefix(prefix) ? String(error.description.dropFirst(prefix.count)) : error.description
                options.baseline = Baseline(entries: [], diagnostics: [
                    ReportDiagnostic(file: baseline, line: 1, column: 1, severity: .error, message: message + "; not used"),
                ])
            }
        }
        let showProgress = isatty(2) == 1
        if showProgress {
            options.progress = { done, total in
                if total >= 200 && (done % 50 == 0 || done == total) {
                    StandardStreams.error("\rchecked \(done)/\(total)\(done == total ? "\n" : "")")
                }
            }
        }

        let start = Date()
        let report: CheckReport
        do { report = try CheckRunner.run(options) } catch { throw CLIError.badInput(error.description) }
        let seconds = Date().timeIntervalSince(start)
        // A report that cannot be written does not stop the others: each failure is said, then exit 2.
        var unwritten: [CLIError] = []
        do { try ReportOutput.emit(report, format: format, output: output, seconds: seconds, workers: jobs) } catch let error as CLIError {
            unwritten.append(error)
        }
        if let html {
            do {
                try HTMLReport.write(report, to: URL(fileURLWithPath: html))
            } catch {
                unwritten.append(.badInput("\(html): cannot write the HTML report: \(error)"))
            }
        }
        if let budgets {
            do {
                try OutputFile.write(Data(BudgetCSV.render(report).utf8), to: budgets)
            } catch {
                unwritten.append(.badInput("\(budgets): cannot write the budgets: \(error)"))
            }
        }
        if let last = unwritten.last {
            for error in unwritten.dropLast() { StandardStreams.error("error: \(error.description)\n") }
            throw last
        }
        if let updateBaseline {
            try ReportOutput.writeBaseline(of: report, to: updateBaseline, format: format, output: output)
            return  // the failures are accepted now
        }
        if sourcesUnreadable { throw ExitCode(2) }
        if report.exitStatus != 0 { throw ExitCode(Int32(report.exitStatus)) }
    }
}
