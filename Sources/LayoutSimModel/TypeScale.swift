/// Size, leading and weights of one text style at one content size category.
public struct StyleMetrics: Sendable, Hashable {
    /// The font size in points: `UIFont.preferredFont(forTextStyle:).pointSize`.
    public var pointSize: Double
    /// The HIG "Leading" in points: the designer's baseline-to-baseline line height. This is **not**
    /// `UIFont.lineHeight`. `nil` when unknown (``TextStyle/extraLargeTitle`` and ``TextStyle/extraLargeTitle2``).
    public var leading: Double?
    /// The style's regular weight (e.g. `.semibold` for headline, `.regular` for body).
    public var weight: FontWeight
    /// The weight used with the `.traitBold` symbolic trait / SwiftUI `.bold()` (HIG "emphasized weight").
    /// For the two partial styles no emphasized weight is published and it is assumed equal to ``weight`` (bold).
    public var emphasizedWeight: FontWeight

    /// Creates metrics. `pointSize` and `leading` are in points.
    public init(pointSize: Double, leading: Double?, weight: FontWeight, emphasizedWeight: FontWeight) {
        self.pointSize = pointSize
        self.leading = leading
        self.weight = weight
        self.emphasizedWeight = emphasizedWeight
    }
}

/// Apple's iOS / iPadOS Dynamic Type table, as data: point size, leading and weights for every
/// ``TextStyle`` at every ``ContentSizeCategory``.
///
/// Source (see `dynamic-type.md` §1 of the project reference; confidence high):
/// - sizes and leadings: Apple Human Interface Guidelines, *Typography › Specifications*
///   (https://developer.apple.com/design/human-interface-guidelines/typography#Specifications), identical in four
///   captures from 2023-06 to 2026-02; the emphasized weights first appear in the December 2025 revision;
/// - sizes verified against a runtime dump of `UIFont.preferredFont(forTextStyle:).pointSize`
///   (github.com/temoki/UIKit_DynamicType, commit 161fbef, iOS 13.3 simulator; every style but footnote),
///   and the body row against Flutter's and Chromium's hard-coded iOS tables;
/// - temoki's README table prints caption2 AX5 = 41, a typo: its own raw dump says 40, which is used here;
/// - ``TextStyle/extraLargeTitle`` / ``TextStyle/extraLargeTitle2`` (iOS 17+): only the Large size is published
///   (36 pt / 28 pt, bold; zacwest gist, iOS 17 simulator). Other categories and their leading are unknown.
///
/// Pre-iOS 11 tables that freeze every style but body at XXXL for AX1–AX5 are wrong and are not used.
/// The table is generated from `ios-dynamic-type.json` by `Scripts/gen_type_scale.py`; the tests compare every
/// cell with that JSON.
public enum TypeScale {
    /// One fully known row: twelve sizes and leadings in points, indexed by ``ContentSizeCategory/rawValue``.
    package struct Row: Sendable {
        let weight: FontWeight
        let emphasizedWeight: FontWeight
        let sizes: [Double]
        let leading: [Double]
    }

    /// A partially known style: only its size at ``ContentSizeCategory/large`` (points) and its weight.
    package struct PartialRow: Sendable {
        let weight: FontWeight
        let sizeAtLarge: Double
    }

    /// The styles for which only the Large size is known: ``TextStyle/extraLargeTitle`` and
    /// ``TextStyle/extraLargeTitle2``.
    public static let partialStyles: Set<TextStyle> = [.extraLargeTitle, .extraLargeTitle2]

    /// The styles with a full twelve-category table (every style except ``partialStyles``), in table order.
    public static var fullyKnownStyles: [TextStyle] {
        TextStyle.allCases.filter { !partialStyles.contains($0) }
    }

