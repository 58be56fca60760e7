import LayoutSimModel

/// Why a string does not fit what is required of it, as values: what a test failure says (the category, the verdict,
/// what is visible, how much room is missing). The words are made in VerdictWords.swift (``message``).
///
/// Made from a ``FitReport`` (``init(report:mustFitThrough:)``) or, by `LayoutSimTesting`, from a result of `check`.
public struct FitFailure: Sendable, Hashable {
    /// The text as laid out (placeholders replaced).
    public var text: String
    /// The catalog key; nil for a single string.
    public var key: String?
    /// The locale of a catalog string.
    public var locale: String?
    /// The variant path of a catalog string (`plural:one`, `device:ipad`), empty for none.
    public var variant: [String]
    /// Where the key is, `file:line:column`; nil for a single string.
    public var location: String?
    /// The requirement: the largest category at which the text must fit; nil for a fixed size.
    public var mustFitThrough: ContentSizeCategory?
    /// The largest category through which it does fit; nil when the smallest already fails.
    public var fitsThrough: ContentSizeCategory?
    /// The first category that fails (nil for a fixed size).
    public var category: ContentSizeCategory?
    /// How it fails there.
    public var verdict: VerdictKind
    /// What the user sees there, when the text is truncated or clipped (lines joined by `\n`).
    public var visibleText: String?
    /// Grapheme clusters not shown.
    public var hiddenCharacters: Int
    /// Lines the line limit hides; nil when unknown (a `check` result keeps only the hidden characters).
    public var hiddenLines: Int?
    /// The natural height of one line at the failing size (`UIFont.lineHeight`), points: with ``hiddenLines``, the
    /// room the hidden lines need.
    public var lineHeight: Double?
    /// Points by which the shown lines are taller than the container, or by which ink is cut or overlaps.
    public var clippedBy: Double?
    /// Points by which a single grapheme is wider than the line.
    public var overflowWidth: Double?
    /// Code points no font covers.
    public var missingGlyphs: [String]
    /// What would make it fit (``FitRemedy/words(container:)``), when it was worked out.
    public var remedy: String?

    /// A failure from its values (for results read from a `check` report).
    public init(
        text: String, key: String? = nil, locale: String? = nil, variant: [String] = [], location: String? = nil,
        mustFitThrough: ContentSizeCategory?, fitsThrough: ContentSizeCategory?, category: ContentSizeCategory?,
        verdict: VerdictKind, visibleText: String? = nil, hiddenCharacters: Int = 0, hiddenLines: Int? = nil,
        lineHeight: Double? = nil, clippedBy: Double? = nil, overflowWidth: Double? = nil, missingGlyphs: [String] = []
    ) {
        self.text = text
        self.key = key
        self.locale = locale
        self.variant = variant
        self.location = location
        self.mustFitThrough = mustFitThrough
        self.fitsThrough = fitsThrough
        self.category = category
        self.verdict = verdict
        self.visibleText = visibleText
        self.hiddenCharacters = hiddenCharacters
        self.hiddenLines = hiddenLines
        self.lineHeight = lineHeight
        self.clippedBy = clippedBy
        self.overflowWidth = overflowWidth
        self.missingGlyphs = missingGlyphs
    }

    /// The first failure of `report` at a category up to `mustFitThrough` (every result, for a fixed size); nil
    /// when the text fits through it.
    public init?(report: FitReport, mustFitThrough: ContentSizeCategory) {
        let allowsWordBreaks = report.request.allowsWordBreaks
        let failing = report.results.first { result in
            if let category = result.category, category > mustFitThrough { return false }
            return !result.passes(allowingWordBreaks: allowsWordBreaks)
        }
        guard let failing else { return nil }
        var hiddenLines: Int?
        var clippedBy: Double?
        switch failing.verdict {
        case .truncated(let hidden):
            hiddenLines = hidden
        case .clipped(let by), .inkClipped(let by), .inkOverlap(let by):
            clippedBy = failing.overflowWidth == nil ? by : nil
        case .fits, .fitsWithWordBroken, .missingGlyphs:
            break
        }
        let shows: Bool
        switch failing.verdict {
        case .truncated, .clipped: shows = true
        default: shows = failing.hiddenCharacters > 0
        }
        self.init(
            text: report.request.text, mustFitThrough: failing.category == nil ? nil : mustFitThrough,
            fitsThrough: report.fitsThrough, category: failing.category, verdict: failing.verdict.kind,
            visibleText: shows ? failing.visibleText : nil, hiddenCharacters: failing.hiddenCharacters,
            hiddenLines: hiddenLines, lineHeight: hiddenLines == nil ? nil : failing.lineHeight, clippedBy: clippedBy,
            overflowWidth: failing.overflowWidth, missingGlyphs: report.missingGlyphs.flatMap(\.codePoints)
        )
        remedy = report.remedy?.words(container: report.request.container)
    }
}
