import LayoutSimCatalogs
import LayoutSimModel

/// A position in a scanned file: 1-based line and column (in Swift, the column in UTF-8 bytes, as the compiler counts).
/// The same value as a catalog's key position, so reports and coverage speak of both alike.
public typealias SourceLocation = CatalogSourceLocation

/// How sure the scan is of what it read: `exact` (Interface Builder's own attribute, a literal argument), `high`
/// (stated at the place or inherited from a container), `medium` (a guess the code supports: an interpolation's
/// type), `low` (a component's default, an assumption about the device).
public enum Confidence: String, Sendable, Hashable, CaseIterable, Comparable {
    case low, medium, high, exact

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    public static func < (a: Confidence, b: Confidence) -> Bool { a.rank < b.rank }
}

/// Where a field's value came from: the code that says it, where it is, and how sure the scan is.
public struct Evidence: Sendable, Hashable {
    public var location: SourceLocation
    /// The code as written, trimmed to one line (`.font(.footnote)`, `numberOfLines="0"`).
    public var code: String
    public var confidence: Confidence

    public init(_ code: String, at location: SourceLocation, confidence: Confidence) {
        self.location = location
        self.code = code
        self.confidence = confidence
    }
}

/// A value read from the sources with its evidence.
public struct Sourced<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    public var evidence: Evidence

    public init(_ value: Value, _ evidence: Evidence) {
        self.value = value
        self.evidence = evidence
    }
}

/// The font the code gives a place.
public enum PlaceFont: Sendable, Hashable {
    /// A text style: scales with Dynamic Type.
    case style(TextStyle)
    /// A fixed point size: never scales (`.system(size:)`, `UIFont.systemFont(ofSize:)`, IB's `pointSize`).
    case fixed(size: Double)
    /// A size scaled like a style (`.custom(_:size:relativeTo:)`, `UIFontMetrics(forTextStyle:).scaledFont(for:)`).
    case scaled(size: Double, relativeTo: TextStyle)
}

/// What kind of view shows the string (`view` in the JSON).
public enum ViewKind: String, Sendable, Hashable, CaseIterable {
    // SwiftUI
    case text = "Text"
    case button = "Button"
    case label = "Label"
    case toggle = "Toggle"
    case picker = "Picker"
    case pickerOption = "Picker option"
    case sectionHeader = "Section header"
    case sectionFooter = "Section footer"
    case navigationTitle = "navigationTitle"
    /// A title with `.navigationBarTitleDisplayMode(.inline)`: in the bar, headline.
    case inlineNavigationTitle = "navigationTitle (inline)"
    case link = "Link"
    case menu = "Menu"
    case textFieldPrompt = "TextField"
    case alertTitle = "alert title"
    case alertMessage = "alert message"
    case alertButton = "alert button"
    case dialogTitle = "confirmationDialog title"
    case tabItem = "tabItem"
    // UIKit code and Interface Builder
    case uiLabel = "UILabel"
    case uiButton = "UIButton"
    case uiTextField = "UITextField"
    /// A string localized in code whose view could not be told (`String(localized:)` assigned to a property).
    case unknown = "unknown"

    /// Whether the view is SwiftUI's (its texts wrap unless limited) rather than UIKit's (one line unless set).
    public var isSwiftUI: Bool {
        switch self {
        case .uiLabel, .uiButton, .uiTextField: return false
        default: return true
        }
    }
}

/// One place a localized string is shown, with what its code says about the room it has. Fields the code does not
/// state are nil; the draft spec then says what it assumed.
public struct SourcePlace: Sendable, Hashable {
    /// The catalog key (for Interface Builder `OBJECTID.text` / `OBJECTID.normalTitle`).
    public var key: String
    /// The strings table: `Localizable` unless the code names one; a storyboard's own name for its objects.
    public var table: String
    public var location: SourceLocation
    public var view: ViewKind
    /// How sure the key is: `exact` for literals and object ids, `medium` when an interpolation's type was guessed.
    public var keyConfidence: Confidence = .exact
    /// The text as written in the source where it has one (the storyboard's design text, a `defaultValue`).
    public var sourceText: String?
    public var font: Sourced<PlaceFont>?
    public var weight: Sourced<FontWeight>?
    /// The line limit; 0: none.
    public var lines: Sourced<Int>?
    /// A fixed width of the text's frame (`.frame(width:)`, a width constraint, a stack's fixed width).
    public var width: Sourced<Double>?
    /// The most width the frame takes (`.frame(maxWidth:)`), when finite.
    public var maxWidth: Sourced<Double>?
    public var height: Sourced<Double>?
    /// Horizontal room the place's own modifiers and containers take off its width (`.padding`), in points.
    public var horizontalPadding: Sourced<Double>?
    public var minimumCategory: Sourced<ContentSizeCategory>?
    public var maximumCategory: Sourced<ContentSizeCategory>?
    public var minimumScaleFactor: Sourced<Double>?
    public var lineBreakMode: Sourced<LineBreakMode>?
    /// UIKit / Interface Builder: `adjustsFontForContentSizeCategory`.
    public var adjustsFontForContentSizeCategory: Sourced<Bool>?
    /// A UIKit subclass the view is (`customClass="ENALabel"`, `let title = ENALabel()`): it may set its own font
    /// and adjustment in code the scan does not see.
    public var customClass: String?
    /// The row (an `HStack`, a horizontal stack view) the place shares its width in: an id in ``ScanResult/rows``.
    public var row: Int?
    /// What the scan could not settle about this place, in words (a guessed type, an unknown alias).
    public var notes: [String] = []

