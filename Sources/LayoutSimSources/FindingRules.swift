import LayoutSimModel
import SwiftSyntax

/// The rules read off the Swift code itself: fixed font sizes, attributed text with fixed fonts, icons with literal
/// sizes beside text.
final class FindingsWalker: SyntaxVisitor {
    let context: FileContext
    var findings: [Finding] = []
    /// Names declared as attributed strings or their attribute containers (`.font =` on them is attributed text).
    private let attributed: Set<String>

    init(context: FileContext) {
        self.context = context
        attributed = Set(context.keys.declaredTypes.filter { ["AttributedString", "AttributeContainer", "NSMutableAttributedString"].contains($0.value) }.keys)
        super.init(viewMode: .sourceAccurate)
    }

    static let fontFix = "use a text style (.font(.footnote), UIFont.preferredFont(forTextStyle:)) or scale the size: "
        + ".custom(_:size:relativeTo:), UIFontMetrics(forTextStyle:).scaledFont(for:)"

    /// The fixed size a font expression comes to, and how (an alias followed), or nil when it scales or is unknown.
    private func fixedSize(_ expr: ExprSyntax) -> (size: Double, note: String?)? {
        guard case .font(let reading) = context.fonts.read(expr), case .fixed(let size)? = reading.font else { return nil }
        return (size, reading.note)
    }

    private func fixedFont(_ rule: Finding.Rule, _ expr: ExprSyntax, code: some SyntaxProtocol, what: String) {
        guard let (size, note) = fixedSize(expr) else { return }
        let via = note.map { " (\($0))" } ?? ""
        findings.append(Finding(rule, .error, at: context.location(expr), code: SwiftExpressions.code(code),
                                message: "\(what) is \(ReportNumber.text(size)) pt at every Dynamic Type size\(via): it never grows "
                                    + "for users of large text (body is 17 pt at Large, 53 pt at accessibility5)",
                                fix: Self.fontFix))
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if SwiftExpressions.calledName(node) == "HStack" { unscaledIcons(in: node) }
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let name = member.declName.baseName.text
        switch name {
        case "font" where member.base != nil:
            if let arg = node.arguments.first?.expression { fixedFont(.fixedFontSize, arg, code: node.arguments, what: "the font") }
        case "addAttribute" where node.arguments.first.map({ SwiftExpressions.memberName($0.expression) == "font" }) == true:
            if let value = SwiftExpressions.argument("value", in: node.arguments) {
                fixedFont(.attributedFixedFont, value, code: node.arguments, what: "the attributed text's font")
            }
        default:
            break
        }
        return .visitChildren
    }

    override func visit(_ node: DictionaryElementSyntax) -> SyntaxVisitorContinueKind {
        // [.font: UIFont.systemFont(ofSize: 14)], [NSAttributedString.Key.font: …]
        if SwiftExpressions.memberName(node.key) == "font", !Self.stylesOnlyBlankText(node) {
            fixedFont(.attributedFixedFont, node.value, code: node, what: "the attributed text's font")
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let items = Array(node.elements)
        guard items.count == 3, items[1].is(AssignmentExprSyntax.self), let member = items[0].as(MemberAccessExprSyntax.self),
              member.declName.baseName.text == "font" else { return .visitChildren }
        let receiver = member.base.map { UIKitScanner.receiverName($0) } ?? ""
        let isAttributed = attributed.contains(receiver) || attributed.contains(String(receiver.split(separator: ".").last ?? ""))
        fixedFont(isAttributed ? .attributedFixedFont : .fixedFontSize, items[2], code: node,
                  what: isAttributed ? "the attributed text's font" : "\(receiver)'s font")
        return .visitChildren
    }

    /// An `HStack` with text whose image has a literal frame: the icon stays its size while the text grows.
    private func unscaledIcons(in stack: FunctionCallExprSyntax) {
        guard let content = stack.trailingClosure else { return }
        let children = content.statements.compactMap { $0.item.as(ExprSyntax.self) }
        let hasText = children.contains { Self.core($0).map { ["Text", "Label", "Button", "Toggle"].contains($0) } ?? false }
        guard hasText else { return }
        // SF Symbols are icons; an asset image (a photo, an app icon's preview) may well keep its size.
        for child in children where Self.isSymbol(child) {
            var expr = child
            while let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  let base = member.base {
                if member.declName.baseName.text == "frame" {
                    let literal = ["width", "height"].compactMap { SwiftExpressions.argument($0, in: call.arguments) }
                        .filter { SwiftExpressions.number($0) != nil }
                    if let first = literal.first {
                        findings.append(Finding(.unscaledIcon, .warning, at: context.location(first), code: SwiftExpressions.code(call),
                                                message: "the icon keeps \(SwiftExpressions.code(call.arguments)) while the text beside it grows "
                                                    + "(3 times at accessibility5)",
                                                fix: "size it with @ScaledMetric (relativeTo: the text's style), or let it follow the font: "
                                                    + ".font(…) with .imageScale, no fixed frame"))
                    }
                }
                expr = base
            }
        }
    }

    /// `NSAttributedString(string: "\n\n", attributes: [.font: …])`: a fixed font on blank lines only spaces them.
    static func stylesOnlyBlankText(_ element: DictionaryElementSyntax) -> Bool {
        var node = element.parent
        for _ in 0..<6 {
            guard let current = node else { return false }
            if let call = current.as(FunctionCallExprSyntax.self) {
                guard let text = SwiftExpressions.argument("string", in: call.arguments).flatMap(SwiftExpressions.plainString) else { return false }
                return text.allSatisfy(\.isWhitespace)
            }
            node = current.parent
        }
        return false
    }

    /// The call a modified expression is made of: `Image(systemName: "x")` for `Image(systemName: "x").frame(width: 24)`.
    static func coreCall(_ expr: ExprSyntax) -> FunctionCallExprSyntax? {
        var expr = expr
        while let call = expr.as(FunctionCallExprSyntax.self) {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return call }
            expr = base
        }
        return nil
    }

    /// The view a modified expression is: `Image` for `Image(systemName: "x").frame(width: 24)`.
    static func core(_ expr: ExprSyntax) -> String? { coreCall(expr).flatMap(SwiftExpressions.calledName) }

    /// Whether a modified expression is an SF Symbol (`Image(systemName:)`).
    static func isSymbol(_ expr: ExprSyntax) -> Bool {
        guard let call = coreCall(expr), SwiftExpressions.calledName(call) == "Image" else { return false }
        return call.arguments.first?.label?.text == "systemName"
    }
}
