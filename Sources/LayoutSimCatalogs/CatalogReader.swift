import Foundation
import LayoutSimModel
import LayoutSimSupport

/// What a catalog reader found: the concrete strings, the problems, and the catalog's source language.
public struct CatalogReadResult: Sendable, Hashable {
    /// Every concrete string, in file order (per key: source language first, then locales alphabetically;
    /// variants in CLDR plural order, device order iphone ipod ipad mac applewatch appletv vision … other).
    public var entries: [CatalogEntry]
    /// Errors and warnings, each with its file, line and column.
    public var diagnostics: [CatalogDiagnostic]
    /// The catalog's development language: `.xcstrings` `sourceLanguage`, XLIFF `source-language`, or for
    /// `.strings` / `.stringsdict` the development language the caller gave. `nil` when the file could not be read.
    public var sourceLanguage: String?

    /// Creates a result.
    public init(entries: [CatalogEntry] = [], diagnostics: [CatalogDiagnostic] = [], sourceLanguage: String? = nil) {
        self.entries = entries
        self.diagnostics = diagnostics
        self.sourceLanguage = sourceLanguage
    }

    /// `true` when some diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The distinct locales of ``entries``, source language first, then alphabetically.
    public var locales: [String] {
        let all = Set(entries.map(\.locale))
        let others = all.subtracting([sourceLanguage].compactMap { $0 }).sorted()
        if let sourceLanguage, all.contains(sourceLanguage) { return [sourceLanguage] + others }
        return others
    }
}

/// Reads string catalogs of every Apple format into ``CatalogEntry`` values: one per key, locale and variant.
///
/// | extension | format |
/// |---|---|
/// | `.xcstrings` | String Catalog (JSON): string units, plural and device variations (and device → plural), substitutions, `shouldTranslate`, states |
/// | `.strings` | `"key" = "value";` (UTF-8, or UTF-16 with or without BOM; `/* */` and `//` comments; escapes `\"` `\\` `\n` `\t` `\U1234`); also binary-plist `.strings` |
/// | `.stringsdict` | plural rules (nested variables), device- and width-specific rules |
/// | `.xliff`, `.xlf` | XLIFF 1.2, including Xcode's `key|==|plural.one` and `/key:dict/var:dict/one:dict/:string` ids |
/// | `.xcloc` | a Localization Catalog folder: every `Localized Contents/*.xliff` |
///
/// The locale of a `.strings` or `.stringsdict` file is its `xx.lproj` folder's name (`Base.lproj` → the
/// development language; anything else that is not a language tag → `und`, with a warning).
///
/// Readers never throw: problems become ``CatalogDiagnostic``s and the rest of the file is still read. Parsing uses
/// Foundation (`JSONSerialization`, `PropertyListSerialization`, `XMLParser`), so every string is decoded exactly as
/// Apple's tools decode it.
public enum CatalogReader {
    /// The file extensions ``read(_:developmentLanguage:)`` understands (lowercase, without the dot).
    public static let supportedExtensions: Set<String> = ["xcstrings", "strings", "stringsdict", "xliff", "xlf", "xcloc"]

    /// Reads the catalog at `url`, dispatching on its extension.
    ///
    /// - Parameters:
    ///   - url: A file (or, for `.xcloc`, a folder).
    ///   - developmentLanguage: The project's development language, used for `Base.lproj` and as the
    ///     ``CatalogReadResult/sourceLanguage`` of `.strings` and `.stringsdict` files (which do not record it).
    ///     Catalogs that record it (`.xcstrings`, XLIFF) ignore this.
    public static func read(_ url: URL, developmentLanguage: String = "en") -> CatalogReadResult {
        read(url, developmentLanguage: developmentLanguage, inParallel: false)
    }

