/// One of the twelve iOS / iPadOS Dynamic Type content size categories, smallest first.
///
/// The seven standard categories (`xSmall` … `xxxLarge`) are followed by the five accessibility
/// categories (`accessibility1` … `accessibility5`, "AX1"–"AX5"), which a user only gets with
/// Settings › Accessibility › Display & Text Size › Larger Text turned on. The default is ``large``.
///
/// Raw values are the ordinal position, `0...11`; comparison follows that order.
/// In JSON a category is encoded as its SwiftUI `DynamicTypeSize` name (``swiftUIName``, e.g. `"xxxLarge"`).
/// Decoding accepts every spelling that ``init(parsing:)`` accepts.
public enum ContentSizeCategory: Int, CaseIterable, Comparable, Sendable, Hashable, Codable {
    /// Extra small ("xS"; UIKit `.extraSmall`; SwiftUI `.xSmall`).
    case xSmall = 0
    /// Small ("S"; UIKit `.small`; SwiftUI `.small`).
    case small = 1
    /// Medium ("M"; UIKit `.medium`; SwiftUI `.medium`). Not the accessibility medium (that is ``accessibility1``).
    case medium = 2
    /// Large ("L"; UIKit `.large`; SwiftUI `.large`). The system default.
    case large = 3
    /// Extra large ("XL"; UIKit `.extraLarge`; SwiftUI `.xLarge`).
    case xLarge = 4
    /// Extra extra large ("XXL"; UIKit `.extraExtraLarge`; SwiftUI `.xxLarge`).
    case xxLarge = 5
    /// Extra extra extra large ("XXXL"; UIKit `.extraExtraExtraLarge`; SwiftUI `.xxxLarge`). The largest non-accessibility size.
    case xxxLarge = 6
    /// Accessibility medium ("AX1", "AX-M"; UIKit `.accessibilityMedium`; SwiftUI `.accessibility1`).
    case accessibility1 = 7
    /// Accessibility large ("AX2", "AX-L"; UIKit `.accessibilityLarge`; SwiftUI `.accessibility2`).
    case accessibility2 = 8
    /// Accessibility extra large ("AX3", "AX-XL"; UIKit `.accessibilityExtraLarge`; SwiftUI `.accessibility3`).
    case accessibility3 = 9
    /// Accessibility extra extra large ("AX4", "AX-XXL"; UIKit `.accessibilityExtraExtraLarge`; SwiftUI `.accessibility4`).
    case accessibility4 = 10
    /// Accessibility extra extra extra large ("AX5", "AX-XXXL"; UIKit `.accessibilityExtraExtraExtraLarge`;
    /// SwiftUI `.accessibility5`). The largest category.
    case accessibility5 = 11

    /// The system default category, ``large``.
    public static let `default`: ContentSizeCategory = .large

    /// The SwiftUI `DynamicTypeSize` case name, e.g. `"xSmall"`, `"xxxLarge"`, `"accessibility5"`.
    /// This is the JSON encoding.
    public var swiftUIName: String {
        switch self {
        case .xSmall: "xSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "xLarge"
        case .xxLarge: "xxLarge"
        case .xxxLarge: "xxxLarge"
        case .accessibility1: "accessibility1"
        case .accessibility2: "accessibility2"
        case .accessibility3: "accessibility3"
        case .accessibility4: "accessibility4"
        case .accessibility5: "accessibility5"
        }
    }

    /// The compact name used in tables and reports: `"xS"`, `"S"`, `"M"`, `"L"`, `"XL"`, `"XXL"`, `"XXXL"`, `"AX1"` … `"AX5"`.
    public var shortName: String {
        switch self {
        case .xSmall: "xS"
        case .small: "S"
        case .medium: "M"
        case .large: "L"
        case .xLarge: "XL"
        case .xxLarge: "XXL"
        case .xxxLarge: "XXXL"
        case .accessibility1: "AX1"
        case .accessibility2: "AX2"
        case .accessibility3: "AX3"
        case .accessibility4: "AX4"
        case .accessibility5: "AX5"
        }
    }

    /// The UIKit `UIContentSizeCategory` member name (also the deprecated SwiftUI `ContentSizeCategory` name),
    /// e.g. `"extraSmall"`, `"accessibilityMedium"`, `"accessibilityExtraExtraExtraLarge"`.
    public var uikitName: String {
        switch self {
        case .xSmall: "extraSmall"
        case .small: "small"
        case .medium: "medium"
        case .large: "large"
        case .xLarge: "extraLarge"
        case .xxLarge: "extraExtraLarge"
        case .xxxLarge: "extraExtraExtraLarge"
        case .accessibility1: "accessibilityMedium"
        case .accessibility2: "accessibilityLarge"
        case .accessibility3: "accessibilityExtraLarge"
        case .accessibility4: "accessibilityExtraExtraLarge"
        case .accessibility5: "accessibilityExtraExtraExtraLarge"
        }
    }

