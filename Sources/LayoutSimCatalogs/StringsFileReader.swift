import Foundation
import LayoutSimModel

/// Reads a `.strings` file: `"key" = "value";` statements with `/* */` and `//` comments, in UTF-8 or UTF-16
/// (with or without a byte order mark), or a compiled (binary property list) `.strings`.
///
/// A `.strings` file is an old-style property list, and Foundation decodes every quoted string here
/// (`PropertyListSerialization`: escapes `\"` `\\` `\n` `\t` `\r` `\U00E9`, octal `\101`, surrogate pairs
/// `\UD83D\UDE00`), so values are exactly what the app gets. A small tokenizer only splits the file into statements,
/// to know each key's line and its comment (the comment right before the key, as `genstrings` writes it) and to
/// keep reading after a bad statement: the error points at the statement, the others are still read. If
/// Foundation rejects a file the tokenizer accepted, Foundation's error (with its line) is reported.
///
/// Also accepted, as by Foundation: unquoted keys and values (`key = value;`), `"key";` meaning
/// `"key" = "key";`. A repeated key: the last value wins (as in Foundation), with a warning.
package enum StringsFileReader {
    package static func read(_ data: Data, url: URL, developmentLanguage: String) -> CatalogReadResult {
        let file = url.path
        var result = CatalogReadResult(sourceLanguage: developmentLanguage)
        let locale = CatalogReader.lprojLocale(
            of: url, developmentLanguage: developmentLanguage, diagnostics: &result.diagnostics
        )
        let top = CatalogSourceLocation(file: file, line: 1, column: 1)
        if data.starts(with: Array("bplist".utf8)) {
            readBinary(data, locale: locale, at: top, into: &result)
            return result
        }
        guard let source = SourceText(data: data) else {
            result.diagnostics.append(.error("not UTF-8 or UTF-16 text", at: top))
            return result
        }
        var tokenizer = Tokenizer(text: source.text)
        let tokens = tokenizer.tokens()
        var parser = StatementParser(tokens: tokens, file: file, truncated: !tokenizer.errors.isEmpty)
        let statements = parser.statements()
        var errors = tokenizer.errors.map { CatalogDiagnostic.error($0.message, at: $0.location(file)) }
        errors += parser.diagnostics

        var indexByKey: [String: Int] = [:]
        for statement in statements {
            let location = statement.keyToken.location(file)
            guard let key = decode(statement.keyToken), let value = decode(statement.valueToken) else {
                let bad = decode(statement.keyToken) == nil ? statement.keyToken : statement.valueToken
                errors.append(.error("cannot decode the string \(bad.text)", at: bad.location(file)))
                continue
            }
            let entry = CatalogEntry(key: key, locale: locale, value: value, source: location, comment: statement.comment)
            if let index = indexByKey[key] {
                result.diagnostics.append(.warning(
                    "duplicate key '\(key)' (first at line \(result.entries[index].source.line)); the last value wins",
                    at: location
                ))
                result.entries[index] = entry
            } else {
                indexByKey[key] = result.entries.count
                result.entries.append(entry)
            }
        }
        if errors.isEmpty, !statements.isEmpty {
            // Foundation is the judge of validity: report what it rejects even if the tokenizer did not.
            do {
                _ = try PropertyListSerialization.propertyList(from: Data(source.utf8), format: nil)
            } catch {
                let position = ParserErrorPosition.propertyList(error, oldStyle: true)
                let message = position?.message ?? ParserErrorPosition.debugDescription(of: error)
                errors.append(.error(
                    "not a valid .strings file: \(message)",
                    at: CatalogSourceLocation(file: file, line: position?.line ?? 1, column: 1)
                ))
            }
        }
        result.diagnostics += errors
        result.diagnostics.sort { $0.location < $1.location }
        return result
    }

    /// A compiled `.strings` (binary property list): a dictionary of strings with no positions.
    private static func readBinary(
        _ data: Data, locale: String, at top: CatalogSourceLocation, into result: inout CatalogReadResult
    ) {
        do {
            guard let table = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            else {
                result.diagnostics.append(.error("a binary .strings file must hold a dictionary", at: top))
                return
            }
            for key in table.keys.sorted() {
                guard let value = table[key] as? String else {
                    result.diagnostics.append(.error("'\(key)': value is not a string", at: top))
                    continue
                }
                result.entries.append(CatalogEntry(key: key, locale: locale, value: value, source: top))
            }
        } catch {
            result.diagnostics.append(.error(
                "not a valid binary property list: \(ParserErrorPosition.debugDescription(of: error))", at: top
            ))
        }
    }

    /// The string a key or value token stands for: quoted strings through `PropertyListSerialization`,
    /// unquoted words as written.
    private static func decode(_ token: Token) -> String? {
        guard case .string = token.kind else { return token.text }
        let decoded = try? PropertyListSerialization.propertyList(from: Data(token.text.utf8), format: nil)
        return decoded as? String
    }

    // MARK: - Tokens

    package struct Token {
        enum Kind: Equatable {
            case string, word, equals, semicolon, comment, other
        }

        var kind: Kind
        /// The token as written (quotes included for strings; comment text without delimiters, trimmed).
        var text: String
        var line: Int
        var column: Int
        /// Position just after the token.
        var endLine: Int
        var endColumn: Int

        func location(_ file: String) -> CatalogSourceLocation {
            CatalogSourceLocation(file: file, line: line, column: column)
        }
    }

    package struct TokenizerError {
        var message: String
        var line: Int
        var column: Int

        func location(_ file: String) -> CatalogSourceLocation {
            CatalogSourceLocation(file: file, line: line, column: column)
        }
    }

    /// Splits the text into strings, words, `=`, `;` and comments, tracking line and UTF-16 column.
    package struct Tokenizer {
        private let scalars: [Unicode.Scalar]
        private var index = 0
        private var line = 1
        private var column = 1
        private(set) var errors: [TokenizerError] = []

        init(text: String) { scalars = Array(text.unicodeScalars) }

        private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "_$+/:.-".unicodeScalars.contains(scalar))
        }

        private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        private mutating func advance() {
            let scalar = scalars[index]
            index += 1
            if scalar == "\n" || (scalar == "\r" && peek() != "\n") {
                line += 1
                column = 1
            } else if scalar != "\r" {
                column += scalar.utf16.count
            }
        }

        mutating func tokens() -> [Token] {
            var tokens: [Token] = []
            while let scalar = peek() {
                if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                    advance()
                    continue
                }
                let (startLine, startColumn, start) = (line, column, index)
                func token(_ kind: Token.Kind, _ text: String? = nil) -> Token {
                    var raw = String.UnicodeScalarView()
                    raw.append(contentsOf: scalars[start..<index])
                    return Token(
                        kind: kind, text: text ?? String(raw), line: startLine, column: startColumn,
                        endLine: line, endColumn: column
                    )
                }
                switch scalar {
                case "\"":
                    advance()
                    var closed = false
                    while let next = peek() {
                        if next == "\\" {
                            advance()
                            if peek() != nil { advance() }
                        } else {
                            advance()
                            if next == "\"" {
                                closed = true
                                break
                            }
                        }
                    }
                    guard closed else {
                        errors.append(TokenizerError(message: "unterminated string", line: startLine, column: startColumn))
                        return tokens
                    }
                    tokens.append(token(.string))
                case "/" where peek(1) == "*":
                    advance()
                    advance()
                    var closed = false
                    while let next = peek() {
                        if next == "*", peek(1) == "/" {
                            advance()
                            advance()
                            closed = true
                            break
                        }
                        advance()
                    }
                    guard closed else {
                        errors.append(TokenizerError(message: "unterminated comment", line: startLine, column: startColumn))
                        return tokens
                    }
                    var body = String.UnicodeScalarView()
                    body.append(contentsOf: scalars[(start + 2)..<(index - 2)])
                    tokens.append(token(.comment, String(body).trimmingCharacters(in: .whitespacesAndNewlines)))
                case "/" where peek(1) == "/":
                    while let next = peek(), next != "\n", next != "\r" { advance() }
                    var body = String.UnicodeScalarView()
                    body.append(contentsOf: scalars[(start + 2)..<index])
                    tokens.append(token(.comment, String(body).trimmingCharacters(in: .whitespacesAndNewlines)))
                case "=":
                    advance()
                    tokens.append(token(.equals))
                case ";":
                    advance()
                    tokens.append(token(.semicolon))
                default:
                    if Self.isWordCharacter(scalar) {
                        while let next = peek(), Self.isWordCharacter(next) { advance() }
                        tokens.append(token(.word))
                    } else {
                        advance()
                        tokens.append(token(.other))
                    }
                }
            }
            return tokens
        }
    }

    /// One `key = value;` statement.
    package struct Statement {
        var keyToken: Token
        var valueToken: Token
        var comment: String?
    }

    /// Groups tokens into statements; a malformed statement gives an error and is skipped up to its `;`.
    package struct StatementParser {
        let tokens: [Token]
        let file: String
        /// The tokenizer stopped early (unterminated string or comment, already reported): running out of
        /// tokens mid-statement is not a further error.
        let truncated: Bool
        private var index = 0
        private(set) var diagnostics: [CatalogDiagnostic] = []

        init(tokens: [Token], file: String, truncated: Bool) {
            self.tokens = tokens
            self.file = file
            self.truncated = truncated
        }

        /// The next token that is not a comment (comments are skipped).
        private mutating func next() -> Token? {
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                if token.kind != .comment { return token }
            }
            return nil
        }

        private func peekKind() -> Token.Kind? {
            tokens[index...].first { $0.kind != .comment }?.kind
        }

        private mutating func fail(_ message: String, at line: Int, _ column: Int) {
            diagnostics.append(.error(message, at: CatalogSourceLocation(file: file, line: line, column: column)))
        }

        /// Skips to just after the next `;`.
        private mutating func recover() {
            while let token = next(), token.kind != .semicolon {}
        }

        private static func describe(_ token: Token) -> String {
            switch token.kind {
            case .string, .word: "\(token.text)"
            default: "'\(token.text)'"
            }
        }

        mutating func statements() -> [Statement] {
            var statements: [Statement] = []
            var comment: String?
            var previousEndLine = 0
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                switch token.kind {
                case .comment:
                    // A comment on the line where the previous statement ends is a trailing remark about it,
                    // not the next key's comment.
                    if token.line != previousEndLine { comment = token.text }
                    continue
                case .semicolon:
                    continue
                case .string, .word:
                    break
                default:
                    fail("expected a key, found \(Self.describe(token))", at: token.line, token.column)
                    recover()
                    comment = nil
                    continue
                }
                let key = token
                guard let separator = next() else {
                    if !truncated { fail("expected '=' or ';' after the key \(key.text)", at: key.endLine, key.endColumn) }
                    break
                }
                if separator.kind == .semicolon {
                    statements.append(Statement(keyToken: key, valueToken: key, comment: comment))
                    comment = nil
                    previousEndLine = separator.endLine
                    continue
                }
                guard separator.kind == .equals else {
                    fail(
                        "expected '=' after the key \(key.text), found \(Self.describe(separator))",
                        at: separator.line, separator.column
                    )
                    recover()
                    comment = nil
                    continue
                }
                let value = next()
                if value == nil, truncated { break }
                guard let value, value.kind == .string || value.kind == .word else {
                    fail("expected a value after '=' for the key \(key.text)", at: separator.endLine, separator.endColumn)
                    if let consumed = tokens[..<index].last, consumed.kind != .semicolon { recover() }
                    comment = nil
                    continue
                }
                if peekKind() == .semicolon {
                    _ = next()
                } else if !(truncated && peekKind() == nil) {
                    // The classic mistake: a missing `;` at the end of the line. Point at it, keep the statement
                    // (the value is unambiguous) and go on with the next one.
                    fail(
                        "expected ';' after the value of the key \(key.text) (Foundation rejects the whole file: the app "
                            + "shows the source text until it is fixed; its translations are checked as written)",
                        at: value.endLine, value.endColumn
                    )
                }
                statements.append(Statement(keyToken: key, valueToken: value, comment: comment))
                comment = nil
                previousEndLine = tokens[index - 1].endLine
            }
            return statements
        }
    }
}
