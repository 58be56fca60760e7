import Foundation
import LayoutSimModel
import LayoutSimSupport

// What a report's results depend on, recorded so that two reports can be compared, a result reproduced, and
// `merge` can tell shards of one run from reports of different inputs.

extension CheckReport {
    /// A file as given and the SHA-256 of its bytes (lowercase hex); nil when it could not be read. A folder
    /// (an `.xcloc` bundle) hashes the list of its files' relative paths and hashes.
    public struct FileDigest: Sendable, Hashable, Codable {
        public var file: String
        public var sha256: String?

        public init(file: String, sha256: String?) {
            self.file = file
            self.sha256 = sha256
        }

        /// Hashes the file (or folder) at `path`.
        package init(path: String) {
            self.init(file: path, sha256: Self.digest(path))
        }

        private static func digest(_ path: String) -> String? {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
            guard isDirectory.boolValue else {
                do { return try SHA256.hexDigest(ofFileAt: path) } catch { return nil }
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else { return nil }
            var lines: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let full = (path as NSString).appendingPathComponent(relative)
                var innerIsDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: full, isDirectory: &innerIsDirectory), !innerIsDirectory.boolValue else { continue }
                guard let hash = digest(full) else { return nil }
                lines.append("\(hash)  \(relative)\n")
            }
            return SHA256.hexDigest(of: Array(lines.sorted().joined().utf8))
        }
    }

    /// The options of a check that change its results (normalized: locales lowercased and sorted, modes sorted).
    public struct Options: Sendable, Hashable, Codable {
        /// Categories laid out (SwiftUI names), in order.
        public var categories: [String]
        /// Only these locales; nil: every locale.
        public var locales: [String]?
        /// Pseudolocalization modes; nil: no pseudolocalization.
        public var pseudoModes: [String]?
        /// Installed fonts as a last resort.
        public var systemFonts: Bool
        /// The language of `Base.lproj` strings files.
        public var developmentLanguage: String

        package init(_ options: CheckOptions) {
            categories = options.categories.map(\.swiftUIName)
            locales = options.locales.map { Array(Set($0.map { $0.lowercased() })).sorted() }
            pseudoModes = options.pseudo.map { $0.map(\.rawValue).sorted() }
            systemFonts = options.usesSystemFonts
            developmentLanguage = options.developmentLanguage
        }

        /// The names of the options that differ from `other`'s.
        package func differences(from other: Options) -> [String] {
            var names: [String] = []
            if categories != other.categories { names.append("categories") }
            if locales != other.locales { names.append("locales") }
            if pseudoModes != other.pseudoModes { names.append("pseudo modes") }
            if systemFonts != other.systemFonts { names.append("system fonts") }
            if developmentLanguage != other.developmentLanguage { names.append("development language") }
            return names
        }
    }

    /// Everything the results depend on besides the fonts.
    public struct Input: Sendable, Hashable, Codable {
        /// Each catalog, in the order given.
        public var catalogs: [FileDigest]
        /// The layout spec.
        public var spec: FileDigest
        /// The options that change results.
        public var options: Options
        /// SHA-256 over the catalogs' and the spec's hashes (not their paths), the options and the tool version:
        /// equal fingerprints, same input.
        public var fingerprint: String

        /// Hashes the inputs of `options` for a run of layoutsim `toolVersion`.
        package init(_ options: CheckOptions, toolVersion: String) {
            catalogs = options.catalogs.map(FileDigest.init(path:))
            spec = FileDigest(path: options.spec)
            if let derived = options.sourcesSpec {
                // The places come from the sources: the spec's identity is the derived text with the file's hash.
                let file = options.spec.isEmpty ? CheckOptions.sourcesName : options.spec + " + " + CheckOptions.sourcesName
                spec = FileDigest(file: file, sha256: SHA256.hexDigest(of: Array(((spec.sha256 ?? "") + derived).utf8)))
            }
            self.options = Options(options)
            fingerprint = ""
            fingerprint = Self.fingerprint(catalogs: catalogs, spec: spec, options: self.options, toolVersion: toolVersion)
        }

        private struct Canonical: Encodable {
            let catalogs: [String?]
            let spec: String?
            let options: Options
            let toolVersion: String
        }

        private static func fingerprint(catalogs: [FileDigest], spec: FileDigest, options: Options, toolVersion: String) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let canonical = Canonical(catalogs: catalogs.map(\.sha256), spec: spec.sha256, options: options, toolVersion: toolVersion)
            do {
                return SHA256.hexDigest(of: Array(try encoder.encode(canonical)))
            } catch {
                // Strings, booleans and lists always encode; keep the fingerprint total anyway.
                return SHA256.hexDigest(of: Array("\(canonical)".utf8))
            }
        }
    }

    /// A font file the layouts used: its name as reports give it (`Fonts/<file>` for bundled fonts, the path
    /// otherwise) and its SHA-256.
    public struct FontFile: Sendable, Hashable, Codable, Comparable {
        public var name: String
        public var sha256: String

        public init(name: String, sha256: String) {
            self.name = name
            self.sha256 = sha256
        }

        public static func < (a: FontFile, b: FontFile) -> Bool { (a.name, a.sha256) < (b.name, b.sha256) }
    }

    /// How this report's input differs from `other`'s: `spec`, `catalog App/Localizable.xcstrings`, `options
    /// (locales)`, `tool version (0.1.0, 0.2.0)`, `font Fonts/X.ttf`; empty when they are the same. Reports
    /// without an input (version 1) have no differences to name.
    package func inputDifferences(from other: CheckReport) -> [String] {
        var parts: [String] = []
        if toolVersion != other.toolVersion {
            parts.append("tool version differs (\(other.toolVersion ?? "unknown"), \(toolVersion ?? "unknown"))")
        }
        if let mine = input, let theirs = other.input {
            if mine.catalogs.count != theirs.catalogs.count {
                parts.append("catalogs differ (\(theirs.catalogs.count) files, \(mine.catalogs.count) files)")
            } else {
                for (a, b) in zip(theirs.catalogs, mine.catalogs) where a.sha256 != b.sha256 {
                    parts.append("catalog \(b.file) differs")
                }
            }
            if mine.spec.sha256 != theirs.spec.sha256 { parts.append("spec differs") }
            let options = mine.options.differences(from: theirs.options)
            if !options.isEmpty { parts.append("options differ (\(options.joined(separator: ", ")))") }
        }
        let theirFonts = Dictionary(other.fonts.map { ($0.name, $0.sha256) }, uniquingKeysWith: { a, _ in a })
        for font in fonts where theirFonts[font.name].map({ $0 != font.sha256 }) ?? false {
            parts.append("font \(font.name) differs")
        }
        return parts
    }
}
