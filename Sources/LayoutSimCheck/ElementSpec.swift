import Foundation
import LayoutSimCatalogs
import LayoutSimModel

/// One element of a spec (or `layoutsim fit`'s options, which are the same fields): a key pattern and the label it
/// is shown in. Every field is optional (inherited from `defaults`) and typed: a bad value is an error where it is
/// written, once, with the valid names.
///
/// The fields are declared here and listed once in ``fields``, which reads them (from a spec file or the command
/// line), names them, and layers an element over the defaults.
public struct ElementSpec: Sendable, Hashable {
    /// Key or glob.
    public var key: String?
    /// The place's name in reports, for a key the spec shows in several places (default: the key).
    public var name: String?
    /// Where the element was written (for diagnostics and reports).
    public var location: CatalogSourceLocation?
    public var style: TextStyle?
    /// Font files: the primary, then fallbacks (paths in a spec are relative to the spec file).
    public var font: [String]?
    public var relativeTo: TextStyle?
    public var size: Double?
    public var maxSize: Double?
    public var weight: FontWeight?
    public var emphasized: Bool?
    public var width: Double?
    /// The width as `@ScaledMetric` sizes it: points at Large, scaled with `relativeTo` (else the style, else body).
    public var scaledWidth: Double?
    public var device: DevicePreset?
    public var margins: Double?
    public var lines: Int?
    /// A fixed frame's height (`.frame(height:)`, a height constraint): the text's height is judged against it.
    public var height: Double?
    /// A frame height sized with `@ScaledMetric`: points at Large, scaled like ``scaledWidth``.
    public var scaledHeight: Double?
    /// Top, left, bottom, right (one number in a spec means all four).
    public var insets: EdgeInsets?
    public var scaledInsets: Bool?
    public var view: ViewPreset?
    public var lineBreakMode: LineBreakMode?
    public var lineBreakStrategy: LineBreakStrategy?
    public var minimumScaleFactor: Double?
    public var tightening: Bool?
    public var alignment: TextAlignment?
    public var lineSpacing: LineSpacing?
    public var lineHeight: LineHeightPolicy?
    public var sizingRule: SizingRule?
    public var clipsToBounds: Bool?
    public var allowWordBreak: Bool?
    public var mustFitThrough: ContentSizeCategory?
    /// CJK line-start rules: strict (default, untagged text on iOS), normal or loose (a typesetting language set).
    public var lineBreakRules: LineBreakRules?
    /// Whether the stand-ins are calibrated to iOS's fonts (default on).
    public var calibration: CalibrationSetting?
    /// UIKit's `minimumContentSizeCategory`.
    public var minimumContentSizeCategory: ContentSizeCategory?
    /// UIKit's `maximumContentSizeCategory`.
    public var maximumContentSizeCategory: ContentSizeCategory?
    /// SwiftUI's `.dynamicTypeSize(range)`: `a...b`, `...b` or `a...`.
    public var dynamicTypeSize: CategoryLimits?
    /// Fields that differ for an `.xcstrings` device variant, by device (`ipad: {width: 500}`), over this element's.
    public var devices: [String: ElementSpec]?
    /// Fields that differ for a locale (`locales: {de: {width: 250}, ja: {lineBreakRules: normal}}`), over this
    /// element's and its device's; a tag also serves its regional variants (`de` for `de-CH`) without one of their own.
    public var locales: [String: ElementSpec]?

    /// The device names of `.xcstrings` device variations that `devices` may name.
    public static let deviceNames = VariationExpander.deviceOrder

    /// Devices whose variants are shown at a different size than an iPhone's: a variant for one of them with no
    /// `devices` entry is checked with the element's own geometry, and a warning says so.
    public static let devicesNeedingGeometry: Set<String> = ["ipad", "mac", "applewatch", "appletv", "vision"]

    /// Creates an empty element.
    public init() {}

