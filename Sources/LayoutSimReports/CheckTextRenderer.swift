import Foundation
import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimFitting
import LayoutSimModel

// The terminal report of `check` and `merge`, its summary lines, and the problem lines for standard error.

extension CheckRenderer {
    /// The terminal report: per key, each failing locale with the first failing category, how, and the visible
    /// text; the baseline entries that no longer fail; then the totals (``summary(_:color:seconds:)``).
    ///
    /// - Parameters:
    ///   - color: ANSI colours (only on a terminal, and never with `NO_COLOR`).
    ///   - seconds: wall time, shown in the totals (never in machine-readable reports).
    ///   - includesProblems: the input problems (``problems(_:)``) in the report, for a report written to a file;
    ///     without them (standard output), they are on standard error only, never twice on a terminal.
    public static func text(_ report: CheckReport, color: Bool, seconds: Double?, includesProblems: Bool = true) -> String {
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        var out = ""
        let failing = report.results.filter { !$0.passed }
        let byKey = Dictionary(grouping: failing, by: \.key)
        for key in byKey.keys.sorted() {
            out += paint(key.withControlsShown, "1") + "\n"
            for result in byKey[key] ?? [] {
                let variant = ((result.variant.isEmpty ? "" : " [" + result.variant.joined(separator: ", ") + "]")
                    + placeWords(result)).withControlsShown
                if let error = result.error {
                    let detail = includesProblems ? ": \(error.withControlsShown)" : " (not laid out; the error is on standard error)"
                    out += "  " + paint("\(result.locale)\(variant): error", "31") + detail + "\n"
                    continue
                }
                guard let failure = result.failure else { continue }
                var line = "  \(result.locale)\(variant): "
                line += paint(failureWords(result, failure), result.known ? "33" : "31")
                if let clipped = failure.clippedBy { line += ", by \(ReportNumber.text(clipped)) pt" }
                if !failure.missingGlyphs.isEmpty { line += ": no font for " + failure.missingGlyphs.joined(separator: " ") }
                if result.known { line += " [baseline]" }
                line += "  \(result.file):\(result.line)"
                out += line + "\n"
                if let visible = failure.visibleText {
                    out += "      shows: \"" + visible.withLineFeedsShown(as: "⏎").withControlsShown + "\"\n"
                }
                if let placed = placementWords(result, failure) {
                    out += "      " + placed + "\n"
                }
                if let remedy = result.failure?.remedy {
                    out += "      " + remedy.words + "\n"
                }
            }
        }
        if includesProblems {
            for line in problems(report) { out += line + "\n" }
        }
        if !report.fixedSinceBaseline.isEmpty {
            out += paint("fixed since the baseline (shrink it with --update-baseline):", "32") + "\n"
            for fixed in report.fixedSinceBaseline {
                let entry = fixed.entry
                let variant = entry.variant.isEmpty ? "" : ", " + entry.variant.joined(separator: ", ")
                out += "  \(entry.key.withControlsShown) (\(entry.locale)\(variant.withControlsShown)): \(fixedWords(fixed.reason))\n"
            }
        }
        return out + summary(report, color: color, seconds: seconds)
    }

    /// The totals: "7 keys in 5 locales: 39 strings, 468 layouts; 25 strings do not fit (3 new, 22 in the
    /// baseline); fixed since the baseline: 2; 1 error, 2 warnings; 1 key checked with the defaults; 1.20 s".
    public static func summary(_ report: CheckReport, color: Bool, seconds: Double?) -> String {
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        let s = report.summary
        var totals = "\(count(s.keys, "key")) in \(count(s.locales, "locale")): \(count(s.strings, "string")), \(count(s.layouts, "layout")); "
        if s.failures == 0 {
            // No string, and errors: the input could not be used (a spec that cannot be read), not an empty catalog.
            if s.strings == 0 && s.errors > 0 {
                totals += paint("nothing checked (errors above)", "31")
            } else {
                totals += paint(s.strings == 0 ? "nothing to fit" : "all fit", "32")
            }
        } else {
            totals += paint("\(count(s.failures, "string")) \(s.failures == 1 ? "does" : "do") not fit", "31")
        }
        if s.failures != s.newFailures { totals += " (\(s.newFailures) new, \(s.failures - s.newFailures) in the baseline)" }
        if s.fixedSinceBaseline > 0 { totals += "; fixed since the baseline: \(s.fixedSinceBaseline)" }
        if s.errors + s.warnings > 0 { totals += "; \(count(s.errors, "error")), \(count(s.warnings, "warning"))" }
        if !report.unspecifiedKeys.isEmpty { totals += "; \(count(report.unspecifiedKeys.count, "key")) checked with the defaults" }
        if !report.skipped.isEmpty {
            let unseen = report.skipped.filter { $0.reason != CheckReport.SkippedKey.defaultsCannotLayOut }.count
            let unplaced = report.skipped.count - unseen
            var parts: [String] = []
            if unseen > 0 { parts.append("\(unseen) skipped (no user sees them)") }
            if unplaced > 0 { parts.append("\(unplaced) skipped (the defaults cannot lay them out)") }
            totals += "; " + parts.joined(separator: "; ")
        }
        if let source = report.systemFontSource { totals += "; system font: \(source)" }
        if let seconds { totals += "; \(ReportNumber.twoDecimals(seconds)) s" }
        return totals + "\n"
    }

