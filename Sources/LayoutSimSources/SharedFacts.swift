import LayoutSimModel
import SwiftSyntax

/// What every file's scan needs from all the files: font aliases, `@ScaledMetric` properties, and the components
/// that take a `LocalizedStringKey`.
struct SharedFacts {
    var fonts: FontResolver
    var scaledMetrics: [String: (Double, TextStyle)] = [:]
    var componentKeys: [String: [String]] = [:]
    var constants: [String: KeyReading] = [:]
}

extension SourceScanner {
    static func sharedFacts(_ trees: [SourceFileSyntax], config: ScanConfig) -> SharedFacts {
        var facts = SharedFacts(fonts: FontResolver(config: config))
        var constants: [(path: [String], value: ExprSyntax)] = []
        for tree in trees {
            for (name, expr) in FontResolver.aliases(in: tree) where facts.fonts.aliases[name] == nil {
                facts.fonts.aliases[name] = expr
            }
            let collector = DeclarationCollector(viewMode: .sourceAccurate)
            collector.walk(tree)
            for (name, metric) in collector.scaledMetrics where facts.scaledMetrics[name] == nil { facts.scaledMetrics[name] = metric }
            for (type, keys) in collector.componentKeys where facts.componentKeys[type] == nil { facts.componentKeys[type] = keys }
            constants += collector.constants
        }
        facts.constants = Self.constantIndex(constants)
        return facts
    }

    /// Localized constants by their whole dotted path and by every suffix of it that names one key only.
    static func constantIndex(_ found: [(path: [String], value: ExprSyntax)]) -> [String: KeyReading] {
        let reader = KeyReader()
        var index: [String: KeyReading] = [:]
        var ambiguous: Set<String> = []
        for (path, value) in found {
            guard case .key(let reading) = reader.read(value, literalIsKey: false) else { continue }
            for start in path.indices {
                let name = path[start...].joined(separator: ".")
                if let known = index[name], known.key != reading.key || known.table != reading.table { ambiguous.insert(name) }
                index[name] = index[name] ?? reading
            }
        }
        for name in ambiguous { index[name] = nil }
        return index
    }
}

/// `@ScaledMetric(relativeTo: .body) var iconSize = 24`, and structs' `LocalizedStringKey` stored properties.
final class DeclarationCollector: SyntaxVisitor {
    var scaledMetrics: [String: (Double, TextStyle)] = [:]
    var componentKeys: [String: [String]] = [:]
    /// `static let`/`var`/`func` whose value may be a localized string, with its type path (`AppStrings.Home.title`).
    var constants: [(path: [String], value: ExprSyntax)] = []
    private var types: [String] = []

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(node.extendedType.trimmedDescription)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        // SwiftGen's `static func items(_ p1: Int) -> String { L10n.tr("Localizable", "items", p1) }`
        if node.modifiers.contains(where: { $0.name.text == "static" }), let items = node.body?.statements, items.count == 1,
           let item = items.first {
            let value = item.item.as(ExprSyntax.self) ?? item.item.as(ReturnStmtSyntax.self)?.expression
            if let value { constants.append((types + [node.name.text], value)) }
        }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.modifiers.contains(where: { $0.name.text == "static" }) {
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if let value = binding.initializer?.value {
                    constants.append((types + [name], value))
                } else if case .getter(let items)? = binding.accessorBlock?.accessors, items.count == 1, let item = items.first {
                    if let value = item.item.as(ExprSyntax.self) ?? item.item.as(ReturnStmtSyntax.self)?.expression {
                        constants.append((types + [name], value))
                    }
                }
            }
        }
        let scaled = node.attributes.compactMap { $0.as(AttributeSyntax.self) }.first { $0.attributeName.trimmedDescription == "ScaledMetric" }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if let scaled, let value = binding.initializer.flatMap({ SwiftExpressions.number($0.value) }) {
                var style = TextStyle.body
                if case .argumentList(let args)? = scaled.arguments,
                   let relative = SwiftExpressions.argument("relativeTo", in: args).flatMap(SwiftExpressions.memberName),
                   let named = SwiftExpressions.textStyle(named: relative) {
                    style = named
                }
                scaledMetrics[name] = (value, style)
            }
            let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
            if let owner = types.last, binding.accessorBlock == nil,
               ["LocalizedStringKey", "LocalizedStringResource", "LocalizedStringKey?", "LocalizedStringResource?"].contains(type) {
                componentKeys[owner, default: []].append(name)
            }
        }
        return .skipChildren
    }
}

extension SwiftUIWalker {
    /// Walks every view-building declaration: `body`, properties and functions whose type is a view, in the file's
    /// structs and their extensions. Previews (`#Preview`, `PreviewProvider`) show sample data and are skipped.
    func walkViews(in tree: SourceFileSyntax) {
        final class Finder: SyntaxVisitor {
            var bodies: [(type: String?, items: CodeBlockItemListSyntax)] = []
            var types: [String] = []
            override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
                let inherits = node.inheritanceClause?.trimmedDescription ?? ""
                if inherits.contains("PreviewProvider") { return .skipChildren }
                types.append(node.name.text)
                return .visitChildren
            }
            override func visitPost(_ node: StructDeclSyntax) {
                if !(node.inheritanceClause?.trimmedDescription ?? "").contains("PreviewProvider") { types.removeLast() }
            }
            override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
                types.append(node.extendedType.trimmedDescription)
                return .visitChildren
            }
            override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }
            override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
                for binding in node.bindings {
                    let name = binding.pattern.trimmedDescription
                    let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
                    guard name == "body" || Self.isView(type), let block = binding.accessorBlock, !hidden(name) else { continue }
                    switch block.accessors {
                    case .getter(let items): bodies.append((types.last, items))
                    case .accessors(let accessors):
                        for accessor in accessors where accessor.accessorSpecifier.text == "get" {
                            if let body = accessor.body { bodies.append((types.last, body.statements)) }
                        }
                    }
                }
                return .skipChildren
            }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                let returns = node.signature.returnClause?.type.trimmedDescription ?? ""
                if Self.isView(returns), let body = node.body, !hidden(node.name.text) { bodies.append((types.last, body.statements)) }
                return .skipChildren
            }
            /// Text built for VoiceOver (`StatusRowAccessibilityLabel.finalLabel()`, `var accessibilityText`) is read
            /// aloud, not shown.
            func hidden(_ name: String) -> Bool {
                ([name] + types.suffix(1)).contains { $0.lowercased().contains("accessibility") }
            }
            static func isView(_ type: String) -> Bool {
                type.contains("View") || type == "Text" || type.contains("Scene") || type.contains("ToolbarContent")
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        for (type, items) in finder.bodies {
            currentType = type
            _ = walk(items, ViewEnvironment())
        }
        currentType = nil
    }
}
