import Foundation
import LayoutSimModel

/// The room one string has, as a catalog writer needs it: the values of a check report's `budget`, per key ×
/// locale × variant (the report turns its results into these; catalogs know nothing of reports).
public struct CatalogBudget: Sendable, Hashable {
    public var key: String
    public var locale: String
    /// As ``CatalogEntry/variantPath``: `["plural:one"]`, `["device:ipad"]`, `["substitution:files", "plural:few"]`.
    public var variantPath: [String]
    /// Text width per line, points.
    public var width: Double
    /// Line limit; 0: none (then nothing limits the length, and no budget is exported).
    public var lines: Int
    /// Estimated grapheme clusters that fit (what a reader counts as characters).
    public var maxCharacters: Int?
    /// Estimated Unicode code points that fit (what XLIFF's `char` and `xliff:codepoints` count).
    public var maxCodePoints: Int?

    public init(
        key: String, locale: String, variantPath: [String], width: Double, lines: Int, maxCharacters: Int?, maxCodePoints: Int?
    ) {
        self.key = key
        self.locale = locale
        self.variantPath = variantPath
        self.width = width
        self.lines = lines
        self.maxCharacters = maxCharacters
        self.maxCodePoints = maxCodePoints
    }
}

/// The unit of an XLIFF budget (`--unit`).
public enum BudgetUnit: String, Sendable, CaseIterable {
    /// Unicode code points (XLIFF 1.2 `size-unit="char"`, XLIFF 2 `xliff:codepoints`): what most translation tools count.
    case char
    /// Grapheme clusters (XLIFF 1.2 `size-unit="glyph"`): characters as a reader counts them.
    case glyph
    /// iOS points, width × lines (XLIFF 1.2 `size-unit="pixel"`: a point is the layout's logical pixel).
    case pixel

    /// The number a budget gives in this unit, rounded down; nil with no line limit or no estimate.
    public func value(of budget: CatalogBudget) -> Int? {
        // No room at all (a row that leaves the text 0 pt): no budget a translation could meet; the layout must change.
        guard budget.lines > 0, budget.width > 0 else { return nil }
        switch self {
        case .char: return budget.maxCodePoints
        case .glyph: return budget.maxCharacters
        case .pixel:
            let total = budget.width * Double(budget.lines)
            return total.isFinite && total >= 0 && total < 1e9 ? Int(total.rounded(.down)) : nil
        }
    }
}

/// What an export did to one catalog file.
public struct BudgetExportResult: Sendable {
    /// The catalog with the budgets in (nil when it could not be done: see ``diagnostics``).
    public var data: Data?
    /// Units (XLIFF) or keys (`.xcstrings`) given a budget.
    public var annotated = 0
    /// Units or keys in the file.
    public var total = 0
    /// Errors (nothing written) and warnings, at their file, line and column.
    public var diagnostics: [CatalogDiagnostic] = []

    public init() {}
}

/// Writes budgets into catalogs where translators see them, as text edits on the file, so nothing else changes:
///
/// - XLIFF 1.2 (`.xliff`, `.xlf`, the files of an `.xcloc`): `maxwidth` and `size-unit` on each `<trans-unit>` the
///   budgets cover (replacing earlier ones there); sources, targets, notes and every other byte stay.
/// - XLIFF 2: `slr:sizeRestriction` on each `<unit>`, with the Size and Length Restriction module's namespace on
///   `<xliff>` and `<slr:profiles generalProfile="xliff:codepoints"/>` in each `<file>` that needs it.
/// - `.xcstrings`: a line `Max width: 180 pt × 1 line (≈ 22 characters in de, 24 in fr) [layoutsim]` in each key's
///   `comment` (replacing an earlier such line; the rest of the comment is kept byte for byte).
///
/// A unit covering several budgets (locales' variants falling back to `other`, elements, a substitution's whole
/// string) gets the tightest.
public enum BudgetExport {
    /// The file formats budgets can be written into, by extension.
    public static let supportedExtensions: Set<String> = ["xcstrings", "xliff", "xlf"]

