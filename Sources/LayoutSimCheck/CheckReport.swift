import Foundation
import LayoutSimCatalogs
import LayoutSimFitting
import LayoutSimModel
import LayoutSimShaping

/// The outcome of checking one concrete string (key × locale × variant) at every requested category.
public struct CheckResult: Sendable, Hashable, Codable {
    /// The catalog key.
    public var key: String
    /// The locale (BCP 47 as in the catalog; `x-pseudo` for pseudolocalized text).
    public var locale: String
    /// The variant path (`plural:one`, `device:ipad`, …); empty for a plain string.
    public var variant: [String]
    /// The catalog file, line and column of the key.
    public var file: String
    public var line: Int
    public var column: Int
    /// The string laid out: the catalog value with placeholders replaced by their samples.
    public var text: String
    /// SHA-256 of `text` (UTF-8), what a baseline remembers (nil in reports of version 1).
    public var textSHA256: String?
    /// The spec element that placed the key (its key pattern), or nil when the defaults did.
    public var element: String?
    /// The category the string must fit through.
    public var mustFitThrough: ContentSizeCategory
    /// The largest category it fits through (nil: not even the smallest).
    public var fitsThrough: ContentSizeCategory?
    /// Whether it fits through `mustFitThrough`.
    public var passed: Bool
    /// A failure that the baseline already had: it does not fail the run.
    public var known: Bool
    /// The first failing category at or below `mustFitThrough` and how, when the string does not pass.
    public var failure: Failure?
    /// Every failing category (any category), with its verdict, in order.
    public var failingCategories: [CategoryVerdict]
    /// A problem that kept the string from being laid out (a bad element field), with `passed` false.
    public var error: String?
    /// The room the string has at `mustFitThrough`, for translators (nil when it could not be laid out).
    public var budget: Budget?
    /// The place the key is shown in, when the spec shows it in more than one (each place is checked on its own).
    public var place: String?
    /// Where a child of a row, column or alternatives was laid out: the layout used and its width at each category.
    public var placement: Placement?

    /// How a category fails.
    public struct Failure: Sendable, Hashable, Codable {
        /// The category; nil for a fixed size (`"fixed"` in JSON).
        public var category: ContentSizeCategory?
        public var verdict: VerdictKind
        /// What is shown when the text is truncated.
        public var visibleText: String?
        public var hiddenCharacters: Int
        /// Points over the container height, or of ink cut off.
        public var clippedBy: Double?
        /// Code points no font covers.
        public var missingGlyphs: [String]
        /// What would make the string fit through its `mustFitThrough` (nil in reports made before it was computed).
        public var remedy: Remedy?
        /// The category the view is shown at when the failing one is asked for, when its category limits make them
        /// differ (a label capped at xxxLarge fails "at accessibility5", shown at xxxLarge).
        public var appliedCategory: ContentSizeCategory?

        /// What would make a string fit (``FitRemedy`` as report values).
        public struct Remedy: Sendable, Hashable, Codable {
            /// Container width, insets included, at which it fits with its line limit; nil when no width is enough.
            public var neededWidth: Double?
            /// Lines it needs at its width.
            public var neededLines: Int
            /// With a height, the height all its lines need.
            public var neededHeight: Double?
            /// With one more line allowed, the largest category it fits through.
            public var fitsThroughWithOneMoreLine: ContentSizeCategory?
            /// The width and height it needs together when neither alone is enough (``FitRemedy/neededTogether``).
            public var neededTogether: Size?
            /// The sentence: "to fit at accessibility5 it needs 212.33 pt of width (has 120), or 3 lines (1 allowed)".
            public var words: String

            public init(
                neededWidth: Double?, neededLines: Int, neededHeight: Double?,
                fitsThroughWithOneMoreLine: ContentSizeCategory?, words: String
            ) {
                self.neededWidth = neededWidth
                self.neededLines = neededLines
                self.neededHeight = neededHeight
                self.fitsThroughWithOneMoreLine = fitsThroughWithOneMoreLine
                self.words = words
            }

            /// A container's width and height, insets included, points.
            public typealias Size = FitRemedy.Size
        }

        enum CodingKeys: String, CodingKey { case category, verdict, visibleText, hiddenCharacters, clippedBy, missingGlyphs, remedy, appliedCategory }