    /// The fields as written in spec files, each with how it is read and inherited: the one list of them.
    package static let fields: [ElementField] = [
        ElementField("key", { $0.key }, { $0.key = $1 }),
        ElementField("style", { $0.style }, { $0.style = $1 }),
        ElementField("font", { $0.font }, { $0.font = $1 }),
        ElementField("relativeTo", { $0.relativeTo }, { $0.relativeTo = $1 }),
        ElementField("size", { $0.size }, { $0.size = $1 }),
        ElementField("maxSize", { $0.maxSize }, { $0.maxSize = $1 }),
        ElementField("weight", { $0.weight }, { $0.weight = $1 }),
        ElementField("emphasized", { $0.emphasized }, { $0.emphasized = $1 }),
        ElementField("width", { $0.width }, { $0.width = $1 }),
        ElementField("scaledWidth", { $0.scaledWidth }, { $0.scaledWidth = $1 }),
        ElementField("device", { $0.device }, { $0.device = $1 }),
        ElementField("margins", { $0.margins }, { $0.margins = $1 }),
        ElementField("lines", { $0.lines }, { $0.lines = $1 }),
        ElementField("height", { $0.height }, { $0.height = $1 }),
        ElementField("scaledHeight", { $0.scaledHeight }, { $0.scaledHeight = $1 }),
        ElementField("insets", { $0.insets }, { $0.insets = $1 }),
        ElementField("scaledInsets", { $0.scaledInsets }, { $0.scaledInsets = $1 }),
        ElementField("view", { $0.view }, { $0.view = $1 }),
        ElementField("lineBreakMode", { $0.lineBreakMode }, { $0.lineBreakMode = $1 }),
        ElementField("lineBreakStrategy", { $0.lineBreakStrategy }, { $0.lineBreakStrategy = $1 }),
        ElementField("minimumScaleFactor", { $0.minimumScaleFactor }, { $0.minimumScaleFactor = $1 }),
        ElementField("tightening", { $0.tightening }, { $0.tightening = $1 }),
        ElementField("alignment", { $0.alignment }, { $0.alignment = $1 }),
        ElementField("lineSpacing", { $0.lineSpacing }, { $0.lineSpacing = $1 }),
        ElementField("lineHeight", { $0.lineHeight }, { $0.lineHeight = $1 }),
        ElementField("sizingRule", { $0.sizingRule }, { $0.sizingRule = $1 }),
        ElementField("clipsToBounds", { $0.clipsToBounds }, { $0.clipsToBounds = $1 }),
        ElementField("allowWordBreak", { $0.allowWordBreak }, { $0.allowWordBreak = $1 }),
        ElementField("mustFitThrough", { $0.mustFitThrough }, { $0.mustFitThrough = $1 }),
        ElementField("lineBreakRules", { $0.lineBreakRules }, { $0.lineBreakRules = $1 }),
        ElementField("calibration", { $0.calibration }, { $0.calibration = $1 }),
        ElementField("minimumContentSizeCategory", { $0.minimumContentSizeCategory }, { $0.minimumContentSizeCategory = $1 }),
        ElementField("maximumContentSizeCategory", { $0.maximumContentSizeCategory }, { $0.maximumContentSizeCategory = $1 }),
        ElementField("dynamicTypeSize", { $0.dynamicTypeSize }, { $0.dynamicTypeSize = $1 }),
    ]

    /// The names of the fields, as written in spec files.
    public static var fieldNames: [String] { fields.map(\.name) + ["devices", "locales", "name"] }

