import LayoutSimCheck
import LayoutSimFitting

/// Findings the user has accepted: `// layoutsim:ignore fixed-font-size` on the line or the line above, the
/// config's `ignore:` (rules, path globs, or "rule glob"), and a baseline's ids.
public enum Suppressions {
    static let marker = "layoutsim:ignore"

    /// The `layoutsim:ignore` comments of a file's text: line → the rules named (none: every rule).
    static func comments(in text: String) -> [Int: [String]] {
        var found: [Int: [String]] = [:]
        var line = 0
        for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line += 1
            guard let range = row.range(of: marker) else { continue }
            let rest = row[range.upperBound...].prefix { $0 != "*" && $0 != "-" && $0 != ">" }   // ends at */ or -->
            found[line] = rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
                .filter { Finding.Rule(rawValue: $0) != nil }
        }
        return found
    }

    /// Removes the suppressed findings and marks the baseline's as known; returns how many were suppressed.
    public static func apply(to findings: inout [Finding], result: ScanResult, ignore: [String], baseline: Set<String>) -> Int {
        let before = findings.count
        findings.removeAll { finding in
            let lines = result.suppressions[finding.location.file] ?? [:]
            for line in [finding.location.line, finding.location.line - 1] {
                if let rules = lines[line], rules.isEmpty || rules.contains(finding.rule.rawValue) { return true }
            }
            return ignore.contains { entry in
                let parts = entry.split(separator: " ", maxSplits: 1).map(String.init)
                if parts.count == 2 { return parts[0] == finding.rule.rawValue && pathMatches(parts[1], finding.location.file) }
                return entry == finding.rule.rawValue || pathMatches(entry, finding.location.file)
            }
        }
        for index in findings.indices where baseline.contains(findings[index].id) { findings[index].known = true }
        return before - findings.count
    }

    /// A glob matches the path, or the path from one of its folders on (`Legacy/*` matches `App/Legacy/Old.swift`).
    static func pathMatches(_ pattern: String, _ path: String) -> Bool {
        if Glob.matches(pattern, path) { return true }
        var rest = Substring(path)
        while let slash = rest.firstIndex(of: "/") {
            rest = rest[rest.index(after: slash)...]
            if Glob.matches(pattern, String(rest)) { return true }
        }
        return false
    }

    /// The findings of the scan and of its places, suppressions applied: what the report shows.
    public static func findings(_ result: ScanResult, texts: [String: String], engine: LayoutEngine?, config: ScanConfig,
                                baseline: Set<String>) -> (findings: [Finding], suppressed: Int) {
        var all = result.findings + PlaceRules(result: result, texts: texts, engine: engine).findings()
        all = all.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        let suppressed = apply(to: &all, result: result, ignore: config.ignore, baseline: baseline)
        return (all, suppressed)
    }
}
