/// One laid-out line.
public struct Line: Sendable, Hashable {
    /// The line's text as UTF-16 offsets (`NSRange` counting), trailing spaces and line separator included.
    public let range: Range<Int>
    /// The line's width in points, without its trailing whitespace (which hangs past the edge, as in UIKit).
    public let width: Double
    /// The line ends inside a word: the word was wider than the line and was split between grapheme clusters.
    public let endsMidWord: Bool
}

/// Greedy line breaking, the way UILabel and SwiftUI `Text` wrap by word (`NSLineBreakByWordWrapping`).
///
/// - A line takes as many clusters as fit, up to the last break opportunity (UAX #14, from ICU) that fits.
/// - Trailing whitespace hangs: it does not count against the width.
/// - Mandatory breaks (`\n`, U+2028, …) end the line. A separator at the very end of the text does not start an
///   extra empty line (UILabel shows none).
/// - A word wider than the whole line is broken between grapheme clusters (never inside one, and never inside a
///   shaping cluster such as a ligature); the line is flagged ``Line/endsMidWord``. A line always holds at least
///   one grapheme, even when that grapheme alone is wider than the line.
/// - A width exactly equal to the text's width fits (tolerance 1e-9 pt for floating-point sums).
enum LineBreaker {
    /// Slack when comparing widths, points.
    static let tolerance = 1e-9

    /// Breaks `text` into lines of at most `width` points, given each cluster's advance in points.
    ///
    /// - Complexity: O(n) in the number of clusters (plus the backtrack of one word when a word is split).
    static func breakLines(_ text: MeasuredText, advances: [Double], width: Double) -> [Line] {
        let count = text.clusterCount
        var lines: [Line] = []
        var start = 0
        let limit = width + tolerance
        while start < count {
            var total = 0.0          // width of clusters start..<j
            var content = 0.0        // the same without trailing whitespace
            var lastBreak: (boundary: Int, content: Double)?
            var j = start
            var end = count
            var endContent = 0.0
            var midWord = false
            while j < count {
                let advance = advances[j]
                let newTotal = total + advance
                let newContent = text.isWhitespace[j] ? content : newTotal
                if newContent > limit {
                    if let lastBreak {
                        end = lastBreak.boundary
                        endContent = lastBreak.content
                    } else {
                        (end, endContent) = splitWord(text, advances: advances, from: start, overflowAt: j)
                        // A lone grapheme wider than the line that is a whole word is not a split word.
                        midWord = end < count && text.breaks[end] == .none
                    }
                    break
                }
                total = newTotal
                content = newContent
                j += 1
                if j == count { end = count; endContent = content; break }
                switch text.breaks[j] {
                case .mandatory:
                    end = j
                    endContent = content
                case .soft:
                    lastBreak = (j, content)
                    continue
                case .none:
                    continue
                }
                break
            }
            lines.append(Line(
                range: text.clusterStarts[start]..<text.clusterStarts[end],
                width: endContent,
                endsMidWord: midWord
            ))
            start = end
        }
        return lines
    }

    /// The boundary at which to split a word that overflows at cluster `overflow`: the last grapheme boundary
    /// after `start` that fits, or the first grapheme boundary after `start` when not even one grapheme fits.
    private static func splitWord(
        _ text: MeasuredText, advances: [Double], from start: Int, overflowAt overflow: Int
    ) -> (boundary: Int, content: Double) {
        var boundary = overflow
        while boundary > start && !text.isGraphemeBoundary[boundary] { boundary -= 1 }
        if boundary == start {
            boundary = start + 1
            while boundary < text.clusterCount && !text.isGraphemeBoundary[boundary] { boundary += 1 }
        }
        var content = 0.0
        var total = 0.0
        for i in start..<boundary {
            total += advances[i]
            if !text.isWhitespace[i] { content = total }
        }
        return (boundary, content)
    }
}
