import LayoutSimBreaking
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// What would make a text that does not fit at a category fit there, computed by laying it out again (the text is
/// not shaped again): the room it needs, for the designer, and the room it has, for the translator.
public struct FitRemedy: Sendable, Hashable {
    /// The category the remedy is for (the largest required one).
    public let category: ContentSizeCategory?
    /// The container width, insets included, at which the text fits there with its line limit, rounded up to the
    /// pixel grid; nil when no width is enough (more paragraphs than lines, or a height too small for one line).
    public let neededWidth: Double?
    /// The lines the text needs there at the container's width.
    public let neededLines: Int
    /// Whether allowing ``neededLines`` lines (and the height they take) makes it fit there; false when a line is
    /// still too narrow for a word, so more lines alone do not help.
    public let neededLinesAreEnough: Bool
    /// The container height, insets included, that shows every line there; nil when the container grows with the text.
    public let neededHeight: Double?
    /// With one more line allowed, the largest category through which the text fits (nil when even the smallest
    /// fails; also nil when there is no line limit).
    public let fitsThroughWithOneMoreLine: ContentSizeCategory?
    /// Whether one more line is enough at ``category``.
    public let oneMoreLineIsEnough: Bool
    /// The largest category through which the text fits as it is (for comparison with one more line).
    public let fitsThrough: ContentSizeCategory?
    /// The width and height the container needs together, insets included, when neither a wider container
    /// (``neededWidth``) nor a taller one alone is enough: a height too small for even one line, and a line too narrow
    /// for a word. Nil otherwise.
    public let neededTogether: Size?

    /// A container's width and height, points.
    public struct Size: Sendable, Hashable, Codable {
        public let width: Double
        public let height: Double

        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }
}

extension LayoutEngine {
    /// A fit, and when it fails at a category up to `mustFitThrough`, what would make it fit at `mustFitThrough`
    /// (or at the largest category checked, when that is smaller).
    public func fit(
        _ request: FitRequest, remedyThrough mustFitThrough: ContentSizeCategory
    ) throws(LayoutSimError) -> FitReport {
        var (report, source) = try layOut(request)
        guard FitFailure(report: report, mustFitThrough: mustFitThrough) != nil, report.missingGlyphs.isEmpty else {
            return report
        }
        report.remedy = try Fitter.remedy(source, report: report, through: mustFitThrough)
        return report
    }
}

