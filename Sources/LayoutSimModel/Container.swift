/// Insets between a label's bounds and its text, in points.
public struct EdgeInsets: Sendable, Hashable, Codable {
    /// Points above the first line.
    public var top: Double
    /// Points before the text (left in left-to-right layouts).
    public var left: Double
    /// Points below the last line.
    public var bottom: Double
    /// Points after the text.
    public var right: Double

    /// Creates insets; all default to 0.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = EdgeInsets()
}

/// How lines are spaced for the system font.
public enum LineSpacing: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every line is the font's natural `lineHeight` (1.193359375 × size for SF): measured for UILabel and
    /// `systemFont` text (n lines = n × lineHeight). The default.
    case natural
    /// The first line takes the natural height, later lines the HIG leading of the text style: measured for
    /// SwiftUI `Text` with a text style (10 lines of `.body` at Large = 20.287 + 9 × 22). Text styles only.
    case leading
}

/// The box the text must fit in.
public struct Container: Sendable, Hashable {
    /// Width in points, insets included; must be > 0.
    public var width: Double
    /// Height in points, insets included; nil when the view grows with its text.
    public var height: Double?
    /// Maximum number of lines (`numberOfLines`, `lineLimit`); 0 means no limit. UILabel's default is 1.
    public var lineLimit: Int
    /// The largest line limit there is: no text has more lines than the longest text (``FitRequest/maximumTextLength``)
    /// has characters. A larger limit is refused where it is read.
    public static let maximumLineLimit = 100_000
    /// Insets between the container's edges and the text.
    public var insets: EdgeInsets
    /// Device pixels per point; heights and widths round up to this grid as Auto Layout sizes a label. Default 3.
    public var displayScale: Double
    /// The width at a category where it differs from ``width``: a text's share of a row at that category, or a frame
    /// sized with `@ScaledMetric`. Insets included; may be smaller than the insets (the text then has no room).
    public var categoryWidths: [ContentSizeCategory: Double] = [:]
    /// The height at a category where it differs from ``height`` (a frame sized with `@ScaledMetric`).
    public var categoryHeights: [ContentSizeCategory: Double] = [:]

    /// Creates a container.
    public init(width: Double, height: Double? = nil, lineLimit: Int = 1, insets: EdgeInsets = .zero, displayScale: Double = 3) {
        self.width = width
        self.height = height
        self.lineLimit = lineLimit
        self.insets = insets
        self.displayScale = displayScale
    }

    /// The width available to the text: width minus left and right insets, points.
    public var textWidth: Double { width - insets.left - insets.right }

    /// The container's width at `category`: ``at(_:)``'s, read without a copy of the container.
    public func width(at category: ContentSizeCategory?) -> Double {
        guard let category, !categoryWidths.isEmpty else { return width }
        return categoryWidths[category] ?? width
    }

    /// The container as it is at `category`: its width and height there (nil: a fixed size, as given).
    public func at(_ category: ContentSizeCategory?) -> Container {
        guard let category, !(categoryWidths.isEmpty && categoryHeights.isEmpty) else { return self }
        var out = self
        out.width = width(at: category)
        if let height = categoryHeights[category] { out.height = height }
        out.categoryWidths = [:]
        out.categoryHeights = [:]
        return out
    }
}