    /// Writes `budgets` into the catalog `data` read from `file` (its extension says the format).
    public static func export(_ data: Data, file: String, budgets: [CatalogBudget], unit: BudgetUnit) -> BudgetExportResult {
        let index = BudgetIndex(budgets)
        switch (file as NSString).pathExtension.lowercased() {
        case "xcstrings": return XCStringsBudgetWriter.export(data, file: file, index: index)
        case "xliff", "xlf": return XLIFFBudgetWriter.export(data, file: file, index: index, unit: unit)
        default:
            var result = BudgetExportResult()
            let known = supportedExtensions.sorted().map { "." + $0 }.joined(separator: ", ")
            result.diagnostics.append(.error(
                "cannot write budgets into a '.\((file as NSString).pathExtension)' file (supported: \(known), .xcloc)",
                at: CatalogSourceLocation(file: file, line: 1, column: 1)
            ))
            return result
        }
    }

    /// The note line for a key of an `.xcstrings` file; nil when no budget limits it.
    ///
    /// The width and lines are the tightest budget's (smallest width × lines); the characters, per locale, the
    /// smallest estimate of that locale. Locales in order: `first` (the source language), then alphabetical.
    package static func note(for budgets: [CatalogBudget], sourceLanguage: String?) -> String? {
        let limited = budgets.filter { $0.lines > 0 && $0.width.isFinite && $0.width > 0 }
        guard let tightest = limited.min(by: { ($0.width * Double($0.lines), $0.lines) < ($1.width * Double($1.lines), $1.lines) })
        else { return nil }
        var perLocale: [String: Int] = [:]
        for budget in limited {
            guard let count = budget.maxCharacters else { continue }
            perLocale[budget.locale] = min(perLocale[budget.locale] ?? Int.max, count)
        }
        let locales = perLocale.keys.sorted { a, b in
            if a == sourceLanguage || b == sourceLanguage { return a == sourceLanguage && b != sourceLanguage }
            return a < b
        }
        // A string in a row has a room of its own in each locale (its neighbours' lengths differ): each locale's.
        var tightestIn: [String: CatalogBudget] = [:]
        for budget in limited where tightestIn[budget.locale].map({ budget.width * Double(budget.lines) < $0.width * Double($0.lines) }) ?? true {
            tightestIn[budget.locale] = budget
        }
        func room(_ budget: CatalogBudget) -> String {
            "\(ReportNumber.text(budget.width)) pt × \(budget.lines) line\(budget.lines == 1 ? "" : "s")"
        }
        if Set(tightestIn.values.map { [$0.width, Double($0.lines)] }).count > 1 {
            let ordered = tightestIn.keys.sorted { a, b in
                if a == sourceLanguage || b == sourceLanguage { return a == sourceLanguage && b != sourceLanguage }
                return a < b
            }
            let parts = ordered.compactMap { locale -> String? in
                guard let budget = tightestIn[locale] else { return nil }
                return "\(locale) \(room(budget))" + (perLocale[locale].map { " ≈ \($0) character\($0 == 1 ? "" : "s")" } ?? "")
            }
            return notePrefix + parts.joined(separator: ", ") + noteSuffix
        }
        var note = notePrefix + room(tightest)
        if let first = locales.first, let count = perLocale[first] {
            let rest = locales.dropFirst().compactMap { locale in perLocale[locale].map { "\($0) in \(locale)" } }
            note += " (≈ \(count) character\(count == 1 ? "" : "s") in \(first)" + rest.map { ", " + $0 }.joined() + ")"
        }
        return note + noteSuffix
    }

    static let notePrefix = "Max width: "
    static let noteSuffix = " [layoutsim]"

    /// Whether a comment line is a note this writer wrote.
    static func isNote(_ line: Substring) -> Bool { line.hasPrefix(notePrefix) && line.hasSuffix(noteSuffix) }
}

/// Budgets by key and locale, and the matching of a catalog unit to the budgets it covers.
struct BudgetIndex {
    private var byKey: [String: [CatalogBudget]] = [:]

    init(_ budgets: [CatalogBudget]) {
        for budget in budgets { byKey[budget.key, default: []].append(budget) }
    }