extension Fitter {
    /// The remedy at the largest requested category up to `mustFitThrough` (the one size of a fixed-size request),
    /// for the fit `report` of `source`: its layout there and what it fits through are reused, only the changed
    /// containers are laid out.
    static func remedy(
        _ source: AdvanceSource, report: FitReport, through mustFitThrough: ContentSizeCategory
    ) throws(LayoutSimError) -> FitRemedy? {
        let request = report.request
        let plan = report.plan.isEmpty ? try Fitter.plan(request) : report.plan
        let allows = request.allowsWordBreaks
        guard var index = plan.lastIndex(where: { ($0.category ?? mustFitThrough) <= mustFitThrough }) ?? plan.indices.first,
              index < report.results.count else { return nil }
        // Where it fits at the required size but not below (a frame or a layout that changes with the category),
        // the remedy is for the first size where it fails.
        if report.results[index].passes(allowingWordBreaks: allows),
           let failing = report.results.prefix(index).firstIndex(where: { !$0.passes(allowingWordBreaks: allows) }) {
            index = failing
        }
        let step = plan[index]
        let now = report.results[index]
        // The container there (a row's share or a scaled frame at that category).
        let here = request.container.at(step)
        func changed(width: Double? = nil, lines: Int? = nil, height: Double?? = nil) -> FitRequest {
            var changed = request
            changed.container = here
            if let width { changed.container.width = width }
            if let lines { changed.container.lineLimit = lines }
            if let height { changed.container.height = height }
            return changed
        }
        // The probes lay out one size at many widths: its advances, and the break opportunities, once.
        let breaks = LineBreaker.opportunities(
            source.text, byCharacter: request.label.lineBreakMode == .charWrapping, strategy: request.label.lineBreakStrategy
        )
        // One request for every probe, its container's width, line limit and height set per probe (``changed``
        // would copy the whole request each time).
        var probe = changed()
        func passes(width: Double? = nil, lines: Int? = nil, height: Double?? = nil) -> Bool {
            probe.container.width = width ?? here.width
            probe.container.lineLimit = lines ?? here.lineLimit
            probe.container.height = height ?? here.height
            return Fitter.passes(source, step: step, request: probe, breaks: breaks)
        }
        let insets = here.insets.left + here.insets.right
        let scale = here.displayScale

        // The narrowest width that fits (at the container's height, or at `height`): the widest a line can be is the
        // longest paragraph; search below it.
        let widest = now.lines.map(\.width).max() ?? 0
        let longestParagraph = paragraphWidest(source, size: now.pointSize)
        let high = max(here.width, Units.roundUpToPixels(longestParagraph, scale: scale) + insets + 1)
        // Where the narrowest width likely is, on the pixel grid (nil: no guess): the widest word at this size where
        // a word is broken and the line count is free, the widest paragraph where one line is all there is.
        // (Not where lines break by character: a wider line can then end inside a word where a narrower one ended
        // at a space, so whether a word is broken does not grow with the width.)
        let growsWithWidth = !request.label.allowsTightening && !shrinks(request.label)
            && request.label.lineBreakMode != .charWrapping
        func likely(height: Double??) -> Int? {
            let height: Double? = height ?? here.height
            guard growsWithWidth, height == nil else { return nil }
            let width: Double
            if here.lineLimit == 1 {
                width = longestParagraph   // (no shrinking: the size the fit ended with is the step's)
            } else if now.wordBroken && here.lineLimit == 0 {
                width = widestWord(source, size: step.pointSize, breaks: breaks)
            } else {
                return nil
            }
            return Int(((width + insets) * scale - 1e-9).rounded(.up))
        }
        func narrowest(height: Double?? = nil) -> Double? {
            // The first width on the pixel grid that fits, by bisection on the grid itself (pixels k / scale):
            // widths up to `low` do not fit, `high` fits.
            let low = max(insets, min(widest, high) / 4)
            // (A loop here, not a shared bisection taking a closure: the closure would capture the probe, which it
            // changes, and box it, with an exclusivity check per access.)
            var failing = Int((low * scale - 1e-9).rounded(.up)) - 1
            var fitting = Int((high * scale - 1e-9).rounded(.up))
            // The likely answer first, then its neighbours on the grid: a bracket one pixel wide in two or three
            // probes where bisection takes ten or more. Where the verdict grows monotonically with the width (no
            // shrinking or tightening), the first width that fits is the same whichever widths are probed, and
            // `high` fits where the likely answer does (not probed then).
            let guess = likely(height: height).flatMap { failing < $0 && $0 < fitting ? $0 : nil }
            let guessPasses = guess.map { passes(width: Double($0) / scale, height: height) }
            if guessPasses != true {
                guard passes(width: high, height: height) else { return nil }
            }
            if let guess, let guessPasses {
                if guessPasses { fitting = guess } else { failing = guess }
                // The neighbour on the side still open: one pixel narrower if the guess fits, wider if not.
                let neighbour = guessPasses ? guess - 1 : guess + 1
                if failing < neighbour && neighbour < fitting {
                    if passes(width: Double(neighbour) / scale, height: height) { fitting = neighbour } else { failing = neighbour }
                }
            }
            while fitting - failing > 1 {
                let middle = failing + (fitting - failing) / 2
                if passes(width: Double(middle) / scale, height: height) { fitting = middle } else { failing = middle }
            }
            return Double(fitting) / scale
        }
        let neededWidth = narrowest()

        let linesEnough = passes(lines: now.lineCount, height: .some(nil))

        // Every line shown: the height of all the lines the text needs at this width.
        var neededHeight: Double?
        if here.height != nil, let all = fit(source, plan: [step], request: changed(lines: 0, height: .some(nil))).first {
            neededHeight = all.height
        }

        // Neither alone: the narrowest width without the height, then the height of its lines there, checked.
        var together: FitRemedy.Size?
        if neededWidth == nil, here.height != nil, !(linesEnough && neededHeight != nil),
           let width = narrowest(height: .some(nil)),
           let height = fit(source, plan: [step], request: changed(width: width, lines: 0, height: .some(nil))).first?.height,
           passes(width: width, height: .some(height)) {
            together = FitRemedy.Size(width: width, height: height)
        }

        var oneMore: ContentSizeCategory?
        var enough = false
        if request.container.lineLimit > 0 {
            // Verdicts only (``FitReport/fitsThrough``: the categories that pass from the smallest up, and whether
            // the remedy's own category passes), the sizes one after the other.
            var more = request
            more.container.lineLimit += 1
            // A category that passes passes with one more line too (the same lines, none hidden), unless the label
            // shrinks or tightens to fit, whose layouts change with the line limit.
            let monotone = !request.label.allowsTightening && !shrinks(request.label)
            var stillFitting = true
            for (i, s) in plan.enumerated() where stillFitting || i == index {
                let passedBefore = monotone && i < report.results.count && report.results[i].category == s.category
                    && report.results[i].passes(allowingWordBreaks: allows)
                let passes = passedBefore || Fitter.passes(source, step: s, request: more, breaks: breaks)
                if i == index { enough = passes }
                if stillFitting {
                    if passes, let category = s.category { oneMore = category } else { stillFitting = false }
                }
            }
        }
        return FitRemedy(
            category: step.category, neededWidth: neededWidth, neededLines: now.lineCount,
            neededLinesAreEnough: linesEnough, neededHeight: neededHeight,
            fitsThroughWithOneMoreLine: oneMore, oneMoreLineIsEnough: enough,
            fitsThrough: report.fitsThrough, neededTogether: together
        )
    }

