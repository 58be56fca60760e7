import Foundation
import LayoutSimCatalogs
import LayoutSimFitting
import LayoutSimModel
import Yams

/// Where and how each string is shown: the `--spec` file of `layoutsim check` (JSON or YAML).
///
/// ```yaml
/// defaults:            # applied to every element, and to keys no element names
///   style: body
///   device: iphone-15  # a preset minus its margins (or `width`)
///   lines: 0
///   mustFitThrough: AX5
/// elements:
///   - key: "onboarding.*"   # exact, or a glob (* and ?)
///     style: title1
///     lines: 2
///   - key: settings.row.subtitle
///     width: 300
///     lineBreakMode: tail
/// ```
public struct LayoutSpec: Sendable {
    /// Fields applied to every element and to unnamed keys.
    public var defaults: ElementSpec
    /// Elements, in file order; a key takes the first exact match, else the first glob that matches.
    public var elements: [ElementSpec]
    /// The spec file (for resolving relative font paths).
    public var file: String
    /// Sample values for placeholders (`"%@": "Maximilian Alexander"`, `"%lld": "1000000"`), over the defaults.
    public var placeholders: [String: String] = [:]

    /// The element for a catalog key: its own fields over the defaults, and whether an element named it.
    public func element(forKey key: String) -> (spec: ElementSpec, named: Bool) {
        if let exact = elements.first(where: { $0.key == key }) { return (exact.over(defaults), true) }
        if let glob = elements.first(where: { $0.key.map { Glob.matches($0, key) } ?? false }) { return (glob.over(defaults), true) }
        return (defaults, false)
    }
}

/// One element of a spec: a key pattern and the label it is shown in. Every field is optional (inherited from
/// `defaults`).
public struct ElementSpec: Sendable, Hashable {
    /// Key or glob.
    public var key: String?
    /// Where the element was written (for diagnostics and reports).
    public var location: CatalogSourceLocation?
    public var style: String?
    public var font: [String]?
    public var relativeTo: String?
    public var size: Double?
    public var maxSize: Double?
    public var weight: String?
    public var emphasized: Bool?
    public var width: Double?
    public var device: String?
    public var margins: Double?
    public var lines: Int?
    public var height: Double?
    public var insets: [Double]?
    public var scaledInsets: Bool?
    public var view: String?
    public var lineBreakMode: String?
    public var lineBreakStrategy: String?
    public var minimumScaleFactor: Double?
    public var tightening: Bool?
    public var alignment: String?
    public var lineSpacing: String?
    public var lineHeight: String?
    public var sizingRule: String?
    public var clipsToBounds: Bool?
    public var allowWordBreak: Bool?
    public var mustFitThrough: String?

    /// Creates an empty element.
    public init() {}

    /// The names of the fields, as written in spec files.
    public static let fieldNames: [String] = [
        "key", "style", "font", "relativeTo", "size", "maxSize", "weight", "emphasized", "width", "device", "margins",
        "lines", "height", "insets", "scaledInsets", "view", "lineBreakMode", "lineBreakStrategy", "minimumScaleFactor",
        "tightening", "alignment", "lineSpacing", "lineHeight", "sizingRule", "clipsToBounds", "allowWordBreak",
        "mustFitThrough",
    ]

