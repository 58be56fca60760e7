import LayoutSimModel
import LayoutSimSupport

/// Something in the code that keeps text from growing with Dynamic Type, with the line to fix.
public struct Finding: Sendable, Hashable {
    public enum Rule: String, Sendable, Hashable, CaseIterable {
        case fixedFontSize = "fixed-font-size"
        case fixedFrameHeight = "fixed-frame-height"
        case unscaledIcon = "unscaled-icon"
        case noContentSizeAdjustment = "no-content-size-adjustment"
        case rowWithoutSwitch = "row-without-switch"
        case cappedTypeSize = "capped-type-size"
        case attributedFixedFont = "attributed-fixed-font"
        case minimumScaleHidesTruncation = "minimum-scale-hides-truncation"
    }

    /// `error` fails the scan (status 1) unless suppressed or in the baseline; `warning` and `note` are said.
    public enum Severity: String, Sendable, Hashable, Comparable {
        case note, warning, error
        private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    public var rule: Rule
    public var severity: Severity
    public var location: SourceLocation
    /// What goes wrong, and from which category.
    public var message: String
    /// What to write instead.
    public var fix: String
    /// The catalog keys shown with it (none for text that is not localized).
    public var keys: [String] = []
    /// The code the finding is about, as written (part of the id).
    public var code: String
    /// Known from the baseline: said, not failing.
    public var known = false

    public init(_ rule: Rule, _ severity: Severity, at location: SourceLocation, code: String, message: String, fix: String, keys: [String] = []) {
        self.rule = rule
        self.severity = severity
        self.location = location
        self.code = code
        self.message = message
        self.fix = fix
        self.keys = keys
    }

    /// Stable while the code stays the same, wherever its line moves: the rule, the file, and a hash of the code and
    /// the keys.
    public var id: String {
        let digest = SHA256.hexDigest(of: Array((code + "\u{0}" + keys.joined(separator: "\u{0}")).utf8))
        return "\(rule.rawValue):\(location.file):\(digest.prefix(12))"
    }
}
