/// How tall a line is, and what happens to ink outside it.
public enum LineHeightPolicy: Sendable, Hashable {
    /// A fixed line box from the primary font (UIKit for custom fonts, and everything before iOS 17): ink of tall
    /// scripts beyond it is reported as overflow.
    case typographic
    /// iOS 17+ for text styles (the default): a line grows to the ascent and descent of every font used on it
    /// (a Thai line gets the Thai font's box, as CoreText does per line); with `oversize` (UIKit's
    /// `sizingRule = .oversize`) it also grows to contain all ink. Apple publishes no exact increment; this is
    /// the model.
    case letterformAware(oversize: Bool)
    /// `minimumLineHeight = maximumLineHeight = points`: every line is exactly this tall; the baseline sits the
    /// primary font's descent above the line's bottom, so a short line cuts into the ascent.
    case fixed(points: Double)
    /// `lineHeightMultiple`: the primary font's natural line height × factor; extra (or missing) space is above
    /// the text, as TextKit places it.
    case multiple(factor: Double)

    /// The default: ``letterformAware(oversize:)`` without oversize.
    public static let `default` = LineHeightPolicy.letterformAware(oversize: false)

    /// The name in reports and on the command line: `typographic`, `letterform-aware`, `fixed:N`, `multiple:X`.
    public var name: String {
        switch self {
        case .typographic: return "typographic"
        case .letterformAware(let oversize): return oversize ? "letterform-aware+oversize" : "letterform-aware"
        case .fixed(let points): return "fixed:\(ReportNumber.rounded(points))"
        case .multiple(let factor): return "multiple:\(ReportNumber.rounded(factor))"
        }
    }
}