    /// Input problems as `file:line:column: severity: message` lines, for standard error (compilers' form, which
    /// editors and CI logs link): the report's diagnostics, then strings that could not be laid out.
    public static func problems(_ report: CheckReport) -> [String] {
        // (Keys and texts in them are shown with their control characters visible: a terminal reads these lines.)
        var lines = shownDiagnostics(report).map(\.text.withControlsShown)
        var seen = Set(lines)
        for result in report.results {
            guard let error = result.error else { continue }
            let location = "\(result.file):\(result.line):\(result.column)"
            let message = error.hasPrefix(location + ": ") ? String(error.dropFirst(location.count + 2)) : error
            let line = "\(location): error: \(message)".withControlsShown
            if seen.insert(line).inserted { lines.append(line) }
        }
        return lines
    }

    /// A catalog's keys with no translation into a locale, as one warning per catalog and locale where there are
    /// more than ``missingListedOneByOne`` of them: `'th': 23 keys have no 'th' localization; the app shows the source
    /// text ('Cancel', 'Open', 'Save' and 20 more)`, at the first one's place; near misses and near passes the same
    /// way. Where people read (standard error, GitHub annotations), hundreds of such lines hid the failures; the JSON,
    /// SARIF and JUnit reports list each.
    package static func shownDiagnostics(_ report: CheckReport) -> [ReportDiagnostic] {
        struct Group { var first: Int; var keys: [String] }
        /// What a warning that is grouped says, of one key in one locale.
        struct Part { var isNear: Bool; var key: String; var locale: String }
        func group(_ part: Part, _ file: String) -> String { (part.isNear ? "n" : "m") + file + "\u{0}" + part.locale }
        var groups: [String: Group] = [:]   // by kind, file and locale
        var parts: [Part?] = []
        parts.reserveCapacity(report.diagnostics.count)
        for (index, diagnostic) in report.diagnostics.enumerated() {
            var part: Part?
            switch diagnostic.subject {
            case .missingLocalization(let key, let locale)?: part = Part(isNear: false, key: key, locale: locale)
            case .nearVerdict(let key, let locale)?: part = Part(isNear: true, key: key, locale: locale)
            case nil: break
            }
            parts.append(part)
            guard let part else { continue }
            groups[group(part, diagnostic.file), default: Group(first: index, keys: [])].keys.append(part.key)
        }
        var shown: [ReportDiagnostic] = []
        for (index, diagnostic) in report.diagnostics.enumerated() {
            guard let part = parts[index], let found = groups[group(part, diagnostic.file)],
                  found.keys.count > missingListedOneByOne else {
                shown.append(diagnostic)
                continue
            }
            guard found.first == index else { continue }
            let named = found.keys.prefix(3).map { "'\(abbreviated($0))'" }.joined(separator: ", ")
            let more = "(\(named) and \(found.keys.count - 3) more; the JSON report lists each)"
            var grouped = diagnostic
            grouped.message = part.isNear
                ? "'\(part.locale)': \(found.keys.count) near misses and near passes, verdicts closer than the stand-in "
                    + "fonts' widths can be off from iOS's \(more): confirm on a device"
                : "'\(part.locale)': \(found.keys.count) keys have no '\(part.locale)' localization; the app shows the "
                    + "source text \(more)"
            shown.append(grouped)
        }
        return shown
    }

    /// Missing translations into one locale listed one by one, at most (more are said in one line).
    package static let missingListedOneByOne = 3

    /// `key` whole when short, else its first 40 characters and "…".
    private static func abbreviated(_ key: String) -> String { key.count <= 40 ? key : key.prefix(40) + "…" }

    /// How a failure reads: "truncated at xLarge (must fit through accessibility3)", "truncated at
    /// accessibility3, the largest size it must fit", "clipped at its fixed size".
    package static func failureWords(_ result: CheckResult, _ failure: CheckResult.Failure) -> String {
        let phrase = failure.verdict.failurePhrase
        guard let category = failure.category else { return "\(phrase) at its fixed size" }
        let at = category.swiftUIName + (failure.appliedCategory.map { " (shown at \($0.swiftUIName))" } ?? "")
        if category == result.mustFitThrough { return "\(phrase) at \(at), the largest size it must fit" }
        return "\(phrase) at \(at) (must fit through \(result.mustFitThrough.swiftUIName))"
    }

    /// Where a child of a group stood at its failing category: "in 'settings.wifi' (row) it has 52.67 of the
    /// row's 361 pt at accessibility5".
    package static func placementWords(_ result: CheckResult, _ failure: CheckResult.Failure) -> String? {
        guard let placement = result.placement, let slot = placement.slot(at: failure.category) else { return nil }
        let of = slot.layout.hasSuffix("column") ? "the column's" : "the row's"
        let format = ReportNumber.twoDecimals
        var words = "in '\(placement.group)' (\(slot.layout)) it has \(format(slot.width)) of \(of) "
            + "\(format(slot.groupWidth)) pt at \(slot.category)"
        if let needed = placement.neededGroupWidth, let at = placement.neededGroupWidthAt {
            words += "; to fit at \(at), its neighbours sharing the row as before, the row would need \(format(needed)) pt"
        }
        return words
    }

    /// The place of a key the spec shows in several: " in settings.header".
    package static func placeWords(_ result: CheckResult) -> String {
        result.place.map { " in \($0)" } ?? ""
    }

    private static func fixedWords(_ reason: FixedBaselineEntry.Reason) -> String {
        switch reason {
        case .fits: return "fits now"
        case .changed: return "still does not fit, but its text or element changed: a new failure (above)"
        case .removed: return "no longer in the catalogs"
        }
    }

    /// "1 key", "2 keys": `n` and `noun`, plural when `n` is not 1.
    package static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
