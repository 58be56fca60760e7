import LayoutSimBreaking
import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// What a user would see at one category: the outcome of fitting, as a result rather than an error.
public enum Verdict: Sendable, Hashable {
    /// Every line is shown, inside the container.
    case fits
    /// Every line is shown, but a word wider than the line was split mid-word (UIKit does this silently).
    case fitsWithWordBroken
    /// The text needs more lines than the line limit; `hiddenLines` lines are not shown.
    case truncated(hiddenLines: Int)
    /// The shown lines are taller than the container (by `by` points), or a line is wider than it.
    case clipped(by: Double)
    /// The view clips to its bounds and ink of the shown lines (tall marks, descenders) is cut off, by up to
    /// `by` points.
    case inkClipped(by: Double)
    /// Lines have a fixed height (`fixed:N`, `multiple:X`) and ink of a shown line reaches into its neighbour or out
    /// of the view, by up to `by` points: lines overlap.
    case inkOverlap(by: Double)
    /// Some text is covered by no font (not even the fallbacks): it cannot be displayed.
    case missingGlyphs(count: Int)
}

/// The layout at one content size category (or at a fixed size).
public struct CategoryResult: Sendable, Hashable {
    /// The category; nil for a fixed point size, which does not follow Dynamic Type.
    public let category: ContentSizeCategory?
    /// The category the view was laid out at: ``category`` clamped by the request's category limits (equal to it
    /// when there are none).
    public let appliedCategory: ContentSizeCategory?
    /// Point size of the font at this category.
    public let pointSize: Double
    /// Weight of the system font (nil for font files).
    public let weight: FontWeight?
    /// The primary font's natural line height at this size (`UIFont.lineHeight`), points.
    public let lineHeight: Double
    /// The lines, what they display, their widths, offsets and boxes, and the ink cut off: nil when every one of them
    /// is empty or none (a passing summary, most categories of a check), so that such a result copies and releases
    /// none of its seven arrays and strings.
    private let detail: Detail?

    /// Every line the text needs at this width, shown or not (before truncation).
    public var lines: [Line] { detail?.lines ?? [] }
    /// What each shown line displays, as UTF-16 ranges of the text (``visibleText`` is built from them on demand).
    public var displayedLines: [DisplayedLine] { detail?.displayedLines ?? [] }
    /// The laid-out text; empty when no line is displayed (``visibleText`` reads it only for displayed lines).
    package var sourceText: String { detail?.sourceText ?? "" }

    /// The text as displayed: the visible lines joined by `\n` (whitespace at wrapped line ends dropped), with the
    /// ellipsis where the text is truncated.
    public var visibleText: String {
        let utf16 = sourceText.utf16
        func piece(_ range: Range<Int>) -> String {
            guard !range.isEmpty, range.upperBound <= utf16.count else { return "" }
            let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
            let end = utf16.index(start, offsetBy: range.count)
            return String(sourceText[start..<end])
        }
        return displayedLines.prefix(visibleLineCount).map { line in
            piece(line.before) + (line.hasEllipsis ? "\u{2026}" : "") + piece(line.after)
        }.joined(separator: "\n")
    }
    /// Characters (grapheme clusters) of the text that are not displayed.
    public let hiddenCharacters: Int
    /// Width of each shown line as drawn (ellipsis included, tracking applied), points.
    public var shownLineWidths: [Double] { detail?.shownLineWidths ?? [] }
    /// Horizontal position of each shown line's left edge in the container (insets and alignment applied), points.
    public var lineOffsets: [Double] { detail?.lineOffsets ?? [] }
    /// The shrink factor `adjustsFontSizeToFitWidth` applied (1 when the text was not shrunk); ``pointSize`` is
    /// after shrinking.
    public let scaleFactor: Double
    /// Whether even the minimum scale factor did not fit, so the line break mode applies at the minimum size.
    public let shrinkReachedMinimum: Bool
    /// Tracking applied by tightening (`allowsDefaultTighteningForTruncation`), points per character gap (≤ 0).
    public let tracking: Double
    /// The vertical box and ink of every line (same order as ``lines``).
    public var lineBoxes: [LineBox] { detail?.lineBoxes ?? [] }
    /// Ink cut off by a view that clips to its bounds: points above the top and below the bottom (nil: none).
    public var inkClipped: InkClipping? { detail?.inkClipped }
    /// How many of them are shown (the line limit cuts the rest).
    public let shownLineCount: Int
    /// How many of the shown lines can be seen at least in part: all of them, except in a text view clipped at its
    /// height, where lines wholly below the bottom edge are laid out but not visible.
    public let visibleLineCount: Int
    /// The index of the visible line cut by the view's bottom edge (partly visible), if any.
    public let partlyVisibleLine: Int?
    /// Height of the shown lines, points, before pixel rounding and insets.
    public let textHeight: Double
    /// The label's height: shown text height rounded up to the pixel grid, plus top and bottom insets, points.
    public let height: Double
    /// The label's width: widest shown line rounded up to the pixel grid, plus left and right insets, points.
    public let width: Double
    /// The outcome.
    public let verdict: Verdict
    /// Whether a shown line was split mid-word.
    public let wordBroken: Bool
    /// How far the shown lines overflow the container's height, points (nil when they do not, or no height).
    public let clippedBy: Double?
    /// How far the widest shown line overflows the text width, points (nil when none does).
    public let overflowWidth: Double?
    /// Whether this is a summary (``ResultDetail/failures``, for checks: a passing category, or a failing one after
    /// the first): its category, sizes, verdict, shown and visible line counts and label width are set, and a failing
    /// one's lines; a passing one's lines, and every summary's displayed lines, line widths, offsets and boxes are
    /// empty, its hidden characters and heights 0.
    package var isSummary = false

