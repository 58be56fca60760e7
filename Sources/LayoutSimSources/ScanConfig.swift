import LayoutSimModel

/// What the user tells the scan that the code does not (`--config FILE`): design-system font aliases it cannot
/// follow, and label subclasses that set their style at run time.
public struct ScanConfig: Sendable {
    /// A font alias's meaning: `fontAliases: {scaledFootnote: {style: footnote}}`.
    public struct AliasFont: Sendable, Hashable {
        public var font: PlaceFont
        public var weight: FontWeight?

        public init(font: PlaceFont, weight: FontWeight? = nil) {
            self.font = font
            self.weight = weight
        }
    }

    /// An Interface Builder / UIKit label subclass: a fixed style (`{style: headline}`), or the user-defined runtime
    /// attribute that holds a style's name (`{styleKeyPath: ibEnaStyle}`, its values mapped by `styles`, else taken
    /// as the style's own name).
    public struct CustomClass: Sendable, Hashable {
        public var style: TextStyle?
        public var weight: FontWeight?
        public var styleKeyPath: String?
        public var styles: [String: TextStyle]

        public init(style: TextStyle? = nil, weight: FontWeight? = nil, styleKeyPath: String? = nil, styles: [String: TextStyle] = [:]) {
            self.style = style
            self.weight = weight
            self.styleKeyPath = styleKeyPath
            self.styles = styles
        }
    }

    /// Font aliases by their member name (`appCaption` for `.appCaption` / `Font.appCaption`).
    public var fontAliases: [String: AliasFont] = [:]
    /// Label, button and text field subclasses by class name.
    public var customClasses: [String: CustomClass] = [:]
    /// Paths (globs of `*`, relative to a scanned folder) not to scan, beside the defaults (`.build`, `Pods`,
    /// `Carthage`, `DerivedData`, hidden folders).
    public var exclude: [String] = []
    /// Findings not to report: a rule (`fixed-font-size`), a path glob (`Legacy/*`), or both (`fixed-font-size Legacy/*`).
    public var ignore: [String] = []

    public init() {}
}