    /// ``read(_:developmentLanguage:)``; with `inParallel`, another thread helps read a String Catalog (its line
    /// index is made beside the parsing).
    package static func read(
        _ url: URL, developmentLanguage: String, inParallel: Bool,
        emit: ((inout [CatalogEntry], Int) -> Void)? = nil
    ) -> CatalogReadResult {
        let file = url.path
        let top = CatalogSourceLocation(file: file, line: 1, column: 1)
        let fileExtension = url.pathExtension.lowercased()
        guard supportedExtensions.contains(fileExtension) else {
            let known = supportedExtensions.sorted().map { "." + $0 }.joined(separator: ", ")
            let what = url.pathExtension.isEmpty
                ? "no file extension, which says a catalog's format"
                : "unsupported catalog type '.\(url.pathExtension)'"
            return CatalogReadResult(diagnostics: [.error("\(what) (supported: \(known))", at: top)])
        }
        if fileExtension == "xcloc" { return XLIFFReader.readBundle(url) }
        let data: Data
        do throws(InputFileError) {
            data = try InputFile.read(file)
        } catch {
            return CatalogReadResult(diagnostics: [.error("cannot read the file: \(error)", at: top)])
        }
        switch fileExtension {
        case "xcstrings":
            return XCStringsReader.read(data, file: file, inParallel: inParallel, emit: emit)
        case "strings":
            return StringsFileReader.read(data, url: url, developmentLanguage: developmentLanguage)
        case "stringsdict":
            return StringsDictReader.read(data, url: url, developmentLanguage: developmentLanguage)
        default:
            return XLIFFReader.read(data, file: file)
        }
    }

    /// Reads several catalogs and concatenates their results in the order given; ``CatalogReadResult/sourceLanguage``
    /// is the first one found. Diagnostics include those of ``readEach(_:developmentLanguage:)``.
    public static func read(_ urls: [URL], developmentLanguage: String = "en") -> CatalogReadResult {
        var combined = CatalogReadResult()
        for result in readEach(urls, developmentLanguage: developmentLanguage) {
            combined.entries += result.entries
            combined.diagnostics += result.diagnostics
            combined.sourceLanguage = combined.sourceLanguage ?? result.sourceLanguage
        }
        return combined
    }

    /// Reads each catalog: one result per URL, in the order given. When several locales of one `.strings` /
    /// `.stringsdict` table are among them (`en.lproj/Localizable.stringsdict`, `ru.lproj/Localizable.stringsdict`),
    /// a key one locale lacks is a warning, as in `.xcstrings`: "'key' has no 'ru' localization; the app shows the
    /// source text", at the key in the development language's file (see `LprojTables`).
    public static func readEach(_ urls: [URL], developmentLanguage: String = "en") -> [CatalogReadResult] {
        readEach(urls, developmentLanguage: developmentLanguage, inParallel: false)
    }

    /// ``readEach(_:developmentLanguage:)``, with another thread helping as ``read(_:developmentLanguage:inParallel:)``
    /// says when `inParallel`.
    ///
    /// `emit`: the entries of String Catalogs are handed to it as they are made
    /// (``XCStringsReader/read(_:file:inParallel:emit:)``), the files in order; all entries stay in the results.
    package static func readEach(
        _ urls: [URL], developmentLanguage: String, inParallel: Bool,
        emit: ((inout [CatalogEntry], Int) -> Void)? = nil
    ) -> [CatalogReadResult] {
        var results = urls.map {
            read($0, developmentLanguage: developmentLanguage, inParallel: inParallel, emit: emit)
        }
        LprojTables.addMissingKeyWarnings(to: &results, urls: urls, developmentLanguage: developmentLanguage)
        return results
    }

    /// The locale of a `.strings` / `.stringsdict` file from its `.lproj` folder, `und` (with a warning) when the
    /// folder names no language.
    package static func lprojLocale(
        of url: URL, developmentLanguage: String, diagnostics: inout [CatalogDiagnostic]
    ) -> String {
        if let locale = LprojLocale.locale(of: url, developmentLanguage: developmentLanguage), LanguageTag.problem(locale) == nil {
            if let warning = LanguageTag.unknownLanguage(locale) {
                diagnostics.append(.warning(warning + LanguageTag.neverShown, at: CatalogSourceLocation(file: url.path, line: 1, column: 1)))
            }
            return locale
        }
        diagnostics.append(.warning(
            "cannot tell the language: '\(url.deletingLastPathComponent().lastPathComponent)' is not an "
                + "'<language>.lproj' folder; using 'und'",
            at: CatalogSourceLocation(file: url.path, line: 1, column: 1)
        ))
        return "und"
    }
}