    /// The fields of a result that are arrays, strings or references (``detail``), behind one reference: inline, a
    /// result with none (a summary) would still be copied and destroyed field by field. Compared and hashed by value.
    private final class Detail: Sendable, Hashable {
        let lines: [Line]
        let displayedLines: [DisplayedLine]
        let sourceText: String
        let shownLineWidths: [Double]
        let lineOffsets: [Double]
        let lineBoxes: [LineBox]
        let inkClipped: InkClipping?

        init(
            lines: [Line], displayedLines: [DisplayedLine], sourceText: String, shownLineWidths: [Double],
            lineOffsets: [Double], lineBoxes: [LineBox], inkClipped: InkClipping?
        ) {
            self.lines = lines
            self.displayedLines = displayedLines
            self.sourceText = sourceText
            self.shownLineWidths = shownLineWidths
            self.lineOffsets = lineOffsets
            self.lineBoxes = lineBoxes
            self.inkClipped = inkClipped
        }

        static func == (a: Detail, b: Detail) -> Bool {
            a === b || (a.lines == b.lines && a.displayedLines == b.displayedLines && a.sourceText == b.sourceText
                && a.shownLineWidths == b.shownLineWidths && a.lineOffsets == b.lineOffsets
                && a.lineBoxes == b.lineBoxes && a.inkClipped == b.inkClipped)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(lines)
            hasher.combine(displayedLines)
            hasher.combine(sourceText)
            hasher.combine(shownLineWidths)
            hasher.combine(lineOffsets)
            hasher.combine(lineBoxes)
            hasher.combine(inkClipped)
        }
    }

    init(
        category: ContentSizeCategory?, appliedCategory: ContentSizeCategory?, pointSize: Double, weight: FontWeight?,
        lineHeight: Double, lines: [Line], displayedLines: [DisplayedLine], sourceText: String, hiddenCharacters: Int,
        shownLineWidths: [Double], lineOffsets: [Double], scaleFactor: Double, shrinkReachedMinimum: Bool,
        tracking: Double, lineBoxes: [LineBox], inkClipped: InkClipping?, shownLineCount: Int, visibleLineCount: Int,
        partlyVisibleLine: Int?, textHeight: Double, height: Double, width: Double, verdict: Verdict, wordBroken: Bool,
        clippedBy: Double?, overflowWidth: Double?, isSummary: Bool = false
    ) {
        self.category = category
        self.appliedCategory = appliedCategory
        self.pointSize = pointSize
        self.weight = weight
        self.lineHeight = lineHeight
        if lines.isEmpty && displayedLines.isEmpty && shownLineWidths.isEmpty && lineOffsets.isEmpty
            && lineBoxes.isEmpty && inkClipped == nil {
            detail = nil
        } else {
            detail = Detail(
                lines: lines, displayedLines: displayedLines, sourceText: sourceText, shownLineWidths: shownLineWidths,
                lineOffsets: lineOffsets, lineBoxes: lineBoxes, inkClipped: inkClipped
            )
        }
        self.hiddenCharacters = hiddenCharacters
        self.scaleFactor = scaleFactor
        self.shrinkReachedMinimum = shrinkReachedMinimum
        self.tracking = tracking
        self.shownLineCount = shownLineCount
        self.visibleLineCount = visibleLineCount
        self.partlyVisibleLine = partlyVisibleLine
        self.textHeight = textHeight
        self.height = height
        self.width = width
        self.verdict = verdict
        self.wordBroken = wordBroken
        self.clippedBy = clippedBy
        self.overflowWidth = overflowWidth
        self.isSummary = isSummary
    }

