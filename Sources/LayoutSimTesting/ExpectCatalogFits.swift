import Foundation

/// Expects every string of the catalogs, in every locale and variant, to fit as the spec says (what `layoutsim
/// check` does), and records one test failure per string that does not, at the caller's line:
///
/// ```swift
/// @Test func catalogFits() {
///     expectCatalogFits(["App/Localizable.xcstrings"], spec: "App/layout.yaml")
/// }
/// ```
///
/// Each failure names the key, locale and variant, the first category that fails and how, the visible text, the
/// room missing and where the key is (`FitFailure.message`). Input errors (an unknown spec field, a broken
/// catalog) are failures too, and so is a check that finds no string at all. Failures accepted in `baseline` (a file
/// written by `layoutsim check --update-baseline`) are not recorded.
///
/// - Parameters:
///   - catalogs: `.xcstrings`, `.strings`, `.stringsdict`, XLIFF files or `.xcloc` folders. A relative path is
///     relative to the folder of the calling test's file (`#filePath`), so it holds under Xcode, whose working
///     directory is not the package; a path that names nothing there is taken from the current directory, as
///     before (the package root under `swift test`). The same for `spec` and `baseline`.
///   - spec: the layout spec (JSON or YAML).
///   - locales: only these locales; nil for all.
///   - categories: the categories to lay out (default all twelve); each string must fit through its element's
///     `mustFitThrough`.
///   - baseline: accepted failures, or nil.
///   - fileID: where failures are recorded: leave this and the next three to their defaults, the caller's place.
///   - filePath: the caller's file.
///   - line: the caller's line.
///   - column: the caller's column.
/// - Returns: the report, for further expectations; nil when the check could not run (also recorded).
@discardableResult
public func expectCatalogFits(
    _ catalogs: [String], spec: String, locales: [String]? = nil,
    categories: [ContentSizeCategory] = ContentSizeCategory.allCases, baseline: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> CheckReport? {
    let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    var options = CheckOptions(catalogs: catalogs, spec: spec)
    options.locales = locales
    options.categories = categories
    if let baseline {
        do {
            options.baseline = try Baseline.read(path: resolved(baseline, besides: filePath))
        } catch {
            IssueRecorder.record(ExpectationWords.checkError(error.description), at: location)
            return nil
        }
    }
    return expectCatalogFits(options, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Expects the check `options` describe to pass: the form for everything `CheckOptions` can say (pseudolocales,
/// placeholder samples, shards). Parameters as in the form above.
@discardableResult
public func expectCatalogFits(
    _ options: CheckOptions,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> CheckReport? {
    let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    var options = options
    options.catalogs = options.catalogs.map { resolved($0, besides: filePath) }
    options.spec = resolved(options.spec, besides: filePath)
    let report: CheckReport
    do {
        report = try CheckRunner.run(options)
    } catch {
        IssueRecorder.record(ExpectationWords.checkError(error.description), at: location)
        return nil
    }
    for message in CatalogExpectation.messages(for: report) {
        IssueRecorder.record(message, at: location)
    }
    return report
}

/// `path` as the caller means it: an absolute path as it is; a relative one from the folder of the caller's file
/// when something is there, else as given (from the current directory).
func resolved(_ path: String, besides filePath: StaticString) -> String {
    guard !path.hasPrefix("/") else { return path }
    let folder = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
    let besides = folder.appendingPathComponent(path).standardizedFileURL.path
    return FileManager.default.fileExists(atPath: besides) ? besides : path
}

/// What a catalog expectation records for a report: every input error, every new failure (one message each, in the
/// report's order), and a summary line when anything failed. Empty when the check passes.
public enum CatalogExpectation {
    /// The messages to record for `report`.
    public static func messages(for report: CheckReport) -> [String] {
        var messages = report.diagnostics.filter { $0.severity == .error }.map(\.text)
        if report.results.isEmpty, messages.isEmpty {
            return [ExpectationWords.nothingChecked(catalogs: report.catalogs)]
        }
        var failures = 0
        for result in report.results where !result.passed && !result.known {
            failures += 1
            let location = "\(result.file):\(result.line):\(result.column)"
            if let error = result.error {
                messages.append(ExpectationWords.stringError(key: result.key, locale: result.locale, error: error, location: location))
                continue
            }
            guard let failure = result.failure else { continue }
            var words = FitFailure(
                text: result.text, key: result.key, locale: result.locale, variant: result.variant, location: location,
                mustFitThrough: failure.category == nil ? nil : result.mustFitThrough, fitsThrough: result.fitsThrough,
                category: failure.category, verdict: failure.verdict, visibleText: failure.visibleText,
                hiddenCharacters: failure.hiddenCharacters, clippedBy: failure.clippedBy,
                missingGlyphs: failure.missingGlyphs
            )
            words.remedy = failure.remedy?.words
            messages.append(words.message)
        }
        if failures > 0 {
            messages.append(ExpectationWords.catalogSummary(
                failures: failures, strings: report.summary.strings, keys: report.summary.keys,
                locales: report.summary.locales
            ))
        }
        return messages
    }
}
