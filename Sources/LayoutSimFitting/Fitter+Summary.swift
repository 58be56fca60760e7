import LayoutSimBreaking
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// How much of each category's result a fit computes.
package enum ResultDetail: Sendable {
    /// Every field of every result: `fit`, drawings, reports of every category.
    case full
    /// A category that passes, where passing needs no line box to tell (no container height, no clipping to
    /// bounds, no fixed line height), gets its verdict, size and lines only (``CategoryResult/isSummary``); every
    /// other category gets every field. What a check needs: it reads the failing categories' details only.
    case failures
}

extension Fitter {
    /// The result of layout `l` as a summary when it passes and no line box is needed to say so; nil when it fails
    /// or needs its boxes (a container height, ink clipped at the bounds, a fixed line height), which
    /// ``judge(_:source:step:lineHeight:weight:request:container:scale:reachedMinimum:)`` decides. The verdict is
    /// the one judging gives: every line shown, none wider than the container (unless tightened), no missing glyph;
    /// a mid-word split passes only when the request allows it.
    static func summary(
        _ l: Layout, text: MeasuredText, step: FitStep, lineHeight: Double, weight: FontWeight?, request: FitRequest,
        container: Container, scale: Double, reachedMinimum: Bool
    ) -> CategoryResult? {
        guard let quick = verdictWithoutBoxes(l, text: text, request: request, container: container), quick.passes else {
            return nil
        }
        let labelWidth = Units.roundUpToPixels(quick.widest, scale: container.displayScale) + container.insets.left
            + container.insets.right
        // Every line is shown and visible, and the lines' spans cover every cluster: nothing is hidden.
        return CategoryResult(
            category: step.category, appliedCategory: step.appliedCategory ?? step.category, pointSize: l.size,
            weight: weight, lineHeight: lineHeight, lines: l.lines, displayedLines: [], sourceText: text.text,
            hiddenCharacters: 0, shownLineWidths: [], lineOffsets: [], scaleFactor: scale,
            shrinkReachedMinimum: reachedMinimum, tracking: l.tracking, lineBoxes: [], inkClipped: nil,
            shownLineCount: l.shown, visibleLineCount: l.shown, partlyVisibleLine: nil, textHeight: 0, height: 0,
            width: labelWidth, verdict: quick.wordBroken ? .fitsWithWordBroken : .fits, wordBroken: quick.wordBroken,
            clippedBy: nil, overflowWidth: nil, isSummary: true
        )
    }

    /// Whether layout `l` passes, when no line box is needed to tell (no container height, no clipping to bounds,
    /// no fixed line height; nil otherwise), with its widest line and whether a line was split mid-word. It fails
    /// as judging says: a missing glyph, a line not shown, a line wider than the container (unless tightened), a
    /// mid-word split unless the request allows it.
    static func verdictWithoutBoxes(
        _ l: Layout, text: MeasuredText, request: FitRequest, container: Container
    ) -> (passes: Bool, widest: Double, wordBroken: Bool)? {
        guard container.height == nil, !request.clipsToBounds else { return nil }
        switch request.lineHeight {
        case .fixed, .multiple: return nil
        case .typographic, .letterformAware: break
        }
        guard text.missingGlyphs.isEmpty, l.truncated == nil, l.shown == l.lines.count else { return (false, 0, false) }
        let width = max(0, container.textWidth)
        var widest = 0.0
        var wordBroken = false
        for line in l.lines {
            widest = max(widest, line.width)
            wordBroken = wordBroken || line.endsMidWord
        }
        let overflows = widest > width + LineBreaker.tolerance && l.tracking == 0
        return (!overflows && (!wordBroken || request.allowsWordBreaks), widest, wordBroken)
    }
}
