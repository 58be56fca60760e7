import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// What a truncated line keeps of its text: up to two pieces (cluster ranges), with the ellipsis between, before or
/// after them.
package struct TruncatedLine: Sendable, Hashable {
    /// Clusters kept before the ellipsis (tail and middle truncation), or nothing (head).
    package let before: Range<Int>
    /// Clusters kept after the ellipsis (head and middle truncation), or nothing (tail).
    package let after: Range<Int>
    /// Whether an ellipsis is drawn (clipping draws none).
    package let hasEllipsis: Bool
    /// Width of the line as drawn, ellipsis included, points.
    package let width: Double
}

/// Truncates one line the way CoreText does for `NSLineBreakByTruncating…` and `…Clipping`: between grapheme
/// clusters, so that the kept text plus the ellipsis (U+2026 in the line's font) fits the width. Whitespace next to
/// the ellipsis is dropped ("Hello…", not "Hello …").
package enum Truncator {
    /// Width of clusters `range` without leading and trailing whitespace, points.
    package static func trimmedWidth(_ text: MeasuredText, advances: [Double], _ range: Range<Int>, trimLeading: Bool, trimTrailing: Bool) -> Double {
        var lower = range.lowerBound
        var upper = range.upperBound
        if trimLeading { while lower < upper && text.isWhitespace[lower] { lower += 1 } }
        if trimTrailing { while upper > lower && text.isWhitespace[upper - 1] { upper -= 1 } }
        var width = 0.0
        for i in lower..<upper { width += advances[i] }
        return width
    }

    /// Trims whitespace clusters off the end (or start) of a range.
    package static func trimmed(_ text: MeasuredText, _ range: Range<Int>, leading: Bool, trailing: Bool) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        if leading { while lower < upper && text.isWhitespace[lower] { lower += 1 } }
        if trailing { while upper > lower && text.isWhitespace[upper - 1] { upper -= 1 } }
        return lower..<upper
    }

    /// Grapheme boundaries in `range`, including both ends.
    package static func graphemeBoundaries(_ text: MeasuredText, _ range: Range<Int>) -> [Int] {
        var out = [range.lowerBound]
        for b in (range.lowerBound + 1)..<max(range.lowerBound + 1, range.upperBound) where text.isGraphemeBoundary[b] { out.append(b) }
        if out.last != range.upperBound { out.append(range.upperBound) }
        return out
    }

    /// "abcd…": the longest start of `range` that fits with the ellipsis.
    package static func tail(_ text: MeasuredText, advances: [Double], _ range: Range<Int>, ellipsis: Double, width: Double) -> TruncatedLine {
        var best = range.lowerBound..<range.lowerBound
        var bestWidth = 0.0
        for b in graphemeBoundaries(text, range).dropFirst() {
            let kept = trimmed(text, range.lowerBound..<b, leading: false, trailing: true)
            let w = trimmedWidth(text, advances: advances, kept, trimLeading: false, trimTrailing: false)
            if w + ellipsis > width + LineBreaker.tolerance { break }
            best = kept
            bestWidth = w
        }
        return TruncatedLine(before: best, after: range.upperBound..<range.upperBound, hasEllipsis: true, width: bestWidth + ellipsis)
    }

    /// "…wxyz": the longest end of `range` that fits after the ellipsis.
    package static func head(_ text: MeasuredText, advances: [Double], _ range: Range<Int>, ellipsis: Double, width: Double) -> TruncatedLine {
        var best = range.upperBound..<range.upperBound
        var bestWidth = 0.0
        for a in graphemeBoundaries(text, range).dropLast().reversed() {
            let kept = trimmed(text, a..<range.upperBound, leading: true, trailing: true)
            let w = trimmedWidth(text, advances: advances, kept, trimLeading: false, trimTrailing: false)
            if w + ellipsis > width + LineBreaker.tolerance { break }
            best = kept
            bestWidth = w
        }
        return TruncatedLine(before: range.lowerBound..<range.lowerBound, after: best, hasEllipsis: true, width: bestWidth + ellipsis)
    }

    /// "ab…yz": grows the start and the end alternately, the narrower side first, while both fit with the ellipsis.
    package static func middle(_ text: MeasuredText, advances: [Double], _ range: Range<Int>, ellipsis: Double, width: Double) -> TruncatedLine {
        let bounds = graphemeBoundaries(text, range)
        var front = 0                   // index into bounds: kept start is bounds[0]..<bounds[front]
        var back = bounds.count - 1     // kept end is bounds[back]..<end
        func widthOf(_ f: Int, _ b: Int) -> (Double, Double) {
            let head = trimmedWidth(text, advances: advances, bounds[0]..<bounds[f], trimLeading: false, trimTrailing: true)
            let tail = trimmedWidth(text, advances: advances, bounds[b]..<range.upperBound, trimLeading: true, trimTrailing: true)
            return (head, tail)
        }
        while front < back {
            let (head, tail) = widthOf(front, back)
            let tryFront = head <= tail
            var advanced = false
            for side in tryFront ? [true, false] : [false, true] {
                let f = side ? front + 1 : front
                let b = side ? back : back - 1
                guard f <= b else { continue }
                let (h, t) = widthOf(f, b)
                if h + t + ellipsis <= width + LineBreaker.tolerance {
                    front = f
                    back = b
                    advanced = true
                    break
                }
            }
            if !advanced { break }
        }
        let before = trimmed(text, bounds[0]..<bounds[front], leading: false, trailing: true)
        let after = trimmed(text, bounds[back]..<range.upperBound, leading: true, trailing: true)
        let (h, t) = widthOf(front, back)
        return TruncatedLine(before: before, after: after, hasEllipsis: true, width: h + t + ellipsis)
    }

    /// Clipping: the graphemes that lie wholly inside the width (the one cut by the edge counts as hidden).
    package static func clip(_ text: MeasuredText, advances: [Double], _ range: Range<Int>, width: Double) -> TruncatedLine {
        var best = range.lowerBound..<range.lowerBound
        var total = 0.0
        var previous = range.lowerBound
        for b in graphemeBoundaries(text, range).dropFirst() {
            for i in previous..<b { total += advances[i] }
            previous = b
            if total > width + LineBreaker.tolerance { break }
            best = range.lowerBound..<b
        }
        let kept = trimmed(text, best, leading: false, trailing: true)
        return TruncatedLine(
            before: kept, after: range.upperBound..<range.upperBound, hasEllipsis: false,
            width: trimmedWidth(text, advances: advances, kept, trimLeading: false, trimTrailing: false)
        )
    }
}
