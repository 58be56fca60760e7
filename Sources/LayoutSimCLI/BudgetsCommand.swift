import ArgumentParser
import Foundation
import LayoutSim
import LayoutSimSupport

/// `layoutsim budgets`: writes the room each string has, from a JSON report of `check`, into catalogs where
/// translators see it.
struct BudgetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budgets",
        abstract: "Write each string's room from a check report into XLIFF, .xcloc and .xcstrings files for translators.",
        discussion: """
            Reads a JSON report of 'layoutsim check --format json' (each result's budget: width and lines at the \
            category it must fit through, and the characters estimated to fit) and writes it into copies of the \
            catalogs, changing nothing else:

            XLIFF 1.2 (.xliff, .xlf, and the Localized Contents of an .xcloc): maxwidth and size-unit on each \
            trans-unit of a key the report has in the file's target language; --unit char (code points, what most \
            translation tools count; the default), glyph (grapheme clusters) or pixel (iOS points, width × lines; \
            the same in every language, so units still untranslated get the source language's). XLIFF 2: \
            slr:sizeRestriction with the profile xliff:codepoints (--unit char only). .xcstrings: a line 'Max \
            width: 180 pt × 1 line (≈ 22 characters in de) [layoutsim]' in each key's comment, replacing an \
            earlier one.

            A unit covering several strings (variants, elements, a substitution's whole string) gets the tightest \
            budget. Exporting again replaces the budgets written before.

            The input catalogs are never replaced unless --in-place says so. Exit status: 0 written, 2 bad input \
            (unreadable report or catalog, unknown unit, output not writable); the other catalogs are still \
            written.
            """
    )

    @Argument(help: "Catalogs to write budgets into: .xcstrings, .xliff, .xlf files or .xcloc folders.", completion: Completions.budgetCatalogs)
    var catalogs: [String]

    @Option(help: ArgumentHelp("The JSON report of 'layoutsim check --format json --output FILE'.", valueName: "file"), completion: Completions.jsonReports)
    var report: String

    @Option(help: ArgumentHelp("With one catalog: write the catalog with budgets here (a file, or a new folder for an .xcloc).", valueName: "path"), completion: .file())
    var output: String?

    @Option(name: .customLong("output-dir"), help: ArgumentHelp("Write each catalog with budgets into this folder, under its own name.", valueName: "dir"), completion: .directory)
    var outputDir: String?

    @Flag(name: .customLong("in-place"), help: "Write the budgets into the catalogs themselves (each file replaced atomically).")
    var inPlace = false

    @Option(help: ArgumentHelp("XLIFF budgets in char (code points; default), glyph (grapheme clusters) or pixel (iOS points).", valueName: "unit"), completion: Completions.budgetUnits)
    var unit = Parsed<BudgetUnit>(argument: "char")

    /// The options' values read, and the options that do not go together: the first wrong one is said.
    func validate() throws {
        guard !Validation.isDeferred else { return }
        _ = try unit.value
        guard !catalogs.isEmpty else { throw CLIError.badInput("no catalogs to write budgets into") }
        let destinations = [output != nil, outputDir != nil, inPlace].filter { $0 }.count
        guard destinations == 1 else {
            throw CLIError.badInput("say where to write: --output PATH (one catalog), --output-dir DIR or --in-place (exactly one of them)")
        }
        if output != nil, catalogs.count > 1 {
            throw CLIError.badInput("--output takes one catalog (\(catalogs.count) given); use --output-dir DIR for several")
        }
    }

    mutating func run() throws {
        let unit = try self.unit.value
        let checkReport: CheckReport
        do { checkReport = try CheckReport.read(path: report) } catch { throw CLIError.badInput(error.description) }
        let budgets = checkReport.catalogBudgets
        let roomless = checkReport.roomlessBudgets
        if !roomless.isEmpty {
            let named = roomless.prefix(3).joined(separator: ", ") + (roomless.count > 3 ? " and \(roomless.count - 3) more" : "")
            StandardStreams.error("warning: \(roomless.count) string\(roomless.count == 1 ? " has" : "s have") no room "
                + "in \(roomless.count == 1 ? "its" : "their") layout where \(roomless.count == 1 ? "it" : "they") must fit (\(named)): "
                + "no budget written, as no translation could meet it; the layout must change\n")
        }
        if let outputDir {
            do throws(OutputFileError) { try OutputFile.makeFolder(outputDir) } catch {
                throw CLIError.badInput("--output-dir \(outputDir): \(error)")
            }
        }
        var failed = false
        var written: Set<String> = []
        for catalog in catalogs {
            let destination = output ?? outputDir.map { ($0 as NSString).appendingPathComponent((catalog as NSString).lastPathComponent) } ?? catalog
            guard written.insert(BudgetWriter.resolved(destination)).inserted else {
                StandardStreams.error("error: \(catalog): another catalog was written to \(destination) already; not written\n")
                failed = true
                continue
            }
            let writer = BudgetWriter(budgets: budgets, unit: unit, inPlace: inPlace)
            let outcome = writer.write(catalog, to: destination)
            for diagnostic in outcome.diagnostics {
                StandardStreams.error("\(diagnostic.location): \(diagnostic.severity == .error ? "error" : "warning"): \(diagnostic.message)\n")
            }
            if let error = outcome.error {
                StandardStreams.error("error: \(error)\n")
                failed = true
            } else {
                print("\(destination): \(outcome.annotated) of \(outcome.total) \(outcome.noun) given a budget\(outcome.unitWords)")
                // Not one key of the catalog in the report: the report of other catalogs. (Keys in the report with
                // no result in the catalog's language, a language not yet translated, are said above, and are no
                // error.)
                if outcome.annotated == 0 && outcome.total > 0 && !budgets.isEmpty,
                   Set(CatalogReader.read(URL(fileURLWithPath: catalog)).entries.map(\.key))
                       .isDisjoint(with: budgets.lazy.map(\.key)) {
                    let checked = checkReport.catalogs.map { "'\($0)'" }.joined(separator: ", ")
                    StandardStreams.error("error: \(catalog): none of its \(outcome.noun) is in the report "
                        + "\(report), a check of \(checked.isEmpty ? "no catalog" : checked); give the report of a check "
                        + "of this catalog\n")
                    failed = true
                }
            }
        }
        if failed { throw ExitCode(2) }
    }
}