    /// Every budget of `key`, any locale and variant.
    func budgets(key: String) -> [CatalogBudget] { byKey[key] ?? [] }

    /// The budgets of `key` in `locale`.
    func budgets(key: String, locale: String) -> [CatalogBudget] { budgets(key: key).filter { $0.locale == locale } }
}

/// Which unit of an XLIFF key a budget belongs to. Xcode's ids (see ``XLIFFReader``): `key` (a plain string, or a
/// String Catalog key's format with substitutions), `key|==|plural.one`, `key|==|device.iphone.plural.one`,
/// `key|==|substitutions.files.plural.one` (also `key|==|files.plural.one`), and stringsdict's
/// `/key:dict/NSStringLocalizedFormatKey:dict/:string` (the format) and `/key:dict/files:dict/one:dict/:string`.
enum XLIFFUnitID {
    /// The key, and the variant path the unit holds (`plural:one`, `device:iphone/plural:one`,
    /// `substitution:files/plural:one`) or nil for the key's format or plain string.
    static func parse(_ id: String) -> (key: String, selector: String?) {
        if let range = id.range(of: "|==|") {
            var path = id[range.upperBound...].split(separator: ".").map(String.init)[...]
            var components: [String] = []
            if path.first == "substitutions", path.count >= 2 {
                components.append("substitution:" + path[path.startIndex + 1])
                path = path.dropFirst(2)
            } else if let first = path.first, !["plural", "device"].contains(first), path.count >= 3 {
                components.append("substitution:" + first)
                path = path.dropFirst()
            }
            while path.count >= 2 {
                components.append(path[path.startIndex] + ":" + path[path.startIndex + 1])
                path = path.dropFirst(2)
            }
            // A malformed rest (an odd part left) matches no budget.
            return (String(id[..<range.lowerBound]), components.joined(separator: "/") + (path.isEmpty ? "" : "/?"))
        }
        if id.hasPrefix("/"), id.hasSuffix(":dict/:string") {
            let parts = id.dropFirst().dropLast(":dict/:string".count).components(separatedBy: ":dict/")
            if let key = parts.first, !key.isEmpty {
                if parts.count == 2, parts[1] == "NSStringLocalizedFormatKey" { return (key, nil) }
                if parts.count == 3 { return (key, "substitution:\(parts[1])/plural:\(parts[2])") }
                return (key, "?" + parts.dropFirst().joined(separator: "/"))
            }
        }
        return (id, nil)
    }

    /// The unit a budget of `variantPath` goes on, among the key's units by selector and its format unit `root`
    /// (whose text is `rootText`): the unit of that variant (a plural category the file lacks falls back to
    /// `other`, as the reader expands it); a string built from substitutions goes on the format unit, which holds
    /// the whole string, unless the format is one token (`%#@files@`): then each variant of that one substitution
    /// is the whole string and gets its own budget.
    static func unit(for variantPath: [String], selectors: [String: Int], root: Int?, rootText: String?) -> Int? {
        func variant(_ path: [String]) -> Int? {
            if let unit = selectors[path.joined(separator: "/")] { return unit }
            guard let last = path.lastIndex(where: { $0.hasPrefix("plural:") }) else { return nil }
            var other = path
            other[last] = "plural:other"
            return selectors[other.joined(separator: "/")]
        }
        guard !variantPath.isEmpty else { return root }
        // `%#@files@` alone: the stringsdict reader gives its variants as `plural:one`, the catalog one as
        // `substitution:files/plural:one`.
        var onlyToken: String?
        if let rootText, rootText.hasPrefix("%#@"), rootText.hasSuffix("@"), rootText.count > 4 {
            let name = rootText.dropFirst(3).dropLast()
            if !name.contains("@") { onlyToken = "substitution:" + name }
        }
        let substitutions = variantPath.filter { $0.hasPrefix("substitution:") }
        if substitutions.isEmpty {
            return variant(variantPath) ?? onlyToken.flatMap { variant([$0] + variantPath) } ?? root
        }
        if variantPath.count == 2, variantPath[0] == onlyToken { return variant(variantPath) ?? root }
        return root
    }
}
