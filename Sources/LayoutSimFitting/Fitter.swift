import LayoutSimBreaking
import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// One size to lay out: the category (nil for a fixed size), point size, weight and the spacing of later lines.
package struct FitStep: Sendable {
    package let category: ContentSizeCategory?
    /// The category the view uses at the requested one (its ``FitRequest/categoryLimits`` applied).
    package var appliedCategory: ContentSizeCategory?
    package let pointSize: Double
    package let weight: FontWeight
    /// Baseline-to-baseline distance of the second and later lines when it differs from the natural line height
    /// (``LineSpacing/leading``), points.
    package let leading: Double?
    /// The container's insets at this size: scaled with the text style (`@ScaledMetric`) when the label scales
    /// them, else as given.
    package var insets: EdgeInsets? = nil
}

extension Container {
    /// This container as a fit lays text out in it at `step`: its size at the step's category (a scaled frame, a
    /// row's share) and the step's insets (scaled with the text style when the label scales them).
    package func at(_ step: FitStep) -> Container {
        var container = at(step.category)
        container.insets = insets(at: step)
        return container
    }

    /// The insets at `step`: ``at(_:)``'s, read without a copy of the container.
    package func insets(at step: FitStep) -> EdgeInsets { step.insets ?? insets }

    /// The same at `category`, through the step of `plan` for it; the container's own insets when no step has it.
    package func at(_ category: ContentSizeCategory?, plan: [FitStep]) -> Container {
        for step in plan where step.category == category { return at(step) }
        return at(category)
    }
}

