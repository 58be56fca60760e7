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

/// How a row shares its width among its children: the rules `HStack` follows in the common cases.
///
/// 1. Views that are not text take their width, and each gap between adjacent children the row's spacing.
/// 2. Texts are served by `layoutPriority`, highest first: each gets its ideal width (its text on one line) if
///    what is left allows, else what is left (the lower priorities' minimum is taken as 0: a text that gives way can
///    shrink to its ellipsis and below).
/// 3. Texts of equal priority share as SwiftUI's stack does: the least flexible (narrowest ideal) first, each
///    offered an equal share of what is left and taking at most its ideal width, so that what a narrow text does
///    not use goes to the wider ones.
///
/// UIKit's `UIStackView` (`.fill`) sizes by content hugging and compression resistance: the label with the higher
/// compression resistance is the one with the higher `layoutPriority` here. Equal priorities are ambiguous in Auto
/// Layout; layoutsim shares them as SwiftUI does. Not modelled: `Spacer`s, `.fixedSize()`, `frame(minWidth:)`,
/// `.fillEqually` / `.fillProportionally` distributions, and a text's minimum width.
public enum RowSharing {
    /// A text child's ideal width and priority.
    public struct Text: Sendable, Hashable {
        public var ideal: Double
        public var priority: Double
        public init(ideal: Double, priority: Double) {
            self.ideal = ideal
            self.priority = priority
        }
    }

    /// The width each text gets, in the order given, in a row whose width is `width` after `fixed` points of views
    /// and gaps.
    public static func share(width: Double, fixed: Double, texts: [Text]) -> [Double] {
        var widths = [Double](repeating: 0, count: texts.count)
        var left = max(0, width - fixed)
        let priorities = Set(texts.map(\.priority)).sorted(by: >)
        for priority in priorities {
            // Least flexible first: ascending ideal width, then in order.
            let members = texts.indices.filter { texts[$0].priority == priority }
                .sorted { (texts[$0].ideal, $0) < (texts[$1].ideal, $1) }
            for (offset, index) in members.enumerated() {
                let offer = left / Double(members.count - offset)
                let take = min(max(0, texts[index].ideal), offer)
                widths[index] = take
                left = max(0, left - take)
            }
        }
        return widths
    }
}

extension CategoryLimits {
    /// Whether `category` lies within the limits.
    public func contains(_ category: ContentSizeCategory) -> Bool {
        (minimum.map { category >= $0 } ?? true) && (maximum.map { category <= $0 } ?? true)
    }
}
