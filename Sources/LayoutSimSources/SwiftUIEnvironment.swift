import LayoutSimModel
import SwiftSyntax

/// What a SwiftUI view's modifiers and its containers say about the texts inside it. Values set closer to a text
/// win: a container's `.font` reaches its children unless a child sets its own (SwiftUI's environment).
struct ViewEnvironment {
    var font: Sourced<PlaceFont>?
    var fontNote: String?
    var weight: Sourced<FontWeight>?
    var lines: Sourced<Int>?
    var minimumCategory: Sourced<ContentSizeCategory>?
    var maximumCategory: Sourced<ContentSizeCategory>?
    var minimumScaleFactor: Sourced<Double>?
    var lineBreakMode: Sourced<LineBreakMode>?
    /// The frame's fixed width, and the padding inside it (or inside the screen, when no width is fixed).
    var width: Sourced<Double>?
    var maxWidth: Sourced<Double>?
    var height: Sourced<Double>?
    var padding: Double = 0
    var paddingEvidence: [Evidence] = []
    /// The text is a row of a `List` or `Form` (the system's insets apply).
    var inList: Evidence?
    /// The kind of place a text here makes when it is a system view's part (a section header, an alert's button).
    var role: ViewKind?
    /// `.navigationBarTitleDisplayMode(.inline)` on the view: its navigation title is in the bar.
    var inlineTitle = false
    /// Inside `ScrollView(.horizontal)`: rows scroll rather than run out of width.
    var scrollsHorizontally = false
    var depth = 0

    /// Applies the text's own field over what its containers give it.
    func applying(to place: inout SourcePlace) {
        place.font = place.font ?? font
        place.weight = place.weight ?? weight
        place.lines = place.lines ?? lines
        place.minimumCategory = minimumCategory
        place.maximumCategory = maximumCategory
        place.minimumScaleFactor = minimumScaleFactor
        place.lineBreakMode = lineBreakMode
        place.width = width
        place.maxWidth = maxWidth
        place.height = height
        if let fontNote { place.notes.append(fontNote) }
        var padding = self.padding, evidence = paddingEvidence
        if width == nil, let list = inList {
            // Inset-grouped rows on iPhone: 16 pt of section inset and 20 pt of cell content margin on each side
            // (UIKit's layout margins on a 393 pt screen); assumed, not read.
            padding += 72
            evidence.append(Evidence(list.code + " row insets (assumed 36 pt each side)", at: list.location, confidence: .low))
        }
        if padding > 0, let first = evidence.first {
            let code = evidence.map(\.code).joined(separator: " + ")
            place.horizontalPadding = Sourced(padding, Evidence(code, at: first.location, confidence: evidence.map(\.confidence).min() ?? .low))
        }
    }
}

/// The modifiers SwiftUI text and container modifiers the scan reads into a `ViewEnvironment`.
struct ModifierReader {
    let context: FileContext
    var fonts: FontResolver { context.fonts }
    /// `@ScaledMetric var iconSize = 24` (relativeTo: style, default body) by property name.
    var scaledMetrics: [String: (Double, TextStyle)] { context.scaledMetrics }

    /// Applies one modifier (`name(args)`) to the environment below it; returns a font alias it could not follow.
    @discardableResult
    func apply(_ name: String, _ call: FunctionCallExprSyntax, to env: inout ViewEnvironment) -> String? {
        let args = call.arguments
        let anchor: Syntax = call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(call)
        let written = "." + name + "(" + SwiftExpressions.code(args) + ")"
        let evidence = Evidence(written.count > 80 ? String(written.prefix(79)) + "…" : written, at: context.location(anchor), confidence: .high)
        var unresolved: String?
        switch name {
        case "font":
            guard let arg = args.first?.expression else { return nil }
            switch fonts.read(arg) {
            case .font(let reading):
                if let font = reading.font { env.font = Sourced(font, evidence) }
                if let weight = reading.weight { env.weight = Sourced(weight, evidence) }
                env.fontNote = reading.note
            case .unresolved(let alias):
                unresolved = alias
                env.fontNote = "font '\(alias)' not followed: map it under fontAliases in the config"
            case .none:
                env.fontNote = "font \(SwiftExpressions.code(arg)) not read"
            }
        case "bold":
            if args.first.map({ $0.expression.trimmedDescription }) != "false" { env.weight = Sourced(.bold, evidence) }
        case "fontWeight":
            if let weight = args.first.flatMap({ fonts.weightArgument($0.expression) }) { env.weight = Sourced(weight.weight, evidence) }
        case "lineLimit":
            guard let arg = args.first?.expression else { return nil }
            if arg.is(NilLiteralExprSyntax.self) {
                env.lines = Sourced(0, evidence)
            } else if let n = SwiftExpressions.number(arg) {
                env.lines = Sourced(Int(max(0, min(n, 1000))), evidence)
            } else if let range = arg.as(SequenceExprSyntax.self), let upper = range.elements.last.flatMap({ SwiftExpressions.number(ExprSyntax($0)) }) {
                env.lines = Sourced(Int(max(0, min(upper, 1000))), evidence)   // 1...3: at most three lines
            }
        case "dynamicTypeSize":
            applyTypeSize(args.first?.expression, evidence, to: &env)
        case "minimumScaleFactor":
            if let factor = args.first.flatMap({ SwiftExpressions.number($0.expression) }) { env.minimumScaleFactor = Sourced(factor, evidence) }
        case "truncationMode":
            switch args.first.flatMap({ SwiftExpressions.memberName($0.expression) }) {
            case "head": env.lineBreakMode = Sourced(.truncatingHead, evidence)
            case "middle": env.lineBreakMode = Sourced(.truncatingMiddle, evidence)
            case "tail": env.lineBreakMode = Sourced(.truncatingTail, evidence)
            default: break
            }
        case "frame":
            applyFrame(args, evidence, to: &env)
        case "padding":
            env.padding += 2 * horizontalPadding(args)
            env.paddingEvidence.append(evidence)
        default:
            break
        }
        return unresolved
    }

