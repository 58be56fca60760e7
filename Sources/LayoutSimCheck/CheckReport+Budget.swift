import LayoutSimModel
import LayoutSimSupport

extension CheckResult {
    /// The room a string has where it must fit: what a translator may write.
    ///
    /// The width and lines are the element's at `mustFitThrough` (its text width: the container's width minus its
    /// insets). The character estimate divides that room by the mean advance of a character of this locale at that
    /// size, measured over every string of the locale checked in the same element (``averageAdvance``); a wrapped
    /// line also loses the end of a word, so with more than one line it is an upper bound.
    public struct Budget: Sendable, Hashable, Codable {
        /// The category the room is measured at (`mustFitThrough`, or the largest checked below it).
        public var category: ContentSizeCategory?
        /// The font size there, points.
        public var pointSize: Double
        /// The text width, points (container width minus insets).
        public var width: Double
        /// The line limit (0: none).
        public var lines: Int
        /// Characters (grapheme clusters) of this string.
        public var characters: Int
        /// This string's width on one line at that size, points (the sum of its lines).
        public var textWidth: Double
        /// Mean advance of a character of this locale in this element at that size, points.
        public var averageAdvance: Double?
        /// Estimated characters a translator may write: `(width × lines − samples' width) ÷ averageAdvance` (nil with no
        /// line limit).
        public var maxCharacters: Int?
        /// The placeholders' samples in this string (nil: none), left out of the locale's mean advance: a translator
        /// writes the rest (a Latin name in a Japanese string made kanji look narrower than they are).
        public var samples: Samples?

        /// What the placeholders' samples take of a string.
        public struct Samples: Sendable, Hashable, Codable {
            /// Characters (grapheme clusters).
            public var characters: Int
            /// Unicode code points.
            public var codePoints: Int
            /// Width on one line at the budget's size, points.
            public var width: Double

            public init(characters: Int, codePoints: Int, width: Double) {
                self.characters = characters
                self.codePoints = codePoints
                self.width = width
            }
        }

        /// Characters a translator wrote (``characters`` without the samples').
        package var ownCharacters: Int { characters - (samples?.characters ?? 0) }
        /// Width of what a translator wrote (``textWidth`` without the samples'), points.
        package var ownWidth: Double { textWidth - (samples?.width ?? 0) }

        public init(category: ContentSizeCategory?, pointSize: Double, width: Double, lines: Int, characters: Int, textWidth: Double) {
            self.category = category
            self.pointSize = pointSize
            self.width = width
            self.lines = lines
            self.characters = characters
            self.textWidth = textWidth
        }
    }
}

extension CheckReport {
    /// Fills each budget's mean advance and character estimate from every string of its locale in its element at
    /// the same size, placeholders' samples left out (deterministic: `tally` summed them in report order).
    mutating func estimateBudgets(_ tally: Tally) {
        for index in results.indices where tally.groupOf[index] >= 0 {
            let sum = tally.sums[tally.groupOf[index]]
            guard sum.characters > 0, sum.width > 0, var budget = results[index].budget else { continue }
            let average = sum.width / Double(sum.characters)
            budget.averageAdvance = ReportNumber.rounded(average)
            // The room left beside the samples (a name that fills half the label leaves the translator the other half).
            let room = max(0, budget.width * Double(budget.lines) - (budget.samples?.width ?? 0))
            // A report read back may hold any number (`merge`): an estimate no label could hold is none.
            let estimate = (room / average).rounded(.down)
            budget.maxCharacters = budget.lines > 0 && estimate.isFinite && estimate < 1e9 ? Int(estimate) : nil
            results[index].budget = budget
        }
    }
}

extension CheckResult.Budget {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        if let averageAdvance {
            try w.field(Member.averageAdvance, averageAdvance)
        }
        if let category {
            try w.field(Member.category, Quoted.category(category))
        }
        try w.field(Member.characters, characters)
        try w.field(Member.lines, lines)
        if let maxCharacters {
            try w.field(Member.maxCharacters, maxCharacters)
        }
        try w.field(Member.pointSize, pointSize)
        if let samples {
            w.key(Member.samples)
            try w.beginObject()
            try w.field(Member.characters, samples.characters)
            try w.field(Member.codePoints, samples.codePoints)
            try w.field(Member.width, samples.width)
            try w.endObject()
        }
        try w.field(Member.textWidth, textWidth)
        try w.field(Member.width, width)
        try w.endObject()
    }
}
