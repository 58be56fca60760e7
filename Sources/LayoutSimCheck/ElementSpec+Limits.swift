import LayoutSimModel

extension CategoryLimits: SpecValue {
    /// `a...b`, `...b`, `a...` (SwiftUI's `.dynamicTypeSize` ranges), with any category name.
    package static func read(_ text: FieldText, field: String) throws(SpecValueError) -> CategoryLimits {
        let range = try single(text, field: field, "a string")
        let parts = range.components(separatedBy: "...")
        guard parts.count == 2, !(parts[0].isEmpty && parts[1].isEmpty) else {
            throw SpecValueError("'\(field)' must be a range: a...b, ...b or a... (got '\(range)')")
        }
        func bound(_ name: String) throws(SpecValueError) -> ContentSizeCategory? {
            guard !name.isEmpty else { return nil }
            guard let category = ContentSizeCategory(parsing: name) else {
                throw SpecValueError("unknown category '\(name)'; valid: \(ContentSizeCategory.validNames)")
            }
            return category
        }
        let limits = CategoryLimits(minimum: try bound(parts[0]), maximum: try bound(parts[1]))
        if limits.isInverted { throw SpecValueError("'\(field)': \(range) is an empty range") }
        return limits
    }
}

extension ElementSpec {
    /// The element's category limits: its minimum and maximum categories intersected with its `dynamicTypeSize`.
    public var categoryLimits: CategoryLimits {
        CategoryLimits(minimum: minimumContentSizeCategory, maximum: maximumContentSizeCategory)
            .intersecting(dynamicTypeSize ?? .unlimited)
    }
}
