/// How a row shares its width among its children: the rules `HStack` follows in the common cases.
///
/// 1. Views that are not text take their width, and each gap between adjacent children the row's spacing.
/// 2. Texts are served by `layoutPriority`, highest first: each gets its ideal width (its text on one line) if
///    what is left allows, else what is left (the lower priorities' minimum is taken as 0: a text that gives way can
///    shrink to its ellipsis and below).
/// 3. Texts of equal priority share as SwiftUI's stack does: the least flexible (narrowest ideal) first, each
///    offered an equal share of what is left and taking at most its ideal width, so that what a narrow text does
///    not use goes to the wider ones.
///
/// UIKit's `UIStackView` (`.fill`) sizes by content hugging and compression resistance: the label with the higher
/// compression resistance is the one with the higher `layoutPriority` here. Equal priorities are ambiguous in Auto
/// Layout; layoutsim shares them as SwiftUI does. Not modelled: `Spacer`s, `.fixedSize()`, `frame(minWidth:)`,
/// `.fillEqually` / `.fillProportionally` distributions, and a text's minimum width.
public enum RowSharing {
    /// A text child's ideal width and priority.
    public struct Text: Sendable, Hashable {
        public var ideal: Double
        public var priority: Double
        public init(ideal: Double, priority: Double) {
            self.ideal = ideal
            self.priority = priority
        }
    }

    /// The width each text gets, in the order given, in a row whose width is `width` after `fixed` points of views
    /// and gaps.
    public static func share(width: Double, fixed: Double, texts: [Text]) -> [Double] {
        var widths = [Double](repeating: 0, count: texts.count)
        var left = max(0, width - fixed)
        let priorities = Set(texts.map(\.priority)).sorted(by: >)
        for priority in priorities {
            // Least flexible first: ascending ideal width, then in order.
            let members = texts.indices.filter { texts[$0].priority == priority }
                .sorted { (texts[$0].ideal, $0) < (texts[$1].ideal, $1) }
            for (offset, index) in members.enumerated() {
                let offer = left / Double(members.count - offset)
                let take = min(max(0, texts[index].ideal), offer)
                widths[index] = take
                left = max(0, left - take)
            }
        }
        return widths
    }
}

/// A row's sharing at one category: the width of its views and gaps, its texts, and the child's among them.
package struct RowShare: Sendable {
    package var fixed: Double
    package var texts: [RowSharing.Text]
    package var position: Int

    package init(fixed: Double, texts: [RowSharing.Text], position: Int) {
        self.fixed = fixed
        self.texts = texts
        self.position = position
    }

    /// The least row width (after the group's insets, on the 1/`scale` pt grid) at which the child's share is
    /// at least `needed`: its siblings grow back toward their ideal widths as the row widens (the child's
    /// share alone added to the row's width left them cut short). Nil when no width gives it that.
    package func width(forChildWidth needed: Double, scale: Double) -> Double? {
        var texts = self.texts
        // The child takes at most its ideal width; the remedy's width can exceed it by a rounding.
        texts[position].ideal = max(texts[position].ideal, needed)
        func gives(_ width: Double) -> Bool {
            RowSharing.share(width: width, fixed: fixed, texts: texts)[position] >= needed - Fitter.tolerance
        }
        let all = fixed + texts.reduce(0) { $0 + max(0, $1.ideal) }
        var fitting = Int((all * scale).rounded(.up)) + 1
        guard gives(Double(fitting) / scale) else { return nil }
        // By bisection on the pixel grid, as the remedy finds a text's width.
        var failing = Int((needed * scale).rounded(.down)) - 1
        while fitting - failing > 1 {
            let middle = failing + (fitting - failing) / 2
            if gives(Double(middle) / scale) { fitting = middle } else { failing = middle }
        }
        return Double(fitting) / scale
    }
}

extension RowShare {
    /// The child's share of a row `width` wide (after the group's insets), and its room: what the others leave at
    /// their ideal widths, or, when they do not fit anyway, what the row would give it however long it were.
    package func childWidths(width: Double) -> (share: Double, room: Double) {
        let share = RowSharing.share(width: width, fixed: fixed, texts: texts)[position]
        let others = texts.indices.filter { $0 != position }.reduce(0.0) { $0 + texts[$1].ideal }
        let free = width - fixed
        if others <= free + Fitter.tolerance { return (share, max(0, free - others)) }
        var unbounded = texts
        unbounded[position].ideal = .infinity
        return (share, RowSharing.share(width: width, fixed: fixed, texts: unbounded)[position])
    }
}