        public init(
            category: ContentSizeCategory?, verdict: VerdictKind, visibleText: String?, hiddenCharacters: Int,
            clippedBy: Double?, missingGlyphs: [String]
        ) {
            self.category = category
            self.verdict = verdict
            self.visibleText = visibleText
            self.hiddenCharacters = hiddenCharacters
            self.clippedBy = clippedBy
            self.missingGlyphs = missingGlyphs
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            category = try CategoryName.decode(c, .category)
            verdict = try c.decode(VerdictKind.self, forKey: .verdict)
            visibleText = try c.decodeIfPresent(String.self, forKey: .visibleText)
            hiddenCharacters = try c.decode(Int.self, forKey: .hiddenCharacters)
            clippedBy = try c.decodeIfPresent(Double.self, forKey: .clippedBy)
            missingGlyphs = try c.decode([String].self, forKey: .missingGlyphs)
            remedy = try c.decodeIfPresent(Remedy.self, forKey: .remedy)
            appliedCategory = try c.decodeIfPresent(String.self, forKey: .appliedCategory).flatMap(ContentSizeCategory.init(parsing:))
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(appliedCategory?.swiftUIName, forKey: .appliedCategory)
            try c.encode(CategoryName.text(category), forKey: .category)
            try c.encode(verdict, forKey: .verdict)
            try c.encodeIfPresent(visibleText, forKey: .visibleText)
            try c.encode(hiddenCharacters, forKey: .hiddenCharacters)
            try c.encodeIfPresent(clippedBy, forKey: .clippedBy)
            try c.encode(missingGlyphs, forKey: .missingGlyphs)
            try c.encodeIfPresent(remedy, forKey: .remedy)
        }
    }

    /// One category's verdict.
    public struct CategoryVerdict: Sendable, Hashable, Codable {
        /// The category; nil for a fixed size (`"fixed"` in JSON).
        public var category: ContentSizeCategory?
        public var verdict: VerdictKind

        enum CodingKeys: String, CodingKey { case category, verdict }

        public init(category: ContentSizeCategory?, verdict: VerdictKind) {
            self.category = category
            self.verdict = verdict
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            category = try CategoryName.decode(c, .category)
            verdict = try c.decode(VerdictKind.self, forKey: .verdict)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(CategoryName.text(category), forKey: .category)
            try c.encode(verdict, forKey: .verdict)
        }
    }

    /// The identity of a result across runs (for baselines and merging): key, locale, variant, and the place when
    /// the key has several.
    public var identity: String { Self.identity(key: key, locale: locale, variant: variant, place: place) }

    /// The identity of a key × locale × variant (× place).
    public static func identity(key: String, locale: String, variant: [String], place: String? = nil) -> String {
        ([key, locale] + variant + (place.map { ["@" + $0] } ?? [])).joined(separator: "\u{1F}")
    }

    /// The hash `textSHA256` holds: SHA-256 of the text's UTF-8, lowercase hex.
    public static func textHash(_ text: String) -> String { TextBytes.sha256Hex(text) }
}

/// A category in check reports: its SwiftUI name, or `fixed` for a fixed size.
package enum CategoryName {
    package static func text(_ category: ContentSizeCategory?) -> String { category?.swiftUIName ?? "fixed" }

    package static func decode<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> ContentSizeCategory? {
        let text = try c.decode(String.self, forKey: key)
        if text == "fixed" { return nil }
        return try c.decode(ContentSizeCategory.self, forKey: key)
    }
}

/// A diagnostic in a report: `file:line:column: severity: message`.
public struct ReportDiagnostic: Sendable, Hashable, Codable, Comparable {
    public var file: String
    public var line: Int
    public var column: Int
    public var severity: DiagnosticSeverity
    public var message: String
    /// What it is about, when it is a kind reports for people say per locale (JSON: `about`).
    public var subject: DiagnosticSubject?

    public init(
        file: String, line: Int, column: Int, severity: DiagnosticSeverity, message: String, subject: DiagnosticSubject? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.subject = subject
    }

    private enum CodingKeys: String, CodingKey {
        case file, line, column, severity, message
        case subject = "about"
    }

    /// By place, then message, then severity: a total order, so that two diagnostics that differ only in severity
    /// come out in one order whatever order they were found in.
    public static func < (a: ReportDiagnostic, b: ReportDiagnostic) -> Bool {
        (a.file, a.line, a.column, a.message, a.severity.rawValue) < (b.file, b.line, b.column, b.message, b.severity.rawValue)
    }

    /// `file:line:column: severity: message`.
    public var text: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}

