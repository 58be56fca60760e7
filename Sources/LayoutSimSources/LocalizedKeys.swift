import Foundation
import SwiftSyntax

/// A localized string's key as the code spells it.
struct KeyReading: Sendable, Hashable {
    var key: String
    var table: String?
    var confidence: Confidence = .exact
    var notes: [String] = []
    /// The text shown in the development language when the code gives one (`defaultValue:`).
    var defaultValue: String?
}

/// What an expression in a place that shows text says about its key.
enum KeyOutcome {
    case key(KeyReading)
    /// Shown as it is, not localized (`Text(verbatim:)`, a plain `String` in UIKit).
    case verbatim
    /// Localized at run time from something the scan cannot read (a variable, a function's result).
    case unresolved(String)
}

/// Reads keys: literals that are `LocalizedStringKey`s, `String(localized:)`, `NSLocalizedString`,
/// `LocalizedStringResource`, and interpolations made into format keys as Xcode's extraction does.
struct KeyReader {
    /// Declared types of names in the file (`let count: Int`, `var price = 1.5`), to choose an interpolation's
    /// format specifier; names declared twice with different types are left out.
    var declaredTypes: [String: String] = [:]
    /// String constants of the scanned code that are localized (`static let title = NSLocalizedString("key", …)`,
    /// SwiftGen's `L10n.tr("Localizable", "key")`), by their dotted path and its unambiguous suffixes.
    var constants: [String: KeyReading] = [:]

    /// `literalIsKey`: a string literal in this position is a `LocalizedStringKey` (SwiftUI's `Text("…")`,
    /// `Button("…")`), not a plain `String` (UIKit's `label.text = "…"`).
    func read(_ expr: ExprSyntax, literalIsKey: Bool) -> KeyOutcome {
        if let literal = expr.as(StringLiteralExprSyntax.self) {
            return literalIsKey ? .key(format(literal)) : .verbatim
        }
        if let call = expr.as(FunctionCallExprSyntax.self) { return readCall(call, literalIsKey: literalIsKey) }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base,
           ["localized", "localizedString"].contains(member.declName.baseName.text), case .key(var reading) = read(base, literalIsKey: true) {
            // `"settings.title".localized`: the common extension that calls NSLocalizedString on itself.
            reading.confidence = min(reading.confidence, .high)
            reading.notes.append("localized through the '.\(member.declName.baseName.text)' extension")
            return .key(reading)
        }
        if let sequence = expr.as(SequenceExprSyntax.self) { return .unresolved(SwiftExpressions.code(sequence)) }
        if let constant = constant(expr) { return .key(constant) }
        // Text(title) with `let title: String` takes the StringProtocol initializer: shown as it is.
        if literalIsKey, let name = SwiftExpressions.memberName(expr), let type = declaredTypes[name],
           ["String", "String?", "Substring", "AttributedString"].contains(type) {
            return .verbatim
        }
        return .unresolved(SwiftExpressions.code(expr))
    }

    private func readCall(_ call: FunctionCallExprSyntax, literalIsKey: Bool) -> KeyOutcome {
        let args = call.arguments
        let name = SwiftExpressions.calledName(call)
        switch name {
        case "NSLocalizedString":
            guard let first = args.first, first.label == nil, let key = SwiftExpressions.plainString(first.expression) else {
                return .unresolved(SwiftExpressions.code(call))
            }
            var reading = KeyReading(key: key)
            reading.table = SwiftExpressions.argument("tableName", in: args).flatMap(SwiftExpressions.plainString)
            reading.defaultValue = SwiftExpressions.argument("value", in: args).flatMap(SwiftExpressions.plainString)
            return .key(reading)
        case "String" where args.first?.label?.text == "localized",
             "LocalizedStringResource", "LocalizedStringKey":
            guard let first = args.first, let literal = first.expression.as(StringLiteralExprSyntax.self) else {
                return args.first.map { read($0.expression, literalIsKey: true) } ?? .unresolved(SwiftExpressions.code(call))
            }
            var reading = format(literal)
            reading.table = SwiftExpressions.argument("table", in: args).flatMap(SwiftExpressions.plainString)
            reading.defaultValue = SwiftExpressions.argument("defaultValue", in: args).flatMap(SwiftExpressions.plainString)
            return .key(reading)
        case "String" where args.first?.label?.text == "format":
            // String(format: NSLocalizedString("%d items", comment: ""), n): the format is the key.
            guard let first = args.first else { return .unresolved(SwiftExpressions.code(call)) }
            return read(first.expression, literalIsKey: false)
        case "tr" where args.count >= 2:
            // SwiftGen: L10n.tr("Localizable", "settings.title", …)
            let strings = args.prefix(2).compactMap { SwiftExpressions.plainString($0.expression) }
            guard strings.count == 2 else { break }
            return .key(KeyReading(key: strings[1], table: strings[0]))
        case "Image", "AttributedString":
            return .verbatim   // Text(Image(systemName:)): an image, not a string
        case "uppercased", "lowercased", "capitalized":
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { break }
            return read(base, literalIsKey: literalIsKey)
        default:
            if let constant = constant(call.calledExpression) { return .key(constant) }   // L10n.items(3)
        }
        return .unresolved(SwiftExpressions.code(call))
    }

