import Foundation
import LayoutSimModel

/// Reads a `.stringsdict` file (a property list, usually XML) into entries.
///
/// Per key, a dictionary with:
/// - `NSStringLocalizedFormatKey` (`"%#@files@"`, `"%1$#@files@ in %#@folders@"`) and one dictionary per variable
///   with `NSStringFormatSpecTypeKey` = `NSStringPluralRuleType` and CLDR category keys. A format that is a single
///   variable token is a plain plural (variant path `plural:one`); otherwise each variable is a substitution
///   (`substitution:files`, `plural:one`), expanded as a cartesian product. Variables used inside other variables'
///   strings (nested variables) are expanded too.
/// - or `NSStringDeviceSpecificRuleType` (device → string or nested rule dictionary), or
///   `NSStringVariableWidthRuleType` (width → string), also accepted as variable spec types.
///
/// Keys' lines come from ``PlistKeyLocator`` (XML plists; binary plists report line 1).
package enum StringsDictReader {
    package static let formatKey = "NSStringLocalizedFormatKey"
    package static let specTypeKey = "NSStringFormatSpecTypeKey"
    package static let valueTypeKey = "NSStringFormatValueTypeKey"
    package static let pluralRule = "NSStringPluralRuleType"
    package static let deviceRule = "NSStringDeviceSpecificRuleType"
    package static let widthRule = "NSStringVariableWidthRuleType"

    package static func read(_ data: Data, url: URL, developmentLanguage: String) -> CatalogReadResult {
        let file = url.path
        var result = CatalogReadResult(sourceLanguage: developmentLanguage)
        let locale = CatalogReader.lprojLocale(
            of: url, developmentLanguage: developmentLanguage, diagnostics: &result.diagnostics
        )
        let top = CatalogSourceLocation(file: file, line: 1, column: 1)
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            let position = ParserErrorPosition.propertyList(error, oldStyle: false)
            let message = position?.message ?? ParserErrorPosition.debugDescription(of: error)
            result.diagnostics.append(.error(
                "not a valid property list: \(message)",
                at: CatalogSourceLocation(file: file, line: position?.line ?? 1, column: 1)
            ))
            return result
        }
        guard let table = root as? [String: Any] else {
            result.diagnostics.append(.error("a .stringsdict file must hold a dictionary", at: top))
            return result
        }
        var locations: [String: CatalogSourceLocation] = [:]
        var order: [String] = []
        if !data.starts(with: Array("bplist".utf8)), let source = SourceText(data: data) {
            for found in PlistKeyLocator.keys(in: source) where locations[found.key] == nil {
                locations[found.key] = CatalogSourceLocation(file: file, line: found.line, column: found.column)
                order.append(found.key)
            }
        }
        order += table.keys.filter { locations[$0] == nil }.sorted()
        for key in order {
            guard let value = table[key] else { continue }
            let here = locations[key] ?? top
            var diagnostics: [CatalogDiagnostic] = []
            guard let localization = localization(value, key: key, locale: locale, at: here, diagnostics: &diagnostics)
            else {
                result.diagnostics += diagnostics
                continue
            }
            var expander = VariationExpander(key: key, locale: locale, location: here)
            for variant in expander.expand(localization) {
                result.entries.append(CatalogEntry(
                    key: key, locale: locale, variantPath: variant.path, value: variant.value, source: here
                ))
            }
            result.diagnostics += diagnostics + expander.diagnostics
        }
        return result
    }

    /// The ``Localization`` of one `.stringsdict` value (also used for XLIFF `:dict` trans-units).
    package static func localization(
        _ value: Any, key: String, locale: String, at location: CatalogSourceLocation,
        diagnostics: inout [CatalogDiagnostic]
    ) -> Localization? {
        if let string = value as? String { return Localization(node: .unit(value: string, state: nil)) }
        guard let rule = value as? [String: Any] else {
            diagnostics.append(.error("'\(key)' [\(locale)]: value must be a dictionary", at: location))
            return nil
        }
        var substitutions: [String: SubstitutionDefinition] = [:]
        guard let node = ruleNode(
            rule, key: key, locale: locale, at: location, substitutions: &substitutions, diagnostics: &diagnostics
        ) else { return nil }
        // A format that is exactly one variable token is a plain plural (as Xcode migrates it to a catalog).
        if case .unit(let format, _) = node {
            let segments = FormatString.segments(format)
            if segments.count == 1, case .placeholder(let specifier) = segments[0],
               case .substitution(let name) = specifier.kind, let variable = substitutions[name] {
                var others = substitutions
                others[name] = nil
                return Localization(node: variable.node, substitutions: others)
            }
        }
        return Localization(node: node, substitutions: substitutions)
    }

    /// A key's rule dictionary: a localized format with variables, or a device / width rule.
    private static func ruleNode(
        _ rule: [String: Any], key: String, locale: String, at location: CatalogSourceLocation,
        substitutions: inout [String: SubstitutionDefinition], diagnostics: inout [CatalogDiagnostic]
    ) -> VariationNode? {
        for (ruleKey, makeNode) in [(deviceRule, VariationNode.device), (widthRule, VariationNode.width)] {
            guard let cases = rule[ruleKey] else { continue }
            guard let table = cases as? [String: Any] else {
                diagnostics.append(.error("'\(key)' [\(locale)]: \(ruleKey) must be a dictionary", at: location))
                return nil
            }
            var nodes: [String: VariationNode] = [:]
            for name in table.keys.sorted() {
                if let string = table[name] as? String {
                    nodes[name] = .unit(value: string, state: nil)
                } else if let nested = table[name] as? [String: Any], let node = ruleNode(
                    nested, key: key, locale: locale, at: location, substitutions: &substitutions,
                    diagnostics: &diagnostics
                ) {
                    nodes[name] = node
                }
            }
            return makeNode(nodes)
        }
        guard let format = rule[formatKey] as? String else {
            diagnostics.append(.error("'\(key)' [\(locale)]: no \(formatKey) string", at: location))
            return nil
        }
        for name in rule.keys.sorted() where name != formatKey {
            guard let variable = rule[name] as? [String: Any] else { continue }
            if let node = variableNode(variable, name: name, key: key, locale: locale, at: location,
                                       substitutions: &substitutions, diagnostics: &diagnostics) {
                if let existing = substitutions[name], existing.node != node {
                    diagnostics.append(.warning(
                        "'\(key)' [\(locale)]: variable '\(name)' is defined twice differently; using the first",
                        at: location
                    ))
                    continue
                }
                substitutions[name] = SubstitutionDefinition(formatSpecifier: nil, node: node)
            }
        }
        return .unit(value: format, state: nil)
    }

    /// One variable dictionary (`NSStringFormatSpecTypeKey` + cases).
    private static func variableNode(
        _ variable: [String: Any], name: String, key: String, locale: String, at location: CatalogSourceLocation,
        substitutions: inout [String: SubstitutionDefinition], diagnostics: inout [CatalogDiagnostic]
    ) -> VariationNode? {
        let type = variable[specTypeKey] as? String ?? pluralRule
        var nodes: [String: VariationNode] = [:]
        for caseName in variable.keys.sorted() where caseName != specTypeKey && caseName != valueTypeKey {
            if let string = variable[caseName] as? String {
                nodes[caseName] = .unit(value: string, state: nil)
            } else if let nested = variable[caseName] as? [String: Any], let node = ruleNode(
                nested, key: key, locale: locale, at: location, substitutions: &substitutions, diagnostics: &diagnostics
            ) {
                nodes[caseName] = node
            } else {
                diagnostics.append(.error(
                    "'\(key)' [\(locale)]: variable '\(name)' case '\(caseName)' is not a string", at: location
                ))
            }
        }
        switch type {
        case pluralRule: return .plural(nodes)
        case deviceRule: return .device(nodes)
        case widthRule: return .width(nodes)
        default:
            diagnostics.append(.error(
                "'\(key)' [\(locale)]: variable '\(name)' has unknown \(specTypeKey) '\(type)'", at: location
            ))
            return nil
        }
    }
}