/// The report of `layoutsim check`: deterministic (sorted, no times), mergeable across shards.
public struct CheckReport: Sendable, Codable {
    /// Format version of this report: 2 (version 1 had no `toolVersion`, `input`, `fonts`, `textSHA256`,
    /// `fixedSinceBaseline`).
    public var version: Int = CheckReport.currentVersion
    /// The layoutsim that wrote the report (nil in reports of version 1).
    public var toolVersion: String?
    /// Catalog files checked, as given.
    public var catalogs: [String]
    /// The spec file, as given.
    public var spec: String
    /// Categories checked (SwiftUI names).
    public var categories: [String]
    /// What the results depend on: each catalog's and the spec's SHA-256, the options, and a fingerprint of all
    /// of them with the tool version (nil in reports of version 1).
    public var input: Input?
    /// Font files the layouts used (the union over every string), sorted by name.
    public var fonts: [FontFile] = []
    /// "apple-fonts DIR" when the system font and its cascade were Apple's own fonts; nil (absent) for the stand-ins.
    public var systemFontSource: String?
    /// Shards merged into this report (`"1/1"` for an unsharded run).
    public var shards: [String]
    /// Results, sorted by key, locale, variant.
    public var results: [CheckResult]
    /// Entries of the baseline that no longer fail as they were accepted (the baseline can shrink), sorted.
    public var fixedSinceBaseline: [FixedBaselineEntry] = []
    /// Keys no spec element names (checked with the defaults), sorted.
    public var unspecifiedKeys: [String]
    /// Problems with the inputs.
    public var diagnostics: [ReportDiagnostic]
    /// Totals.
    public var summary: Summary
    /// Keys not checked, and why: no user sees them (stale keys), or the spec's defaults cannot lay them out; sorted.
    public var skipped: [SkippedKey] = []
    /// Pictures of the first ``maximumDrawings`` failures (in report order), by ``CheckResult/identity``, when the
    /// check was asked to draw them (``CheckOptions/drawsFailures``). Not part of the JSON report.
    public var drawings: [String: LabelDrawing] = [:]

    /// At most this many failures are drawn.
    public static let maximumDrawings = 400

    /// The report format this version writes.
    public static let currentVersion = 2

    enum CodingKeys: String, CodingKey {
        case version, toolVersion, catalogs, spec, categories, input, fonts, systemFontSource, shards, results, fixedSinceBaseline
        case unspecifiedKeys, diagnostics, summary, skipped
    }

    /// A key (or one locale's variant of it) not checked, and why.
    public struct SkippedKey: Sendable, Hashable, Codable, Comparable {
        /// The reason of a key the spec's defaults cannot lay out (they have no width, and no element names it).
        public static let defaultsCannotLayOut = "the spec's defaults cannot lay it out"

        public var key: String
        /// The locale and variant when only they are skipped; nil and empty for the whole key.
        public var locale: String?
        public var variant: [String] = []
        public var file: String
        public var line: Int
        /// Why: `stale` (Xcode no longer finds the key in the source code), or why no user sees the variant.
        public var reason: String

        public static func < (a: SkippedKey, b: SkippedKey) -> Bool {
            (a.key, a.locale ?? "", a.variant.joined(separator: "/"), a.file, a.line)
                < (b.key, b.locale ?? "", b.variant.joined(separator: "/"), b.file, b.line)
        }
    }

    /// Totals of a report.
    public struct Summary: Sendable, Codable, Hashable {
        /// Distinct keys checked.
        public var keys: Int
        /// Distinct locales checked.
        public var locales: Int
        /// Strings checked (key × locale × variant).
        public var strings: Int
        /// Layouts made (strings × categories).
        public var layouts: Int
        /// Strings that do not fit through their requirement.
        public var failures: Int
        /// Of those, the ones not in the baseline.
        public var newFailures: Int
        /// Baseline entries that no longer fail (``CheckReport/fixedSinceBaseline``).
        public var fixedSinceBaseline: Int = 0
        /// Input errors.
        public var errors: Int
        /// Input warnings.
        public var warnings: Int

        enum CodingKeys: String, CodingKey {
            case keys, locales, strings, layouts, failures, newFailures, fixedSinceBaseline, errors, warnings
        }
    }

    /// The exit status `check` and `merge` use: 2 for input errors, 1 for new failures, 0 otherwise.
    public var exitStatus: Int32 {
        if summary.errors > 0 { return 2 }
        return summary.newFailures > 0 ? 1 : 0
    }
}

/// Errors of `check` and `merge` that stop the run before any checking.
public enum CheckError: Error, CustomStringConvertible, Sendable {
    case unreadable(String, reason: String)
    case notAReport(String, String)
    case notABaseline(String, String)
    case invalid(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read the file: \(reason)"
        case .notAReport(let path, let why): return "\(path): not a layoutsim check JSON report: \(why)"
        case .notABaseline(let path, let why): return "\(path): not a layoutsim baseline or JSON report: \(why)"
        case .invalid(let message): return message
        }
    }
}