    /// The element for a locale: its `locales` entry for `locale` (or for its language alone) over the element.
    public func forLocale(_ locale: String) -> ElementSpec {
        guard let locales else { return self }
        let language = String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(locale))
        guard let override = locales[locale] ?? locales[language] else { return self }
        var base = self
        base.locales = nil
        return override.over(base)
    }

    /// The fields that lay text out: the element without where it was written and its `locales` entries (an entry
    /// that sets what the element already has changes nothing).
    var layoutFields: ElementSpec {
        var fields = self
        fields.location = nil
        fields.locales = nil
        return fields
    }

    /// The element for a device variant: its `devices` entry for `device` over the element, and whether there is one.
    public func forDevice(_ device: String) -> (spec: ElementSpec, hasOverride: Bool) {
        guard let override = devices?[device] else { return (self, false) }
        var base = self
        base.devices = nil
        return (override.over(base), true)
    }

    /// Sets field `name` from its text (a spec value, or a command-line option), or says what is wrong.
    package mutating func set(_ name: String, _ value: FieldText) throws(SpecValueError) {
        guard let field = Self.fields.first(where: { $0.name == name }) else {
            throw SpecValueError("unknown field '\(name)'; valid fields: \(Self.fieldNames.joined(separator: ", "))")
        }
        try field.read(&self, value)
    }

    /// This element's fields where set, the other's elsewhere.
    func over(_ base: ElementSpec) -> ElementSpec {
        var out = self
        for field in Self.fields { field.inherit(&out, base) }
        out.location = location ?? base.location
        // Category limits nest: an element inside the screen (`defaults`) gets the intersection of both, as a
        // subview does in UIKit and SwiftUI.
        let limits = categoryLimits.intersecting(base.categoryLimits)
        out.minimumContentSizeCategory = limits.minimum
        out.maximumContentSizeCategory = limits.maximum
        out.dynamicTypeSize = nil
        if let baseLocales = base.locales {
            out.locales = (locales ?? [:]).merging(baseLocales) { mine, inherited in mine.over(inherited) }
        }
        if let baseDevices = base.devices {
            out.devices = (devices ?? [:]).merging(baseDevices) { mine, inherited in mine.over(inherited) }
        }
        // A view of its own (`view: textview` under defaults that say `lines: 1`): its preset's line limit, line break
        // mode and spacing win over the defaults' (a UITextView has no line limit); the element's own fields over both.
        if let view, view != base.view {
            if lines == nil { out.lines = nil }
            if lineBreakMode == nil { out.lineBreakMode = nil }
            if lineSpacing == nil { out.lineSpacing = nil }
        }
        // A width given here wins over an inherited device or scaled width, and the other way round.
        if width != nil { out.device = device; out.scaledWidth = scaledWidth }
        if device != nil { out.width = width; out.scaledWidth = scaledWidth }
        if scaledWidth != nil { out.width = width; out.device = device }
        if height != nil { out.scaledHeight = scaledHeight }
        if scaledHeight != nil { out.height = height }
        return out
    }
}

/// A field's value as written: one piece of text, or a list (a YAML/JSON sequence).
package enum FieldText: Sendable {
    case text(String)
    case list([String])
}

/// Why a field's value is not valid, in words that name the valid values.
package struct SpecValueError: Error, Sendable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// One field of ``ElementSpec``: its name, how it is read from text, and how it is inherited.
package struct ElementField: Sendable {
    package let name: String
    let read: @Sendable (inout ElementSpec, FieldText) throws(SpecValueError) -> Void
    let inherit: @Sendable (inout ElementSpec, ElementSpec) -> Void

    /// The field `name`, read and written through `get` and `set` (closures, not key paths: the table is made at the
    /// start of every `fit` and `check`).
    init<Value: SpecValue>(
        _ name: String, _ get: @escaping @Sendable (ElementSpec) -> Value?,
        _ set: @escaping @Sendable (inout ElementSpec, Value?) -> Void
    ) {
        self.name = name
        read = { (spec: inout ElementSpec, text: FieldText) throws(SpecValueError) in
            set(&spec, try Value.read(text, field: name))
        }
        inherit = { spec, base in
            if get(spec) == nil { set(&spec, get(base)) }
        }
    }
}

