import Foundation
import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimFitting
import LayoutSimModel

/// Renders a ``CheckReport`` for people (terminal) and for CI systems (JUnit, SARIF 2.1.0, GitHub annotations).
public enum CheckRenderer {
    /// One line describing a failure, for JUnit, SARIF and GitHub messages.
    package static func message(_ r: CheckResult) -> String {
        if let error = r.error { return error }
        guard let failure = r.failure else { return "fits through \(r.fitsThrough?.swiftUIName ?? "none")" }
        var text = "\"\(r.key)\" (\(r.locale)\(r.variant.isEmpty ? "" : " " + r.variant.joined(separator: ", ")))\(placeWords(r)): "
        text += failureWords(r, failure)
        if let clipped = failure.clippedBy { text += ", by \(ReportNumber.text(clipped)) pt" }
        if let placed = placementWords(r, failure) { text += "; " + placed }
        if let visible = failure.visibleText { text += "; shows \"\(visible.withLineFeedsShown(as: " / "))\"" }
        if let remedy = failure.remedy { text += "; " + remedy.words }
        text += "; text \"\(r.text.withLineFeedsShown(as: " / "))\""
        if !failure.missingGlyphs.isEmpty { text += "; no font for " + failure.missingGlyphs.joined(separator: " ") }
        let failing = r.failingCategories.map { "\(CategoryName.text($0.category)): \($0.verdict.failurePhrase)" }
        if !failing.isEmpty { text += " [" + failing.joined(separator: ", ") + "]" }
        return text
    }

    /// JUnit XML: a test case per key × locale (variants folded in), failing with the categories and reasons.
    public static func junit(_ report: CheckReport) -> String {
        let groups = Dictionary(grouping: report.results) { "\($0.key)\u{1F}\($0.locale)" }
        let names = groups.keys.sorted()
        let failures = names.filter { name in (groups[name] ?? []).contains { !$0.passed && !$0.known && $0.error == nil } }.count
        let errors = names.filter { name in (groups[name] ?? []).contains { $0.error != nil } }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"layoutsim check\" tests=\"\(names.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        out += "  <testsuite name=\"layoutsim\" tests=\"\(names.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for name in names {
            let results = groups[name] ?? []
            guard let first = results.first else { continue }
            out += "    <testcase classname=\"\(xml(first.file))\" name=\"\(xml(first.key)) [\(xml(first.locale))]\">\n"
            for result in results where result.error != nil {
                out += "      <error message=\"\(xml(message(result)))\"/>\n"
            }
            let failed = results.filter { !$0.passed && !$0.known && $0.error == nil }
            if !failed.isEmpty {
                let body = failed.map(message).joined(separator: "\n")
                out += "      <failure message=\"\(xml(failed.map(message).first ?? ""))\">\(xml(body))</failure>\n"
            }
            for result in results where result.known {
                out += "      <system-out>\(xml("known (baseline): " + message(result)))</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        for diagnostic in report.diagnostics where diagnostic.severity == .error {
            out += "    <testcase classname=\"\(xml(diagnostic.file))\" name=\"input \(diagnostic.line):\(diagnostic.column)\">\n"
            out += "      <error message=\"\(xml(diagnostic.text))\"/>\n    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// SARIF 2.1.0: one result per failing string, pointing at the catalog file and the key's line.
    public static func sarif(_ report: CheckReport, version: String) throws -> Data {
        let rules: [[String: Any]] = [
            ["id": "layoutsim.doesNotFit", "shortDescription": ["text": "Text does not fit at a required Dynamic Type size"]],
            ["id": "layoutsim.inputError", "shortDescription": ["text": "A catalog or spec could not be read"]],
            ["id": "layoutsim.missingTranslation", "shortDescription": ["text": "A string has no translation: the app shows the source text"]],
            ["id": "layoutsim.warning", "shortDescription": ["text": "Something the check read or modelled that needs a look"]],
        ]
        var results: [[String: Any]] = []
        for result in report.results where !result.passed {
            results.append([
                "ruleId": result.error == nil ? "layoutsim.doesNotFit" : "layoutsim.inputError",
                "level": result.known ? "note" : "error",
                "message": ["text": message(result)],
                "locations": [location(result.file, result.line, result.column)],
                "partialFingerprints": ["layoutsim/identity": result.identity.replacingOccurrences(of: "\u{1F}", with: "|")],
            ])
        }
        for diagnostic in report.diagnostics {
            let rule: String
            switch (diagnostic.severity, diagnostic.subject) {
            case (.error, _): rule = "layoutsim.inputError"
            case (.warning, .missingLocalization?): rule = "layoutsim.missingTranslation"
            case (.warning, _): rule = "layoutsim.warning"
            }
            results.append([
                "ruleId": rule, "level": diagnostic.severity == .error ? "error" : "warning",
                "message": ["text": diagnostic.message],
                "locations": [location(diagnostic.file, diagnostic.line, diagnostic.column)],
            ])
        }
        let log: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": ["name": "layoutsim", "version": version, "informationUri": "https://github.com/layoutsim/layoutsim", "rules": rules]],
                "results": results,
            ]],
        ]
        return try JSONSerialization.data(withJSONObject: log, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    }

