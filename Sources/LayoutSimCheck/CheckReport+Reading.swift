import Foundation
import LayoutSimModel
import LayoutSimSupport

// Reading reports back (for `merge` and `--baseline`): they are user input, so every problem names the file and
// says what is wrong, and reports of version 1 (before `input`, `fonts`, `textSHA256`) still read.

extension CheckReport {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decode(Int.self, forKey: .version)
        guard (1...Self.currentVersion).contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: c,
                debugDescription: "report version \(version); this layoutsim reads versions 1 to \(Self.currentVersion) (a newer layoutsim wrote it?)"
            )
        }
        toolVersion = try c.decodeIfPresent(String.self, forKey: .toolVersion)
        catalogs = try c.decode([String].self, forKey: .catalogs)
        spec = try c.decode(String.self, forKey: .spec)
        categories = try c.decode([String].self, forKey: .categories)
        input = try c.decodeIfPresent(Input.self, forKey: .input)
        fonts = try c.decodeIfPresent([FontFile].self, forKey: .fonts) ?? []
        systemFontSource = try c.decodeIfPresent(String.self, forKey: .systemFontSource)
        shards = try c.decode([String].self, forKey: .shards)
        results = try c.decode([CheckResult].self, forKey: .results)
        fixedSinceBaseline = try c.decodeIfPresent([FixedBaselineEntry].self, forKey: .fixedSinceBaseline) ?? []
        unspecifiedKeys = try c.decode([String].self, forKey: .unspecifiedKeys)
        diagnostics = try c.decode([ReportDiagnostic].self, forKey: .diagnostics)
        summary = try c.decode(Summary.self, forKey: .summary)
        skipped = try c.decodeIfPresent([SkippedKey].self, forKey: .skipped) ?? []
    }

    /// Reads a report written by `check --format json` (or `merge --format json`).
    ///
    /// - Throws: ``CheckError`` naming `path`: unreadable, not JSON (a report cut short), or not a report (which
    ///   field is missing or wrong).
    public static func read(path: String) throws(CheckError) -> CheckReport {
        let data: Data
        do throws(InputFileError) {
            data = try InputFile.read(path)
        } catch {
            throw CheckError.unreadable(path, reason: error.description)
        }
        return try decode(data, path: path)
    }

    /// Decodes a report read from `path` (for messages).
    package static func decode(_ data: Data, path: String) throws(CheckError) -> CheckReport {
        do {
            return try JSONDecoder().decode(CheckReport.self, from: data)
        } catch let error as DecodingError {
            throw CheckError.notAReport(path, ReportDecoding.describe(error))
        } catch {
            throw CheckError.notAReport(path, "\(error)")
        }
    }
}

extension CheckReport.Summary {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        keys = try c.decode(Int.self, forKey: .keys)
        locales = try c.decode(Int.self, forKey: .locales)
        strings = try c.decode(Int.self, forKey: .strings)
        layouts = try c.decode(Int.self, forKey: .layouts)
        failures = try c.decode(Int.self, forKey: .failures)
        newFailures = try c.decode(Int.self, forKey: .newFailures)
        fixedSinceBaseline = try c.decodeIfPresent(Int.self, forKey: .fixedSinceBaseline) ?? 0
        errors = try c.decode(Int.self, forKey: .errors)
        warnings = try c.decode(Int.self, forKey: .warnings)
    }
}

/// Words for a `DecodingError`, with the JSON path of the problem (`results[3].key`).
package enum ReportDecoding {
    package static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "not valid JSON (cut short or not JSON at all)"
            }
            return "bad value at \(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "'\(path(context.codingPath + [key]))' is missing"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not \(article(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is null, expected \(article(type))"
        @unknown default:
            return "\(error)"
        }
    }

    /// `results[3].failure.category`; `the top level` for an empty path.
    package static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let index = key.intValue {
                out += "[\(index)]"
            } else {
                out += (out.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return out.isEmpty ? "the top level" : out
    }

    private static func article(_ type: Any.Type) -> String {
        switch "\(type)" {
        case "String": return "a string"
        case "Int", "Double": return "a number"
        case "Bool": return "true or false"
        case let name where name.hasPrefix("Array"): return "a list"
        case let name where name.hasPrefix("Dictionary"): return "an object"
        default: return "a \(type)"
        }
    }
}
