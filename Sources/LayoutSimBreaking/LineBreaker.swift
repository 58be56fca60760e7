import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// One laid-out line.
public struct Line: Sendable, Hashable {
    /// The line's text as UTF-16 offsets (`NSRange` counting), trailing spaces and line separator included.
    public let range: Range<Int>
    /// The line's width in points, without its trailing whitespace (which hangs past the edge, as in UIKit).
    public let width: Double
    /// The line ends inside a word: the word was wider than the line (or the mode wraps by character) and was
    /// split between grapheme clusters.
    public let endsMidWord: Bool

    package init(range: Range<Int>, width: Double, endsMidWord: Bool) {
        self.range = range
        self.width = width
        self.endsMidWord = endsMidWord
    }
}

/// Greedy line breaking, the way UILabel and SwiftUI `Text` wrap (`NSLineBreakByWordWrapping`, `…CharWrapping`).
///
/// - A line takes as many clusters as fit, up to the last break opportunity that fits: UAX #14 opportunities
///   from ICU when wrapping by word, every grapheme boundary when wrapping by character.
/// - Trailing whitespace hangs: it does not count against the width.
/// - Mandatory breaks (`\n`, U+2028, …) end the line. A separator at the very end of the text does not start an
///   extra empty line (UILabel shows none).
/// - A word wider than the whole line is broken between grapheme clusters (never inside one, and never inside a
///   shaping cluster such as a ligature); the line is flagged ``Line/endsMidWord``. A line always holds at least
///   one grapheme, even when that grapheme alone is wider than the line.
/// - A width exactly equal to the text's width fits (tolerance 1e-9 pt for floating-point sums).
/// - A line is measured as drawn: ``EdgeAdvances`` drops the kerning with the next line's first letter, gives a
///   joining letter at an edge its form there, and adds the hyphen drawn at a line that ends after a soft hyphen
///   (U+00AD: no width inside a line, ICU's opportunity after it; a line never starts with one).
/// - Strategies: push-out moves one word down onto a paragraph's last line when that line would hold a single
///   word; Hangul word priority removes the opportunities between Hangul syllables, so a Korean word moves down
///   whole. A word wider than the line breaks first at ICU's opportunities the strategy removed (between its
///   syllables, never before "." "!" "?"), which is not a broken word; between grapheme clusters only when none fits.
package enum LineBreaker {
    /// Slack when comparing widths, points.
    package static let tolerance = 1e-9

    /// The break opportunities for a wrapping mode and strategy, one per cluster boundary.
    package static func opportunities(_ text: MeasuredText, byCharacter: Bool, strategy: LineBreakStrategy) -> [BoundaryBreak] {
        var breaks = text.breaks
        if byCharacter {
            // Every grapheme boundary but the one before a soft hyphen (a line never starts with one).
            for b in 1..<max(1, breaks.count) where breaks[b] == .none && text.isGraphemeBoundary[b]
                && !text.isSoftHyphen(cluster: b) {
                breaks[b] = .soft
            }
        } else if strategy.keepsHangulWords && text.hasHangul {
            for b in 1..<max(1, breaks.count - 1) where breaks[b] == .soft
                && text.isHangul(cluster: b - 1) && text.isHangul(cluster: b) {
                breaks[b] = .none
            }
        }
        return breaks
    }

    /// Breaks `text` into lines of at most `width` points, given each cluster's advance in points; returns the
    /// lines and each line as a range of cluster indexes.
    ///
    /// - Complexity: O(n) in the number of clusters (plus the backtrack of one word when a word is split).
    package static func breakLines(
        _ text: MeasuredText, advances: [Double], width: Double, breaks: [BoundaryBreak], pushOut: Bool = false,
        edges: EdgeAdvances = .none
    ) -> (lines: [Line], spans: [Range<Int>]) {
        var sink = LineList()
        guard greedy(text, advances: advances, width: width, breaks: breaks, edges: edges, into: &sink) else {
            return breakLinesCompleting(text, advances: advances, width: width, breaks: breaks, pushOut: pushOut, edges: edges)
        }
        if pushOut {
            pushOutOrphans(&sink.lines, &sink.spans, text, advances: advances, width: width, breaks: breaks, edges: edges)
        }
        return (sink.lines, sink.spans)
    }

    /// What ``breakLines(_:advances:width:breaks:pushOut:edges:)`` gives, reduced to what a verdict reads (how many
    /// lines, the widest, whether one ends mid-word), without making the lines: the same fill and the same push-out,
    /// line by line (a line held back until the next one says whether push-out changes it).
    package static func lineStats(
        _ text: MeasuredText, advances: [Double], width: Double, breaks: [BoundaryBreak], pushOut: Bool = false,
        edges: EdgeAdvances = .none
    ) -> LineStats {
        if let one = oneLine(text, advances: advances, width: width, breaks: breaks, edges: edges) { return one }
        var sink = StatsSink(pushOut: pushOut)
        guard greedy(text, advances: advances, width: width, breaks: breaks, edges: edges, into: &sink) else {
            return lineStatsCompleting(text, advances: advances, width: width, breaks: breaks, pushOut: pushOut, edges: edges)
        }
        if let (line, _) = sink.pending { sink.stats.add(line) }
        return sink.stats
    }

    /// The statistics of the one line the greedy fill makes of a text that fits whole (no mandatory break inside it,
    /// its content never wider than `width`), summed as the fill sums them (the same additions in the same order, so
    /// the same bits), without its bookkeeping of break opportunities; nil when the text does not fit on one line
    /// (the fill then makes its lines from the start). Most categories of a check lay a UI string out on one line,
    /// which needs none of the fill's bookkeeping.
    private static func oneLine(
        _ text: MeasuredText, advances: [Double], width: Double, breaks: [BoundaryBreak], edges: EdgeAdvances
    ) -> LineStats? {
        let count = text.clusterCount
        // (Partial edges with opportunities of the wrapping's own: the fill starts again with complete ones.)
        guard count > 0, !text.containsMandatoryBreak, !edges.isPartial(count) || breaks == text.breaks else {
            return nil
        }
        let limit = width + tolerance
        var total = edges.atStart(0)
        var content = 0.0
        // The two arrays walked together, as the same `count` elements of each (they are one per cluster), with one
        // check of the count, not a check of the index at each read.
        precondition(advances.count >= count)
        for (advance, white) in zip(advances[..<count], text.isWhitespace[..<count]) {
            total += advance
            if !white { content = total }
            if content > limit { return nil }
        }
        // (The statistics read a line's width and whether it ends mid-word, not its range.)
        var stats = LineStats()
        let width = drawn(text, upTo: count, content: content, edges: edges)
        stats.add(Line(range: 0..<0, width: width, endsMidWord: false))
        return stats
    }

    // The fills again with the edge changes the first one lacked (``EdgeAdvances/isPartial(_:)``): apart, not
    // inlined, so that the common path every text takes stays small.

    @inline(never)
    private static func breakLinesCompleting(
        _ text: MeasuredText, advances: [Double], width: Double, breaks: [BoundaryBreak], pushOut: Bool,
        edges: EdgeAdvances
    ) -> (lines: [Line], spans: [Range<Int>]) {
        breakLines(text, advances: advances, width: width, breaks: breaks, pushOut: pushOut, edges: edges.completed(text))
    }

    @inline(never)
    private static func lineStatsCompleting(
        _ text: MeasuredText, advances: [Double], width: Double, breaks: [BoundaryBreak], pushOut: Bool,
        edges: EdgeAdvances
    ) -> LineStats {
        lineStats(text, advances: advances, width: width, breaks: breaks, pushOut: pushOut, edges: edges.completed(text))
    }

    /// Width of clusters `span` as one line, without trailing whitespace, points.
    package static func contentWidth(
        _ text: MeasuredText, advances: [Double], _ span: Range<Int>, edges: EdgeAdvances = .none
    ) -> Double {
        guard !span.isEmpty else { return 0 }
        var total = edges.atStart(span.lowerBound)
        var content = 0.0
        var last = -1
        for i in span {
            total += advances[i]
            if !text.isWhitespace[i] { content = total; last = i }
        }
        if last == span.upperBound - 1 { content += edges.atEnd(last) }
        return last < 0 ? 0 : content
    }

    /// Greedy fill: the lines, and each as a range of cluster indexes. A line's width is the one
    /// ``contentWidth(_:advances:_:edges:)`` gives, taken from the sums the fill makes (the same additions in the
    /// same order, so the same bits).
    ///
    /// - Returns: false, having stopped, where `edges` lack changes the fill needs (``EdgeAdvances/isPartial(_:)``: they
    ///   are there only where ICU allows a break): a word wider than its line, or opportunities ICU does not give
    ///   (breaking by character). The fill is then made again from the start with ``EdgeAdvances/completed(_:)``.
    private static func greedy<Sink: LineSink>(
        _ text: MeasuredText, advances: [Double], width: Double, breaks: [BoundaryBreak], edges: EdgeAdvances,
        into sink: inout Sink
    ) -> Bool {
        let count = text.clusterCount
        let partial = edges.isPartial(count)
        // (`breaks` is ICU's own array but where breaking by character added opportunities: compared by storage first.)
        if partial && breaks != text.breaks { return false }
        var start = 0
        let limit = width + tolerance
        // Read per cluster: from locals, the cluster just added's whitespace remembered (``drawn(_:upTo:content:edges:)``
        // read it again at each opportunity).
        let isWhitespace = text.isWhitespace
        let ends = edges.end, scale = edges.scale
        let hasEnds = !ends.isEmpty
        while start < count {
            var total = edges.atStart(start)   // width of clusters start..<j
            var content = 0.0                  // the same without trailing whitespace
            var lastBreak: Int?
            var lastBreakContent = 0.0         // `content` where `lastBreak` was taken
            var j = start
            var end = count
            var endContent: Double?            // the content width of start..<end, when summed here
            while j < count {
                let white = isWhitespace[j]
                let newTotal = total + advances[j]
                let newContent = white ? content : newTotal
                if newContent > limit {
                    if let lastBreak {
                        end = lastBreak
                        endContent = lastBreakContent
                    } else {
                        if partial { return false }
                        end = splitWord(text, advances: advances, from: start, overflowAt: j, edges: edges, limit: limit)
                    }
                    break
                }
                total = newTotal
                content = newContent
                j += 1
                if j == count { end = j; endContent = content; break }
                let opportunity = breaks[j]
                if opportunity == .mandatory { end = j; endContent = content; break }
                // A break opportunity counts only where the line, as drawn, fits (edge forms can make it wider): the
                // comparison ``drawn(_:upTo:content:edges:)`` makes.
                if opportunity == .soft, (white || !hasEnds ? content : content + ends[j - 1] * scale) <= limit {
                    lastBreak = j
                    lastBreakContent = content
                }
            }
            // The content width up to `end` as summed above (the same additions ``contentWidth`` makes, so the same
            // bits); a split word's is summed again.
            let made = line(text, start..<end, width: endContent.map { drawn(text, upTo: end, content: $0, edges: edges) }
                ?? contentWidth(text, advances: advances, start..<end, edges: edges))
            sink.add(made, span: start..<end, text: text, advances: advances, width: width, breaks: breaks, edges: edges)
            start = end
        }
        return true
    }

    /// The line of clusters `span`, `width` points wide.
    private static func line(_ text: MeasuredText, _ span: Range<Int>, width: Double) -> Line {
        Line(
            range: text.clusterStarts[span.lowerBound]..<text.clusterStarts[span.upperBound],
            width: width,
            endsMidWord: span.upperBound < text.clusterCount && text.breaks[span.upperBound] == .none
        )
    }

    /// The width of a line ending before cluster `b` as drawn, given its content width `content`: the edge change of
    /// its last cluster when the line ends inside a word.
    @inline(__always)
    private static func drawn(_ text: MeasuredText, upTo b: Int, content: Double, edges: EdgeAdvances) -> Double {
        text.isWhitespace[b - 1] ? content : content + edges.atEnd(b - 1)
    }

    /// The boundary at which to split a word that overflows at cluster `overflow`, with no break opportunity of the
    /// fill's before it: the last of ICU's own opportunities (``MeasuredText/breaks``) after `start` whose line fits
    /// within `limit` as drawn, which a strategy removed (Hangul word priority keeps a Korean word whole while it fits
    /// a line; one wider than the line breaks between its syllables where ICU allows, never before "." "!" "?");
    /// else the last grapheme boundary after `start` whose line fits (a broken word); else the first grapheme
    /// boundary after `start` when not even one grapheme fits. A boundary before a soft hyphen is none of these. The
    /// content widths are summed again from `start` as the fill summed them (rare: a word wider than the line).
    private static func splitWord(
        _ text: MeasuredText, advances: [Double], from start: Int, overflowAt overflow: Int, edges: EdgeAdvances,
        limit: Double
    ) -> Int {
        // contentAt[k]: the content width of clusters start...start+k.
        var contentAt: [Double] = []
        contentAt.reserveCapacity(overflow - start)
        var total = edges.atStart(start)
        var content = 0.0
        for i in start..<overflow {
            total += advances[i]
            if !text.isWhitespace[i] { content = total }
            contentAt.append(content)
        }
        func fits(_ boundary: Int) -> Bool {
            drawn(text, upTo: boundary, content: contentAt[boundary - start - 1], edges: edges) <= limit
        }
        let icu = text.breaks
        if overflow > start, let opportunity = (start + 1...overflow).last(where: { icu[$0] == .soft && fits($0) }) {
            return opportunity
        }
        // Never before a soft hyphen: a line does not start with one (the break after it, which draws a hyphen, is
        // ICU's opportunity, taken above when it fits).
        var boundary = overflow
        while boundary > start
            && !(text.isGraphemeBoundary[boundary] && !text.isSoftHyphen(cluster: boundary) && fits(boundary)) {
            boundary -= 1
        }
        if boundary == start {
            boundary = start + 1
            while boundary < text.clusterCount
                && (!text.isGraphemeBoundary[boundary] || text.isSoftHyphen(cluster: boundary)) {
                boundary += 1
            }
        }
        return boundary
    }

    /// Push-out: when a paragraph's last line holds a single word, move the last word of the line before it down
    /// too, if the line still fits and the line before keeps a word. Line counts never change.
    private static func pushOutOrphans(
        _ lines: inout [Line], _ spans: inout [Range<Int>], _ text: MeasuredText, advances: [Double], width: Double,
        breaks: [BoundaryBreak], edges: EdgeAdvances
    ) {
        guard spans.count >= 2 else { return }
        for index in 1..<spans.count {
            guard let (before, after) = pushedOut(spans[index - 1], spans[index], text, advances: advances, width: width,
                                                  breaks: breaks, edges: edges) else { continue }
            spans[index - 1] = before.span
            spans[index] = after.span
            lines[index - 1] = before.line
            lines[index] = after.line
        }
    }

    /// The push-out of line `last` (a paragraph's last, when it holds a single word) and the line `previous` before
    /// it: both lines as they become, or nil when push-out leaves them as they are. A paragraph's last line is the
    /// only one changed with the one before it, so the pairs are independent of one another.
    fileprivate static func pushedOut(
        _ previous: Range<Int>, _ last: Range<Int>, _ text: MeasuredText, advances: [Double], width: Double,
        breaks: [BoundaryBreak], edges: EdgeAdvances
    ) -> (before: (line: Line, span: Range<Int>), after: (line: Line, span: Range<Int>))? {
        let isParagraphEnd = last.upperBound == text.clusterCount || breaks[last.upperBound] == .mandatory
        guard isParagraphEnd, breaks[previous.upperBound] == .soft else { return nil }
        // A single word: no soft opportunity inside the line (trailing whitespace aside).
        let hasInnerBreak = (last.lowerBound + 1..<last.upperBound).contains { breaks[$0] == .soft }
        guard !hasInnerBreak else { return nil }
        guard let split = (previous.lowerBound + 1..<previous.upperBound).last(where: { breaks[$0] == .soft }) else { return nil }
        let moved = split..<last.upperBound
        let movedWidth = contentWidth(text, advances: advances, moved, edges: edges)
        guard movedWidth <= width + tolerance else { return nil }
        let kept = previous.lowerBound..<split
        let keptLine = line(text, kept, width: contentWidth(text, advances: advances, kept, edges: edges))
        return ((keptLine, kept), (line(text, moved, width: movedWidth), moved))
    }
}

