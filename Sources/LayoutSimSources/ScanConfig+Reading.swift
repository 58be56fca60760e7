import Foundation
import LayoutSimModel
import LayoutSimSupport
import Yams

/// An error in the scan's config file, at its line and column.
public struct ScanConfigError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

extension ScanConfig {
    /// Reads `--config FILE` (YAML or JSON):
    ///
    /// ```yaml
    /// fontAliases:                 # members the scan cannot follow (from a package it does not scan)
    ///   scaledFootnote: {style: footnote}
    ///   brandBody: {size: 15, relativeTo: body, weight: semibold}
    ///   legal: {size: 11}          # a fixed size
    /// customClasses:               # label subclasses that set their font at run time
    ///   ENALabel: {styleKeyPath: ibEnaStyle}
    ///   TitleLabel: {style: title2, weight: bold}
    /// exclude: ["Generated/*"]
    /// ```
    public static func read(path: String) throws -> ScanConfig {
        let data = try InputFile.read(path, limit: 4 << 20)
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScanConfigError(file: path, line: 1, column: 1, message: "not UTF-8 text")
        }
        func fail(_ node: Node?, _ message: String) -> ScanConfigError {
            ScanConfigError(file: path, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1, message: message)
        }
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            throw ScanConfigError(file: path, line: 1, column: 1, message: "not valid YAML: \(error)")
        }
        var config = ScanConfig()
        guard let root else { return config }
        guard let mapping = root.mapping else { throw fail(root, "the config must be a mapping (fontAliases, customClasses, exclude)") }
        for (keyNode, value) in mapping {
            switch keyNode.string {
            case "fontAliases":
                guard let aliases = value.mapping else { throw fail(value, "'fontAliases' must map names to fonts") }
                for (name, font) in aliases {
                    config.fontAliases[name.string ?? ""] = try aliasFont(font, fail: fail)
                }
            case "customClasses":
                guard let classes = value.mapping else { throw fail(value, "'customClasses' must map class names to styles") }
                for (name, rule) in classes { config.customClasses[name.string ?? ""] = try customClass(rule, fail: fail) }
            case "exclude":
                guard let list = value.sequence else { throw fail(value, "'exclude' must be a list of paths or globs") }
                config.exclude = try list.map { item in
                    guard let text = item.string else { throw fail(item, "'exclude' entries are strings") }
                    return text
                }
            case "ignore":
                guard let list = value.sequence else { throw fail(value, "'ignore' must be a list of rules, globs, or \"rule glob\"") }
                config.ignore = try list.map { item in
                    guard let text = item.string else { throw fail(item, "'ignore' entries are strings") }
                    let rule = String(text.split(separator: " ").first ?? "")
                    if text.contains(" "), Finding.Rule(rawValue: rule) == nil {
                        throw fail(item, "unknown rule '\(rule)'; valid: \(Finding.Rule.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    return text
                }
            default:
                throw fail(keyNode, "unknown field '\(keyNode.string ?? "?")'; valid fields: fontAliases, customClasses, exclude, ignore")
            }
        }
        return config
    }

    private static func style(_ node: Node, fail: (Node?, String) -> ScanConfigError) throws -> TextStyle {
        guard let name = node.string, let style = SwiftExpressions.textStyle(named: name) else {
            throw fail(node, "unknown text style '\(node.string ?? "?")'; valid: \(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return style
    }

    private static func weight(_ node: Node, fail: (Node?, String) -> ScanConfigError) throws -> FontWeight {
        guard let name = node.string, let weight = FontWeight(rawValue: name) else {
            throw fail(node, "unknown weight '\(node.string ?? "?")'; valid: regular, medium, semibold, bold")
        }
        return weight
    }

    private static func size(_ node: Node, fail: (Node?, String) -> ScanConfigError) throws -> Double {
        guard let text = node.string, let size = Double(text), size.isFinite, size > 0, size <= 1000 else {
            throw fail(node, "a size is a number of points from 0 to 1000 (got '\(node.string ?? "?")')")
        }
        return size
    }

    private static func aliasFont(_ node: Node, fail: (Node?, String) -> ScanConfigError) throws -> AliasFont {
        guard let fields = node.mapping else { throw fail(node, "a font alias is {style: …} or {size: …, relativeTo: …}, with an optional weight") }
        var style: TextStyle?, size: Double?, relative: TextStyle?, weight: FontWeight?
        for (key, value) in fields {
            switch key.string {
            case "style": style = try self.style(value, fail: fail)
            case "size": size = try self.size(value, fail: fail)
            case "relativeTo": relative = try self.style(value, fail: fail)
            case "weight": weight = try self.weight(value, fail: fail)
            default: throw fail(key, "unknown field '\(key.string ?? "?")' in a font alias; valid: style, size, relativeTo, weight")
            }
        }
        if let style { return AliasFont(font: .style(style), weight: weight) }
        guard let size else { throw fail(node, "a font alias needs 'style' or 'size'") }
        return AliasFont(font: relative.map { .scaled(size: size, relativeTo: $0) } ?? .fixed(size: size), weight: weight)
    }

    private static func customClass(_ node: Node, fail: (Node?, String) -> ScanConfigError) throws -> CustomClass {
        guard let fields = node.mapping else { throw fail(node, "a custom class is {style: …} or {styleKeyPath: …}") }
        var rule = CustomClass()
        for (key, value) in fields {
            switch key.string {
            case "style": rule.style = try style(value, fail: fail)
            case "weight": rule.weight = try weight(value, fail: fail)
            case "styleKeyPath": rule.styleKeyPath = value.string
            case "styles":
                guard let map = value.mapping else { throw fail(value, "'styles' maps the attribute's values to text styles") }
                for (name, target) in map { rule.styles[name.string ?? ""] = try style(target, fail: fail) }
            default: throw fail(key, "unknown field '\(key.string ?? "?")' in a custom class; valid: style, weight, styleKeyPath, styles")
            }
        }
        return rule
    }
}