    /// This element's fields where set, the other's elsewhere.
    package func over(_ base: ElementSpec) -> ElementSpec {
        var out = base
        out.key = key ?? base.key
        out.location = location ?? base.location
        out.style = style ?? base.style
        out.font = font ?? base.font
        out.relativeTo = relativeTo ?? base.relativeTo
        out.size = size ?? base.size
        out.maxSize = maxSize ?? base.maxSize
        out.weight = weight ?? base.weight
        out.emphasized = emphasized ?? base.emphasized
        out.width = width ?? base.width
        out.device = device ?? base.device
        out.margins = margins ?? base.margins
        out.lines = lines ?? base.lines
        out.height = height ?? base.height
        out.insets = insets ?? base.insets
        out.scaledInsets = scaledInsets ?? base.scaledInsets
        out.view = view ?? base.view
        out.lineBreakMode = lineBreakMode ?? base.lineBreakMode
        out.lineBreakStrategy = lineBreakStrategy ?? base.lineBreakStrategy
        out.minimumScaleFactor = minimumScaleFactor ?? base.minimumScaleFactor
        out.tightening = tightening ?? base.tightening
        out.alignment = alignment ?? base.alignment
        out.lineSpacing = lineSpacing ?? base.lineSpacing
        out.lineHeight = lineHeight ?? base.lineHeight
        out.sizingRule = sizingRule ?? base.sizingRule
        out.clipsToBounds = clipsToBounds ?? base.clipsToBounds
        out.allowWordBreak = allowWordBreak ?? base.allowWordBreak
        out.mustFitThrough = mustFitThrough ?? base.mustFitThrough
        // A width given here wins over an inherited device, and the other way round.
        if width != nil && device == nil { out.device = nil }
        if device != nil && width == nil { out.width = nil }
        return out
    }
}

/// Glob matching for spec keys: `*` any run of characters (dots included), `?` one character.
package enum Glob {
    package static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern)
        let t = Array(text)
        var pi = 0, ti = 0
        var star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == "?" || p[pi] == t[ti]) {
                pi += 1; ti += 1
            } else if pi < p.count && p[pi] == "*" {
                star = pi; mark = ti; pi += 1
            } else if star >= 0 {
                pi = star + 1; mark += 1; ti = mark
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}

