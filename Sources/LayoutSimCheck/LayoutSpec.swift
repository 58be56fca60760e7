import Foundation
import LayoutSimCatalogs
import LayoutSimFitting
import LayoutSimModel
import LayoutSimSupport
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
    /// Rows, columns and alternatives (`row:`, `column:`, `alternatives:` in `elements`), in file order.
    public var groups: [GroupSpec] = []
    /// Apple's fonts to use (`appleFonts: DIR`, relative to the spec's folder, or `auto`, or `off`); nil: as the
    /// command line and `$LAYOUTSIM_APPLE_FONTS` say.
    public var appleFonts: String?

    /// Every place the spec shows a key in: each element naming it exactly and each group showing it, in file
    /// order; else the first glob that matches; else the defaults (`named` false). For many keys, make a
    /// ``SpecIndex`` once.
    public func places(forKey key: String) -> (places: [Place], named: Bool) {
        SpecIndex(self).places(forKey: key)
    }

    /// The element for a catalog key: its own fields over the defaults, and whether an element named it.
    public func element(forKey key: String) -> (spec: ElementSpec, named: Bool) {
        SpecIndex(self).element(forKey: key)
    }
}

/// Where a key is shown: an element of its own, or a child of a group.
public enum Place: Sendable {
    case element(ElementSpec, name: String)
    case group(GroupSpec)

    /// The place's name in reports: the element's `name` (else the key), the group's `name` (else its keys); with
    /// " #2", " #3" after the first when names repeat.
    public var name: String {
        switch self {
        case .group(let group): return group.name
        case .element(_, let name): return name
        }
    }

    /// Whether the spec gave the place a `name` of its own (reports then name it even when it is the key's only one).
    public var isNamed: Bool {
        switch self {
        case .group: return false
        case .element(let element, _): return element.name != nil
        }
    }

    mutating func rename(_ name: String) {
        switch self {
        case .group(var group):
            group.name = name
            self = .group(group)
        case .element(let element, _):
            self = .element(element, name: name)
        }
    }
}

