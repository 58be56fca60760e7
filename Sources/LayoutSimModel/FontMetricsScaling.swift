/// A model of `UIFontMetrics` (`scaledValue(for:)`, `scaledFont(for:maximumPointSize:)`) and SwiftUI
/// `@ScaledMetric(relativeTo:)`: how a custom value or custom font size written for the Large category scales
/// at another ``ContentSizeCategory``.
///
/// **Model** (no Apple source gives the formula; this is fitted, not documented):
///
///     scaled = round₁⸝₃( value × leading[style][category] / leading[style][.large] )
///
/// where `leading` is the HIG leading column of ``TypeScale`` and `round₁⸝₃(x) = (x × 3).rounded() / 3`
/// (nearest third of a point, halves away from zero). `maximumPointSize` clamps after scaling:
/// `min(scaled, maximumPointSize)`.
///
/// The model reproduces all eight public measurements exactly (Jared Sinclair, "Scaled Metric Surprises on iOS &
/// iPadOS", 2024; StackOverflow q/51243804, iOS 11):
/// body 17 → 16.333… at M, 22 → 62 at AX5, 22 → 19 at xS, 11 → 10.667 at M, 110 → 105 at M;
/// largeTitle 22 → 37.667 at AX5, 22 → 20.333 at xS; `scaledFont` of a 17 pt font relative to body → 48 at AX5.
/// The obvious alternative, the style's *point-size* ratio (`size[cat] / size[.large]`, used by Flutter, Chromium
/// and React Native ports), fits **none** of them (e.g. it gives 16 instead of 16.333 and 53 instead of 48).
/// Eight measurements is a small sample: treat results as estimates (roughly ±⅓ pt) until checked on a device.
/// At ``ContentSizeCategory/large``, the category values are designed for, the value is returned unchanged (not rounded).
public struct FontMetricsScaler: Sendable, Hashable {
    /// The text style whose scaling curve is used (`UIFontMetrics(forTextStyle:)`); `.body` for `UIFontMetrics.default`.
    public let style: TextStyle

    /// The style's twelve HIG leadings (points), indexed by ``ContentSizeCategory/rawValue``.
    private let leadings: [Double]

    /// Creates a scaler for `style` (default `.body`, like `UIFontMetrics.default` and `@ScaledMetric`).
    ///
    /// Throws ``ModelError/unscalableStyle(_:valid:)`` for ``TypeScale/partialStyles``
    /// (`extraLargeTitle`, `extraLargeTitle2`), whose leading ramp is unknown.
    public init(relativeTo style: TextStyle = .body) throws(ModelError) {
        var leadings: [Double] = []
        for category in ContentSizeCategory.allCases {
            guard let leading = TypeScale.leading(style, category) else {
                throw .unscalableStyle(style, valid: TypeScale.fullyKnownStyles.map(\.rawValue))
            }
            leadings.append(leading)
        }
        self.style = style
        self.leadings = leadings
    }

    /// The unrounded scale factor `leading[category] / leading[.large]` (1 at Large).
    public func scaleFactor(at category: ContentSizeCategory) -> Double {
        let base = leadings[ContentSizeCategory.large.rawValue]
        return leadings[category.rawValue] / base
    }

    /// `UIFontMetrics.scaledValue(for:)` / `@ScaledMetric`: `value` (points, designed for Large) scaled to
    /// `category`, rounded to the nearest ⅓ pt. Non-finite values are returned unchanged.
    public func scaledValue(_ value: Double, at category: ContentSizeCategory) -> Double {
        // At Large, the category every value is designed for, the value is returned unchanged (not rounded):
        // a design choice; no measurement at Large is published.
        guard value.isFinite, category != .large else { return value }
        let base = leadings[ContentSizeCategory.large.rawValue]
        let raw = value * leadings[category.rawValue] / base
        return (raw * 3).rounded() / 3
    }

    /// `UIFontMetrics.scaledFont(for:maximumPointSize:)`: the point size a font of `size` points (designed for
    /// Large) gets at `category`. Same model as ``scaledValue(_:at:)``, then clamped to `maximumPointSize`
    /// (points; `nil`, the default, means no limit) after scaling and rounding.
    public func scaledFontSize(
        _ size: Double, at category: ContentSizeCategory, maximumPointSize: Double? = nil
    ) -> Double {
        let scaled = scaledValue(size, at: category)
        guard let maximumPointSize else { return scaled }
        return min(scaled, maximumPointSize)
    }
}