    /// The `UIContentSizeCategory` raw string, e.g. `"UICTContentSizeCategoryXS"`,
    /// `"UICTContentSizeCategoryAccessibilityXXXL"` (the value of the `-UIPreferredContentSizeCategoryName` launch argument).
    public var rawValueName: String {
        switch self {
        case .xSmall: "UICTContentSizeCategoryXS"
        case .small: "UICTContentSizeCategoryS"
        case .medium: "UICTContentSizeCategoryM"
        case .large: "UICTContentSizeCategoryL"
        case .xLarge: "UICTContentSizeCategoryXL"
        case .xxLarge: "UICTContentSizeCategoryXXL"
        case .xxxLarge: "UICTContentSizeCategoryXXXL"
        case .accessibility1: "UICTContentSizeCategoryAccessibilityM"
        case .accessibility2: "UICTContentSizeCategoryAccessibilityL"
        case .accessibility3: "UICTContentSizeCategoryAccessibilityXL"
        case .accessibility4: "UICTContentSizeCategoryAccessibilityXXL"
        case .accessibility5: "UICTContentSizeCategoryAccessibilityXXXL"
        }
    }

    /// `true` for the five accessibility categories AX1–AX5 (SwiftUI `isAccessibilitySize`).
    public var isAccessibilityCategory: Bool {
        self >= .accessibility1
    }

    /// Orders categories from smallest (``xSmall``) to largest (``accessibility5``).
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The names listed in error messages, one per category: `"xS/xSmall"`, … `"AX5/accessibility5"`.
    public static var validNames: [String] {
        allCases.map { "\($0.shortName)/\($0.swiftUIName)" }
    }

    /// Every accepted spelling, already normalised (see ``normalize(_:)``), with its category.
    ///
    /// Deliberately absent: `"axxl"`, `"axxxl"`, `"axxxxl"` (hyphen-less AX-XL…AX-XXXL), which are too easy to
    /// misread or mistype (is `AXXXL` "AX-XXL" or "A-XXXL"?). The hyphenated forms are accepted.
    package static let aliases: [(String, ContentSizeCategory)] = {
        var list: [(String, ContentSizeCategory)] = []
        for category in allCases {
            list.append((normalize(category.swiftUIName), category))
            list.append((normalize(category.shortName), category))
            list.append((normalize(category.rawValueName), category))
            if normalize(category.uikitName) != normalize(category.swiftUIName) {
                list.append((normalize(category.uikitName), category))
            }
        }
        // Apple's own short forms in UIKit debug output (`appliedContentSizeCategoryLimitsDescription`).
        list += [
            ("ax-m", .accessibility1), ("axm", .accessibility1),
            ("ax-l", .accessibility2), ("axl", .accessibility2),
            ("ax-xl", .accessibility3),
            ("ax-xxl", .accessibility4),
            ("ax-xxxl", .accessibility5),
            ("default", .large),
        ]
        return list
    }()

    private static let aliasTable: [String: ContentSizeCategory] = Dictionary(
        aliases, uniquingKeysWith: { first, _ in first }
    )

    /// Lowercases, trims, drops one leading `.`, a `UIContentSizeCategory.` / `DynamicTypeSize.` /
    /// `ContentSizeCategory.` qualifier or an Objective-C `UIContentSizeCategory` prefix, and removes spaces and
    /// underscores. Hyphens are kept (they matter in `AX-M`).
    package static func normalize(_ text: String) -> String {
        var s = ModelParsing.trim(text).lowercased()
        for prefix in ["uicontentsizecategory.", "dynamictypesize.", "contentsizecategory."] where s.hasPrefix(prefix) {
            s.removeFirst(prefix.count)
        }
        if s.hasPrefix("uicontentsizecategory") {
            s.removeFirst("uicontentsizecategory".count)
        }
        if s.hasPrefix(".") {
            s.removeFirst()
        }
        s.removeAll { $0 == " " || $0 == "_" || $0 == "\t" }
        return s
    }

