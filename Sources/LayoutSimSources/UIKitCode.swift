import Foundation
import LayoutSimModel
import SwiftSyntax

/// UIKit code: what is assigned to one receiver (`titleLabel.text = …`, `.font`, `.numberOfLines`,
/// `.adjustsFontForContentSizeCategory`, a width constraint) within one type, made into places where a localized
/// string is assigned.
struct UIKitScanner {
    let context: FileContext

    /// One receiver's facts within a type.
    private struct Receiver {
        var kind: ViewKind?
        var customClass: String?
        var texts: [(KeyReading, Syntax, ViewKind)] = []
        var font: Sourced<PlaceFont>?
        var weight: Sourced<FontWeight>?
        var fontNote: String?
        var lines: Sourced<Int>?
        var adjusts: Sourced<Bool>?
        var width: Sourced<Double>?
        var height: Sourced<Double>?
        var minimumScaleFactor: Sourced<Double>?
        var lineBreakMode: Sourced<LineBreakMode>?
    }

    func scan(_ tree: SourceFileSyntax, into result: inout ScanResult) {
        final class Types: SyntaxVisitor {
            var types: [Syntax] = []
            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { types.append(Syntax(node)); return .skipChildren }
            override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { types.append(Syntax(node)); return .skipChildren }
            override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { types.append(Syntax(node)); return .skipChildren }
        }
        let types = Types(viewMode: .sourceAccurate)
        types.walk(tree)
        for type in types.types { scanType(type, into: &result) }
    }

