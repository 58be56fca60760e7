import Foundation

// Joining the reports of `check --shard I/N` (or whole runs) into one.

extension CheckReport {
    /// Joins reports of shards of one run: results, fonts and diagnostics together, sorted; a string in two reports
    /// (an unsharded run with its shards) once.
    public static func merge(_ reports: [CheckReport]) -> CheckReport {
        var merged = CheckReport(
            toolVersion: reports.first?.toolVersion,
            catalogs: Array(Set(reports.flatMap(\.catalogs))).sorted(), spec: reports.first?.spec ?? "",
            categories: reports.first?.categories ?? [], input: reports.first?.input, fonts: reports.flatMap(\.fonts),
            shards: reports.flatMap(\.shards), results: [],
            unspecifiedKeys: reports.flatMap(\.unspecifiedKeys), diagnostics: reports.flatMap(\.diagnostics),
            summary: Summary(keys: 0, locales: 0, strings: 0, layouts: 0, failures: 0, newFailures: 0, errors: 0, warnings: 0)
        )
        var seen = Set<String>()
        for result in reports.flatMap(\.results) where seen.insert(result.identity).inserted {
            merged.results.append(result)
        }
        merged.finish()
        return merged
    }
}
