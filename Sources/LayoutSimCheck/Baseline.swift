import Foundation
import LayoutSimModel
import LayoutSimSupport

/// A failure a baseline accepted: the string (key, locale, variant), the element that placed it, and a hash of
/// the text as laid out (after placeholder substitution). A failure matches only when all of them are the same,
/// so a changed text or a move to another element is a new failure.
public struct BaselineEntry: Sendable, Hashable, Codable, Comparable {
    public var key: String
    public var locale: String
    public var variant: [String]
    /// The spec element's key pattern; nil for the defaults.
    public var element: String?
    /// ``CheckResult/textSHA256``; nil for an entry taken from a report of version 1 (matched by key, locale and
    /// variant only).
    public var textSHA256: String?
    /// ``CheckResult/place``: the place, for a key the spec shows in several.
    public var place: String?

    public init(key: String, locale: String, variant: [String], element: String?, textSHA256: String?) {
        self.key = key
        self.locale = locale
        self.variant = variant
        self.element = element
        self.textSHA256 = textSHA256
    }

    /// The entry for a failing result.
    public init(_ result: CheckResult) {
        self.init(key: result.key, locale: result.locale, variant: result.variant, element: result.element, textSHA256: result.textSHA256)
        place = result.place
    }

    public var identity: String { CheckResult.identity(key: key, locale: locale, variant: variant, place: place) }

    /// Whether `result` is this accepted failure.
    public func matches(_ result: CheckResult) -> Bool {
        guard identity == result.identity else { return false }
        guard let textSHA256 else { return true }
        return textSHA256 == result.textSHA256 && element == result.element
    }

    public static func < (a: BaselineEntry, b: BaselineEntry) -> Bool {
        (a.key, a.locale, a.variant.joined(separator: "/"), a.place ?? "", a.element ?? "", a.textSHA256 ?? "")
            < (b.key, b.locale, b.variant.joined(separator: "/"), b.place ?? "", b.element ?? "", b.textSHA256 ?? "")
    }
}

/// A baseline entry that no longer fails as accepted, and why.
public struct FixedBaselineEntry: Sendable, Hashable, Codable, Comparable {
    /// Why the entry is no longer needed.
    public enum Reason: String, Sendable, Hashable, Codable {
        /// The string now fits.
        case fits
        /// The string still fails, but its text or element changed: that failure is new.
        case changed
        /// The string is no longer in the catalogs (its locale was checked).
        case removed
    }

    public var entry: BaselineEntry
    public var reason: Reason

    public init(entry: BaselineEntry, reason: Reason) {
        self.entry = entry
        self.reason = reason
    }

    public static func < (a: FixedBaselineEntry, b: FixedBaselineEntry) -> Bool {
        a.entry < b.entry || (a.entry == b.entry && a.reason.rawValue < b.reason.rawValue)
    }

    // In JSON the entry's fields and `reason` side by side.
    enum CodingKeys: String, CodingKey { case reason }

    public init(from decoder: any Decoder) throws {
        entry = try BaselineEntry(from: decoder)
        reason = try decoder.container(keyedBy: CodingKeys.self).decode(Reason.self, forKey: .reason)
    }

    public func encode(to encoder: any Encoder) throws {
        try entry.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(reason, forKey: .reason)
    }
}

/// The failures a project accepts: `--baseline` reads it (a file written by `--update-baseline`, or a JSON report),
/// `--update-baseline` writes it.
public struct Baseline: Sendable, Hashable {
    /// The accepted failures, sorted.
    public var entries: [BaselineEntry]
    /// Warnings about the baseline itself (a report of version 1: matching by identity only).
    public var diagnostics: [ReportDiagnostic]

    /// The `format` value of a baseline file.
    public static let format = "layoutsim-baseline"

    public init(entries: [BaselineEntry], diagnostics: [ReportDiagnostic] = []) {
        self.entries = Array(Set(entries)).sorted()
        self.diagnostics = diagnostics
    }