    private static func location(_ file: String, _ line: Int, _ column: Int) -> [String: Any] {
        ["physicalLocation": ["artifactLocation": ["uri": file], "region": ["startLine": max(1, line), "startColumn": max(1, column)]]]
    }

    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, one per failing string
    /// (a `::notice` for one in the baseline), then the input's problems (missing translations one per locale, as on
    /// standard error); first, the totals as a `::notice`. GitHub shows at most 10 annotations of each kind per step:
    /// past that, the totals say how many there are (the log lists every one).
    public static func github(_ report: CheckReport) -> String {
        var out = ""
        // The totals' own notice counts among the notices.
        var counts: [String: Int] = ["notice": 1]
        for result in report.results where !result.passed {
            let level = result.known ? "notice" : "error"
            counts[level, default: 0] += 1
            out += "::\(level) file=\(property(result.file)),line=\(result.line),col=\(result.column),title=\(property("layoutsim: \(result.key)"))::\(data(message(result)))\n"
        }
        for diagnostic in shownDiagnostics(report) {
            let level = diagnostic.severity == .error ? "error" : "warning"
            counts[level, default: 0] += 1
            out += "::\(level) file=\(property(diagnostic.file)),line=\(diagnostic.line),col=\(diagnostic.column)::\(data(diagnostic.message))\n"
        }
        var totals = summary(report, color: false, seconds: nil).trimmingCharacters(in: .newlines)
        let beyond = ["error", "warning", "notice"].compactMap { level -> String? in
            guard let count = counts[level], count > githubShownPerKind else { return nil }
            return "\(count) \(level)"
        }
        if !beyond.isEmpty {
            let list = beyond.count == 1 ? beyond[0] : beyond.dropLast().joined(separator: ", ") + " and " + beyond[beyond.count - 1]
            totals += " (GitHub shows \(githubShownPerKind) annotations of each kind: this step's log has all \(list) annotations)"
        }
        return "::notice title=\(property("layoutsim"))::\(data(totals))\n" + out
    }

    /// Annotations of one kind (error, warning, notice) GitHub shows per step.
    static let githubShownPerKind = 10

    /// Escapes for GitHub command data: `%`, CR, LF as GitHub decodes them (`%25`, `%0D`, `%0A`); every other
    /// control character (ESC, BEL, DEL, C1 controls such as U+0085) and U+2028 / U+2029, which a log or terminal
    /// would act on, written visibly as `\u{1B}`.
    package static func data(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default:
                if scalar.needsShowing { out += scalar.shownEscaped } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// Escapes for GitHub command properties (also `:` and `,`).
    package static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Escapes XML text and attribute values.
    package static func xml(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                // Characters XML 1.0 forbids (C0 controls but tab, U+FFFE, U+FFFF) become U+FFFD: the document
                // stays well-formed and the reader sees that a character was there.
                if (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                    continue
                }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
