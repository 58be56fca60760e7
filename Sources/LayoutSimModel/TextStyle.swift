/// A system text style (`UIFont.TextStyle` / SwiftUI `Font.TextStyle`).
///
/// The raw value is the UIKit member name (`"title1"`, `"caption1"`, `"subheadline"`) and is the JSON encoding.
/// The eleven classic styles have a full iOS table in ``TypeScale``; ``extraLargeTitle`` and ``extraLargeTitle2``
/// (iOS 17+) are *partial*: only their size at ``ContentSizeCategory/large`` is known.
public enum TextStyle: String, CaseIterable, Sendable, Codable, Hashable {
    /// Large Title (UIKit `.largeTitle`, raw `UICTFontTextStyleTitle0`). 34 pt at Large.
    case largeTitle
    /// Title 1 (UIKit `.title1`, SwiftUI `.title`). 28 pt at Large.
    case title1
    /// Title 2 (UIKit `.title2`, SwiftUI `.title2`). 22 pt at Large.
    case title2
    /// Title 3 (UIKit `.title3`, SwiftUI `.title3`). 20 pt at Large.
    case title3
    /// Headline (semibold). 17 pt at Large.
    case headline
    /// Body, the default style. 17 pt at Large.
    case body
    /// Callout. 16 pt at Large.
    case callout
    /// Subheadline (HIG "Subhead", raw `UICTFontTextStyleSubhead`). 15 pt at Large.
    case subheadline
    /// Footnote. 13 pt at Large.
    case footnote
    /// Caption 1 (UIKit `.caption1`, SwiftUI `.caption`). 12 pt at Large.
    case caption1
    /// Caption 2. 11 pt at Large.
    case caption2
    /// Extra Large Title (UIKit iOS 17+; SwiftUI visionOS only). Partial: only 36 pt bold at Large is known.
    case extraLargeTitle
    /// Extra Large Title 2 (UIKit iOS 17+; SwiftUI visionOS only). Partial: only 28 pt bold at Large is known.
    case extraLargeTitle2

    /// The style's position in ``allCases`` (declaration order), for tables indexed by style.
    package var tableIndex: Int {
        switch self {
        case .largeTitle: 0
        case .title1: 1
        case .title2: 2
        case .title3: 3
        case .headline: 4
        case .body: 5
        case .callout: 6
        case .subheadline: 7
        case .footnote: 8
        case .caption1: 9
        case .caption2: 10
        case .extraLargeTitle: 11
        case .extraLargeTitle2: 12
        }
    }

    /// The `UIFont.TextStyle` raw string, e.g. `"UICTFontTextStyleBody"`, `"UICTFontTextStyleTitle0"` (largeTitle),
    /// `"UICTFontTextStyleSubhead"`.
    public var uikitRawValue: String {
        switch self {
        case .largeTitle: "UICTFontTextStyleTitle0"
        case .title1: "UICTFontTextStyleTitle1"
        case .title2: "UICTFontTextStyleTitle2"
        case .title3: "UICTFontTextStyleTitle3"
        case .headline: "UICTFontTextStyleHeadline"
        case .body: "UICTFontTextStyleBody"
        case .callout: "UICTFontTextStyleCallout"
        case .subheadline: "UICTFontTextStyleSubhead"
        case .footnote: "UICTFontTextStyleFootnote"
        case .caption1: "UICTFontTextStyleCaption1"
        case .caption2: "UICTFontTextStyleCaption2"
        case .extraLargeTitle: "UICTFontTextStyleExtraLargeTitle"
        case .extraLargeTitle2: "UICTFontTextStyleExtraLargeTitle2"
        }
    }

    /// The SwiftUI `Font.TextStyle` case name: as ``rawValue`` except `"title"` for ``title1`` and
    /// `"caption"` for ``caption1``.
    public var swiftUIName: String {
        switch self {
        case .title1: "title"
        case .caption1: "caption"
        default: rawValue
        }
    }

    /// `true` for ``extraLargeTitle`` and ``extraLargeTitle2``, whose per-category sizes are unknown.
    public var isPartial: Bool {
        TypeScale.partialStyles.contains(self)
    }

    /// The names listed in error messages: every ``rawValue``.
    public static var validNames: [String] {
        allCases.map(\.rawValue)
    }

    /// Every accepted spelling, already normalised (see ``normalize(_:)``), with its style.
    package static let aliases: [(String, TextStyle)] = {
        var list: [(String, TextStyle)] = []
        for style in allCases {
            list.append((normalize(style.rawValue), style))
            if normalize(style.swiftUIName) != normalize(style.rawValue) {
                list.append((normalize(style.swiftUIName), style))
            }
            // Raw value without its prefix, e.g. "title0", "subhead".
            let bare = String(style.uikitRawValue.dropFirst("UICTFontTextStyle".count)).lowercased()
            if bare != normalize(style.rawValue) {
                list.append((bare, style))
            }
        }
        return list
    }()