/// Reads a spec file. Problems are diagnostics with file:line:column; elements with errors are dropped, the
/// rest are kept.
public enum LayoutSpecReader {
    /// Reads and validates `path` (JSON or YAML).
    public static func read(path: String) -> (spec: LayoutSpec?, diagnostics: [CatalogDiagnostic]) {
        var diagnostics: [CatalogDiagnostic] = []
        func error(_ message: String, _ mark: Mark?) {
            diagnostics.append(CatalogDiagnostic(severity: .error, message: message,
                                                 location: CatalogSourceLocation(file: path, line: mark?.line ?? 1, column: mark?.column ?? 1)))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            error("cannot read the spec file", nil)
            return (nil, diagnostics)
        }
        let text = String(decoding: data, as: UTF8.self)
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                error("the spec is empty; expected an object with 'defaults' and 'elements'", nil)
                return (nil, diagnostics)
            }
            root = node
        } catch let yamlError as YamlError {
            switch yamlError {
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
                 .composer(let context, let problem, let mark, _):
                error("not valid JSON or YAML: \(problem)" + (context.map { " \($0.text)" } ?? ""), mark)
            default:
                error("not valid JSON or YAML: \(yamlError)", nil)
            }
            return (nil, diagnostics)
        } catch let other {
            error("not valid JSON or YAML: \(other)", nil)
            return (nil, diagnostics)
        }
        guard let mapping = root.mapping else {
            error("the spec must be an object with 'defaults' and 'elements'", root.mark)
            return (nil, diagnostics)
        }
        var spec = LayoutSpec(defaults: ElementSpec(), elements: [], file: path)
        for (keyNode, value) in mapping {
            switch keyNode.string ?? "" {
            case "defaults":
                if let parsed = parseElement(value, path: path, isDefaults: true, error: error) { spec.defaults = parsed }
            case "elements":
                guard let sequence = value.sequence else {
                    error("'elements' must be a list of elements", value.mark)
                    continue
                }
                for item in sequence {
                    if let element = parseElement(item, path: path, isDefaults: false, error: error) { spec.elements.append(element) }
                }
            case "placeholders":
                guard let entries = value.mapping else {
                    error("'placeholders' must map a format specifier to a sample, e.g. {\"%@\": \"Maximilian\"}", value.mark)
                    continue
                }
                for (specifier, sample) in entries {
                    guard let name = specifier.string, let text = sample.string else {
                        error("a placeholder sample must be text", sample.mark)
                        continue
                    }
                    spec.placeholders[name] = text
                }
            default:
                error("unknown top-level field '\(keyNode.string ?? "?")'; expected 'defaults', 'elements' and 'placeholders'", keyNode.mark)
            }
        }
        return (spec, diagnostics)
    }

    private static func parseElement(
        _ node: Node, path: String, isDefaults: Bool, error: (String, Mark?) -> Void
    ) -> ElementSpec? {
        guard let mapping = node.mapping else {
            error(isDefaults ? "'defaults' must be an object" : "an element must be an object with a 'key'", node.mark)
            return nil
        }
        var element = ElementSpec()
        element.location = node.mark.map { CatalogSourceLocation(file: path, line: $0.line, column: $0.column) }
        var ok = true
        func fail(_ message: String, _ mark: Mark?) { error(message, mark); ok = false }
        for (keyNode, value) in mapping {
            let field = keyNode.string ?? ""
            func string() -> String? {
                guard let s = value.scalar?.string else { fail("'\(field)' must be a string", value.mark); return nil }
                return s
            }
            func number() -> Double? {
                guard let s = value.scalar?.string, let d = Double(s), d.isFinite else {
                    fail("'\(field)' must be a number", value.mark); return nil
                }
                return d
            }
            func integer() -> Int? {
                guard let s = value.scalar?.string, let i = Int(s) else { fail("'\(field)' must be a whole number", value.mark); return nil }
                return i
            }
            func bool() -> Bool? {
                guard let b = value.bool else { fail("'\(field)' must be true or false", value.mark); return nil }
                return b
            }
            switch field {
            case "key":
                if isDefaults { fail("'key' does not belong in 'defaults'", keyNode.mark) } else { element.key = string() }
            case "style": element.style = string()
            case "font":
                if let list = value.sequence {
                    element.font = list.compactMap { $0.string }
                } else if let one = value.string {
                    element.font = [one]
                } else {
                    fail("'font' must be a path or a list of paths", value.mark)
                }
                // Paths are relative to the spec file.
                element.font = element.font?.map { file in
                    file.hasPrefix("/") ? file : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(file).path
                }
            case "relativeTo": element.relativeTo = string()
            case "size": element.size = number()
            case "maxSize": element.maxSize = number()
            case "weight": element.weight = string()
            case "emphasized": element.emphasized = bool()
            case "width": element.width = number()
            case "device":
                element.device = string()
                if let name = element.device, DevicePreset(parsing: name) == nil {
                    fail("unknown device '\(name)'; valid: \(DevicePreset.allCases.map(\.rawValue).joined(separator: ", "))", value.mark)
                }
            case "margins": element.margins = number()
            case "lines": element.lines = integer()
            case "height": element.height = number()
            case "insets":
                if let list = value.sequence {
                    let numbers = list.compactMap { $0.scalar?.string }.compactMap(Double.init)
                    if numbers.count == 4 { element.insets = numbers } else { fail("'insets' must be [top, left, bottom, right] or one number", value.mark) }
                } else if let n = number() {
                    element.insets = [n, n, n, n]
                }
            case "scaledInsets": element.scaledInsets = bool()
            case "view": element.view = string()
            case "lineBreakMode": element.lineBreakMode = string()
            case "lineBreakStrategy": element.lineBreakStrategy = string()
            case "minimumScaleFactor": element.minimumScaleFactor = number()
            case "tightening": element.tightening = bool()
            case "alignment": element.alignment = string()
            case "lineSpacing": element.lineSpacing = string()
            case "lineHeight": element.lineHeight = string()
            case "sizingRule": element.sizingRule = string()
            case "clipsToBounds": element.clipsToBounds = bool()
            case "allowWordBreak": element.allowWordBreak = bool()
            case "mustFitThrough":
                element.mustFitThrough = string()
                if let name = element.mustFitThrough, ContentSizeCategory(parsing: name) == nil {
                    fail("unknown category '\(name)' in 'mustFitThrough'; valid: \(ContentSizeCategory.allCases.map(\.shortName).joined(separator: ", "))", value.mark)
                }
            default:
                fail("unknown field '\(field)'; valid fields: \(ElementSpec.fieldNames.joined(separator: ", "))", keyNode.mark)
            }
        }
        if !isDefaults && element.key == nil { fail("an element needs a 'key'", node.mark) }
        return ok ? element : nil
    }
}
