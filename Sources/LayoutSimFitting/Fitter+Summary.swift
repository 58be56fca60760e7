import LayoutSimBreaking
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// How much of each category's result a fit computes.
package enum ResultDetail: Sendable {
    /// Every field of every result: `fit`, drawings, reports of every category.
    case full
    /// A category that passes, where passing needs no line box to tell (no container height, no clipping to
    /// bounds, no fixed line height), gets its verdict, size and lines only (``CategoryResult/isSummary``), and so
    /// does a failing category after the first (of a whole plan); the first failing category gets every field.
    /// What a check needs: it reads the details of the first failure only.
    case failures
}

extension Fitter {
    /// The result of layout `l` as a summary when it passes and no line box is needed to say so; nil when it fails
    /// or needs its boxes (a container height, ink clipped at the bounds, a fixed line height), which
    /// ``judge(_:source:step:lineHeight:weight:request:container:scale:reachedMinimum:)`` decides. The verdict is
    /// the one judging gives: every line shown, none wider than the container (unless tightened), no missing glyph;
    /// a mid-word split passes only when the request allows it.
    ///
    /// - Parameter failing: whether a failing layout gets a summary too, with the verdict judging gives (a check reads
    ///   the details of its first failing category only).
    static func summary(
        _ l: Layout, text: MeasuredText, step: FitStep, lineHeight: Double, weight: FontWeight?, request: FitRequest,
        container: Container, scale: Double, reachedMinimum: Bool, failing: Bool = false
    ) -> CategoryResult? {
        guard let quick = verdictWithoutBoxes(l, text: text, request: request, container: container) else { return nil }
        guard quick.passes else {
            return failing ? failureSummary(l, text: text, step: step, lineHeight: lineHeight, weight: weight,
                                            container: container, scale: scale, reachedMinimum: reachedMinimum) : nil
        }
        // Every line is shown and visible, and the lines' spans cover every cluster: nothing is hidden.
        return summaryResult(l, text: text, step: step, lineHeight: lineHeight, weight: weight, container: container,
                             scale: scale, reachedMinimum: reachedMinimum, widest: quick.widest,
                             verdict: quick.wordBroken ? .fitsWithWordBroken : .fits, wordBroken: quick.wordBroken,
                             overflowWidth: nil)
    }

    /// A summary result: the category, sizes, verdict, lines and label width (the widest line's, pixel-rounded, with
    /// the insets); no displayed lines, widths, offsets, boxes or hidden characters.
    private static func summaryResult(
        _ l: Layout, text: MeasuredText, step: FitStep, lineHeight: Double, weight: FontWeight?, container: Container,
        scale: Double, reachedMinimum: Bool, widest: Double, verdict: Verdict, wordBroken: Bool, overflowWidth: Double?
    ) -> CategoryResult {
        CategoryResult(
            category: step.category, appliedCategory: step.appliedCategory ?? step.category, pointSize: l.size,
            weight: weight, lineHeight: lineHeight, lines: l.lines, displayedLines: [], sourceText: text.text,
            hiddenCharacters: 0, shownLineWidths: [], lineOffsets: [], scaleFactor: scale,
            shrinkReachedMinimum: reachedMinimum, tracking: l.tracking, lineBoxes: [], inkClipped: nil,
            shownLineCount: l.shown, visibleLineCount: l.shown, partlyVisibleLine: nil, textHeight: 0, height: 0,
            width: Units.roundUpToPixels(widest, scale: container.displayScale) + container.insets.left
                + container.insets.right,
            verdict: verdict, wordBroken: wordBroken, clippedBy: nil, overflowWidth: overflowWidth, isSummary: true
        )
    }

    /// A failing layout's summary, when no line box is needed to tell how it fails (``verdictWithoutBoxes``
    /// answered): the verdict judging gives (missing glyphs, then lines hidden, then a line wider than the container
    /// unless tightened, then a word broken), its size and lines; no displayed lines, widths, boxes or hidden
    /// characters.
    private static func failureSummary(
        _ l: Layout, text: MeasuredText, step: FitStep, lineHeight: Double, weight: FontWeight?, container: Container,
        scale: Double, reachedMinimum: Bool
    ) -> CategoryResult {
        let width = max(0, container.textWidth)
        let widest = l.lines.prefix(l.shown).map(\.width).max() ?? 0
        // As judging counts them: a split at the end of the last shown line of text that goes on is hidden by the cut.
        let hidesLines = l.truncated != nil || l.shown < l.lines.count
        let wordBroken = l.lines.prefix(max(0, hidesLines ? l.shown - 1 : l.shown)).contains { $0.endsMidWord }
        let overflowWidth = widest > width + LineBreaker.tolerance && l.tracking == 0 ? widest - width : nil
        let verdict: Verdict
        if !text.missingGlyphs.isEmpty {
            verdict = .missingGlyphs(count: text.missingGlyphs.count)
        } else if hidesLines {
            verdict = .truncated(hiddenLines: l.lines.count - l.shown)
        } else if let overflowWidth {
            verdict = .clipped(by: overflowWidth)
        } else if wordBroken {
            verdict = .fitsWithWordBroken
        } else {
            verdict = .fits
        }
        return summaryResult(l, text: text, step: step, lineHeight: lineHeight, weight: weight, container: container,
                             scale: scale, reachedMinimum: reachedMinimum, widest: widest, verdict: verdict,
                             wordBroken: wordBroken, overflowWidth: overflowWidth)
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