    private static let aliasTable: [String: TextStyle] = Dictionary(aliases, uniquingKeysWith: { first, _ in first })

    /// Lowercases, trims, removes spaces, hyphens and underscores, drops one leading `.` or a
    /// `UIFont.TextStyle.` / `Font.TextStyle.` / `TextStyle.` qualifier, and strips the raw prefixes
    /// `UICTFontTextStyle` / `UIFontTextStyle`.
    package static func normalize(_ text: String) -> String {
        var s = ModelParsing.trim(text).lowercased()
        s.removeAll { $0 == " " || $0 == "-" || $0 == "_" || $0 == "\t" }
        for prefix in ["uifont.textstyle.", "font.textstyle.", "textstyle.", "uictfonttextstyle", "uifonttextstyle"]
        where s.hasPrefix(prefix) {
            s.removeFirst(prefix.count)
            break
        }
        if s.hasPrefix(".") {
            s.removeFirst()
        }
        return s
    }

    /// Parses any common spelling of a text style, case-insensitively; `nil` if the text names no style.
    ///
    /// Accepted (with or without a leading `.`; spaces, hyphens and underscores are ignored):
    /// - UIKit names: `largeTitle`, `title1`, `caption1`, `subheadline`, …;
    /// - SwiftUI names: `title` (= title1), `caption` (= caption1);
    /// - HIG names: `Large Title`, `Title 2`, `Subhead`, `Caption 1`, …;
    /// - raw values: `UICTFontTextStyleBody`, `UICTFontTextStyleTitle0` (= largeTitle), `UICTFontTextStyleSubhead`,
    ///   `UICTFontTextStyleExtraLargeTitle`, and the Objective-C constants `UIFontTextStyleBody` etc.
    public init?(parsing text: String) {
        guard let style = Self.aliasTable[Self.normalize(text)] else { return nil }
        self = style
    }

    /// Parses a text style or throws ``ModelError/unknownStyle(_:valid:)`` listing ``validNames``.
    public static func parse(_ text: String) throws(ModelError) -> TextStyle {
        guard let style = TextStyle(parsing: text) else {
            throw .unknownStyle(text, valid: validNames)
        }
        return style
    }
}

/// A system-font weight for which layoutsim has SF Pro data. Ordered lightest first:
/// `regular < medium < semibold < bold`. The raw value (lowercase name) is the JSON encoding.
public enum FontWeight: String, CaseIterable, Sendable, Codable, Comparable {
    /// Regular (400; `UIFont.Weight.regular`).
    case regular
    /// Medium (500; `UIFont.Weight.medium`).
    case medium
    /// Semibold (600; `UIFont.Weight.semibold`).
    case semibold
    /// Bold (700; `UIFont.Weight.bold`).
    case bold

    /// The conventional numeric weight (CSS / OpenType `usWeightClass`): 400, 500, 600 or 700.
    public var numericWeight: Int {
        switch self {
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        }
    }

    /// Orders weights from lightest to heaviest.
    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool {
        lhs.numericWeight < rhs.numericWeight
    }

    /// Hashes the numeric weight: a weight keys the caches of every layout (SF advance rows, faces), and the hash a
    /// raw-valued enum gets by default hashes its name's string.
    public func hash(into hasher: inout Hasher) { hasher.combine(numericWeight) }

    /// Parses a weight name case-insensitively (`"Bold"`, `".semibold"`, `"UIFont.Weight.medium"`,
    /// `"semi-bold"`); `nil` if unknown. Only the four weights with system-font data are accepted.
    public init?(parsing text: String) {
        var s = ModelParsing.trim(text).lowercased()
        s.removeAll { $0 == " " || $0 == "-" || $0 == "_" }
        for prefix in ["uifont.weight.", "font.weight.", "weight."] where s.hasPrefix(prefix) {
            s.removeFirst(prefix.count)
            break
        }
        if s.hasPrefix(".") {
            s.removeFirst()
        }
        guard let weight = FontWeight(rawValue: s) else { return nil }
        self = weight
    }

    /// Parses a weight or throws ``ModelError/unknownWeight(_:valid:)`` listing the four names.
    public static func parse(_ text: String) throws(ModelError) -> FontWeight {
        guard let weight = FontWeight(parsing: text) else {
            throw .unknownWeight(text, valid: allCases.map(\.rawValue))
        }
        return weight
    }
}
