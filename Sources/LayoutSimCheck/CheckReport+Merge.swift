import Foundation

// Joining the reports of `check --shard I/N` (or whole runs) into one, after making sure they are one run's.

extension CheckReport {
    /// Why `reports` (each with the name it was given by) cannot be merged into one run's report: a shard missing
    /// (`shard 2/4 is missing`), given twice, of another split, or reports of different inputs (naming the part
    /// that differs). Empty when they can. An unsharded report (`1/1`) goes with any reports of the same input.
    public static func mergeProblems(_ reports: [(name: String, report: CheckReport)]) -> [String] {
        guard let first = reports.first else { return ["no reports to merge"] }
        var problems: [String] = []
        for (name, report) in reports where report.input == nil {
            problems.append("\(name) records no input (a report of version \(report.version), written by an older layoutsim); check again with this one to merge")
        }
        guard problems.isEmpty else { return problems }
        for (name, report) in reports.dropFirst() {
            var parts = report.inputDifferences(from: first.report)
            if report.systemFontSource != first.report.systemFontSource {
                parts.append("the system font (\(first.report.systemFontSource ?? "stand-ins") and \(report.systemFontSource ?? "stand-ins"))")
            }
            if !parts.isEmpty {
                problems.append("\(first.name) and \(name) come from different inputs: \(parts.joined(separator: "; "))")
            }
        }

        // Shards: each once, one split, none missing (unless a whole run is among them).
        var given: [String: [String]] = [:]
        var splits: [Int: String] = [:]
        for (name, report) in reports {
            for label in report.shards {
                let parts = label.split(separator: "/").compactMap { Int($0) }
                guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
                    problems.append("\(name): '\(label)' is not a shard (I/N)")
                    continue
                }
                given[label, default: []].append(name)
                if parts[1] > 1, splits[parts[1]] == nil { splits[parts[1]] = name }
            }
        }
        for (label, names) in given.sorted(by: { $0.key < $1.key }) where names.count > 1 {
            problems.append("shard \(label) given \(names.count == 2 ? "twice" : "\(names.count) times"): \(names.joined(separator: ", "))")
        }
        if splits.count > 1 {
            let described = splits.sorted { $0.key < $1.key }.map { "\($0.value) is one of \($0.key)" }
            problems.append("shards of different splits: \(described.joined(separator: ", "))")
        } else if let count = splits.keys.first, given["1/1"] == nil {
            for index in 1...count where given["\(index)/\(count)"] == nil {
                problems.append("shard \(index)/\(count) is missing")
            }
        }
        return problems
    }

    /// Joins reports of shards of one run (check ``mergeProblems(_:)`` first): results, fonts, fixed baseline
    /// entries and diagnostics together, sorted; a string in two reports (an unsharded run with its shards) once.
    public static func merge(_ reports: [CheckReport]) -> CheckReport {
        var merged = CheckReport(
            toolVersion: reports.first?.toolVersion,
            catalogs: Array(Set(reports.flatMap(\.catalogs))).sorted(), spec: reports.first?.spec ?? "",
            categories: reports.first?.categories ?? [], input: reports.first?.input, fonts: reports.flatMap(\.fonts),
            shards: reports.flatMap(\.shards), results: [], fixedSinceBaseline: reports.flatMap(\.fixedSinceBaseline),
            unspecifiedKeys: reports.flatMap(\.unspecifiedKeys), diagnostics: reports.flatMap(\.diagnostics),
            summary: Summary(keys: 0, locales: 0, strings: 0, layouts: 0, failures: 0, newFailures: 0, errors: 0, warnings: 0)
        )
        merged.skipped = reports.flatMap(\.skipped)
        merged.systemFontSource = reports.first?.systemFontSource
        var seen = Set<String>()
        for result in reports.flatMap(\.results) where seen.insert(result.identity).inserted {
            merged.results.append(result)
        }
        merged.finish()
        return merged
    }
}