    /// Number of lines the text needs.
    public var lineCount: Int { lines.count }
    /// UTF-16 offsets at which the second and later lines start (`NSRange` counting).
    public var lineBreaks: [Int] { lines.dropFirst().map(\.range.lowerBound) }
    /// Width of every line in points, trailing whitespace excluded.
    public var lineWidths: [Double] { lines.map(\.width) }

    /// Whether this category passes: it fits; a mid-word break passes only when `allowingWordBreaks`.
    public func passes(allowingWordBreaks: Bool) -> Bool {
        switch verdict {
        case .fits: return true
        case .fitsWithWordBroken: return allowingWordBreaks
        case .truncated, .clipped, .inkClipped, .inkOverlap, .missingGlyphs: return false
        }
    }
}

/// What one shown line displays: text, an ellipsis (when truncated), more text.
public struct DisplayedLine: Sendable, Hashable {
    /// UTF-16 range of the text before the ellipsis (the whole line when there is none).
    public let before: Range<Int>
    /// Whether an ellipsis is drawn.
    public let hasEllipsis: Bool
    /// UTF-16 range of the text after the ellipsis (head and middle truncation).
    public let after: Range<Int>
}

/// Ink cut off at the edges of a view that clips to its bounds.
public struct InkClipping: Sendable, Hashable {
    /// Points of ink above the view's top edge (on the first shown line).
    public let top: Double
    /// Points of ink below the view's bottom edge.
    public let bottom: Double
    /// Indexes of the lines whose ink is cut.
    public let lines: [Int]
}

/// The answer to "does this copy fit in this container at these categories?".
public struct FitReport: Sendable {
    /// The request that produced the report.
    public let request: FitRequest
    /// Font files used, with their hashes, so a report says exactly what it measured.
    public let fontFiles: [FontFileInfo]
    /// One result per category, in increasing order (one result with a nil category for a fixed size).
    public let results: [CategoryResult]
    /// Clusters no font covers (measured as `.notdef`).
    public let missingGlyphs: [MissingGlyph]
    /// Problems that did not stop the layout but may make it less exact (an installed font that could not be
    /// opened), for the user to see.
    public let warnings: [String]
    /// Where the system font and its cascade came from when it was not the bundled stand-ins: "apple-fonts DIR"
    /// (`--apple-fonts`); nil for the stand-ins.
    public var systemFontSource: String?
    /// The warnings about the folder of Apple's fonts rather than this text (a file skipped, a script whose Apple font
    /// is missing), without the folder's name; ``warnings`` has them with it.
    public var appleFontNotes: [String] = []

    /// What would make the text fit at the required category, when it does not (``LayoutEngine/fit(_:remedyThrough:)``).
    public var remedy: FitRemedy?

    /// The sizes the results were laid out at (``Fitter/plan(_:)`` of ``request``), when the engine laid them out
    /// together; empty for results put together from several layouts.
    var plan: [FitStep] = []

    /// The index in ``results`` of the first that does not pass (``firstFailure``); nil when every one passes. Kept:
    /// reading a result's verdict from the array copies the whole result.
    package let firstFailingIndex: Int?

    /// - Parameter firstFailingIndex: ``firstFailingIndex`` when it is known (found as the results were made);
    ///   `.none` finds it here.
    package init(
        request: FitRequest, fontFiles: [FontFileInfo], results: [CategoryResult], missingGlyphs: [MissingGlyph],
        warnings: [String] = [], systemFontSource: String? = nil, appleFontNotes: [String] = [], plan: [FitStep] = [],
        firstFailingIndex: Int?? = .none
    ) {
        self.firstFailingIndex = firstFailingIndex
            ?? results.firstIndex { !$0.passes(allowingWordBreaks: request.allowsWordBreaks) }
        self.request = request
        self.fontFiles = fontFiles
        self.results = results
        self.missingGlyphs = missingGlyphs
        self.warnings = warnings
        self.systemFontSource = systemFontSource
        self.appleFontNotes = appleFontNotes
        self.plan = plan
    }

    /// The largest category such that it and every smaller requested category pass; nil when the smallest
    /// requested category already fails, or for a fixed size.
    public var fitsThrough: ContentSizeCategory? {
        // The results before the first that fails pass (``firstFailingIndex``): only their categories are read, in
        // place (a loop over the results would copy each).
        var last: ContentSizeCategory?
        for index in 0..<(firstFailingIndex ?? results.count) {
            guard let category = results[index].category else { break }
            last = category
        }
        return last
    }

    /// The first result that does not pass, if any.
    public var firstFailure: CategoryResult? { firstFailingIndex.map { results[$0] } }

    /// Whether every result passes.
    public var allPass: Bool { firstFailure == nil }
}
