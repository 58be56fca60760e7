import Foundation
import LayoutSimModel
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads XLIFF 1.2 (`.xliff`, `.xlf`) and Localization Catalogs (`.xcloc` folders).
///
/// - `<file source-language target-language original>` gives the locales; each `<trans-unit id>` gives a key,
///   its `<source>`, `<target>` (with `state`) and `<note>`s (the comment; several are joined by newlines).
/// - A unit with a `<target>` becomes an entry in the target language. A unit without one becomes an entry in the
///   source language with its `<source>` (what the app shows); when the file has a different target language
///   this is warned about, as a missing translation.
/// - Xcode's variation ids are reassembled and expanded like the catalogs they come from: String Catalog units
///   `key|==|plural.one`, `key|==|device.ipad`, `key|==|device.iphone.plural.one`,
///   `key|==|substitutions.files.plural.one` (also `key|==|files.plural.one`) with the `key` unit as the
///   substitution's format (`%arg` becomes `%lld`: the XLIFF does not carry the `formatSpecifier`);
///   stringsdict units `/key:dict/NSStringLocalizedFormatKey:dict/:string`, `/key:dict/var:dict/one:dict/:string`.
///   Every category the target language has becomes an entry (missing ones fall back to `other`).
/// - `translate="no"` (on the unit or an enclosing `<group>`) → `shouldTranslate: false`.
/// - A document `XMLParser` rejects gives one error at the line and column it reports; units read before that
///   point are kept.
package enum XLIFFReader {
    /// Reads every `Localized Contents/*.xliff` of an `.xcloc` folder, in name order. Entries repeated in several
    /// files (the same untranslated source string in every language's file) are kept once.
    package static func readBundle(_ url: URL) -> CatalogReadResult {
        let top = CatalogSourceLocation(file: url.path, line: 1, column: 1)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return CatalogReadResult(diagnostics: [.error("an .xcloc must be a folder holding 'Localized Contents'", at: top)])
        }
        let contents = url.appendingPathComponent("Localized Contents")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: contents.path)) ?? []
        let xliffs = names.filter { ["xliff", "xlf"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        guard !xliffs.isEmpty else {
            return CatalogReadResult(diagnostics: [.error("no .xliff file in '\(contents.path)'", at: top)])
        }
        var combined = CatalogReadResult()
        var seen: Set<[String]> = []
        let bundleRoot = url.resolvingSymlinksInPath().path + "/"
        for name in xliffs {
            let fileURL = contents.appendingPathComponent(name)
            // A link to a file outside the bundle would be read and reported as the bundle's: refused.
            guard fileURL.resolvingSymlinksInPath().path.hasPrefix(bundleRoot) else {
                combined.diagnostics.append(.error(
                    "'\(name)' is a link to '\(fileURL.resolvingSymlinksInPath().path)', outside the bundle; not read",
                    at: CatalogSourceLocation(file: fileURL.path, line: 1, column: 1)
                ))
                continue
            }
            let result = CatalogReader.read(fileURL)
            for entry in result.entries where seen.insert([entry.key, entry.locale, entry.value] + entry.variantPath).inserted {
                combined.entries.append(entry)
            }
            combined.diagnostics += result.diagnostics
            combined.sourceLanguage = combined.sourceLanguage ?? result.sourceLanguage
        }
        return combined
    }

    package static func read(_ data: Data, file: String) -> CatalogReadResult {
        var result = CatalogReadResult()
        let top = CatalogSourceLocation(file: file, line: 1, column: 1)
        guard let source = SourceText(data: data) else {
            result.diagnostics.append(.error("not UTF-8 or UTF-16 text", at: top))
            return result
        }
        // XML forbids U+0000; libxml2 would also take leading zero bytes for UCS-4 (`00 00 00 3C`), switch
        // encodings and crash (found by fuzz-xliff). The text is checked as decoded here.
        if let zero = source.utf8.firstIndex(of: 0) {
            let position = source.position(utf8Offset: zero)
            result.diagnostics.append(.error(
                "a NUL character (U+0000), which XML does not allow",
                at: CatalogSourceLocation(file: file, line: position.line, column: position.column)
            ))
            return result
        }
        if let offset = EmptyProcessingInstruction.first(in: source.utf8) {
            let position = source.position(utf8Offset: offset)
            result.diagnostics.append(.error(
                "a processing instruction without data ('<?name?>'), which the XML parser cannot read",
                at: CatalogSourceLocation(file: file, line: position.line, column: position.column)
            ))
            return result
        }
        if let encoding = DeclaredEncoding.unsupported(in: source.utf8) {
            result.diagnostics.append(.error(
                "the XML declaration names the encoding '\(encoding)'; layoutsim reads XLIFF in UTF-8 or UTF-16 only", at: top
            ))
            return result
        }
        if let declared = EntityDeclared.first(in: source.utf8) {
            result.diagnostics.append(.error(
                "\(declared); the file is not read", at: CatalogSourceLocation(file: file, line: declared.line, column: declared.column)
            ))
            return result
        }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        let delegate = Delegate()
        parser.delegate = delegate
        if !parser.parse() || delegate.error != nil {
            let (line, column) = delegate.errorPosition ?? (parser.lineNumber, parser.columnNumber)
            let message = describe(delegate.error ?? parser.parserError)
            result.diagnostics.append(.error(
                "not well-formed XML: \(message)",
                at: CatalogSourceLocation(file: file, line: max(line, 1), column: max(column, 1))
            ))
        }
        if delegate.files.isEmpty, !result.hasErrors {
            result.diagnostics.append(.error("no <file> element: not an XLIFF 1.2 document", at: top))
        }
        for fileElement in delegate.files {
            read(fileElement, source: source, file: file, into: &result)
        }
        return result
    }

    /// A readable message for an `XMLParser` error, whose own description is only a domain and a code.
    ///
    /// The codes are libxml2's `xmlParserErrors`, which Apple's `NSXMLParserError` values mirror; they are matched
    /// as integers because swift-corelibs-foundation's `XMLParser.ErrorCode` cases have other raw values (76,
    /// libxml2's tag-name mismatch, is its `standaloneValueError`) while the parser reports libxml2's code.
    package static func describe(_ error: Error?) -> String {
        guard let error else { return "parse error" }
        let nsError = error as NSError
        guard nsError.domain == XMLParser.errorDomain else { return ParserErrorPosition.debugDescription(of: error) }
        let messages = [
            4: "empty document", 5: "unexpected end of the document", 9: "invalid character",
            23: "entity reference without ';'", 26: "unknown entity (write & as &amp;)",
            38: "'<' in an attribute value", 39: "attribute value must be quoted",
            40: "attribute value not closed", 41: "attribute without a value", 42: "attribute given twice",
            68: "expected a name", 72: "expected '<'", 73: "expected '>'",
            76: "end tag does not match the start tag", 77: "unfinished tag at the end of the document",
            85: "elements are not properly nested", 86: "extra content at the end of the document",
            2: "out of memory", 3: "the document does not start like XML", 6: "invalid hexadecimal character reference",
            7: "invalid decimal character reference", 8: "invalid character reference",
            10: "character reference at the end of the document", 14: "entity reference at the end of the document",
            22: "'&' without an entity name (write & as &amp;)", 27: "unknown entity (write & as &amp;)",
            31: "unknown encoding", 32: "unsupported encoding", 33: "string not started", 34: "string not closed",
            35: "invalid namespace declaration", 37: "entity declaration not finished",
            43: "literal not started", 44: "literal not closed", 45: "comment not closed",
            46: "processing instruction not started", 47: "processing instruction not closed",
            56: "XML declaration not started", 57: "XML declaration not closed", 61: "DOCTYPE not closed",
            62: "']]>' outside CDATA", 63: "CDATA section not closed", 64: "reserved name ('xml…')",
            65: "a space is required here", 75: "expected '=' after an attribute name",
            79: "invalid encoding name", 80: "'--' inside a comment", 81: "the bytes do not match the declared encoding",
            87: "an entity's text is not well-formed", 89: "an entity refers to itself (entity loop)",
            91: "invalid URI", 96: "the XML declaration has no version", 101: "the XML declaration has no encoding",
            104: "entities are not allowed here", 108: "unknown XML version", 110: "a name longer than the parser allows",
        ]
        let words = messages[nsError.code] ?? "the XML parser (libxml2) stopped at this point"
        return "\(words) (XMLParser error \(nsError.code))"
    }

    // MARK: - Units to entries

    private enum IDForm {
        /// A plain id: the key.
        case plain
        /// `key|==|a.b.c`: a String Catalog variation path.
        case catalog([String])
        /// `/key:dict/a:dict/b:dict/:string`: a stringsdict path.
        case dict([String])
    }

    private static func parse(id: String) -> (key: String, form: IDForm) {
        if let range = id.range(of: "|==|") {
            let path = id[range.upperBound...].split(separator: ".").map(String.init)
            return (String(id[..<range.lowerBound]), .catalog(path))
        }
        if id.hasPrefix("/"), id.hasSuffix(":dict/:string") {
            let body = id.dropFirst().dropLast(":dict/:string".count)
            let parts = body.components(separatedBy: ":dict/")
            if let key = parts.first, !key.isEmpty { return (key, .dict(Array(parts.dropFirst()))) }
        }
        return (id, .plain)
    }

    private static func read(
        _ element: FileElement, source: SourceText, file: String, into result: inout CatalogReadResult
    ) {
        let fileLocation = CatalogSourceLocation(file: file, line: element.line, column: element.column)
        let sourceLanguage: String
        if let language = element.sourceLanguage, !language.isEmpty {
            if let problem = LanguageTag.problem(language) {
                result.diagnostics.append(.error("source-language: \(problem); this <file> is not read", at: fileLocation))
                return
            }
            sourceLanguage = language
        } else {
            sourceLanguage = "und"
            result.diagnostics.append(.warning("<file> has no source-language; using 'und'", at: fileLocation))
        }
        let targetLanguage = element.targetLanguage.flatMap { $0.isEmpty ? nil : $0 }
        if let language = targetLanguage, let problem = LanguageTag.problem(language) {
            result.diagnostics.append(.error("target-language: \(problem); this <file> is not read", at: fileLocation))
            return
        }
        for (attribute, language) in [("source-language", sourceLanguage), ("target-language", targetLanguage ?? "")] {
            if let warning = LanguageTag.unknownLanguage(language) {
                result.diagnostics.append(.warning("\(attribute): \(warning)" + LanguageTag.neverShown, at: fileLocation))
            }
        }
        result.sourceLanguage = result.sourceLanguage ?? sourceLanguage

        // Group units by key, in order of first appearance.
        var order: [String] = []
        var groups: [String: [(unit: Unit, form: IDForm)]] = [:]
        for unit in element.units {
            let (key, form) = parse(id: unit.id)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((unit, form))
        }

        for key in order {
            guard let members = groups[key], let first = members.first?.unit else { continue }
            let start = source.startOfTag("trans-unit", endingAtLine: first.line)
            let here = CatalogSourceLocation(file: file, line: start.line, column: start.column)
            let hasTarget = members.contains { $0.unit.target != nil }
            let locale: String
            let useTarget: Bool
            var shownIn: [String] = []
            if let targetLanguage, hasTarget {
                locale = targetLanguage
                useTarget = true
            } else {
                locale = sourceLanguage
                useTarget = false
                if let targetLanguage, targetLanguage != sourceLanguage {
                    shownIn = [targetLanguage]
                    // (The same words as the other formats': a report says them per locale past a few.)
                    result.diagnostics.append(.missingLocalization(key, targetLanguage, at: here))
                }
            }
            var diagnostics: [CatalogDiagnostic] = []
            func text(of unit: Unit) -> (String, String?)? {
                if useTarget {
                    if let target = unit.target { return (target, unit.targetState) }
                    diagnostics.append(.warning(
                        "trans-unit '\(unit.id)' has no <target>; using its <source>", at: here
                    ))
                }
                guard let source = unit.source else {
                    diagnostics.append(.error("trans-unit '\(unit.id)' has no <source>", at: here))
                    return nil
                }
                return (source, nil)
            }

            let localization: Localization?
            if members.contains(where: { if case .dict = $0.form { true } else { false } }) {
                var root: [String: Any] = [:]
                for (unit, form) in members {
                    guard case .dict(let path) = form, let (value, _) = text(of: unit) else { continue }
                    insert(value, at: path, into: &root)
                }
                localization = StringsDictReader.localization(
                    root, key: key, locale: locale, at: here, diagnostics: &diagnostics
                )
            } else if members.contains(where: { if case .catalog = $0.form { true } else { false } }) {
                var builder = CatalogNodeBuilder()
                for (unit, form) in members {
                    guard let (value, state) = text(of: unit) else { continue }
                    if case .catalog(let path) = form {
                        if !builder.insert(path, value: value, state: state) {
                            diagnostics.append(.warning(
                                "trans-unit '\(unit.id)': unsupported variation path; ignored", at: here
                            ))
                        }
                    } else {
                        builder.root.unit = (value, state)
                    }
                }
                localization = builder.localization()
            } else {
                if members.count > 1 {
                    diagnostics.append(.warning("duplicate trans-unit id '\(key)'; the first is read", at: here))
                }
                localization = text(of: first).map { Localization(node: .unit(value: $0.0, state: $0.1)) }
            }
            result.diagnostics += diagnostics
            guard let localization else { continue }
            let comment = members.lazy.map(\.unit.notes).first { !$0.isEmpty }?.joined(separator: "\n")
            let shouldTranslate = members.allSatisfy(\.unit.translate)
            var expander = VariationExpander(key: key, locale: locale, location: here)
            for variant in expander.expand(localization) {
                var entry = CatalogEntry(
                    key: key, locale: locale, variantPath: variant.path, value: variant.value, source: here,
                    comment: comment, state: variant.state, shouldTranslate: shouldTranslate
                )
                entry.sourceShownIn = shownIn
                result.entries.append(entry)
            }
            result.diagnostics += expander.diagnostics
        }
    }

    /// Puts a stringsdict XLIFF value at its path in a property-list-like dictionary.
    private static func insert(_ value: String, at path: [String], into dictionary: inout [String: Any]) {
        guard let head = path.first else { return }
        if path.count == 1 {
            dictionary[head] = value
            return
        }
        var child = dictionary[head] as? [String: Any] ?? [:]
        insert(value, at: Array(path.dropFirst()), into: &child)
        dictionary[head] = child
    }
}
