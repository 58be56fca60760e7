/// Everything a fit needs: the text, its font, the container, and which categories to try.
public struct FitRequest: Sendable {
    /// The longest text laid out, in UTF-16 code units (what UIKit counts as a string's length): 100,000, about 40
    /// pages. Longer text, or a catalog string whose placeholders would fill it past this, is refused with an error.
    public static let maximumTextLength = 100_000

    /// The text (as the label would hold it; `\n` and U+2028 are line breaks).
    public var text: String
    /// Font and sizing.
    public var font: FontChoice
    /// The box the text must fit in.
    public var container: Container
    /// Categories to lay out, in any order (results come sorted). Default: all twelve. Ignored for a fixed size.
    public var categories: [ContentSizeCategory]
    /// The view's limits on the content size category (`minimumContentSizeCategory` / `maximumContentSizeCategory`,
    /// SwiftUI's `.dynamicTypeSize(range)`): each requested category is laid out at the category the limits apply.
    /// Default unlimited.
    public var categoryLimits: CategoryLimits
    /// BCP 47 language of the text (`de`, `th`, `zh-Hant`), for line breaking and shaping; nil = none (root rules).
    public var language: String?
    /// How strictly CJK line breaking keeps small kana and ー off line starts. Default ``LineBreakRules/strict``
    /// (iOS for text without a typesetting language).
    public var lineBreakRules: LineBreakRules
    /// Whether the stand-ins of the system cascade (Noto Thai, Arabic, CJK, the emoji stand-in) are measured the way
    /// iOS's fonts measure (documented factors, emoji at iOS's emoji size). Default true.
    public var calibratesStandIns: Bool
    /// Line spacing of the system font with a text style. Default ``LineSpacing/natural``.
    public var lineSpacing: LineSpacing
    /// Truncation, shrinking, tightening, strategy, alignment: UILabel's defaults unless set.
    public var label: LabelBehavior
    /// Line boxes and ink. Default ``LineHeightPolicy/default`` (letterform-aware).
    public var lineHeight: LineHeightPolicy
    /// Whether the view clips to its bounds (`clipsToBounds`): ink outside it is cut and reported. Default false,
    /// UILabel's default since iOS 17.
    public var clipsToBounds: Bool
    /// Whether fonts installed on this machine (fontconfig) are a last-resort fallback. Default false, so results
    /// are identical on every machine.
    public var usesSystemFonts: Bool
    /// Whether a word split mid-word counts as fitting (for ``FitReport/fitsThrough`` and pass/fail). Default false:
    /// a German compound cut in two without a hyphen is a defect users see.
    public var allowsWordBreaks: Bool

    /// Creates a request.
    @inlinable public init(
        text: String,
        font: FontChoice,
        container: Container,
        categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
        language: String? = nil,
        lineSpacing: LineSpacing = .natural,
        allowsWordBreaks: Bool = false,
        lineHeight: LineHeightPolicy = .default,
        clipsToBounds: Bool = false,
        usesSystemFonts: Bool = false,
        label: LabelBehavior = LabelBehavior(),
        lineBreakRules: LineBreakRules = .strict,
        calibratesStandIns: Bool = true,
        categoryLimits: CategoryLimits = .unlimited
    ) {
        self.categoryLimits = categoryLimits
        self.lineBreakRules = lineBreakRules
        self.calibratesStandIns = calibratesStandIns
        self.label = label
        self.lineHeight = lineHeight
        self.clipsToBounds = clipsToBounds
        self.usesSystemFonts = usesSystemFonts
        self.text = text
        self.font = font
        self.container = container
        self.categories = categories
        self.language = language
        self.lineSpacing = lineSpacing
        self.allowsWordBreaks = allowsWordBreaks
    }
}