/// A type a spec field holds, read from its text.
package protocol SpecValue: Sendable {
    static func read(_ text: FieldText, field: String) throws(SpecValueError) -> Self
}

extension SpecValue {
    /// The single piece of text of a field that takes one.
    static func single(_ text: FieldText, field: String, _ kind: String) throws(SpecValueError) -> String {
        guard case .text(let value) = text else { throw SpecValueError("'\(field)' must be \(kind)") }
        return value
    }
}

/// Values named by a word from a fixed list: an unknown word is an error listing the valid ones.
package protocol NamedSpecValue: SpecValue {
    static func named(_ text: String) -> Self?
    static var validNames: String { get }
    /// What a value is called in messages ("line break mode").
    static var kind: String { get }
}

extension NamedSpecValue where Self: RawRepresentable, RawValue == String {
    /// A value named by its raw value.
    package static func named(_ text: String) -> Self? { Self(rawValue: text) }
}

extension NamedSpecValue {
    package static func read(_ text: FieldText, field: String) throws(SpecValueError) -> Self {
        let word = try single(text, field: field, "a string")
        guard let value = named(word) else { throw SpecValueError("unknown \(kind) '\(word)'; valid: \(validNames)") }
        return value
    }
}

extension String: SpecValue {
    package static func read(_ text: FieldText, field: String) throws(SpecValueError) -> String {
        try single(text, field: field, "a string")
    }
}

extension Double: SpecValue {
    package static func read(_ text: FieldText, field: String) throws(SpecValueError) -> Double {
        let word = try single(text, field: field, "a number")
        guard let value = Double(word) else { throw SpecValueError("'\(field)' must be a number") }
        guard value.isFinite else {
            // 1e400 reads as infinity: a number, too large; `nan` and `inf` are no numbers of points at all.
            let spelled = word.lowercased().contains("nan") || word.lowercased().contains("inf")
            throw SpecValueError(spelled ? "'\(field)' must be a number" : "'\(field)' \(word) is too large")
        }
        return value
    }
}

extension Int: SpecValue {
    package static func read(_ text: FieldText, field: String) throws(SpecValueError) -> Int {
        let word = try single(text, field: field, "a whole number")
        guard let value = Int(word) else {
            // All digits but more than an Int holds: too large, not "not a whole number".
            let digits = word.hasPrefix("-") || word.hasPrefix("+") ? word.dropFirst() : Substring(word)
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
                throw SpecValueError("'\(field)' \(word) is too large")
            }
            throw SpecValueError("'\(field)' must be a whole number")
        }
        return value
    }
}

extension Bool: SpecValue {
    package static func read(_ text: FieldText, field: String) throws(SpecValueError) -> Bool {
        switch try single(text, field: field, "true or false").lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw SpecValueError("'\(field)' must be true or false")
        }
    }
}

extension Array: SpecValue where Element == String {
    /// A path or a list of paths.
    package static func read(_ text: FieldText, field: String) throws(SpecValueError) -> [String] {
        switch text {
        case .text(let one): return [one]
        case .list(let many): return many
        }
    }
}