    /// Parses any common spelling of a category, case-insensitively. Returns `nil` if the text names no category.
    ///
    /// Accepted families (with or without a leading `.`; spaces and underscores are ignored):
    /// - short names: `xS`, `S`, `M`, `L`, `XL`, `XXL`, `XXXL`, `AX1` … `AX5`;
    /// - Apple's debug short forms: `AX-M` (= AX1), `AX-L`, `AX-XL`, `AX-XXL`, `AX-XXXL` (= AX5), and `AXM`, `AXL`;
    /// - UIKit / old SwiftUI `ContentSizeCategory` names: `extraSmall` … `accessibilityExtraExtraExtraLarge`
    ///   (optionally qualified, `UIContentSizeCategory.extraSmall`, or as the Objective-C constant
    ///   `UIContentSizeCategoryExtraSmall`);
    /// - SwiftUI `DynamicTypeSize` names: `xSmall` … `xxxLarge`, `accessibility1` … `accessibility5`;
    /// - raw values: `UICTContentSizeCategoryXS` … `UICTContentSizeCategoryAccessibilityXXXL`;
    /// - `default` (= ``large``).
    ///
    /// `medium` / `M` is the standard medium; `accessibilityMedium` / `AX-M` is ``accessibility1``.
    public init?(parsing text: String) {
        guard let category = Self.aliasTable[Self.normalize(text)] else { return nil }
        self = category
    }

    /// Parses a category or throws ``ModelError/unknownCategory(_:valid:)`` listing ``validNames``.
    public static func parse(_ text: String) throws(ModelError) -> ContentSizeCategory {
        guard let category = ContentSizeCategory(parsing: text) else {
            throw .unknownCategory(text, valid: validNames)
        }
        return category
    }

    /// Parses a category selection and returns the selected categories sorted ascending, without duplicates.
    ///
    /// Grammar: a comma-separated list (union) of items, each one of
    /// - a single category in any spelling ``init(parsing:)`` accepts;
    /// - a closed range `a...b` (both ends included; `a..<b` is not supported);
    /// - a one-sided range `...b` (from ``xSmall``) or `a...` (to ``accessibility5``);
    /// - `all` (every category).
    ///
    /// Examples: `"large...AX5"` → 9 categories (both ends included), `"...xxxLarge"` → 7, `"xS,L,AX5"` → 3, `"all"` → 12.
    /// Throws ``ModelError/unknownCategory(_:valid:)`` for a bad name, ``ModelError/invalidValue(_:)`` for a
    /// half-open range, and ``ModelError/emptyCategoryRange(_:)`` if nothing is selected (e.g. `"AX5...xS"`, `""`).
    public static func parseRange(_ text: String) throws(ModelError) -> [ContentSizeCategory] {
        var selected = Set<ContentSizeCategory>()
        for rawPart in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = ModelParsing.trim(rawPart)
            if part.isEmpty { continue }
            if part.lowercased() == "all" {
                selected.formUnion(allCases)
                continue
            }
            if part.contains("..<") {
                throw .invalidValue("half-open range '\(part)' is not supported; use a closed range such as 'large...AX5'")
            }
            guard let operatorRange = part.firstRange(of: "...") else {
                selected.insert(try parse(part))
                continue
            }
            let lowerText = ModelParsing.trim(part[..<operatorRange.lowerBound])
            let upperText = ModelParsing.trim(part[operatorRange.upperBound...])
            if lowerText.isEmpty && upperText.isEmpty {
                throw .unknownCategory(part, valid: validNames)
            }
            let lower = lowerText.isEmpty ? ContentSizeCategory.xSmall : try parse(lowerText)
            let upper = upperText.isEmpty ? ContentSizeCategory.accessibility5 : try parse(upperText)
            if lower <= upper {
                selected.formUnion(allCases.filter { $0 >= lower && $0 <= upper })
            }
        }
        if selected.isEmpty {
            throw .emptyCategoryRange(text)
        }
        return selected.sorted()
    }

    /// Encodes the category as its SwiftUI name (``swiftUIName``), e.g. `"accessibility1"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(swiftUIName)
    }

    /// Decodes a category from a string; any spelling ``init(parsing:)`` accepts is allowed
    /// (the canonical form is the SwiftUI name).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let category = ContentSizeCategory(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: ModelError.unknownCategory(text, valid: Self.validNames).description
            )
        }
        self = category
    }
}

/// Small Foundation-free text helpers shared by the `Model` parsers.
package enum ModelParsing {
    /// `text` without leading and trailing spaces, tabs and newlines.
    package static func trim(_ text: some StringProtocol) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }
}