    /// The width of the widest paragraph set on one line at `size`, points.
    private static func paragraphWidest(_ source: AdvanceSource, size: Double) -> Double {
        paragraphWidths(source, size: size).max() ?? 0
    }

    /// The width of the widest stretch between two break opportunities in `breaks` at `size`, points, as a line of
    /// its own draws it (its edge changes, trailing whitespace excluded): the narrowest line that breaks no word.
    private static func widestWord(_ source: AdvanceSource, size: Double, breaks: [BoundaryBreak]) -> Double {
        let text = source.text
        let (advances, edges) = source.memo.at(size, source)
        var widest = 0.0
        var start = 0
        while start < text.clusterCount {
            var end = start + 1
            while end < text.clusterCount && breaks[end] == .none { end += 1 }
            widest = max(widest, LineBreaker.contentWidth(text, advances: advances, start..<end, edges: edges))
            start = end
        }
        return widest
    }

    /// The width of each paragraph set on one line at `size`, points (trailing whitespace excluded).
    static func paragraphWidths(_ source: AdvanceSource, size: Double) -> [Double] {
        var widths: [Double] = []
        eachParagraphWidth(source, size: size) { widths.append($0) }
        return widths
    }

    /// The sum of ``paragraphWidths(_:size:)``, in their order from 0 (the same additions, so the same bits), without
    /// making the array (an allocation per string a check reports).
    static func totalParagraphWidth(_ source: AdvanceSource, size: Double) -> Double {
        var total = 0.0
        eachParagraphWidth(source, size: size) { total += $0 }
        return total
    }

    /// Each paragraph's content width at `size`, in order, to `body`.
    @inline(__always)
    private static func eachParagraphWidth(_ source: AdvanceSource, size: Double, _ body: (Double) -> Void) {
        let text = source.text
        let (advances, _) = source.memo.at(size, source)   // often the size the fit ended with
        var start = 0
        while start < text.clusterCount {
            let end = text.paragraphEnd(after: start)
            body(LineBreaker.contentWidth(text, advances: advances, start..<end))
            start = max(end, start + 1)
        }
    }

    /// The width of the clusters that start in `ranges` (UTF-16 offsets, in order, not overlapping) at `size`,
    /// points: the placeholders' samples of a text.
    static func width(of ranges: [Range<Int>], _ source: AdvanceSource, size: Double) -> Double {
        guard !ranges.isEmpty else { return 0 }
        let text = source.text
        let (advances, _) = source.memo.at(size, source)
        var total = 0.0
        var r = 0
        for i in 0..<text.clusterCount {
            let start = text.clusterStarts[i]
            while r < ranges.count && ranges[r].upperBound <= start { r += 1 }
            if r == ranges.count { break }
            if ranges[r].contains(start) { total += advances[i] }
        }
        return total
    }
}
