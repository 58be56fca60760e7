/// Limits on the content size category a view may use: UIKit's `UIView.minimumContentSizeCategory` /
/// `maximumContentSizeCategory` (iOS 15+) and SwiftUI's `.dynamicTypeSize(_:)` range modifier.
///
/// Semantics modelled (see `dynamic-type.md` §5):
/// - A view's effective category is the user's preferred category clamped into `minimum...maximum`
///   (``apply(to:)``). `nil` means no bound on that side; the default is no limits at all.
/// - **min > max:** only the maximum applies. Source: useyourloaf.com, "Restricting Dynamic Type Sizes"
///   (one secondary source, no Apple text found; medium confidence).
/// - **Nesting:** limits are inherited by subviews and the most restrictive bound wins, in effect an intersection
///   (``intersecting(_:)``). Example from useyourloaf's `appliedContentSizeCategoryLimitsDescription` output:
///   preferred AX1, root view ≤ XL, label ≤ XXXL → the label gets XL (medium confidence). SwiftUI documents the same
///   for nested `.dynamicTypeSize` ranges ("the result is their intersection").
public struct CategoryLimits: Sendable, Hashable {
    /// The smallest category allowed, or `nil` for no lower bound (UIKit `minimumContentSizeCategory`).
    public var minimum: ContentSizeCategory?
    /// The largest category allowed, or `nil` for no upper bound (UIKit `maximumContentSizeCategory`).
    public var maximum: ContentSizeCategory?

    /// No limits: every preferred category passes through unchanged.
    public static let unlimited = CategoryLimits()

    /// Creates limits; both bounds default to `nil` (unlimited).
    public init(minimum: ContentSizeCategory? = nil, maximum: ContentSizeCategory? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// SwiftUI `.dynamicTypeSize(a...b)`: both bounds.
    public init(swiftUIRange range: ClosedRange<ContentSizeCategory>) {
        self.init(minimum: range.lowerBound, maximum: range.upperBound)
    }

    /// SwiftUI `.dynamicTypeSize(...b)`: an upper bound only.
    public init(swiftUIRange range: PartialRangeThrough<ContentSizeCategory>) {
        self.init(minimum: nil, maximum: range.upperBound)
    }

    /// SwiftUI `.dynamicTypeSize(a...)`: a lower bound only.
    public init(swiftUIRange range: PartialRangeFrom<ContentSizeCategory>) {
        self.init(minimum: range.lowerBound, maximum: nil)
    }

    /// `true` when both bounds are set and `minimum > maximum`; then only ``maximum`` applies.
    public var isInverted: Bool {
        guard let minimum, let maximum else { return false }
        return minimum > maximum
    }

    /// The category a view with these limits uses when the user prefers `preferred`:
    /// `preferred` clamped into `minimum...maximum`. If `minimum > maximum`, the minimum is ignored and only the
    /// maximum applies (UIKit behaviour reported by useyourloaf; medium confidence).
    public func apply(to preferred: ContentSizeCategory) -> ContentSizeCategory {
        var result = preferred
        if let minimum, !isInverted {
            result = Swift.max(result, minimum)
        }
        if let maximum {
            result = Swift.min(result, maximum)
        }
        return result
    }

    /// The limits in effect for a subview that sets `inner` inside a view limited by `self`: the most restrictive
    /// bound wins on each side (the larger minimum, the smaller maximum; a `nil` bound never wins).
    ///
    /// The result may be inverted (minimum > maximum) if the two ranges do not overlap; ``apply(to:)`` then uses
    /// only the maximum. Intersection is commutative, so the order of nesting does not matter.
    public func intersecting(_ inner: CategoryLimits) -> CategoryLimits {
        CategoryLimits(
            minimum: Self.combine(minimum, inner.minimum, by: Swift.max),
            maximum: Self.combine(maximum, inner.maximum, by: Swift.min)
        )
    }

    private static func combine(
        _ a: ContentSizeCategory?, _ b: ContentSizeCategory?,
        by pick: (ContentSizeCategory, ContentSizeCategory) -> ContentSizeCategory
    ) -> ContentSizeCategory? {
        switch (a, b) {
        case let (a?, b?): pick(a, b)
        case let (a?, nil): a
        case let (nil, b?): b
        case (nil, nil): nil
        }
    }
}
