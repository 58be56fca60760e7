import LayoutSimCatalogs
import LayoutSimModel

/// A length in a spec: fixed points, or points designed for Large that scale with a text style like
/// `@ScaledMetric(relativeTo:)` / `UIFontMetrics.scaledValue(for:)` (an icon, an avatar, a spacing).
public enum SpecLength: Sendable, Hashable {
    case fixed(Double)
    /// Points at Large, scaled by the text style's metrics.
    case scaled(Double, by: FontMetricsScaler)

    /// The length at `category` (the category the view is shown at, its limits applied).
    public func value(at category: ContentSizeCategory) -> Double {
        switch self {
        case .fixed(let points): return points
        case .scaled(let points, let scaler): return scaler.scaledValue(points, at: category)
        }
    }
}

/// One child of a row or column.
public enum GroupItem: Sendable, Hashable {
    /// A view of a fixed or scaled width that is not text (an icon, an avatar, a switch, a fixed gap).
    case view(width: SpecLength)
    /// A catalog string, shown with the element's fields (over the group's), and its `layoutPriority`.
    case key(String, element: ElementSpec, priority: Double)
    /// Text that is not in the catalog (a user's name, a value the app computes), as a sample: it takes room but is
    /// not checked itself.
    case sample(String, element: ElementSpec, priority: Double)

    /// The catalog key of a text child.
    public var key: String? {
        if case .key(let key, _, _) = self { return key }
        return nil
    }
}

/// One way a group lays its children out: a row (`HStack`, a horizontal `UIStackView`) or a column (`VStack`).
public struct GroupLayout: Sendable, Hashable {
    public enum Axis: String, Sendable, Hashable {
        case row, column
    }

    public var axis: Axis
    /// The categories at which this layout may be used (`isAccessibilitySize`, `when: AX1...`), as shown (the
    /// group's limits applied).
    public var when: CategoryLimits = .unlimited
    /// The gap between adjacent children of a row. Default 8 pt (SwiftUI's `HStack` between text and images on iOS;
    /// `UIStackView`'s default is 0: give `spacing: 0`).
    public var spacing: SpecLength = .fixed(GroupLayout.defaultSpacing)
    public var items: [GroupItem]

    /// SwiftUI's default spacing between two texts, or a text and an image, in an `HStack` on iOS.
    public static let defaultSpacing = 8.0

    public init(axis: Axis, items: [GroupItem]) {
        self.axis = axis
        self.items = items
    }

    /// The words for this layout in reports: "row", or "column" (with its number among the alternatives when there
    /// are several: "2: column").
    public func name(index: Int, of count: Int) -> String {
        count > 1 ? "\(index + 1): \(axis.rawValue)" : axis.rawValue
    }
}

/// Several views shown together in one place of a screen: one row or column, or alternatives chosen by category
/// (`isAccessibilitySize`) and by fit (`ViewThatFits`). Its own fields (width, device, insets, limits) are the
/// place's; its text fields (style, lines, line break mode…) are defaults for its text children.
public struct GroupSpec: Sendable, Hashable {
    /// The place's name in reports (`name:`; default the keys joined by " + ").
    public var name: String
    /// The group's own fields.
    public var fields: ElementSpec
    /// The layouts in order: at each category the first that applies there and fits is used, else the last that
    /// applies.
    public var layouts: [GroupLayout]

    /// Every catalog key the group shows, in order, once each.
    public var keys: [String] {
        var seen = Set<String>()
        return layouts.flatMap(\.items).compactMap(\.key).filter { seen.insert($0).inserted }
    }

    /// The group's fields its text children inherit: all but its geometry.
    var textFields: ElementSpec {
        var out = fields
        out.width = nil
        out.device = nil
        out.margins = nil
        out.insets = nil
        out.scaledInsets = nil
        out.height = nil
        out.scaledWidth = nil
        out.scaledHeight = nil
        out.devices = nil
        return out
    }
}

extension CategoryLimits {
    /// Whether `category` lies within the limits.
    public func contains(_ category: ContentSizeCategory) -> Bool {
        (minimum.map { category >= $0 } ?? true) && (maximum.map { category <= $0 } ?? true)
    }
}
