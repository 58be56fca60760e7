import LayoutSimModel
import SwiftSyntax

/// What a font expression says: the font (nil when only a weight is stated) and the weight.
struct FontReading: Sendable, Hashable {
    var font: PlaceFont?
    var weight: FontWeight?
    /// Set when the reading rests on something other than the expression itself (an alias, a rounded weight).
    var note: String?
}

/// Reads SwiftUI `Font` and UIKit `UIFont` expressions, following the font aliases declared in the scanned code
/// (`extension Font { static var appCaption: Font { … } }`) and those the config maps.
struct FontResolver {
    /// Alias name → its defining expression, from every scanned file (the first declaration wins).
    var aliases: [String: ExprSyntax] = [:]
    var config: ScanConfig

    enum Outcome {
        case font(FontReading)
        /// An alias or expression the scan cannot follow (its name, for the config).
        case unresolved(String)
        /// Not a font expression at all.
        case none
    }

    /// Aliases are followed at most this deep (`a` → `b` → …), which also ends cycles.
    static let maximumAliasDepth = 8

    func read(_ expr: ExprSyntax, depth: Int = 0) -> Outcome {
        guard depth <= Self.maximumAliasDepth else { return .unresolved(SwiftExpressions.code(expr)) }
        if let call = expr.as(FunctionCallExprSyntax.self) { return readCall(call, depth: depth) }
        if let forced = expr.as(ForceUnwrapExprSyntax.self) { return read(forced.expression, depth: depth) }
        if let optional = expr.as(OptionalChainingExprSyntax.self) { return read(optional.expression, depth: depth) }
        if let coalesce = expr.as(InfixOperatorExprSyntax.self), coalesce.operator.trimmedDescription == "??" {
            // `UIFont(name:size:) ?? .systemFont(ofSize:)`: the custom font's size is what the code means.
            return read(coalesce.leftOperand, depth: depth)
        }
        guard let name = SwiftExpressions.memberName(expr) else { return .none }
        if let style = SwiftExpressions.textStyle(named: name), isFontBase(expr) { return .font(FontReading(font: .style(style))) }
        return alias(name, depth: depth)
    }

    /// `.footnote` or `Font.footnote`, not `someValue.footnote`.
    private func isFontBase(_ expr: ExprSyntax) -> Bool {
        guard let member = expr.as(MemberAccessExprSyntax.self) else { return false }
        guard let base = member.base else { return true }
        return ["Font", "SwiftUI.Font"].contains(base.trimmedDescription)
    }

    private func alias(_ name: String, depth: Int) -> Outcome {
        if let mapped = config.fontAliases[name] {
            return .font(FontReading(font: mapped.font, weight: mapped.weight, note: "font alias '\(name)' as the config maps it"))
        }
        guard let definition = aliases[name] else { return .unresolved(name) }
        switch read(definition, depth: depth + 1) {
        case .font(var reading):
            reading.note = reading.note ?? "font alias '\(name)' followed to \(SwiftExpressions.code(definition))"
            return .font(reading)
        case .unresolved: return .unresolved(name)
        case .none: return .unresolved(name)
        }
    }

