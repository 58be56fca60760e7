/// `NSLineBreakMode`: how a label wraps its lines and what it does with text that does not fit.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Wrap at word boundaries; a word wider than the line is split between characters. Extra lines are not shown.
    case wordWrapping
    /// Wrap before the first character that does not fit. Extra lines are not shown.
    case charWrapping
    /// Wrap by word; the last shown line takes the rest of its paragraph and is cut at the edge, no ellipsis.
    case clipping
    /// "…wxyz": the start of the text is replaced by an ellipsis (the whole text on one line; see the README).
    case truncatingHead
    /// "abcd…": the last shown line ends in an ellipsis. UILabel's default.
    case truncatingTail
    /// "ab…yz": the middle is replaced by an ellipsis (the whole text on one line, as Apple documents).
    case truncatingMiddle

    /// The CLI name: `word`, `char`, `clip`, `head`, `tail`, `middle`.
    public var shortName: String {
        switch self {
        case .wordWrapping: return "word"
        case .charWrapping: return "char"
        case .clipping: return "clip"
        case .truncatingHead: return "head"
        case .truncatingTail: return "tail"
        case .truncatingMiddle: return "middle"
        }
    }

    /// Parses the CLI name or the case name.
    public init?(parsing text: String) {
        guard let mode = Self.allCases.first(where: { $0.shortName == text || $0.rawValue == text }) else { return nil }
        self = mode
    }

    /// Whether the mode ends hidden text with an ellipsis.
    package var truncates: Bool { self == .truncatingHead || self == .truncatingTail || self == .truncatingMiddle }
}

/// `NSParagraphStyle.LineBreakStrategy` / `UILabel.lineBreakStrategy`. Ignored by modes that do not wrap
/// (``LineBreakMode/clipping`` on its last line, head and middle truncation).
public enum LineBreakStrategy: String, Sendable, Hashable, CaseIterable, Codable {
    /// Plain greedy wrapping (`NSParagraphStyle`'s default).
    case none
    /// UILabel's default: all strategies (raw value 0xFFFF), i.e. push-out and Hangul word priority.
    case standard
    /// Avoid a single orphan word on the last line by pushing one word down from the line before.
    case pushOut
    /// No break between Hangul syllables while a word fits a line: Korean breaks where there is a space, and a word
    /// wider than the line between its syllables (where ICU allows).
    case hangulWordPriority

    /// The CLI name: `none`, `standard`, `push-out`, `hangul`.
    public var shortName: String {
        switch self {
        case .none: return "none"
        case .standard: return "standard"
        case .pushOut: return "push-out"
        case .hangulWordPriority: return "hangul"
        }
    }

    /// Parses the CLI name or the case name.
    public init?(parsing text: String) {
        guard let strategy = Self.allCases.first(where: { $0.shortName == text || $0.rawValue == text }) else { return nil }
        self = strategy
    }

    package var pushesOut: Bool { self == .standard || self == .pushOut }
    package var keepsHangulWords: Bool { self == .standard || self == .hangulWordPriority }
}

/// `NSTextAlignment`. It moves lines, never changes where they break.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable, Codable {
    /// Left for left-to-right paragraphs, right for right-to-left ones (UIKit's default).
    case natural
    /// Lines start at the left inset.
    case left
    /// Lines are centred.
    case center
    /// Lines end at the right inset.
    case right
    /// Lines but the last of each paragraph fill the width; the last line is natural.
    case justified
}

/// What a UILabel or SwiftUI `Text` does with its text beyond wrapping: truncation, shrinking, tightening,
/// strategy, alignment, scaled insets. The defaults are UILabel's.
public struct LabelBehavior: Sendable, Hashable {
    /// `lineBreakMode`. Default ``LineBreakMode/truncatingTail``, UILabel's.
    public var lineBreakMode: LineBreakMode
    /// `lineBreakStrategy`. Default ``LineBreakStrategy/standard``, UILabel's.
    public var lineBreakStrategy: LineBreakStrategy
    /// `adjustsFontSizeToFitWidth` with this `minimumScaleFactor` (0 < factor < 1); nil (the default) does not
    /// shrink.
    public var minimumScaleFactor: Double?
    /// `allowsDefaultTighteningForTruncation`: before truncating a single line, tighten the spacing by up to
    /// ``maximumTightening``. Default false.
    public var allowsTightening: Bool
    /// The most negative tracking tightening may apply, in em per character gap. Apple publishes no amount; the
    /// default 0.05 em is layoutsim's assumption.
    public var maximumTightening: Double
    /// `textAlignment`. Default natural.
    public var alignment: TextAlignment
    /// Scale the insets with the text style like `@ScaledMetric` (relative to the font's style, body otherwise).
    public var scalesInsets: Bool
    /// Show only the lines that fit a fixed container height, truncating the last one (UILabel: "truncates any text
    /// that doesn't fit within the maximum number of lines and inside the bounding rectangle"; SwiftUI `Text` in a
    /// fixed frame). Default true; false clips instead (UITextView).
    public var truncatesToFitHeight: Bool

    /// Creates label behaviour; every default is UILabel's.
    public init(
        lineBreakMode: LineBreakMode = .truncatingTail, lineBreakStrategy: LineBreakStrategy = .standard,
        minimumScaleFactor: Double? = nil, allowsTightening: Bool = false, maximumTightening: Double = 0.05,
        alignment: TextAlignment = .natural, scalesInsets: Bool = false, truncatesToFitHeight: Bool = true
    ) {
        self.truncatesToFitHeight = truncatesToFitHeight
        self.lineBreakMode = lineBreakMode
        self.lineBreakStrategy = lineBreakStrategy
        self.minimumScaleFactor = minimumScaleFactor
        self.allowsTightening = allowsTightening
        self.maximumTightening = maximumTightening
        self.alignment = alignment
        self.scalesInsets = scalesInsets
    }
}

/// The views layoutsim models, with their documented defaults.
public enum ViewPreset: String, Sendable, Hashable, CaseIterable {
    /// UILabel: `numberOfLines = 1`, truncating tail, standard strategy, natural line spacing.
    case uilabel
    /// SwiftUI `Text`: no line limit unless one is given, truncating tail, lines spaced at the style's leading.
    case swiftUIText = "swiftui-text"
    /// UITextView (not scrolling): no line limit, word wrapping, text below a fixed height is clipped.
    case textView = "textview"

    /// The default line limit of the view (UILabel 1, the others none).
    public var lineLimit: Int { self == .uilabel ? 1 : 0 }
    /// The view's line break mode.
    public var lineBreakMode: LineBreakMode { self == .textView ? .wordWrapping : .truncatingTail }
    /// Whether the view truncates to its height (labels, `Text`) or clips (text views).
    public var truncatesToFitHeight: Bool { self != .textView }
    /// The view's line spacing for the system font in a text style.
    public var lineSpacing: LineSpacing { self == .swiftUIText ? .leading : .natural }
}