    private func scanType(_ type: Syntax, into result: inout ScanResult) {
        final class Statements: SyntaxVisitor {
            var assignments: [(lhs: ExprSyntax, rhs: ExprSyntax)] = []
            var calls: [FunctionCallExprSyntax] = []
            var declaredKinds: [String: ViewKind] = [:]
            /// Receivers declared as a class that is not UIKit's own (`let title = ENALabel()`).
            var customClasses: [String: String] = [:]
            /// `let titleLabel: UILabel = { let label = UILabel(); …; return label }()`: `label` is `titleLabel`.
            var aliases: [String: String] = [:]
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let items = Array(node.elements)
                if items.count == 3, items[1].is(AssignmentExprSyntax.self) { assignments.append((items[0], items[2])) }
                return .visitChildren
            }
            override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
                if node.operator.is(AssignmentExprSyntax.self) { assignments.append((node.leftOperand, node.rightOperand)) }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                calls.append(node)
                return .visitChildren
            }
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
                let typeText = node.typeAnnotation?.type.trimmedDescription ?? ""
                let initText = node.initializer.map { call in
                    (call.value.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription) ?? ""
                } ?? ""
                if let kind = UIKitScanner.kind(ofType: typeText) ?? UIKitScanner.kind(ofType: initText) { declaredKinds[name] = kind }
                let declared = (typeText.isEmpty ? initText : typeText).filter { $0 != "!" && $0 != "?" }
                if let first = declared.first, first.isUppercase, !["UILabel", "UIButton", "UITextField"].contains(declared) {
                    customClasses[name] = declared
                }
                if let closure = node.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression.as(ClosureExprSyntax.self),
                   let last = closure.statements.last?.item.as(ReturnStmtSyntax.self)?.expression?.trimmedDescription {
                    aliases[last] = name
                }
                return .visitChildren
            }
        }
        let statements = Statements(viewMode: .sourceAccurate)
        statements.walk(type)
        let table = ReceiverTable(statements.declaredKinds, statements.aliases, statements.customClasses)
        for (lhs, rhs) in statements.assignments {
            guard let (receiver, property) = Self.split(lhs) else { continue }
            let name = table.touch(receiver)
            assign(property, rhs, to: &table.receivers[name, default: Receiver()], lhs: lhs, result: &result)
        }
        for call in statements.calls { applyCall(call, table: table) }
        for name in table.order {
            guard let receiver = table.receivers[name] else { continue }
            for (reading, node, kind) in receiver.texts { result.places.append(place(reading, node, kind, receiver)) }
        }
    }

    /// The receivers of one type, in the order first met, under the names their declarations give them.
    private final class ReceiverTable {
        var receivers: [String: Receiver] = [:]
        var order: [String] = []
        let declaredKinds: [String: ViewKind]
        let aliases: [String: String]
        let customClasses: [String: String]

        init(_ declaredKinds: [String: ViewKind], _ aliases: [String: String], _ customClasses: [String: String]) {
            self.declaredKinds = declaredKinds
            self.aliases = aliases
            self.customClasses = customClasses
        }

        func touch(_ name: String) -> String {
            let resolved = aliases[name] ?? name
            if receivers[resolved] == nil {
                receivers[resolved] = Receiver(kind: declaredKinds[resolved] ?? declaredKinds[name],
                                               customClass: customClasses[resolved] ?? customClasses[name])
                order.append(resolved)
            }
            return resolved
        }
    }

    /// `self.titleLabel.text` → (`titleLabel`, `text`); `cell.textLabel?.font` → (`cell.textLabel`, `font`).
    /// A view controller's own `title = …` (and `navigationItem.title`) has the receiver `self`.
    static func split(_ lhs: ExprSyntax) -> (String, String)? {
        if let reference = lhs.as(DeclReferenceExprSyntax.self), reference.baseName.text == "title" { return ("self", "title") }
        guard let member = lhs.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        let receiver = receiverName(base)
        return (receiver == "navigationItem" ? "self" : receiver, member.declName.baseName.text)
    }

    static func kind(ofType text: String) -> ViewKind? {
        if text.contains("UILabel") { return .uiLabel }
        if text.contains("UIButton") { return .uiButton }
        if text.contains("UITextField") { return .uiTextField }
        return nil
    }

    private func assign(_ property: String, _ rhs: ExprSyntax, to receiver: inout Receiver, lhs: ExprSyntax, result: inout ScanResult) {
        let evidence = Evidence(SwiftExpressions.code(lhs) + " = " + SwiftExpressions.code(rhs), at: context.location(lhs), confidence: .exact)
        switch property {
        case "text", "placeholder", "title":
            let kind: ViewKind = property == "placeholder" ? .uiTextField : property == "title" ? .navigationTitle : receiver.kind ?? .uiLabel
            switch context.keys.read(rhs, literalIsKey: false) {
            case .key(let reading): receiver.texts.append((reading, Syntax(rhs), kind))
            case .verbatim: break
            case .unresolved(let code):
                if code.contains("NSLocalizedString") || code.contains("localized") {
                    result.notes.append(ScanNote(.unresolvedKey, at: context.location(rhs), "\(code): the key is known only at run time"))
                }
            }
        case "font":
            switch context.fonts.read(rhs) {
            case .font(let reading):
                if let font = reading.font { receiver.font = Sourced(font, evidence) }
                if let weight = reading.weight { receiver.weight = Sourced(weight, evidence) }
                receiver.fontNote = reading.note
            case .unresolved(let alias):
                result.notes.append(ScanNote(.unresolvedFont, at: evidence.location, "font '\(alias)' is not declared in the scanned code: map it under fontAliases in --config"))
            case .none: break
            }
        case "numberOfLines":
            if let n = SwiftExpressions.number(rhs) { receiver.lines = Sourced(Int(max(0, min(n, 1000))), evidence) }
        case "adjustsFontForContentSizeCategory":
            receiver.adjusts = Sourced(rhs.trimmedDescription == "true", evidence)
        case "minimumScaleFactor":
            if let factor = SwiftExpressions.number(rhs) { receiver.minimumScaleFactor = Sourced(factor, evidence) }
        case "lineBreakMode":
            let modes: [String: LineBreakMode] = ["byTruncatingTail": .truncatingTail, "byTruncatingHead": .truncatingHead,
                                                  "byTruncatingMiddle": .truncatingMiddle, "byWordWrapping": .wordWrapping,
                                                  "byCharWrapping": .charWrapping, "byClipping": .clipping]
            if let mode = SwiftExpressions.memberName(rhs).flatMap({ modes[$0] }) { receiver.lineBreakMode = Sourced(mode, evidence) }
        default:
            break
        }
    }

    /// `button.setTitle(NSLocalizedString(…), for: .normal)`, `label.widthAnchor.constraint(equalToConstant: 120)`.
    private func applyCall(_ call: FunctionCallExprSyntax, table: ReceiverTable) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return }
        let name = member.declName.baseName.text
        if name == "setTitle", let title = call.arguments.first?.expression {
            let receiver = table.touch(Self.receiverName(base))
            if case .key(let reading) = context.keys.read(title, literalIsKey: false) {
                table.receivers[receiver, default: Receiver()].texts.append((reading, Syntax(title), .uiButton))
            }
            return
        }
        guard name == "constraint", let constant = SwiftExpressions.argument("equalToConstant", in: call.arguments).flatMap(SwiftExpressions.number),
              let anchor = base.as(MemberAccessExprSyntax.self), let view = anchor.base else { return }
        let evidence = Evidence(SwiftExpressions.code(call), at: context.location(call), confidence: .exact)
        let receiver = table.touch(Self.receiverName(view))
        switch anchor.declName.baseName.text {
        case "widthAnchor": table.receivers[receiver, default: Receiver()].width = Sourced(constant, evidence)
        case "heightAnchor": table.receivers[receiver, default: Receiver()].height = Sourced(constant, evidence)
        default: break
        }
    }

    /// The view a receiver expression names: `self.saveButton.titleLabel?` is `saveButton` (a button's title
    /// label is the button's text).
    static func receiverName(_ expr: ExprSyntax) -> String {
        var name = expr.trimmedDescription.replacingOccurrences(of: "?", with: "").replacingOccurrences(of: "!", with: "")
        if name.hasPrefix("self.") { name.removeFirst(5) }
        if name.hasSuffix(".titleLabel") { name.removeLast(".titleLabel".count) }
        return name
    }

    private func place(_ reading: KeyReading, _ node: Syntax, _ kind: ViewKind, _ receiver: Receiver) -> SourcePlace {
        var place = SourcePlace(key: reading.key, table: reading.table ?? "Localizable", location: context.location(node), view: kind)
        place.keyConfidence = reading.confidence
        place.notes = reading.notes + (receiver.fontNote.map { [$0] } ?? [])
        place.sourceText = reading.defaultValue
        place.font = receiver.font
        place.weight = receiver.weight
        place.width = receiver.width
        place.height = receiver.height
        place.minimumScaleFactor = receiver.minimumScaleFactor
        place.lineBreakMode = receiver.lineBreakMode
        place.adjustsFontForContentSizeCategory = receiver.adjusts
        place.customClass = receiver.customClass
        if kind == .navigationTitle {
            SystemViewDefaults.apply(to: &place)
        } else {
            // UILabel's documented default: one line; a button's title too.
            place.lines = receiver.lines ?? Sourced(1, Evidence("\(kind.rawValue) default: numberOfLines = 1", at: place.location, confidence: .high))
        }
        return place
    }
}
