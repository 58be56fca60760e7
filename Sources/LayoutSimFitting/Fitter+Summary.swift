import LayoutSimBreaking
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// How much of each category's result a fit computes.
package enum ResultDetail: Sendable {
    /// Every field of every result: `fit`, drawings, reports of every category.
    case full
    /// A category that passes, where passing needs no line box to tell (no container height, no clipping to
    /// bounds, no fixed line height), gets its verdict, size and line count only (``CategoryResult/isSummary``: its
    /// lines are not even made), and a failing category after the first (of a whole plan) those and its lines; the
    /// first failing category gets every field. What a check needs: it reads the details of the first failure only.
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
        return summaryResult(size: l.size, lines: [], shown: l.shown, tracking: l.tracking, text: text, step: step,
                             lineHeight: lineHeight, weight: weight, displayScale: container.displayScale,
                             insets: container.insets, scale: scale,
                             reachedMinimum: reachedMinimum, widest: quick.widest,
                             verdict: quick.wordBroken ? .fitsWithWordBroken : .fits, wordBroken: quick.wordBroken,
                             overflowWidth: nil)
    }

    /// A summary result: the category, sizes, verdict, line count and label width (the widest line's, pixel-rounded,
    /// with the insets); no displayed lines, widths, offsets, boxes or hidden characters. A failing summary keeps its
    /// lines (a remedy reads them); a passing one does not (``CategoryResult/shownLineCount`` says how many).
    private static func summaryResult(
        size: Double, lines: [Line], shown: Int, tracking: Double, text: MeasuredText, step: FitStep, lineHeight: Double,
        weight: FontWeight?, displayScale: Double, insets: EdgeInsets, scale: Double, reachedMinimum: Bool, widest: Double,
        verdict: Verdict, wordBroken: Bool, overflowWidth: Double?
    ) -> CategoryResult {
        CategoryResult(
            category: step.category, appliedCategory: step.appliedCategory ?? step.category, pointSize: size,
            weight: weight, lineHeight: lineHeight, lines: lines, displayedLines: [], sourceText: text.text,
            hiddenCharacters: 0, shownLineWidths: [], lineOffsets: [], scaleFactor: scale,
            shrinkReachedMinimum: reachedMinimum, tracking: tracking, lineBoxes: [], inkClipped: nil,
            shownLineCount: shown, visibleLineCount: shown, partlyVisibleLine: nil, textHeight: 0, height: 0,
            width: Units.roundUpToPixels(widest, scale: displayScale) + insets.left + insets.right,
            verdict: verdict, wordBroken: wordBroken, clippedBy: nil, overflowWidth: overflowWidth, isSummary: true
        )
    }

    /// The summary of a category that passes at its size as its lines fall (``LineStats``: no line is made), when no
    /// line box is needed to tell; nil when it does not, or a box is needed: the full layout then decides (shrinking,
    /// tightening, truncation). What the full layout gives there: lines that all show and fit are neither shrunk nor
    /// tightened, so its layout is the one at the category's size, and judging passes it as the statistics do.
    static func passingSummary(
        _ source: AdvanceSource, step: FitStep, lineHeight: Double, weight: FontWeight?, request: FitRequest,
        breaks: [BoundaryBreak]
    ) -> CategoryResult? {
        guard let (stats, room) = lineStats(source, step: step, request: request, breaks: breaks),
              passes(stats, room: room, request: request) else { return nil }
        let size = step.pointSize
        return summaryResult(
            size: size, lines: [], shown: stats.count, tracking: 0, text: source.text, step: step,
            lineHeight: lineHeight * size / step.pointSize, weight: weight, displayScale: room.displayScale,
            insets: room.insets, scale: 1, reachedMinimum: false, widest: stats.widest,
            verdict: stats.endsMidWord ? .fitsWithWordBroken : .fits, wordBroken: stats.endsMidWord, overflowWidth: nil
        )
    }

    /// What the statistics are judged against: the container at a step's category (``Container/at(_:)``, the step's
    /// insets), without its per-category tables (a copy of the container would copy them).
    struct Room {
        let width: Double
        let lineLimit: Int
        let insets: EdgeInsets
        let displayScale: Double

        /// The width available to the text, points (``Container/textWidth``).
        var textWidth: Double { width - insets.left - insets.right }
    }

    /// How the text's lines fall at the size of `step` in its container there, with that container, when whether it
    /// passes needs no line box to tell (no container height, no clipping to bounds, no fixed line height) and no
    /// glyph is missing; nil otherwise. The advances come from the size memo (the full layout, when it follows, reuses
    /// them).
    static func lineStats(
        _ source: AdvanceSource, step: FitStep, request: FitRequest, breaks: [BoundaryBreak]
    ) -> (stats: LineStats, room: Room)? {
        guard !request.clipsToBounds, source.text.missingGlyphs.isEmpty else { return nil }
        switch request.lineHeight {
        case .fixed, .multiple: return nil
        case .typographic, .letterformAware: break
        }
        let container = request.container
        var width = container.width
        var height = container.height
        if let category = step.category, !(container.categoryWidths.isEmpty && container.categoryHeights.isEmpty) {
            if let there = container.categoryWidths[category] { width = there }
            if let there = container.categoryHeights[category] { height = there }
        }
        guard height == nil else { return nil }
        let room = Room(width: width, lineLimit: container.lineLimit, insets: step.insets ?? container.insets,
                        displayScale: container.displayScale)
        let (advances, edges) = source.memo.at(step.pointSize, source)
        let stats = LineBreaker.lineStats(
            source.text, advances: advances, width: max(0, room.textWidth), breaks: breaks,
            pushOut: request.label.lineBreakStrategy.pushesOut, edges: edges
        )
        return (stats, room)
    }

    /// Whether lines that fall as `stats` says pass in `room` as they are: every line shown, none wider than the
    /// room, a mid-word split only when the request allows it (then neither shrinking nor tightening applies).
    static func passes(_ stats: LineStats, room: Room, request: FitRequest) -> Bool {
        let limit = room.lineLimit
        guard limit == 0 || stats.count <= limit else { return false }
        guard stats.widest <= max(0, room.textWidth) + LineBreaker.tolerance else { return false }
        return !stats.endsMidWord || request.allowsWordBreaks
    }

    /// Whether the label shrinks text that does not fit (`minimumScaleFactor` between 0 and 1).
    static func shrinks(_ label: LabelBehavior) -> Bool {
        label.minimumScaleFactor.map { $0 > 0 && $0 < 1 } ?? false
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
        return summaryResult(size: l.size, lines: l.lines, shown: l.shown, tracking: l.tracking, text: text, step: step,
                             lineHeight: lineHeight, weight: weight, displayScale: container.displayScale,
                             insets: container.insets, scale: scale,
                             reachedMinimum: reachedMinimum, widest: widest, verdict: verdict,
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