/// Plans the sizes of a request and turns lines into verdicts: the only place that loops over sizes and decides
/// fits / truncated / clipped.
package enum Fitter {
    /// The largest length accepted anywhere, points (a million points is far beyond any screen).
    package static let maximumLength = 1_000_000.0
    /// How far a width may exceed the room and still fit (floating-point noise): the line breaker's, for later stages.
    package static let tolerance = LineBreaker.tolerance

    /// Everything about one layout at one size: lines, the truncation of the last shown line, tightening.
    struct Layout {
        let size: Double
        let lines: [Line]
        let spans: [Range<Int>]
        /// How many lines are shown.
        let shown: Int
        /// The last shown line, truncated (nil when nothing is truncated or clipped at the edge).
        let truncated: TruncatedLine?
        /// Tracking from tightening, points per character gap.
        let tracking: Double
    }

    /// A layout with the container it was laid out in and its shrinking: a struct, not a tuple (a tuple of these
    /// is destroyed through its runtime metadata).
    struct Laid {
        let layout: Layout
        let container: Container
        /// The shrink factor applied (1: none).
        let scale: Double
        let reachedMinimum: Bool
    }

    /// Lays the text out at every step of the plan: the one loop over sizes.
    ///
    /// - Parameter detail: ``ResultDetail/full`` (default) for every field of every result; ``ResultDetail/failures``
    ///   for a check, which reads only the verdicts of the categories that pass.
    static func fit(
        _ source: AdvanceSource, plan: [FitStep], request: FitRequest, detail: ResultDetail = .full
    ) -> [CategoryResult] {
        fitFindingFailure(source, plan: plan, request: request, detail: detail).results
    }

    /// ``fit(_:plan:request:detail:)``, with the index of the first result that does not pass (the request's word
    /// breaks allowed or not), found as the results are made (``FitReport/firstFailingIndex``).
    static func fitFindingFailure(
        _ source: AdvanceSource, plan: [FitStep], request: FitRequest, detail: ResultDetail = .full
    ) -> (results: [CategoryResult], firstFailing: Int?) {
        let text = source.text
        let label = request.label
        let breaks = LineBreaker.opportunities(
            text, byCharacter: label.lineBreakMode == .charWrapping, strategy: label.lineBreakStrategy
        )
        let isSystem = request.font.face == .system
        // The primary face's fields read where they are (copied out, the face's path and role would be retained).
        let faces = text.faces
        var primary: Int? = faces.isEmpty ? nil : 0
        for i in faces.indices where MeasuredFace.isSystemFont(
            standIn: faces[i].standIn, appleIsSystemFont: faces[i].apple?.isSystemFont == true
        ) == isSystem {
            primary = i
            break
        }
        let primaryMetrics = primary.map { faces[$0].metrics }
        // SF itself (Apple's fonts) has its own line height; the stand-in has SF's measured one.
        let ownLineHeight = !isSystem || primary.map { faces[$0].apple?.isSystemFont == true } ?? false
        // With ``ResultDetail/failures``, the failing categories after the first are summaries too.
        var failed = false
        var firstFailing: Int?
        var index = 0
        let results = plan.map { step in
            let lineHeight = ownLineHeight
                ? primaryMetrics?.lineHeight(atPointSize: step.pointSize) ?? 0
                : SystemFontModel.lineHeightPerPoint * step.pointSize
            let result = fit(source, step: step, lineHeight: lineHeight, weight: isSystem ? step.weight : nil, request: request,
                             breaks: breaks, detail: detail, summarizesFailure: failed)
            if !failed, !result.passes(allowingWordBreaks: request.allowsWordBreaks) {
                failed = true
                firstFailing = index
            }
            index += 1
            return result
        }
        return (results, firstFailing)
    }

    /// Breaks the text at one size and judges the result against the container: wrapping by the line break mode and
    /// strategy, shrinking (`minimumScaleFactor`), tightening, truncation, line boxes and ink, then the verdict.
    ///
    /// - Parameter summarizesFailure: with ``ResultDetail/failures``, whether a failing result may be a summary too
    ///   (an earlier category already failed in full).
    static func fit(
        _ source: AdvanceSource, step: FitStep, lineHeight: Double, weight: FontWeight?, request: FitRequest,
        breaks: [BoundaryBreak], detail: ResultDetail = .full, summarizesFailure: Bool = false
    ) -> CategoryResult {
        if detail == .failures, let passing = passingSummary(
            source, step: step, lineHeight: lineHeight, weight: weight, request: request, breaks: breaks
        ) {
            return passing
        }
        let laid = layOut(source, step: step, request: request, breaks: breaks)
        let scaledLineHeight = lineHeight * laid.layout.size / step.pointSize
        if detail == .failures,
           let summary = summary(laid.layout, text: source.text, step: step, lineHeight: scaledLineHeight, weight: weight,
                                 request: request, container: laid.container, scale: laid.scale,
                                 reachedMinimum: laid.reachedMinimum, failing: summarizesFailure) {
            return summary
        }
        return judge(laid.layout, source: source, step: step, lineHeight: scaledLineHeight, weight: weight, request: request,
                     container: laid.container, scale: laid.scale, reachedMinimum: laid.reachedMinimum)
    }

    /// Whether the text passes at `step`: the verdict of ``fit(_:step:lineHeight:weight:request:breaks:detail:)``
    /// without the rest of the result where no line box is needed to tell (what a remedy's probes ask).
    static func passes(
        _ source: AdvanceSource, step: FitStep, request: FitRequest, breaks: [BoundaryBreak]
    ) -> Bool {
        if let (stats, room) = lineStats(source, step: step, request: request, breaks: breaks) {
            if passes(stats, room: room, request: request) { return true }
            // It fails at its size as the lines fall: only shrinking or tightening could change that.
            if !request.label.allowsTightening && !shrinks(request.label) { return false }
        }
        let laid = layOut(source, step: step, request: request, breaks: breaks, verdictOnly: true)
        // Lines the limit hides fail, whatever the truncation keeps (which a verdict alone does not compute).
        if laid.layout.shown < laid.layout.lines.count { return false }
        if let quick = verdictWithoutBoxes(laid.layout, text: source.text, request: request, container: laid.container) {
            return quick.passes
        }
        // The line height and weight are reported, not judged.
        return judge(laid.layout, source: source, step: step, lineHeight: 0, weight: nil, request: request,
                     container: laid.container, scale: laid.scale, reachedMinimum: laid.reachedMinimum)
            .passes(allowingWordBreaks: request.allowsWordBreaks)
    }

    /// The layout at `step` (shrunk and tightened as the label does), in the container there, with the shrink factor.
    ///
    /// - Parameter verdictOnly: whether only the verdict is wanted: where the line limit hides lines, the truncation
    ///   of the last shown line is not computed (``Layout/truncated`` stays nil, ``Layout/shown`` says it).
    private static func layOut(
        _ source: AdvanceSource, step: FitStep, request: FitRequest, breaks: [BoundaryBreak], verdictOnly: Bool = false
    ) -> Laid {
        let text = source.text
        let label = request.label
        let container = request.container.at(step)
        let width = max(0, container.textWidth)

        /// `truncate`: whether to compute the truncation of the last shown line (whether the layout fits does not
        /// need it: lines are hidden).
        func layout(_ size: Double, tighten: Bool, truncate: Bool = !verdictOnly) -> Layout {
            // Each size's advances once per text (``AdvanceSource/memo``): remedies and tightening come back to them.
            let (advances, edges) = source.memo.at(size, source)
            let (lines, spans) = LineBreaker.breakLines(
                text, advances: advances, width: width, breaks: breaks, pushOut: label.lineBreakStrategy.pushesOut,
                edges: edges
            )
            // A label in a fixed height shows the lines that fit in it (at least one) and truncates the last.
            var limit = container.lineLimit
            if label.truncatesToFitHeight, let height = container.height, !lines.isEmpty {
                let leading = step.leading.map { $0 * size / step.pointSize }
                let boxes = LineBoxes.boxes(text, lines: lines, size: size, policy: request.lineHeight, leading: leading)
                let room = height - container.insets.top - container.insets.bottom
                var fitting = 0
                var total = 0.0
                for box in boxes {
                    total += box.height
                    if Units.roundUpToPixels(total, scale: container.displayScale) > room + LineBreaker.tolerance { break }
                    fitting += 1
                }
                let byHeight = max(1, fitting)
                if byHeight < lines.count { limit = limit == 0 ? byHeight : min(limit, byHeight) }
            }
            guard limit > 0, lines.count > limit else {
                return Layout(size: size, lines: lines, spans: spans, shown: lines.count, truncated: nil, tracking: 0)
            }
            // Tightening: a single line that fits with at most `maximumTightening` em less per character gap.
            if tighten, limit == 1, label.lineBreakMode.truncates, !text.containsMandatoryBreak {
                let all = 0..<text.clusterCount
                let natural = LineBreaker.contentWidth(text, advances: advances, all)
                let gaps = Double(max(1, text.graphemeStartingClusters - 1))
                let needed = natural - width
                if needed <= label.maximumTightening * size * gaps + LineBreaker.tolerance {
                    let whole = Line(range: 0..<text.utf16Count, width: width, endsMidWord: false)
                    return Layout(size: size, lines: [whole], spans: [all], shown: 1, truncated: nil,
                                  tracking: -max(0, needed) / gaps)
                }
            }
            guard truncate else {
                let shown = label.lineBreakMode == .truncatingHead || label.lineBreakMode == .truncatingMiddle ? 1 : limit
                return Layout(size: size, lines: lines, spans: spans, shown: shown, truncated: nil, tracking: 0)
            }
            let lastStart = spans[limit - 1].lowerBound
            let paragraph = lastStart..<text.paragraphEnd(after: lastStart)
            switch label.lineBreakMode {
            case .wordWrapping, .charWrapping:
                return Layout(size: size, lines: lines, spans: spans, shown: limit, truncated: nil, tracking: 0)
            case .clipping:
                let cut = Truncator.clip(text, advances: advances, paragraph, width: width)
                return Layout(size: size, lines: lines, spans: spans, shown: limit, truncated: cut, tracking: 0)
            case .truncatingTail:
                let ellipsis = source.ellipsisWidth(size: size, nearCluster: max(paragraph.lowerBound, paragraph.upperBound - 1))
                let cut = Truncator.tail(text, advances: advances, paragraph, ellipsis: ellipsis, width: width)
                return Layout(size: size, lines: lines, spans: spans, shown: limit, truncated: cut, tracking: 0)
            case .truncatingHead, .truncatingMiddle:
                // Apple: "using it with multiline text truncates the text into a single line".
                let all = 0..<text.clusterCount
                let ellipsis = source.ellipsisWidth(size: size, nearCluster: 0)
                let cut = label.lineBreakMode == .truncatingHead
                    ? Truncator.head(text, advances: advances, all, ellipsis: ellipsis, width: width)
                    : Truncator.middle(text, advances: advances, all, ellipsis: ellipsis, width: width)
                return Layout(size: size, lines: lines, spans: spans, shown: 1, truncated: cut, tracking: 0)
            }
        }

        func fitsWhole(_ l: Layout) -> Bool {
            guard l.truncated == nil, l.shown == l.lines.count else { return false }
            if l.tracking == 0, l.lines.contains(where: { $0.width > width + LineBreaker.tolerance }) { return false }
            if let height = container.height {
                let boxes = LineBoxes.boxes(text, lines: l.lines, size: l.size, policy: request.lineHeight, leading: step.leading.map { $0 * l.size / step.pointSize })
                let total = Units.roundUpToPixels(boxes.reduce(0) { $0 + $1.height }, scale: container.displayScale)
                    + container.insets.top + container.insets.bottom
                if total > height + LineBreaker.tolerance { return false }
            }
            return true
        }

        // adjustsFontSizeToFitWidth: the largest scale ≥ minimumScaleFactor at which everything fits, found by
        // scanning down in 1 % steps and refining the last step by bisection (to 1/1000); the text is not reshaped.
        var scale = 1.0
        var reachedMinimum = false
        var current = layout(step.pointSize, tighten: false)
        if shrinks(label), let minimum = label.minimumScaleFactor, !fitsWhole(current) {
            var fitting: Double?
            var failing = 1.0
            var candidate = 0.99
            while candidate >= minimum - 1e-12 {
                if fitsWhole(layout(step.pointSize * candidate, tighten: false, truncate: false)) { fitting = candidate; break }
                failing = candidate
                candidate = ((candidate - 0.01) * 100).rounded() / 100
            }
            if fitting == nil, failing > minimum, fitsWhole(layout(step.pointSize * minimum, tighten: false, truncate: false)) { fitting = minimum }
            if var low = fitting {
                var high = failing
                while high - low > 0.0005 {
                    let mid = (low + high) / 2
                    if fitsWhole(layout(step.pointSize * mid, tighten: false, truncate: false)) { low = mid } else { high = mid }
                }
                scale = (low * 1000).rounded(.down) / 1000
                if scale < minimum { scale = minimum }
            } else {
                scale = minimum
                reachedMinimum = true
            }
            current = layout(step.pointSize * scale, tighten: false)
        }
        if label.allowsTightening, !fitsWhole(current) {
            current = layout(current.size, tighten: true)
        }
        return Laid(layout: current, container: container, scale: scale, reachedMinimum: reachedMinimum)
    }

    /// The result of one layout: heights, visible text, alignment, verdict.
    private static func judge(
        _ l: Layout, source: AdvanceSource, step: FitStep, lineHeight: Double, weight: FontWeight?, request: FitRequest,
        container: Container, scale: Double, reachedMinimum: Bool
    ) -> CategoryResult {
        let text = source.text
        let width = max(0, container.textWidth)
        let shown = l.shown
        let leading = step.leading.map { $0 * l.size / step.pointSize }
        var shownLines = Array(l.lines.prefix(shown))
        var boxes = LineBoxes.boxes(text, lines: shownLines, size: l.size, policy: request.lineHeight, leading: leading)
        if let cut = l.truncated, shown > 0 {
            // The truncated last line holds only its kept pieces: its box and ink are theirs.
            func line(_ clusters: Range<Int>) -> Line {
                Line(range: text.clusterStarts[clusters.lowerBound]..<text.clusterStarts[clusters.upperBound], width: 0, endsMidWord: false)
            }
            let pieces = [cut.before, cut.after].filter { !$0.isEmpty }.map(line)
            let pieceBoxes = LineBoxes.boxes(text, lines: pieces, size: l.size, policy: request.lineHeight, leading: nil)
            let kept = pieces.first.map { first in first.range.lowerBound..<(pieces.last ?? first).range.upperBound }
            shownLines[shown - 1] = Line(range: kept ?? shownLines[shown - 1].range, width: cut.width, endsMidWord: false)
            if let merged = LineBoxes.merge(pieceBoxes) {
                var last = merged
                if let leading, shown > 1, leading > merged.height {
                    last = merged.growingAbove(to: leading)
                }
                boxes[shown - 1] = last
            }
        }
        let textHeight = boxes.reduce(0) { $0 + $1.height }
        let pixel = container.displayScale
        let height = Units.roundUpToPixels(textHeight, scale: pixel) + container.insets.top + container.insets.bottom
        let shownWidths = shownLines.map(\.width)
        let widest = shownWidths.max() ?? 0
        let labelWidth = Units.roundUpToPixels(widest, scale: pixel) + container.insets.left + container.insets.right
        // A split at the end of the last shown line of text that goes on is hidden by the cut, not a visible break.
        let visibleSplits = shown < l.lines.count || l.truncated != nil ? shown - 1 : shown
        let wordBroken = l.lines.prefix(max(0, visibleSplits)).contains { $0.endsMidWord }

        // What is displayed, and what is not. Whitespace at the end of a wrapped line is not drawn but not hidden
        // either; whitespace dropped next to an ellipsis is hidden.
        func utf16(_ clusters: Range<Int>) -> Range<Int> { text.clusterStarts[clusters.lowerBound]..<text.clusterStarts[clusters.upperBound] }
        var displayed: [DisplayedLine] = []
        displayed.reserveCapacity(shown)
        // A text view clipped at its height: lines wholly below the bottom edge cannot be seen, and the line the
        // edge cuts is partly visible.
        var visibleLines = shown
        var partlyVisible: Int?
        if !request.label.truncatesToFitHeight, let viewHeight = container.height {
            var top = container.insets.top
            for (index, box) in boxes.enumerated() {
                if top >= viewHeight - LineBreaker.tolerance { visibleLines = index; break }
                if top + box.height > viewHeight + LineBreaker.tolerance { partlyVisible = index }
                top += box.height
            }
        }
        var visibleGraphemes = 0
        for (index, span) in l.spans.prefix(shown).enumerated() {
            if index == shown - 1, let cut = l.truncated {
                displayed.append(DisplayedLine(before: utf16(cut.before), hasEllipsis: cut.hasEllipsis, after: utf16(cut.after)))
                if index < visibleLines { visibleGraphemes += text.graphemeCount(in: cut.before) + text.graphemeCount(in: cut.after) }
            } else {
                let end = text.clusterStarts[span.upperBound]
                displayed.append(DisplayedLine(before: utf16(Truncator.trimmed(text, span, leading: false, trailing: true)),
                                               hasEllipsis: false, after: end..<end))
                if index < visibleLines { visibleGraphemes += text.graphemeCount(in: span) }
            }
        }
        let hidden = max(0, text.graphemeCount - visibleGraphemes)

        var clippedBy: Double?
        if let limit = container.height, height > limit + LineBreaker.tolerance { clippedBy = height - limit }
        var overflowWidth: Double?
        if widest > width + LineBreaker.tolerance, l.tracking == 0 { overflowWidth = widest - width }
        let inkClipped = request.clipsToBounds
            ? inkClipping(
                boxes[...], top: container.insets.top, viewHeight: container.height ?? height, scale: container.displayScale
            )
            : nil

        // With a fixed line height, ink outside a line's box overlaps the neighbouring line (or leaves the view).
        var overlap = 0.0
        switch request.lineHeight {
        case .fixed, .multiple:
            overlap = boxes.map { max($0.overflowAbove, $0.overflowBelow) }.max() ?? 0
        case .typographic, .letterformAware:
            break
        }

        let verdict: Verdict
        if !text.missingGlyphs.isEmpty {
            verdict = .missingGlyphs(count: text.missingGlyphs.count)
        } else if l.truncated != nil || shown < l.lines.count {
            verdict = .truncated(hiddenLines: l.lines.count - shown)
        } else if clippedBy != nil || overflowWidth != nil {
            verdict = .clipped(by: clippedBy ?? overflowWidth ?? 0)
        } else if let inkClipped {
            verdict = .inkClipped(by: max(inkClipped.top, inkClipped.bottom))
        } else if overlap > (container.displayScale > 0 ? 0.5 / container.displayScale : LineBreaker.tolerance) {
            // Less than half a pixel into the neighbouring line changes no pixel by half its coverage (as for
            // ``inkClipping(_:top:viewHeight:scale:)``).
            verdict = .inkOverlap(by: overlap)
        } else if wordBroken {
            verdict = .fitsWithWordBroken
        } else {
            verdict = .fits
        }
        return CategoryResult(
            category: step.category, appliedCategory: step.appliedCategory ?? step.category, pointSize: l.size, weight: weight, lineHeight: lineHeight,
            lines: l.lines, displayedLines: displayed, sourceText: text.text, hiddenCharacters: hidden,
            shownLineWidths: shownWidths,
            lineOffsets: lineOffsets(text, shownLines, spans: Array(l.spans.prefix(shown)), alignment: request.label.alignment,
                                     width: width, left: container.insets.left),
            scaleFactor: scale, shrinkReachedMinimum: reachedMinimum, tracking: l.tracking,
            lineBoxes: boxes, inkClipped: inkClipped, shownLineCount: shown, visibleLineCount: visibleLines,
            partlyVisibleLine: partlyVisible, textHeight: textHeight,
            height: height, width: labelWidth, verdict: verdict, wordBroken: wordBroken, clippedBy: clippedBy,
            overflowWidth: overflowWidth
        )
    }
}