    /// The failures of a report (strings laid out that do not fit; input errors are never accepted). A report of
    /// version 1 has no text hashes: its entries match by key, locale and variant only, and a warning says so.
    public init(failuresOf report: CheckReport, path: String = "baseline") {
        let entries = report.results.filter { !$0.passed && $0.error == nil }.map(BaselineEntry.init)
        var diagnostics: [ReportDiagnostic] = []
        if entries.contains(where: { $0.textSHA256 == nil }) {
            diagnostics.append(ReportDiagnostic(
                file: path, line: 1, column: 1, severity: .warning,
                message: "an older report (version \(report.version)) without text hashes: its failures match by key, locale and variant only, so a failure whose text changed still counts as accepted; write a new baseline with --update-baseline"
            ))
        }
        self.init(entries: entries, diagnostics: diagnostics)
    }

    private struct File: Codable {
        var format: String
        var version: Int
        var entries: [BaselineEntry]
    }

    private struct Probe: Decodable { var format: String? }

    /// The baseline file: `{"entries": [...], "format": "layoutsim-baseline", "version": 1}`, sorted keys.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(File(format: Self.format, version: 1, entries: entries)) + Data("\n".utf8)
    }

    /// Reads a baseline file or a JSON report (its failures).
    ///
    /// - Throws: ``CheckError`` naming `path` when the file cannot be read, is not JSON, or is neither.
    public static func read(path: String) throws(CheckError) -> Baseline {
        let data: Data
        do throws(InputFileError) {
            data = try InputFile.read(path)
        } catch {
            throw CheckError.unreadable(path, reason: error.description)
        }
        let probe: Probe
        do {
            probe = try JSONDecoder().decode(Probe.self, from: data)
        } catch let error as DecodingError {
            throw CheckError.notABaseline(path, ReportDecoding.describe(error))
        } catch {
            throw CheckError.notABaseline(path, "\(error)")
        }
        guard probe.format == Self.format else {
            return Baseline(failuresOf: try CheckReport.decode(data, path: path), path: path)
        }
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            guard file.version == 1 else {
                throw CheckError.notABaseline(path, "baseline version \(file.version); this layoutsim reads version 1")
            }
            return Baseline(entries: file.entries)
        } catch let error as CheckError {
            throw error
        } catch let error as DecodingError {
            throw CheckError.notABaseline(path, ReportDecoding.describe(error))
        } catch {
            throw CheckError.notABaseline(path, "\(error)")
        }
    }

    /// Marks the failures of `results` that the baseline accepted as ``CheckResult/known``, and returns the entries
    /// that no longer fail as accepted.
    ///
    /// Only entries this run could have seen are judged: a string among `results`, or one of a checked locale
    /// (`checksLocale`) that no longer exists (`allIdentities`: every string of the catalogs the run would check
    /// unsharded, so a shard does not call the other shards' strings removed).
    package func apply(
        to results: inout [CheckResult], allIdentities: Set<String>, checksLocale: (String) -> Bool
    ) -> [FixedBaselineEntry] {
        let byIdentity = Dictionary(grouping: entries, by: \.identity)
        for index in results.indices where !results[index].passed && results[index].error == nil {
            let result = results[index]
            results[index].known = (byIdentity[result.identity] ?? []).contains { $0.matches(result) }
        }
        let current = Dictionary(results.map { ($0.identity, $0) }, uniquingKeysWith: { a, _ in a })
        var fixed: [FixedBaselineEntry] = []
        for entry in entries {
            guard let result = current[entry.identity] else {
                if !allIdentities.contains(entry.identity) && checksLocale(entry.locale) {
                    fixed.append(FixedBaselineEntry(entry: entry, reason: .removed))
                }
                continue
            }
            if result.error != nil { continue }
            if result.passed {
                fixed.append(FixedBaselineEntry(entry: entry, reason: .fits))
            } else if !entry.matches(result) {
                fixed.append(FixedBaselineEntry(entry: entry, reason: .changed))
            }
        }
        return fixed
    }
}