    public init(key: String, table: String = "Localizable", location: SourceLocation, view: ViewKind) {
        self.key = key
        self.table = table
        self.location = location
        self.view = view
    }
}

/// Views shown side by side that share one width: an `HStack` or a horizontal `UIStackView`.
public struct SourceRow: Sendable, Hashable {
    public enum Member: Sendable, Hashable {
        /// A localized text: an index into ``ScanResult/places``.
        case place(Int)
        /// A view with a fixed width (an icon's `.frame(width:)`, a width constraint).
        case fixed(width: Double)
        /// A width scaled with a text style (`@ScaledMetric(relativeTo:)`).
        case scaled(width: Double, relativeTo: TextStyle)
        /// A text not localized, or a view whose width the code does not state.
        case other(String)
    }

    public var id: Int
    public var location: SourceLocation
    public var spacing: Double?
    public var members: [Member]
    /// Set when the row is one alternative of a `ViewThatFits` or an `isAccessibilitySize` switch: the other
    /// alternative's row id, if it is a row too.
    public var alternative: Alternative?
    /// The row is in a horizontal `ScrollView`: it has all the width it needs.
    public var scrolls = false

    public enum Alternative: Sendable, Hashable {
        /// `ViewThatFits`: the first that fits is shown.
        case viewThatFits
        /// `if dynamicTypeSize.isAccessibilitySize { … } else { this row }`: shown below the accessibility sizes.
        case belowAccessibilitySizes
    }

    public init(id: Int, location: SourceLocation, spacing: Double? = nil, members: [Member] = []) {
        self.id = id
        self.location = location
        self.spacing = spacing
        self.members = members
    }
}

/// Something the scan met and could not turn into a place, or a file it could not read.
public struct ScanNote: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// A string localized at run time whose key the code does not spell (`Text(title)`, a variable key).
        case unresolvedKey = "unresolved-key"
        /// A font alias or custom class the scan cannot follow (map it in the config).
        case unresolvedFont = "unresolved-font"
        /// A file that could not be read or parsed: the rest is still scanned.
        case unreadable
    }

    public var kind: Kind
    public var location: SourceLocation
    public var severity: DiagnosticSeverity
    public var message: String

    public init(_ kind: Kind, at location: SourceLocation, severity: DiagnosticSeverity = .warning, _ message: String) {
        self.kind = kind
        self.location = location
        self.severity = severity
        self.message = message
    }
}

/// What a scan found: the places, the rows they share, and what it could not resolve.
public struct ScanResult: Sendable {
    public var places: [SourcePlace] = []
    public var rows: [SourceRow] = []
    public var notes: [ScanNote] = []
    /// The files scanned, in order.
    public var files: [String] = []
    /// Every string literal in the Swift code (interpolations made into format keys) and where it first appears:
    /// a catalog key with no place but a literal is used somewhere the scan cannot follow to a view.
    public var literals: [String: SourceLocation] = [:]
    /// What the code says about Dynamic Type that will not scale, clip or grow (`layoutsim scan`'s findings).
    public var findings: [Finding] = []
    /// `layoutsim:ignore RULE…` comments: file → line → the rules named (empty: every rule).
    public var suppressions: [String: [Int: [String]]] = [:]

    public init() {}

    /// Appends another file's result, renumbering its rows and the places' row ids.
    public mutating func append(_ other: ScanResult) {
        let placeBase = places.count, rowBase = rows.count
        places += other.places.map { place in
            var place = place
            place.row = place.row.map { $0 + rowBase }
            return place
        }
        rows += other.rows.map { row in
            var row = row
            row.id += rowBase
            row.members = row.members.map { member in
                if case .place(let index) = member { return .place(index + placeBase) }
                return member
            }
            return row
        }
        notes += other.notes
        files += other.files
        literals.merge(other.literals) { first, _ in first }
        findings += other.findings
        suppressions.merge(other.suppressions) { first, _ in first }
    }
}