/// What a verdict reads of the lines a text breaks into (``LineBreaker/lineStats(_:advances:width:breaks:pushOut:edges:)``).
package struct LineStats: Sendable, Equatable {
    /// Number of lines.
    package var count = 0
    /// Width of the widest line (0 for none), points: the largest ``Line/width``, taken in line order.
    package var widest = 0.0
    /// Whether a line ends mid-word (``Line/endsMidWord``).
    package var endsMidWord = false

    package init() {}

    mutating func add(_ line: Line) {
        count += 1
        widest = max(widest, line.width)
        endsMidWord = endsMidWord || line.endsMidWord
    }
}

/// Where the greedy fill puts each line it makes, in order.
private protocol LineSink {
    mutating func add(
        _ line: Line, span: Range<Int>, text: MeasuredText, advances: [Double], width: Double, breaks: [BoundaryBreak],
        edges: EdgeAdvances
    )
}

/// The lines and their spans, kept (``LineBreaker/breakLines(_:advances:width:breaks:pushOut:edges:)``).
private struct LineList: LineSink {
    var lines: [Line] = []
    var spans: [Range<Int>] = []

    init() {
        lines.reserveCapacity(4)
        spans.reserveCapacity(4)
    }

    mutating func add(
        _ line: Line, span: Range<Int>, text: MeasuredText, advances: [Double], width: Double, breaks: [BoundaryBreak],
        edges: EdgeAdvances
    ) {
        lines.append(line)
        spans.append(span)
    }
}

/// The lines counted and measured, one held back for push-out (``LineBreaker/lineStats(_:advances:width:breaks:pushOut:edges:)``).
private struct StatsSink: LineSink {
    let pushOut: Bool
    var stats = LineStats()
    /// The last line made, not counted yet: the next may push a word of it down.
    var pending: (line: Line, span: Range<Int>)?

    init(pushOut: Bool) { self.pushOut = pushOut }

    mutating func add(
        _ line: Line, span: Range<Int>, text: MeasuredText, advances: [Double], width: Double, breaks: [BoundaryBreak],
        edges: EdgeAdvances
    ) {
        guard let (previousLine, previousSpan) = pending else {
            pending = (line, span)
            return
        }
        if pushOut, let (before, after) = LineBreaker.pushedOut(
            previousSpan, span, text, advances: advances, width: width, breaks: breaks, edges: edges
        ) {
            stats.add(before.line)
            pending = after
        } else {
            stats.add(previousLine)
            pending = (line, span)
        }
    }
}
