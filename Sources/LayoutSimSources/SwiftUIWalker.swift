import LayoutSimModel
import SwiftSyntax

/// Walks a SwiftUI file's view code: each view expression's modifiers (outermost first, so the text's own win),
/// the places its texts make, and the rows its `HStack`s make.
final class SwiftUIWalker {
    let context: FileContext
    var modifiers: ModifierReader
    var result = ScanResult()
    /// Places made from a literal passed to a component's `LocalizedStringKey` property: their index and the
    /// component's property (`SettingsRow.title`), completed once every file has been read.
    var componentUses: [(place: Int, property: String)] = []
    /// What a component's own body does with its key properties: `Text(title).font(.headline)`.
    var componentTexts: [String: SourcePlace] = [:]
    /// The struct whose body is being walked, for its key properties.
    var currentType: String?

    /// Views nest at most this deep; deeper code is not walked (a note says so).
    static let maximumDepth = 200
    /// Modifiers on one view are read up to this many (generated code aside, a view has a few dozen).
    static let maximumModifiers = 10_000

    init(context: FileContext) {
        self.context = context
        self.modifiers = ModifierReader(context: context)
    }

    // MARK: Statements and expressions

    /// Walks the statements of a view builder, returning what each child is (for rows).
    func walk(_ items: CodeBlockItemListSyntax, _ env: ViewEnvironment) -> [SourceRow.Member] {
        var members: [SourceRow.Member] = []
        for item in items {
            switch item.item {
            case .expr(let expr):
                members += view(expr, env)
            case .stmt(let stmt):
                if let expression = stmt.as(ExpressionStmtSyntax.self)?.expression { members += view(expression, env) }
            default:
                break
            }
        }
        return members
    }

    /// What one view expression shows; rows and places are recorded as found.
    func view(_ expr: ExprSyntax, _ env: ViewEnvironment) -> [SourceRow.Member] {
        var env = env
        env.depth += 1
        guard env.depth <= Self.maximumDepth else {
            if env.depth == Self.maximumDepth + 1 {
                result.notes.append(ScanNote(.unreadable, at: context.location(expr), "views nested deeper than \(Self.maximumDepth) levels are not scanned"))
            }
            return []
        }
        if let ifExpr = expr.as(IfExprSyntax.self) { return branches(ifExpr, env) }
        if let switchExpr = expr.as(SwitchExprSyntax.self) {
            for case let switchCase in switchExpr.cases {
                if let caseItem = switchCase.as(SwitchCaseSyntax.self) { _ = walk(caseItem.statements, env) }
            }
            return [.other("switch")]
        }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            // Text("a") + Text("b"): each part is localized on its own.
            return sequence.elements.flatMap { element -> [SourceRow.Member] in
                element.is(BinaryOperatorExprSyntax.self) ? [] : view(ExprSyntax(element), env)
            }
        }
        var core = expr
        var chain: [(name: String, call: FunctionCallExprSyntax)] = []
        while let call = core.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base {
            chain.append((member.declName.baseName.text, call))
            core = base
            if chain.count > Self.maximumModifiers {
                result.notes.append(ScanNote(.unreadable, at: context.location(expr),
                                             "more than \(Self.maximumModifiers) modifiers on one view: not scanned"))
                return []
            }
        }
        if chain.contains(where: { ["navigationBarTitleDisplayMode", "toolbarTitleDisplayMode"].contains($0.name)
                                   && $0.call.arguments.first?.expression.trimmedDescription == ".inline" }) {
            env.inlineTitle = true
        }
        for (name, call) in chain where !modifierShowsViews(name, call, env) {
            if let alias = modifiers.apply(name, call, to: &env) {
                result.notes.append(ScanNote(.unresolvedFont, at: context.location(call),
                                             "font '\(alias)' is not declared in the scanned code: map it under fontAliases in --config"))
            }
        }
        guard let call = core.as(FunctionCallExprSyntax.self) else {
            return [.other(SwiftExpressions.code(core))]
        }
        return viewCall(call, env)
    }

    /// `if dynamicTypeSize.isAccessibilitySize { A } else { B }`: both are walked; B's rows are marked as shown below
    /// the accessibility sizes (A's when the condition is negated).
    private func branches(_ ifExpr: IfExprSyntax, _ env: ViewEnvironment) -> [SourceRow.Member] {
        let condition = ifExpr.conditions.trimmedDescription
        let accessibility = condition.contains("isAccessibilitySize") || condition.contains("isAccessibilityCategory")
        let negated = condition.hasPrefix("!")
        let rowsBefore = result.rows.count
        let thenMembers = walk(ifExpr.body.statements, env)
        if accessibility && negated { markRows(from: rowsBefore, .belowAccessibilitySizes) }
        let rowsBetween = result.rows.count
        var elseMembers: [SourceRow.Member] = []
        switch ifExpr.elseBody {
        case .ifExpr(let nested)?: elseMembers = branches(nested, env)
        case .codeBlock(let block)?: elseMembers = walk(block.statements, env)
        case nil: break
        }
        if accessibility && !negated { markRows(from: rowsBetween, .belowAccessibilitySizes) }
        return thenMembers.count >= elseMembers.count ? thenMembers : elseMembers
    }

    private func markRows(from index: Int, _ alternative: SourceRow.Alternative) {
        for row in index..<result.rows.count where result.rows[row].alternative == nil {
            result.rows[row].alternative = alternative
            break   // the branch's outermost row
        }
    }
}

/// One file's parse and what every file's scan shares: font aliases, `@ScaledMetric`s, declared types.
struct FileContext {
    let file: String
    let converter: SourceLocationConverter
    var fonts: FontResolver
    var keys: KeyReader
    var scaledMetrics: [String: (Double, TextStyle)]
    /// Key properties of the scanned components: `SettingsRow` → [`title`, `subtitle`].
    var componentKeys: [String: [String]]

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        let start = node.startLocation(converter: converter)
        return SourceLocation(file: file, line: start.line, column: start.column)
    }
}
