/// A font file and the index of the face in it.
public struct FontFile: Sendable, Hashable {
    /// Path of the TTF/OTF/TTC file.
    public var path: String
    /// Face index in a collection; 0 for single-face files.
    public var faceIndex: Int
    /// Creates a reference to a face in a font file.
    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }
}

/// Which font the text is set in, and how its size follows the content size category.
public struct FontChoice: Sendable, Hashable {
    /// Where the glyphs come from.
    public enum Face: Sendable, Hashable {
        /// Apple's system font (SF Pro), simulated by ``SystemFontModel``: Inter for shaping, SF's measured widths.
        case system
        /// A font file (TTF/OTF, or face `faceIndex` of a collection), measured with its own advances, kerning and
        /// hhea metrics, as UIKit measures a custom font.
        case file(path: String, faceIndex: Int)
    }

    /// How the point size is chosen at each category.
    public enum Sizing: Sendable, Hashable {
        /// A Dynamic Type text style: the system font takes Apple's table (``TypeScale``); a custom font takes the
        /// style's Large size scaled with ``FontMetricsScaler`` (`UIFontMetrics(forTextStyle:).scaledFont(for:)`).
        case textStyle(TextStyle)
        /// A fixed point size that does not follow Dynamic Type (`systemFont(ofSize:)`, `UIFont(name:size:)`).
        case fixed(pointSize: Double)
        /// A size written for the Large category and scaled like `relativeTo` (`UIFontMetrics.scaledFont(for:
        /// maximumPointSize:)`, SwiftUI `.custom(_:size:relativeTo:)`), clamped to `maximumPointSize` after scaling.
        case scaled(pointSize: Double, relativeTo: TextStyle, maximumPointSize: Double?)
    }

    /// The face.
    public var face: Face
    /// Font files to try, in order, for text the face does not cover (`--font` given more than once), before the
    /// system cascade (Inter, then Noto Sans Thai, Arabic, Devanagari, Hebrew).
    public var fallbackFiles: [FontFile] = []
    /// The sizing rule.
    public var sizing: Sizing
    /// Weight of the system font; nil takes the text style's weight (regular with a fixed size).
    /// Ignored for font files.
    public var weight: FontWeight?
    /// Use the style's emphasized weight (SwiftUI `.bold()` on a text style, UIKit `traitBold`).
    public var emphasized: Bool

    /// Creates a font choice.
    public init(face: Face = .system, sizing: Sizing, weight: FontWeight? = nil, emphasized: Bool = false) {
        self.face = face
        self.sizing = sizing
        self.weight = weight
        self.emphasized = emphasized
    }

    /// The system font in a text style: `UIFont.preferredFont(forTextStyle:)`, SwiftUI `.font(.body)`.
    public static func textStyle(_ style: TextStyle, emphasized: Bool = false) -> FontChoice {
        FontChoice(sizing: .textStyle(style), emphasized: emphasized)
    }

    /// The system font at a fixed size: `UIFont.systemFont(ofSize:weight:)`.
    public static func system(size: Double, weight: FontWeight = .regular) -> FontChoice {
        FontChoice(sizing: .fixed(pointSize: size), weight: weight)
    }

    /// A font file at a fixed size: `UIFont(name:size:)`.
    public static func file(_ path: String, faceIndex: Int = 0, size: Double) -> FontChoice {
        FontChoice(face: .file(path: path, faceIndex: faceIndex), sizing: .fixed(pointSize: size))
    }

    /// The text style to report, if sizing follows one.
    package var style: TextStyle? {
        switch sizing {
        case .textStyle(let style): return style
        case .scaled(_, let style, _): return style
        case .fixed: return nil
        }
    }

    /// Whether the size follows the content size category (one result per category) or not (one result).
    public var followsDynamicType: Bool {
        if case .fixed = sizing { return false }
        return true
    }
}