    /// The metrics of `style` at `category`, or `nil` when unknown
    /// (only for the ``partialStyles`` at a category other than ``ContentSizeCategory/large``).
    public static func metrics(_ style: TextStyle, _ category: ContentSizeCategory) -> StyleMetrics? {
        if let row = rowsByStyle[style.tableIndex] {
            let index = category.rawValue
            guard row.sizes.indices.contains(index), row.leading.indices.contains(index) else { return nil }
            return StyleMetrics(
                pointSize: row.sizes[index],
                leading: row.leading[index],
                weight: row.weight,
                emphasizedWeight: row.emphasizedWeight
            )
        }
        if category == .large, let partial = partialRows[style] {
            return StyleMetrics(
                pointSize: partial.sizeAtLarge,
                leading: nil,
                weight: partial.weight,
                emphasizedWeight: partial.weight
            )
        }
        return nil
    }

    /// ``fullRows`` by ``TextStyle/tableIndex``: a lookup per category without hashing the style's name.
    private static let rowsByStyle: [Row?] = TextStyle.allCases.map { fullRows[$0] }

    /// The metrics of `style` at `category`, or ``ModelError/categoryUnknownForStyle(_:_:)`` when unknown.
    public static func requiredMetrics(
        _ style: TextStyle, _ category: ContentSizeCategory
    ) throws(ModelError) -> StyleMetrics {
        guard let metrics = metrics(style, category) else {
            throw .categoryUnknownForStyle(style, category)
        }
        return metrics
    }

    /// `true` if ``metrics(_:_:)`` has a value for `style` at `category`.
    public static func isKnown(_ style: TextStyle, _ category: ContentSizeCategory) -> Bool {
        metrics(style, category) != nil
    }

    /// The point size of `style` at `category` (points), or `nil` when unknown.
    public static func pointSize(_ style: TextStyle, _ category: ContentSizeCategory) -> Double? {
        metrics(style, category)?.pointSize
    }

    /// The HIG leading of `style` at `category` (points), or `nil` when unknown.
    public static func leading(_ style: TextStyle, _ category: ContentSizeCategory) -> Double? {
        metrics(style, category)?.leading
    }

    // GENERATED by Scripts/gen_type_scale.py from ios-dynamic-type.json. Do not edit by hand.
    // Columns: xS, S, M, L, XL, XXL, XXXL, AX1, AX2, AX3, AX4, AX5.
    package static let fullRows: [TextStyle: Row] = [
        .largeTitle: Row(
            weight: .regular, emphasizedWeight: .bold,
            sizes: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
            leading: [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70]
        ),
        .title1: Row(
            weight: .regular, emphasizedWeight: .bold,
            sizes: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
            leading: [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 62, 68]
        ),
        .title2: Row(
            weight: .regular, emphasizedWeight: .bold,
            sizes: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
            leading: [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66]
        ),
        .title3: Row(
            weight: .regular, emphasizedWeight: .semibold,
            sizes: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
            leading: [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65]
        ),
        .headline: Row(
            weight: .semibold, emphasizedWeight: .semibold,
            sizes: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
            leading: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62]
        ),
        .body: Row(
            weight: .regular, emphasizedWeight: .semibold,
            sizes: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
            leading: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62]
        ),
        .callout: Row(
            weight: .regular, emphasizedWeight: .semibold,
            sizes: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
            leading: [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60]
        ),
        .subheadline: Row(
            weight: .regular, emphasizedWeight: .semibold,
            sizes: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
            leading: [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 50, 58]
        ),
        .footnote: Row(
            weight: .regular, emphasizedWeight: .semibold,
            sizes: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
            leading: [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 46, 52]
        ),
        .caption1: Row(
            weight: .regular, emphasizedWeight: .semibold,
            sizes: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
            leading: [13, 13, 13, 16, 19, 21, 23, 28, 32, 39, 44, 51]
        ),
        .caption2: Row(
            weight: .regular, emphasizedWeight: .semibold,
            sizes: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
            leading: [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 48]
        ),
    ]

    package static let partialRows: [TextStyle: PartialRow] = [
        .extraLargeTitle: PartialRow(weight: .bold, sizeAtLarge: 36),
        .extraLargeTitle2: PartialRow(weight: .bold, sizeAtLarge: 28),
    ]
    // END GENERATED
}
