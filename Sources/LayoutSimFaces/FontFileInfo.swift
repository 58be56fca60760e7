import LayoutSimModel

/// A font file a report's layout used.
public struct FontFileInfo: Sendable, Hashable {
    /// The file as reports name it: `Fonts/<file>` for bundled fonts, the given path otherwise.
    public let name: String
    /// SHA-256 of the file, lowercase hex.
    public let sha256: String
}