/// Writes budgets into one catalog file or `.xcloc` folder (see ``BudgetsCommand``).
struct BudgetWriter {
    let budgets: [CatalogBudget]
    let unit: BudgetUnit
    let inPlace: Bool

    struct Outcome {
        var annotated = 0
        var total = 0
        var noun = "units"
        var unitWords = ""
        var diagnostics: [CatalogDiagnostic] = []
        /// Why nothing was written, naming the path.
        var error: String?
    }

    func write(_ catalog: String, to destination: String) -> Outcome {
        var outcome = Outcome()
        let sameFile = Self.resolved(catalog) == Self.resolved(destination)
        if sameFile, !inPlace {
            outcome.error = "\(destination): is the input catalog \(catalog); give --in-place to write the budgets into it"
            return outcome
        }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: catalog, isDirectory: &isFolder)
        if (catalog as NSString).pathExtension.lowercased() == "xcloc" {
            guard exists, isFolder.boolValue else {
                outcome.error = "\(catalog): an .xcloc must be a folder holding 'Localized Contents'"
                return outcome
            }
            return writeBundle(catalog, to: destination, sameFolder: sameFile)
        }
        let data: Data
        do throws(InputFileError) { data = try InputFile.read(catalog) } catch {
            outcome.error = "\(catalog): cannot read the catalog: \(error)"
            return outcome
        }
        let result = BudgetExport.export(data, file: catalog, budgets: budgets, unit: unit)
        outcome.record(result, unit: unit, catalog: catalog)
        guard let written = result.data else {
            outcome.error = outcome.error ?? "\(catalog): budgets not written (above)"
            return outcome
        }
        do throws(OutputFileError) { try OutputFile.write(written, to: destination) } catch {
            outcome.error = "\(destination): cannot write the catalog with budgets: \(error)"
        }
        return outcome
    }

    /// An `.xcloc`: a copy of the folder (or the folder itself, in place) with every `Localized Contents/*.xliff`
    /// given its budgets; all of them or, on any error, none.
    private func writeBundle(_ catalog: String, to destination: String, sameFolder: Bool) -> Outcome {
        var outcome = Outcome()
        let fileManager = FileManager.default
        var working = destination
        if !sameFolder {
            if fileManager.fileExists(atPath: destination) {
                outcome.error = "\(destination): already exists; give a new folder for the .xcloc with budgets (or --in-place)"
                return outcome
            }
            let parent = (destination as NSString).deletingLastPathComponent
            working = (parent.isEmpty ? "." : parent) + "/.\((destination as NSString).lastPathComponent).layoutsim-\(getpid())"
            do { try fileManager.copyItem(atPath: catalog, toPath: working) } catch {
                outcome.error = "\(destination): cannot copy \(catalog) there: \(error.localizedDescription)"
                try? fileManager.removeItem(atPath: working)  // our own partial copy
                return outcome
            }
        }
        let contents = (working as NSString).appendingPathComponent("Localized Contents")
        let names = ((try? fileManager.contentsOfDirectory(atPath: contents)) ?? [])
            .filter { ["xliff", "xlf"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        var pending: [(path: String, data: Data)] = []
        if names.isEmpty { outcome.error = "\(catalog): no .xliff file in 'Localized Contents'" }
        for name in names where outcome.error == nil {
            let path = (contents as NSString).appendingPathComponent(name)
            let shown = ((catalog as NSString).appendingPathComponent("Localized Contents") as NSString).appendingPathComponent(name)
            // A link (of the file or of its folder) would have the edit land outside the bundle written.
            let root = URL(fileURLWithPath: working).resolvingSymlinksInPath().path + "/"
            if (try? fileManager.destinationOfSymbolicLink(atPath: path)) != nil
                || !URL(fileURLWithPath: path).resolvingSymlinksInPath().path.hasPrefix(root) {
                outcome.error = "\(shown): is a symbolic link; budgets are written only into the bundle's own files"
                break
            }
            let data: Data
            do throws(InputFileError) { data = try InputFile.read(path) } catch {
                outcome.error = "\(shown): cannot read: \(error)"
                break
            }
            let result = BudgetExport.export(data, file: shown, budgets: budgets, unit: unit)
            outcome.record(result, unit: unit, catalog: shown)
            if let written = result.data { pending.append((path, written)) } else {
                outcome.error = outcome.error ?? "\(shown): budgets not written (above)"
            }
        }
        if outcome.error == nil {
            for (path, data) in pending {
                do throws(OutputFileError) { try OutputFile.write(data, to: path) } catch {
                    outcome.error = "\(path): cannot write: \(error)"
                    break
                }
            }
        }
        if !sameFolder {
            if outcome.error == nil {
                do { try fileManager.moveItem(atPath: working, toPath: destination) } catch {
                    outcome.error = "\(destination): cannot create: \(error.localizedDescription)"
                }
            }
            if outcome.error != nil { try? fileManager.removeItem(atPath: working) }  // our own copy
        }
        return outcome
    }

    /// `path` with links and `..` resolved, for telling whether two paths name one file.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}

extension BudgetWriter.Outcome {
    mutating func record(_ result: BudgetExportResult, unit: BudgetUnit, catalog: String) {
        annotated += result.annotated
        total += result.total
        diagnostics += result.diagnostics
        if (catalog as NSString).pathExtension.lowercased() == "xcstrings" {
            noun = "keys"
            unitWords = " (a note in the comment)"
        } else {
            unitWords = " (\(unit.rawValue))"
        }
    }
}