    private func readCall(_ call: FunctionCallExprSyntax, depth: Int) -> Outcome {
        let args = call.arguments
        let callee = call.calledExpression
        if SwiftExpressions.calledName(call) == "scaledFont" { return scaledFont(call, depth: depth) }
        // Modifiers of a font value: `.body.bold()`, `.headline.weight(.semibold)`, `.title.italic()`.
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base, !isTypeName(base) {
            let name = member.declName.baseName.text
            guard case .font(var reading) = read(base, depth: depth) else { return read(base, depth: depth) }
            switch name {
            case "bold": reading.weight = .bold
            case "weight":
                if let arg = args.first?.expression, let weight = weightArgument(arg) {
                    reading.weight = weight.weight
                    if !weight.exact { reading.note = "weight \(SwiftExpressions.code(arg)) taken as \(weight.weight.rawValue)" }
                }
            case "withSize":
                if let size = args.first.flatMap({ SwiftExpressions.number($0.expression) }) {
                    reading.font = .fixed(size: size)
                }
            default: break   // italic, monospacedDigit, leading, smallCaps: the width model keeps the font
            }
            return .font(reading)
        }
        guard let name = SwiftExpressions.calledName(call) else { return .none }
        switch name {
        case "system":
            return .font(systemFont(args, depth: depth))
        case "custom":
            return .font(customFont(args))
        case "preferredFont":
            guard let style = styleArgument(SwiftExpressions.argument("forTextStyle", in: args)) else { return .unresolved(SwiftExpressions.code(call)) }
            return .font(FontReading(font: .style(style)))
        case "systemFont", "boldSystemFont", "italicSystemFont", "monospacedDigitSystemFont", "monospacedSystemFont":
            guard let size = SwiftExpressions.argument("ofSize", in: args).flatMap(SwiftExpressions.number) else { return .unresolved(SwiftExpressions.code(call)) }
            var reading = FontReading(font: .fixed(size: size))
            if name == "boldSystemFont" { reading.weight = .bold }
            if let weight = SwiftExpressions.argument("weight", in: args).flatMap(weightArgument) { reading.weight = weight.weight }
            return .font(reading)
        case "UIFont":
            // UIFont(name: "Avenir-Heavy", size: 17): a custom font at a fixed size.
            guard let size = SwiftExpressions.argument("size", in: args).flatMap(SwiftExpressions.number) else { return .unresolved(SwiftExpressions.code(call)) }
            let family = SwiftExpressions.argument("name", in: args).flatMap(SwiftExpressions.plainString) ?? "a custom font"
            return .font(FontReading(font: .fixed(size: size), note: "\(family) measured with the system font at its size"))
        case "Font":
            // Font(UIFont.preferredFont(forTextStyle: .body)), Font(uiFont): as the UIFont.
            return args.first.map { read($0.expression, depth: depth) } ?? .none
        case "scaledFont":
            return scaledFont(call, depth: depth)
        default:
            // A design system's own function (`customFont(size: …, relativeTo: .footnote)`): whatever it builds,
            // it scales like the style it is relative to.
            if let relative = styleArgument(SwiftExpressions.argument("relativeTo", in: args)) {
                if let size = SwiftExpressions.argument("size", in: args).flatMap(SwiftExpressions.number) {
                    return .font(FontReading(font: .scaled(size: size, relativeTo: relative)))
                }
                return .font(FontReading(font: .style(relative), note: "\(SwiftExpressions.code(call)): its size is not a literal; taken as \(relative.rawValue)'s own"))
            }
            return alias(name, depth: depth)
        }
    }

    private func isTypeName(_ expr: ExprSyntax) -> Bool {
        ["Font", "UIFont", "SwiftUI.Font", "UIKit.UIFont"].contains(expr.trimmedDescription)
    }

    /// `.system(.title2, design: .rounded, weight: .bold)`, `.system(size: 15, weight: .bold)`,
    /// `.system(size: UIFontMetrics.default.scaledValue(for: 15))` (scaled like body: not fixed).
    private func systemFont(_ args: LabeledExprListSyntax, depth: Int) -> FontReading {
        var reading = FontReading()
        if let weight = SwiftExpressions.argument("weight", in: args).flatMap(weightArgument) { reading.weight = weight.weight }
        if let style = styleArgument(SwiftExpressions.argument(nil, in: args)) {
            reading.font = .style(style)
        } else if let sizeExpr = SwiftExpressions.argument("size", in: args) {
            if let size = SwiftExpressions.number(sizeExpr) {
                reading.font = .fixed(size: size)
            } else if let scaled = scaledValue(sizeExpr) {
                reading.font = .scaled(size: scaled.size, relativeTo: scaled.style)
            } else {
                reading.note = "size \(SwiftExpressions.code(sizeExpr)) is not a literal"
            }
        }
        return reading
    }

    /// `.custom("Name", size: 15)` scales like body; `relativeTo:` like that style; `fixedSize:` never.
    private func customFont(_ args: LabeledExprListSyntax) -> FontReading {
        let family = SwiftExpressions.argument(nil, in: args).flatMap(SwiftExpressions.plainString) ?? "a custom font"
        var reading = FontReading(note: "\(family) measured with the system font at its size")
        if let fixed = SwiftExpressions.argument("fixedSize", in: args).flatMap(SwiftExpressions.number) {
            reading.font = .fixed(size: fixed)
        } else if let size = SwiftExpressions.argument("size", in: args).flatMap(SwiftExpressions.number) {
            let style = styleArgument(SwiftExpressions.argument("relativeTo", in: args)) ?? .body
            reading.font = .scaled(size: size, relativeTo: style)
        }
        return reading
    }

