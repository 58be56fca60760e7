import LayoutSimModel
import SwiftSyntax

/// Small readings of Swift expressions the scan needs: literals, member names, numbers.
enum SwiftExpressions {
    /// The text of a string literal with no interpolation (escapes resolved), or nil.
    static func plainString(_ expr: ExprSyntax) -> String? {
        guard let literal = expr.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let piece = segment.as(StringSegmentSyntax.self) else { return nil }
            text += unescaped(piece.content.text)
        }
        return text
    }

    /// Resolves a literal segment's escapes as the compiler does (`\n`, `\t`, `\"`, `\\`, `\u{…}`); other text is
    /// kept as written.
    static func unescaped(_ raw: String) -> String {
        guard raw.contains("\\") else { return raw }
        var out = "", scalars = Array(raw.unicodeScalars), index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "\\", index < scalars.count else {
                out.unicodeScalars.append(scalar)
                continue
            }
            let next = scalars[index]
            index += 1
            switch next {
            case "n": out += "\n"
            case "t": out += "\t"
            case "r": out += "\r"
            case "0": out += "\0"
            case "\"", "'", "\\": out.unicodeScalars.append(next)
            case "u":
                // \u{1F600}: at most 8 hex digits inside braces.
                var digits = ""
                if index < scalars.count, scalars[index] == "{" {
                    index += 1
                    while index < scalars.count, scalars[index] != "}", digits.count < 8 {
                        digits.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    if index < scalars.count, scalars[index] == "}" { index += 1 }
                }
                if let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) {
                    out.unicodeScalars.append(decoded)
                }
            default:
                out.unicodeScalars.append("\\")
                out.unicodeScalars.append(next)
            }
        }
        return out
    }

    /// A number literal (integer or float, possibly negative, or `CGFloat(12)`), or nil.
    static func number(_ expr: ExprSyntax) -> Double? {
        if let int = expr.as(IntegerLiteralExprSyntax.self) { return Double(int.literal.text.filter { $0 != "_" }) }
        if let float = expr.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text.filter { $0 != "_" }) }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return number(prefix.expression).map { -$0 }
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
           let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           ["CGFloat", "Double", "Float", "Int"].contains(name), let only = call.arguments.first {
            return number(only.expression)
        }
        return nil
    }

    /// The member named by `.name`, `Type.name` or `name` (the last component).
    static func memberName(_ expr: ExprSyntax) -> String? {
        if let member = expr.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return nil
    }

    /// The name a call calls: `Text` for `Text(…)`, `font` for `x.font(…)`, `system` for `.system(…)`.
    static func calledName(_ call: FunctionCallExprSyntax) -> String? { memberName(call.calledExpression) }

    /// The argument with a label (nil: the first unlabeled one).
    static func argument(_ label: String?, in arguments: LabeledExprListSyntax) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }

    /// The expression's source on one line, at most 80 characters (evidence in reports and comments).
    static func code(_ node: some SyntaxProtocol) -> String {
        let words = node.trimmedDescription.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.drop(while: { $0 == " " || $0 == "\t" }) }
        let line = words.joined(separator: " ")
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }

    /// `Font.Weight` / `UIFont.Weight` member names to the weights the engine models (nil: not a weight).
    static func weight(named name: String) -> (weight: FontWeight, exact: Bool)? {
        switch name {
        case "regular": return (.regular, true)
        case "medium": return (.medium, true)
        case "semibold": return (.semibold, true)
        case "bold": return (.bold, true)
        case "ultraLight", "thin", "light": return (.regular, false)
        case "heavy", "black": return (.bold, false)
        default: return nil
        }
    }

    /// A `DynamicTypeSize` / `UIContentSizeCategory` member name to its category (the model's parser reads both).
    static func category(named name: String) -> ContentSizeCategory? { ContentSizeCategory(parsing: name) }

    /// A text style by SwiftUI's `Font.TextStyle` or UIKit's `UIFont.TextStyle` member name (`title` is title1).
    static func textStyle(named name: String) -> TextStyle? { TextStyle(parsing: name) }
}
