import LayoutSimModel

/// A position in a catalog file, for diagnostics and reports: `file:line:column`, both numbers 1-based.
///
/// Not named `SourceLocation` because Swift Testing exports a type of that name, and this library is meant to be
/// used from Swift tests (`import Testing` + `import LayoutSim` would make the name ambiguous).
///
/// Columns count UTF-16 code units from the start of the line (SARIF's default `columnKind`); for ASCII text that
/// is the character column. When a reader cannot know the position (a binary property list, a missing file) it
/// uses line 1, column 1.
public struct CatalogSourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path as it was given to the reader (for an `.xcloc`, the `.xliff` inside it).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in UTF-16 code units.
    public var column: Int

    /// Creates a location; `line` and `column` are 1-based.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file, then line, then column.
    public static func < (a: CatalogSourceLocation, b: CatalogSourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// One concrete string to lay out: a key in one locale and one variant (plural category, device, substitution
/// choice), with its placeholders still in it (see ``PlaceholderSamples`` to fill them).
///
/// Every variant a user can see becomes its own entry: every plural category the locale has (missing ones fall back
/// to `other`, with a warning), every device variant, and the cartesian product of substitutions.
public struct CatalogEntry: Sendable, Hashable {
    /// The key as written in the catalog (for XLIFF, the trans-unit id without any `|==|…` or `:dict` suffix).
    public var key: String
    /// The BCP 47 tag as written in the file (`de`, `pt-BR`, `zh-Hans`), or ``Pseudolocalizer/locale`` for
    /// pseudolocalized entries, or `und` when a `.strings` file's folder names no language.
    public var locale: String
    /// The variant chosen at each level, outermost first: `["plural:one"]`, `["device:ipad"]`,
    /// `["device:iphone", "plural:other"]`, `["substitution:files", "plural:few"]`, `["width:22"]`;
    /// empty for a simple string.
    public var variantPath: [String]
    /// The concrete string, placeholders (`%@`, `%1$lld`…) still in it; substitution tokens (`%#@name@`) are
    /// already replaced by the chosen variant.
    public var value: String
    /// Where the key is defined (the line of the key; for XLIFF, its first `<trans-unit>`).
    public var source: CatalogSourceLocation
    /// The comment for translators (`.xcstrings` `comment`, the `.strings` comment before the key, XLIFF `<note>`).
    public var comment: String?
    /// The `.xcstrings` string-unit state (`translated`, `new`, `needs_review`, `stale`) or XLIFF target `state`.
    public var state: String?
    /// `false` when the catalog marks the key as not to be translated (`"shouldTranslate": false`,
    /// XLIFF `translate="no"`). The entry is kept so the source string is still checked.
    public var shouldTranslate: Bool
    /// The `.xcstrings` key's `extractionState` (`extracted_with_value`, `manual`, `migrated`, `stale`): `stale` means
    /// Xcode no longer finds the key in the source code, so no user sees it.
    public var extractionState: String?

    /// On an entry of the source language: the locales of the catalog with no localization of the key, where the
    /// app shows this text instead (a check lays it out there too when the spec gives that locale other fields).
    public var sourceShownIn: [String] = []

    /// Whether no user sees the string: its key is stale (no longer in the source code).
    public var isStale: Bool { extractionState == "stale" }

    /// The device of a `device:<name>` variant (`iphone`, `ipad`, `mac`, …), if the string is one.
    public var device: String? {
        variantPath.last { $0.hasPrefix("device:") }.map { String($0.dropFirst("device:".count)) }
    }

    /// Creates an entry.
    public init(
        key: String, locale: String, variantPath: [String] = [], value: String, source: CatalogSourceLocation,
        comment: String? = nil, state: String? = nil, shouldTranslate: Bool = true, extractionState: String? = nil
    ) {
        self.extractionState = extractionState
        self.key = key
        self.locale = locale
        self.variantPath = variantPath
        self.value = value
        self.source = source
        self.comment = comment
        self.state = state
        self.shouldTranslate = shouldTranslate
    }

    /// The plural category this string is shown for: the last `plural:<category>` of ``variantPath``, `nil` when
    /// there is none (or it is not a CLDR category). When substitutions nest (`["substitution:photos",
    /// "plural:one", "substitution:albums", "plural:other"]`) it is the innermost, last one: ``PlaceholderSamples``
    /// gives every integer placeholder of the string a number of that category.
    public var pluralCategory: PluralCategory? {
        guard let last = variantPath.last(where: { $0.hasPrefix("plural:") }) else { return nil }
        return PluralCategory(rawValue: String(last.dropFirst("plural:".count)))
    }
}