extension EdgeInsets: SpecValue {
    /// `[top, left, bottom, right]`, or one number for all four (`T,L,B,R` on the command line).
    package static func read(_ text: FieldText, field: String) throws(SpecValueError) -> EdgeInsets {
        let parts: [String]
        switch text {
        case .list(let list): parts = list
        case .text(let one): parts = one.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let numbers = parts.compactMap { Double($0) }.filter(\.isFinite)
        guard numbers.count == parts.count else { throw SpecValueError("'\(field)' must be [top, left, bottom, right] or one number") }
        switch numbers.count {
        case 1: return EdgeInsets(top: numbers[0], left: numbers[0], bottom: numbers[0], right: numbers[0])
        case 4: return EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
        default: throw SpecValueError("'\(field)' must be [top, left, bottom, right] or one number")
        }
    }
}

extension TextStyle: SpecValue {
    package static func read(_ text: FieldText, field: String) throws(SpecValueError) -> TextStyle {
        let word = try single(text, field: field, "a string")
        do { return try parse(word) } catch { throw SpecValueError(error.description) }
    }
}

extension FontWeight: SpecValue {
    package static func read(_ text: FieldText, field: String) throws(SpecValueError) -> FontWeight {
        let word = try single(text, field: field, "a string")
        do { return try parse(word) } catch { throw SpecValueError(error.description) }
    }
}

extension ContentSizeCategory: NamedSpecValue {
    package static func named(_ text: String) -> ContentSizeCategory? { ContentSizeCategory(parsing: text) }
    package static var validNames: String { allCases.map(\.shortName).joined(separator: ", ") }
    package static var kind: String { "category" }
}

extension DevicePreset: NamedSpecValue {
    package static func named(_ text: String) -> DevicePreset? { DevicePreset(parsing: text) }
    package static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
    package static var kind: String { "device" }
}

extension ViewPreset: NamedSpecValue {
    package static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
    package static var kind: String { "view" }
}

extension LineBreakMode: NamedSpecValue {
    package static func named(_ text: String) -> LineBreakMode? { LineBreakMode(parsing: text) }
    package static var validNames: String { "word, char, clip, head, tail, middle" }
    package static var kind: String { "line break mode" }
}

extension LineBreakStrategy: NamedSpecValue {
    package static func named(_ text: String) -> LineBreakStrategy? { LineBreakStrategy(parsing: text) }
    package static var validNames: String { "standard, push-out, hangul, none" }
    package static var kind: String { "line break strategy" }
}

extension TextAlignment: NamedSpecValue {
    package static var validNames: String { "natural, left, center, right, justified" }
    package static var kind: String { "alignment" }
}

extension LineSpacing: NamedSpecValue {
    package static var validNames: String { "natural, leading" }
    package static var kind: String { "line spacing" }
}

/// UIKit's `sizingRule`: `typographic` (the default) or `oversize` (letterform-aware lines grow to all ink).
public enum SizingRule: String, Sendable, Hashable, CaseIterable, NamedSpecValue {
    case typographic, oversize
    package static var validNames: String { "typographic, oversize" }
    package static var kind: String { "sizing rule" }
}

extension LineBreakRules: NamedSpecValue {
    package static func named(_ text: String) -> LineBreakRules? { LineBreakRules(name: text) }
    package static var validNames: String { "strict, normal, loose" }
    package static var kind: String { "line break rules" }
}

/// Whether the stand-ins of the system cascade are calibrated to iOS's fonts (`on`, the default) or measured as
/// themselves (`off`): see the README's "How far each script can be off".
public enum CalibrationSetting: String, Sendable, Hashable, CaseIterable, NamedSpecValue {
    case on, off
    package static var validNames: String { "on, off" }
    package static var kind: String { "calibration" }
}

extension LineHeightPolicy: SpecValue {
    /// `letterform-aware`, `typographic`, `fixed:N`, `multiple:X` (the sizing rule is its own field).
    package static func read(_ text: FieldText, field: String) throws(SpecValueError) -> LineHeightPolicy {
        let policy = try single(text, field: field, "a string")
        let valid = "valid: letterform-aware, typographic, fixed:N, multiple:X"
        if policy == "letterform-aware" { return .letterformAware(oversize: false) }
        if policy == "typographic" { return .typographic }
        let parts = policy.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let value = Double(parts[1]), value.isFinite, value > 0 else {
            throw SpecValueError("unknown line height '\(policy)'; \(valid) (N points > 0, X factor > 0)")
        }
        switch parts[0] {
        case "fixed": return .fixed(points: value)
        case "multiple": return .multiple(factor: value)
        default: throw SpecValueError("unknown line height '\(policy)'; \(valid)")
        }
    }
}