    /// `UIFontMetrics(forTextStyle: .title2).scaledFont(for: base)`, `UIFontMetrics.default.scaledFont(for: base)`.
    private func scaledFont(_ call: FunctionCallExprSyntax, depth: Int) -> Outcome {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let metrics = member.base,
              let baseFont = SwiftExpressions.argument("for", in: call.arguments) else { return .none }
        let style = metricsStyle(metrics) ?? .body
        guard case .font(var reading) = read(baseFont, depth: depth) else { return .unresolved(SwiftExpressions.code(call)) }
        switch reading.font {
        case .fixed(let size)?, .scaled(let size, _)?: reading.font = .scaled(size: size, relativeTo: style)
        case .style?: break
        case nil: return .unresolved(SwiftExpressions.code(call))
        }
        return .font(reading)
    }

    /// The style a `UIFontMetrics` expression scales like: `UIFontMetrics(forTextStyle: .x)` or `.default` (body).
    private func metricsStyle(_ expr: ExprSyntax) -> TextStyle? {
        if let call = expr.as(FunctionCallExprSyntax.self), SwiftExpressions.calledName(call) == "UIFontMetrics" {
            return styleArgument(SwiftExpressions.argument("forTextStyle", in: call.arguments))
        }
        if expr.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "default" { return .body }
        return nil
    }

    /// `UIFontMetrics.default.scaledValue(for: 15)`, `UIFontMetrics(forTextStyle: .x).scaledValue(for: 15)`.
    func scaledValue(_ expr: ExprSyntax) -> (size: Double, style: TextStyle)? {
        guard let call = expr.as(FunctionCallExprSyntax.self), SwiftExpressions.calledName(call) == "scaledValue",
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), let metrics = member.base,
              let value = SwiftExpressions.argument("for", in: call.arguments).flatMap(SwiftExpressions.number) else { return nil }
        return (value, metricsStyle(metrics) ?? .body)
    }

    func styleArgument(_ expr: ExprSyntax?) -> TextStyle? {
        guard let expr, let name = SwiftExpressions.memberName(expr) else { return nil }
        return SwiftExpressions.textStyle(named: name)
    }

    func weightArgument(_ expr: ExprSyntax) -> (weight: FontWeight, exact: Bool)? {
        SwiftExpressions.memberName(expr).flatMap(SwiftExpressions.weight(named:))
    }

    /// Collects `static var name: Font { … }` / `static let name = Font…` / `UIFont` aliases in a file's extensions
    /// and types.
    static func aliases(in tree: SourceFileSyntax) -> [(String, ExprSyntax)] {
        final class Collector: SyntaxVisitor {
            var found: [(String, ExprSyntax)] = []
            override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
                guard node.modifiers.contains(where: { $0.name.text == "static" }) else { return .skipChildren }
                for binding in node.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let type = binding.typeAnnotation?.type.trimmedDescription
                    if let value = binding.initializer?.value, type == nil || Self.isFontType(type) {
                        found.append((name, value))
                    } else if Self.isFontType(type), let body = binding.accessorBlock, let expr = Self.singleExpression(body) {
                        found.append((name, expr))
                    }
                }
                return .skipChildren
            }
            static func isFontType(_ type: String?) -> Bool {
                guard let type else { return false }
                return ["Font", "UIFont", "SwiftUI.Font", "UIKit.UIFont", "UIFont?", "UIFont!"].contains(type)
            }
            static func singleExpression(_ block: AccessorBlockSyntax) -> ExprSyntax? {
                guard case .getter(let items) = block.accessors, items.count == 1, let item = items.first else { return nil }
                if let expr = item.item.as(ExprSyntax.self) { return expr }
                if let ret = item.item.as(ReturnStmtSyntax.self) { return ret.expression }
                return nil
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.found
    }
}