/// Glob matching for spec keys: `*` any run of characters (dots included), `?` one character.
package enum Glob {
    package static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(Array(pattern), Array(text))
    }

    /// The same, on characters already read: linear in the text for patterns without `*` (backtracks otherwise).
    package static func matches(_ p: [Character], _ t: [Character]) -> Bool {
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
        read(text: nil, path: path)
    }

    /// Reads and validates a spec's text (`layoutsim scan`'s draft, made in memory); `path` names it in diagnostics.
    /// `validates` false leaves the check of each element's fields to the caller (a spec merged with another first).
    public static func read(text: String?, path: String, validates: Bool = true) -> (spec: LayoutSpec?, diagnostics: [CatalogDiagnostic]) {
        var diagnostics: [CatalogDiagnostic] = []
        func add(_ diagnostic: CatalogDiagnostic) { diagnostics.append(diagnostic) }
        func error(_ message: String, _ mark: Mark?) {
            add(CatalogDiagnostic(severity: .error, message: message,
                                  location: CatalogSourceLocation(file: path, line: mark?.line ?? 1, column: mark?.column ?? 1)))
        }
        guard let text = text ?? specText(path, error: error, add: add), let root = composed(text, error: error, add: add, path: path) else {
            return (nil, diagnostics)
        }
        guard let mapping = root.mapping else {
            error("the spec must be an object with 'defaults' and 'elements'", root.mark)
            return (nil, diagnostics)
        }
        var spec = LayoutSpec(defaults: ElementSpec(), elements: [], file: path)
        for (keyNode, value) in mapping {
            readTopLevel(keyNode, value, into: &spec, path: path, error: error)
        }
        if validates {
            spec.validate { message, location in
                add(CatalogDiagnostic(severity: .error, message: message, location: location))
            }
        }
        return (spec, diagnostics)
    }

    /// The spec's text: a regular file, UTF-8, nested no deeper than ``SpecNesting/maximumDepth``; nil (and the
    /// problem said) otherwise.
    private static func specText(
        _ path: String, error: (String, Mark?) -> Void, add: (CatalogDiagnostic) -> Void
    ) -> String? {
        let data: Data
        do throws(InputFileError) {
            data = try InputFile.read(path)
        } catch let problem {
            error("cannot read the spec file: \(problem)", nil)
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            error("the spec is not UTF-8 text", nil)
            return nil
        }
        if let (line, column) = SpecNesting.firstTooDeep(text) {
            add(CatalogDiagnostic(
                severity: .error,
                message: "the spec nests deeper than \(SpecNesting.maximumDepth) levels; a spec needs about 6",
                location: CatalogSourceLocation(file: path, line: line, column: column)
            ))
            return nil
        }
        return text
    }

    /// The spec's YAML (or JSON) node tree, or nil and the syntax error at its place.
    private static func composed(
        _ text: String, error: (String, Mark?) -> Void, add: (CatalogDiagnostic) -> Void, path: String
    ) -> Node? {
        do {
            // Every value is read from its text (`FieldText`), merge keys by `merged(_:)`, and no node becomes a Swift
            // value: the basic resolver (every scalar a string) and no constructors, which Yams would otherwise set
            // up at first use; UTF-8, Yams' default encoding, without its environment lookup.
            guard let node = try Yams.compose(yaml: text, .basic, Constructor([:], [:], [:]), .utf8) else {
                error("the spec is empty; expected an object with 'defaults' and 'elements'", nil)
                return nil
            }
            return node
        } catch let yamlError as YamlError {
            switch yamlError {
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
                 .composer(let context, let problem, let mark, _):
                // The context says where what was left open began (an unclosed `[` a line before the mark).
                let opened = context.map { context in
                    " \(context.text)" + (context.mark.line == mark.line ? "" : " opened at \(context.mark.line):\(context.mark.column)")
                }
                error("not valid JSON or YAML: \(problem)" + (opened ?? ""), mark)
            case .reader(let problem, let offset, let value, _):
                // At its line and column (Yams gives an offset in characters, and a message of three lines).
                var line = 1, column = 1
                for character in text.prefix(offset ?? 0) {
                    if character.isNewline { line += 1; column = 1 } else { column += character.utf16.count }
                }
                let hex = String(UInt32(bitPattern: value), radix: 16, uppercase: true)
                add(CatalogDiagnostic(
                    severity: .error,
                    message: "not valid JSON or YAML: \(problem) (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))",
                    location: CatalogSourceLocation(file: path, line: line, column: column)
                ))
            default:
                error("not valid JSON or YAML: \(yamlError)", nil)
            }
            return nil
        } catch let other {
            error("not valid JSON or YAML: \(other)", nil)
            return nil
        }
    }

    /// One top-level field of the spec, read into `spec`.
    private static func readTopLevel(
        _ keyNode: Node, _ value: Node, into spec: inout LayoutSpec, path: String, error: (String, Mark?) -> Void
    ) {
        switch keyNode.string ?? "" {
        case "defaults":
            if let parsed = parseElement(value, path: path, isDefaults: true, error: error) { spec.defaults = parsed }
        case "elements":
            guard let sequence = value.sequence else {
                error("'elements' must be a list of elements", value.mark)
                return
            }
            for item in sequence {
                if isGroup(item) {
                    if let group = parseGroup(item, path: path, error: error) { spec.groups.append(group) }
                } else if let element = parseElement(item, path: path, isDefaults: false, error: error) {
                    spec.elements.append(element)
                }
            }
        case "placeholders":
            guard let entries = value.mapping else {
                error("'placeholders' must map a format specifier to a sample, e.g. {\"%@\": \"Maximilian\"}", value.mark)
                return
            }
            for (specifier, sample) in entries {
                guard let name = specifier.string, let text = sample.string else {
                    error("a placeholder sample must be text", sample.mark)
                    continue
                }
                spec.placeholders[name] = text
            }
        case "appleFonts":
            guard let folder = value.string, !folder.isEmpty else {
                error("'appleFonts' must be a folder of Apple's fonts, 'auto' or 'off'", value.mark)
                return
            }
            let isWord = ["auto", "off", "stand-ins"].contains(folder) || folder.hasPrefix("/")
            spec.appleFonts = isWord ? folder
                : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(folder).path
        case let name where name.hasPrefix("x-"):
            return   // free for YAML anchors (`x-cell: &cell {…}`, then `<<: *cell`), as in Compose files
        default:
            error("unknown top-level field '\(keyNode.string ?? "?")'; expected 'defaults', 'elements', 'placeholders' and "
                + "'appleFonts' (names starting with 'x-' are free, for YAML anchors)", keyNode.mark)
        }
    }

    /// Reads an element's fields. `skipping`: fields the caller reads itself (a group's `row`, an item's
    /// `layoutPriority`); `needsKey`: whether `key` is required (an element) or refused (defaults, overrides).
    static func parseElement(
        _ node: Node, path: String, isDefaults: Bool, inDevice: Bool = false, skipping: Set<String> = [],
        needsKey: Bool? = nil, error: (String, Mark?) -> Void
    ) -> ElementSpec? {
        let needsKey = needsKey ?? (!isDefaults && !inDevice)
        guard let mapping = merged(node) else {
            error(isDefaults ? "'defaults' must be an object" : "an element must be an object with a 'key'", node.mark)
            return nil
        }
        var element = ElementSpec()
        element.location = node.mark.map { CatalogSourceLocation(file: path, line: $0.line, column: $0.column) }
        var ok = true
        var fontMark: Mark?
        for (keyNode, value) in mapping {
            let field = keyNode.string ?? ""
            if skipping.contains(field) || field.hasPrefix("x-") { continue }   // x-…: free, as at the top level (anchors, `scan`'s marks)
            if field == "font" { fontMark = value.mark }
            if !readField(field, keyNode, value, into: &element, path: path, needsKey: needsKey, inDevice: inDevice,
                          error: error) {
                ok = false
            }
        }
        if !fontFilesExist(&element, path: path, isDefaults: isDefaults, mark: fontMark, error: error) { ok = false }
        if needsKey && element.key == nil {
            error("an element needs a 'key'", node.mark)
            ok = false
        }
        // An error drops the element; in `defaults` only the bad field (dropping every default would turn one typo
        // into an error for every string).
        return ok || isDefaults ? element : nil
    }

    /// One field of an element read into `element`; false (the problem said) when it is wrong.
    private static func readField(
        _ field: String, _ keyNode: Node, _ value: Node, into element: inout ElementSpec, path: String, needsKey: Bool,
        inDevice: Bool, error: (String, Mark?) -> Void
    ) -> Bool {
        switch field {
        case "key" where !needsKey:
            error(inDevice ? "'key' does not belong in 'devices' or 'locales'" : "'key' does not belong in 'defaults'", keyNode.mark)
            return false
        case "name":
            guard let text = value.string, !text.isEmpty, needsKey else {
                error(needsKey ? "'name' must be text" : "'name' belongs on an element or a group", value.mark)
                return false
            }
            element.name = text
            return true
        case "locales":
            if inDevice {
                error("'locales' cannot be nested in 'devices' or 'locales'", keyNode.mark)
                return false
            }
            guard let locales = parseLocales(value, path: path, error: error) else { return false }
            element.locales = locales
            return true
        case "devices":
            if inDevice {
                error("'devices' cannot be nested", keyNode.mark)
                return false
            }
            guard let devices = parseDevices(value, path: path, error: error) else { return false }
            element.devices = devices
            return true
        default:
            let text: FieldText
            if let scalar = value.scalar {
                text = .text(scalar.string)
            } else if let list = value.sequence, list.allSatisfy({ $0.scalar != nil }) {
                text = .list(list.compactMap { $0.scalar?.string })
            } else {
                error("'\(field)' must be a value or a list of values", value.mark)
                return false
            }
            do {
                try element.set(field, text)
                return true
            } catch let problem {
                let isUnknownField = !ElementSpec.fieldNames.contains(field)
                error(problem.description, isUnknownField ? keyNode.mark : value.mark)
                return false
            }
        }
    }

    /// Font paths are relative to the spec file. A file that is not there is the spec's error, said once at the
    /// field (`mark`); in the defaults, the field is dropped. False when one is missing.
    private static func fontFilesExist(
        _ element: inout ElementSpec, path: String, isDefaults: Bool, mark: Mark?, error: (String, Mark?) -> Void
    ) -> Bool {
        element.font = element.font?.map { file in
            file.hasPrefix("/") ? file : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(file).path
        }
        for file in element.font ?? [] {
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) || isFolder.boolValue {
                error("'font': \(file): \(isFolder.boolValue ? "is a folder, not a font file" : "font file not found") "
                    + "(a font's path is relative to the spec's folder)", mark)
                if isDefaults { element.font = nil }   // as any bad field of the defaults: that field dropped
                return false
            }
        }
        return true
    }

    /// `locales: {de: {width: 250}, ja: {lineBreakRules: normal}}`: fields per locale (a BCP 47 tag).
    private static func parseLocales(_ node: Node, path: String, error: (String, Mark?) -> Void) -> [String: ElementSpec]? {
        guard let mapping = merged(node) else {
            error("'locales' must map a locale to fields, e.g. {de: {width: 250}}", node.mark)
            return nil
        }
        var locales: [String: ElementSpec] = [:]
        var ok = true
        for (nameNode, value) in mapping {
            let name = nameNode.string ?? ""
            let valid = !name.isEmpty && name.count <= 35 && name.unicodeScalars.allSatisfy {
                ($0.value < 0x80 && (CharacterSet.alphanumerics.contains($0))) || $0 == "-" || $0 == "_"
            }
            guard valid else {
                error("'\(name)' in 'locales' is not a locale tag (letters, digits and '-', e.g. de, pt-BR, zh-Hant)", nameNode.mark)
                ok = false
                continue
            }
            guard let element = parseElement(value, path: path, isDefaults: false, inDevice: true, error: error) else {
                ok = false
                continue
            }
            locales[name] = element
        }
        return ok ? locales : nil
    }

    /// `devices: {ipad: {width: 500}, mac: {device: …}}`: fields per `.xcstrings` device variation.
    private static func parseDevices(_ node: Node, path: String, error: (String, Mark?) -> Void) -> [String: ElementSpec]? {
        guard let mapping = merged(node) else {
            error("'devices' must map a device (\(ElementSpec.deviceNames.joined(separator: ", "))) to fields, e.g. {ipad: {width: 500}}", node.mark)
            return nil
        }
        var devices: [String: ElementSpec] = [:]
        var ok = true
        for (nameNode, value) in mapping {
            let name = nameNode.string ?? ""
            guard ElementSpec.deviceNames.contains(name) else {
                error("unknown device variation '\(name)' in 'devices'; valid: \(ElementSpec.deviceNames.joined(separator: ", "))", nameNode.mark)
                ok = false
                continue
            }
            guard let element = parseElement(value, path: path, isDefaults: false, inDevice: true, error: error) else {
                ok = false
                continue
            }
            devices[name] = element
        }
        return ok ? devices : nil
    }
}
