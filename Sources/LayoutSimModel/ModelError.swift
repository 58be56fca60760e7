/// Errors raised by the `Model` layer when parsing names, ranges or values from user input.
///
/// Every case renders as one lowercase line that says what is wrong and, where it helps,
/// lists the accepted names (see ``description``).
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A content size category name was not recognised. `valid` holds the accepted names.
    case unknownCategory(String, valid: [String])
    /// A text style name was not recognised. `valid` holds the accepted names.
    case unknownStyle(String, valid: [String])
    /// A font weight name was not recognised. `valid` holds the accepted names.
    case unknownWeight(String, valid: [String])
    /// A category range expression parsed but selected no categories (e.g. `"AX5...xS"` or `""`).
    case emptyCategoryRange(String)
    /// The type-scale table has no value for this style at this category
    /// (only the Large size of `extraLargeTitle` / `extraLargeTitle2` is known).
    case categoryUnknownForStyle(TextStyle, ContentSizeCategory)
    /// The style cannot drive `UIFontMetrics`-style scaling because its leading ramp is unknown
    /// (the partial styles `extraLargeTitle`, `extraLargeTitle2`). `valid` lists the usable styles.
    case unscalableStyle(TextStyle, valid: [String])
    /// A numeric or other value was invalid; the payload explains why.
    case invalidValue(String)

    /// A one-line, lowercase message naming the problem and listing the valid names.
    public var description: String {
        switch self {
        case let .unknownCategory(name, valid):
            return "unknown content size category '\(name)'; valid names: \(valid.joined(separator: ", "))"
        case let .unknownStyle(name, valid):
            return "unknown text style '\(name)'; valid names: \(valid.joined(separator: ", "))"
        case let .unknownWeight(name, valid):
            return "unknown font weight '\(name)'; valid names: \(valid.joined(separator: ", "))"
        case let .emptyCategoryRange(text):
            let valid = ContentSizeCategory.allCases.map(\.shortName).joined(separator: ", ")
            return "category range '\(text)' selects no categories; use a name, 'a...b', '...b', 'a...', 'all' "
                + "or a comma-separated list of those (names: \(valid))"
        case let .categoryUnknownForStyle(style, category):
            let known = ContentSizeCategory.allCases
                .filter { TypeScale.isKnown(style, $0) }
                .map(\.shortName)
                .joined(separator: ", ")
            return "no published size for text style '\(style.rawValue)' at category \(category.shortName); "
                + "known categories for it: \(known.isEmpty ? "none" : known)"
        case let .unscalableStyle(style, valid):
            return "text style '\(style.rawValue)' has no published per-category table, so values cannot be scaled "
                + "relative to it; valid styles: \(valid.joined(separator: ", "))"
        case let .invalidValue(message):
            return "invalid value: \(message)"
        }
    }
}