    /// `.dynamicTypeSize(.large)` (one size: frozen), `...DynamicTypeSize.xxxLarge`, `.xSmall ... .accessibility2`.
    private func applyTypeSize(_ arg: ExprSyntax?, _ evidence: Evidence, to env: inout ViewEnvironment) {
        guard let arg else { return }
        if let single = SwiftExpressions.memberName(arg).flatMap(SwiftExpressions.category(named:)), !arg.is(SequenceExprSyntax.self) {
            env.minimumCategory = Sourced(single, evidence)
            env.maximumCategory = Sourced(single, evidence)
            return
        }
        if let prefix = arg.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "..." || prefix.operator.text == "..<" {
            if let upper = SwiftExpressions.memberName(prefix.expression).flatMap(SwiftExpressions.category(named:)) {
                env.maximumCategory = Sourced(prefix.operator.text == "..<" ? (ContentSizeCategory(rawValue: upper.rawValue - 1) ?? upper) : upper, evidence)
            }
            return
        }
        if let postfix = arg.as(PostfixOperatorExprSyntax.self), postfix.operator.text == "..." {
            if let lower = SwiftExpressions.memberName(postfix.expression).flatMap(SwiftExpressions.category(named:)) { env.minimumCategory = Sourced(lower, evidence) }
            return
        }
        if let range = arg.as(SequenceExprSyntax.self), range.elements.count == 3 {
            let items = Array(range.elements)
            let op = items[1].trimmedDescription
            if let lower = SwiftExpressions.memberName(ExprSyntax(items[0])).flatMap(SwiftExpressions.category(named:)) { env.minimumCategory = Sourced(lower, evidence) }
            if let upper = SwiftExpressions.memberName(ExprSyntax(items[2])).flatMap(SwiftExpressions.category(named:)) {
                env.maximumCategory = Sourced(op == "..<" ? (ContentSizeCategory(rawValue: upper.rawValue - 1) ?? upper) : upper, evidence)
            }
        }
    }

    /// `.frame(width:)` fixes the width of what is inside (padding outside it no longer matters);
    /// `.frame(maxWidth:)` caps it when finite; `.frame(height:)` fixes the height.
    private func applyFrame(_ args: LabeledExprListSyntax, _ evidence: Evidence, to env: inout ViewEnvironment) {
        if let widthExpr = SwiftExpressions.argument("width", in: args) {
            if let width = SwiftExpressions.number(widthExpr) ?? scaledMetrics[widthExpr.trimmedDescription].map({ $0.0 }) {
                env.width = Sourced(width, evidence)
                env.padding = 0
                env.paddingEvidence = []
                env.inList = nil
            }
        }
        if let maxExpr = SwiftExpressions.argument("maxWidth", in: args), let maxWidth = SwiftExpressions.number(maxExpr) {
            env.maxWidth = Sourced(maxWidth, evidence)
        }
        if let heightExpr = SwiftExpressions.argument("height", in: args), let height = SwiftExpressions.number(heightExpr) {
            env.height = Sourced(height, evidence)
        }
    }

    /// The padding a `.padding(…)` adds on each horizontal side: 16 by default (the system's standard padding
    /// on iPhone), the number given, 0 for vertical-only edges.
    private func horizontalPadding(_ args: LabeledExprListSyntax) -> Double {
        var edges: ExprSyntax?, amount: Double = 16
        for arg in args {
            if let number = SwiftExpressions.number(arg.expression) { amount = number } else if arg.label == nil { edges = arg.expression }
        }
        guard let edges else { return amount }
        let text = edges.trimmedDescription
        if text.contains("horizontal") || text.contains(".all") { return amount }
        let leading = text.contains("leading") ? 1.0 : 0, trailing = text.contains("trailing") ? 1.0 : 0
        if leading + trailing > 0 { return amount * (leading + trailing) / 2 }
        if text.contains("EdgeInsets") { return 0 }
        return text.contains("vertical") || text.contains("top") || text.contains("bottom") ? 0 : amount
    }
}