    /// A localized constant the expression names: `AppStrings.Settings.title`, `L10n.Settings.title`, `.title` when
    /// only one constant has that name.
    private func constant(_ expr: ExprSyntax) -> KeyReading? {
        guard expr.is(MemberAccessExprSyntax.self) || expr.is(DeclReferenceExprSyntax.self), !constants.isEmpty else { return nil }
        var path = expr.trimmedDescription.filter { !$0.isWhitespace }
        if path.hasPrefix("Self.") { path.removeFirst(5) }
        if path.hasPrefix(".") { path.removeFirst() }
        guard var reading = constants[path] else { return nil }
        reading.notes.append("the constant \(path)")
        return reading
    }

    /// The key a literal makes: its text, with each interpolation replaced by its format specifier and `%` doubled
    /// where there are interpolations (as `LocalizedStringKey`'s interpolation writes it).
    func format(_ literal: StringLiteralExprSyntax) -> KeyReading {
        let interpolated = literal.segments.contains { $0.is(ExpressionSegmentSyntax.self) }
        var key = "", reading = KeyReading(key: "")
        for segment in literal.segments {
            if let piece = segment.as(StringSegmentSyntax.self) {
                let text = SwiftExpressions.unescaped(piece.content.text)
                key += interpolated ? text.replacingOccurrences(of: "%", with: "%%") : text
            } else if let expression = segment.as(ExpressionSegmentSyntax.self) {
                let (specifier, guessed) = self.specifier(expression.expressions)
                key += specifier
                if let guessed {
                    reading.confidence = .medium
                    reading.notes.append(guessed)
                }
            }
        }
        reading.key = key
        return reading
    }

    /// The specifier an interpolation makes, and a note when its type was guessed.
    private func specifier(_ arguments: LabeledExprListSyntax) -> (String, String?) {
        if let given = SwiftExpressions.argument("specifier", in: arguments).flatMap(SwiftExpressions.plainString) {
            return (given, nil)
        }
        guard let first = arguments.first?.expression else { return ("%@", nil) }
        if arguments.count > 1 { return ("%@", nil) }   // `\(date, format: …)`, `\(value, style: …)`: formatted text
        if first.is(IntegerLiteralExprSyntax.self) { return ("%lld", nil) }
        if first.is(FloatLiteralExprSyntax.self) { return ("%lf", nil) }
        if first.is(StringLiteralExprSyntax.self) { return ("%@", nil) }
        let name = SwiftExpressions.memberName(first)
        if name == "count" { return ("%lld", nil) }
        if let name, let type = declaredTypes[name] {
            if let specifier = Self.specifier(forType: type) { return (specifier, nil) }
        }
        return ("%@", "the type of '\(SwiftExpressions.code(first))' was guessed (String: %@)")
    }

    static func specifier(forType type: String) -> String? {
        let plain = type.hasSuffix("?") ? String(type.dropLast()) : type
        switch plain {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32": return "%lld"
        case "UInt64": return "%llu"
        case "Double", "CGFloat", "Float", "Float64": return "%lf"
        case "String", "Substring", "Text", "Image", "AttributedString", "Date", "URL": return "%@"
        default: return nil
        }
    }

    /// Collects the declared types of names in a file: annotated variables and parameters, and variables
    /// initialized with a literal.
    static func declaredTypes(in tree: SourceFileSyntax) -> [String: String] {
        final class Collector: SyntaxVisitor {
            var types: [String: String] = [:]
            var conflicting: Set<String> = []
            func add(_ name: String, _ type: String) {
                if let known = types[name], known != type { conflicting.insert(name) }
                types[name] = type
            }
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return .visitChildren }
                if let type = node.typeAnnotation?.type.trimmedDescription {
                    add(name, type)
                } else if let value = node.initializer?.value {
                    if value.is(IntegerLiteralExprSyntax.self) { add(name, "Int") }
                    if value.is(FloatLiteralExprSyntax.self) { add(name, "Double") }
                    if value.is(StringLiteralExprSyntax.self) { add(name, "String") }
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
                add((node.secondName ?? node.firstName).text, node.type.trimmedDescription)
                return .visitChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.types.filter { !collector.conflicting.contains($0.key) }
    }
}
