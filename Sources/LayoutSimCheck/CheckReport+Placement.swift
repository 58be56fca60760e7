import LayoutSimModel
import LayoutSimSupport

extension CheckResult {
    /// Where a child of a group (a row, a column, alternatives) was laid out.
    public struct Placement: Sendable, Hashable, Codable {
        /// The group's name.
        public var group: String
        /// Each category the text is shown at: the layout used there and the width the text had.
        public var at: [Slot]
        /// Categories at which the layout used does not show the text (not checked there).
        public var hiddenAt: [String]
        /// When the text fails in a row: the row's width at which it would get the width its remedy needs, its
        /// siblings keeping theirs (more than the screen has says the layout, not the text, must change), and where.
        public var neededGroupWidth: Double?
        public var neededGroupWidthAt: String?

        public struct Slot: Sendable, Hashable, Codable {
            /// The category (SwiftUI name).
            public var category: String
            /// The layout used: "row", "column", or "2: column" among alternatives.
            public var layout: String
            /// The text's width there, insets included, points.
            public var width: Double
            /// The group's width there (after its insets), points.
            public var groupWidth: Double

            public init(category: String, layout: String, width: Double, groupWidth: Double) {
                self.category = category
                self.layout = layout
                self.width = width
                self.groupWidth = groupWidth
            }
        }

        public init(group: String, at: [Slot], hiddenAt: [String]) {
            self.group = group
            self.at = at
            self.hiddenAt = hiddenAt
        }

        /// The slot at `category`.
        public func slot(at category: ContentSizeCategory?) -> Slot? {
            guard let category else { return nil }
            return at.first { $0.category == category.swiftUIName }
        }

        package func write(to w: inout JSONWriter) throws {
            try w.beginObject()
            w.key("at"); try w.beginArray()
            for slot in at {
                try w.beginObject()
                try w.field("category", slot.category)
                try w.field("groupWidth", slot.groupWidth)
                try w.field("layout", slot.layout)
                try w.field("width", slot.width)
                try w.endObject()
            }
            try w.endArray()
            try w.field("group", group)
            w.key("hiddenAt"); try w.strings(hiddenAt)
            if let neededGroupWidth, let neededGroupWidthAt {
                try w.field("neededGroupWidth", neededGroupWidth)
                try w.field("neededGroupWidthAt", neededGroupWidthAt)
            }
            try w.endObject()
        }
    }
}
