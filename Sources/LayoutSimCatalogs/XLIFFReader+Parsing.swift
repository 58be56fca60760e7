import Foundation
import LayoutSimModel
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A `<!ENTITY>` declaration in the document's DTD: the file is refused. `XMLParser` (libxml2 through
/// swift-corelibs-foundation) drops the text of a declared entity's references (`A&name;B` is read as `AB`), and an
/// external one could read any file; no XLIFF tool writes either.
struct EntityDeclared: Error, CustomStringConvertible {
    let name: String
    let external: Bool
    /// 1-based line and column of the `<!ENTITY`.
    let line: Int
    let column: Int

    /// The first entity declared in the internal subset of `text`'s `<!DOCTYPE … [ … ]>` (which XML allows only
    /// before the root element), skipping comments, processing instructions and quoted literals; `nil` for none.
    static func first(in text: [UInt8]) -> EntityDeclared? {
        func matches(_ word: String, at index: Int) -> Bool {
            let bytes = Array(word.utf8)
            return index + bytes.count <= text.count && text[index..<index + bytes.count].elementsEqual(bytes)
        }
        var index = 0, line = 1, lineStart = 0
        var inSubset = false
        func advance(to end: Int) {
            while index < min(end, text.count) {
                if text[index] == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 }
                index += 1
            }
        }
        func skip(past terminator: String) {
            let bytes = Array(terminator.utf8)
            var end = index
            while end < text.count, !(end + bytes.count <= text.count && text[end..<end + bytes.count].elementsEqual(bytes)) {
                end += 1
            }
            advance(to: end + bytes.count)
        }
        while index < text.count {
            let byte = text[index]
            if matches("<!--", at: index) {
                skip(past: "-->")
            } else if matches("<?", at: index) {
                skip(past: "?>")
            } else if inSubset, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                advance(to: index + 1)
                skip(past: String(UnicodeScalar(byte)))
            } else if inSubset, matches("<!ENTITY", at: index) {
                let column = index - lineStart + 1
                var cursor = index + "<!ENTITY".count
                func skipSpaces() { while cursor < text.count, [9, 10, 13, 32].contains(text[cursor]) { cursor += 1 } }
                skipSpaces()
                if cursor < text.count, text[cursor] == UInt8(ascii: "%") { cursor += 1; skipSpaces() }
                let nameStart = cursor
                while cursor < text.count, ![9, 10, 13, 32, UInt8(ascii: ">")].contains(text[cursor]) { cursor += 1 }
                let name = String(decoding: text[nameStart..<cursor], as: UTF8.self)
                skipSpaces()
                let external = matches("SYSTEM", at: cursor) || matches("PUBLIC", at: cursor)
                return EntityDeclared(name: name, external: external, line: line, column: column)
            } else if inSubset, byte == UInt8(ascii: "]") {
                return nil
            } else if !inSubset, matches("<!DOCTYPE", at: index) {
                // Up to `[` (the internal subset) or `>` (none), past quoted system and public ids.
                advance(to: index + "<!DOCTYPE".count)
                while index < text.count, text[index] != UInt8(ascii: "["), text[index] != UInt8(ascii: ">") {
                    if text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") {
                        let quote = text[index]
                        advance(to: index + 1)
                        skip(past: String(UnicodeScalar(quote)))
                    } else {
                        advance(to: index + 1)
                    }
                }
                guard index < text.count, text[index] == UInt8(ascii: "[") else { return nil }
                inSubset = true
                advance(to: index + 1)
            } else if !inSubset, byte == UInt8(ascii: "<") {
                return nil  // the root element: no DTD can follow
            } else {
                advance(to: index + 1)
            }
        }
        return nil
    }

    var description: String {
        external
            ? "the document declares an external entity '\(name)'; layoutsim does not read files an XLIFF points to"
            : "the document declares the entity '\(name)'; layoutsim does not expand entities declared in the "
                + "document (write the text itself)"
    }
}

/// The encoding an XML declaration names (`<?xml version="1.0" encoding="UTF-7"?>`), when it is not UTF-8 or
/// UTF-16: refused before libxml2 sees the document. layoutsim decodes the file itself (UTF-8 or UTF-16), and
/// libxml2 2.9.14 through `XMLParser` crashes (a null dereference) on `encoding="UTF7"` followed by non-ASCII text
/// (found by fuzz-xliff).
enum DeclaredEncoding {
    /// The declared encoding when it is neither UTF-8 nor UTF-16, else `nil`.
    static func unsupported(in text: [UInt8]) -> String? {
        guard text.starts(with: Array("<?xml".utf8)) else { return nil }
        // The declaration ends at `?>` or, unfinished, at the first `<` or `>` (libxml2 reports that itself).
        let end = text.indices.dropFirst(5).first { text[$0] == UInt8(ascii: ">") || text[$0] == UInt8(ascii: "<") } ?? text.count
        let declaration = String(decoding: text[5..<end], as: UTF8.self)
        guard let name = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[name.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        let known = ["utf-8", "utf8", "utf-16", "utf16", "utf-16le", "utf-16be"]
        return known.contains(value.lowercased()) ? nil : String(value)
    }
}

/// A processing instruction without data (`<?name?>`): swift-corelibs-foundation's `XMLParser` passes its null
/// data to `strlen` and crashes (found by fuzz-xliff and fuzz-stringsdict), so such a document is refused before it
/// is parsed.
enum EmptyProcessingInstruction {
    /// The UTF-8 offset of the first `<?` outside comments and CDATA sections whose target is followed by `?`
    /// (`<?name?>`, `<??`), or `nil`.
    ///
    /// Every `<?` is looked at, also inside what looks like another instruction: libxml2 recovers from a malformed
    /// instruction in its own way (fuzz-stringsdict found `<?a<?b … ?> … <?f?>`, where skipping from `<?a` to the
    /// next `?>` would hide the `<?f?>` libxml2 then reports). Linear: a target ends at the next `<`, and comments
    /// and CDATA sections are skipped once.
    static func first(in text: [UInt8]) -> Int? {
        func matches(_ word: String, at index: Int) -> Bool {
            let bytes = Array(word.utf8)
            return index + bytes.count <= text.count && text[index..<index + bytes.count].elementsEqual(bytes)
        }
        func end(of terminator: String, from start: Int) -> Int {
            var index = start
            while index < text.count, !matches(terminator, at: index) { index += 1 }
            return index + terminator.utf8.count
        }
        var index = 0
        while index + 1 < text.count {
            if matches("<!--", at: index) {
                index = end(of: "-->", from: index + 4)
            } else if matches("<![CDATA[", at: index) {
                index = end(of: "]]>", from: index + 9)
            } else if matches("<?", at: index) {
                var cursor = index + 2
                while cursor < text.count,
                      ![9, 10, 13, 32, UInt8(ascii: "?"), UInt8(ascii: "<"), UInt8(ascii: ">")].contains(text[cursor]) {
                    cursor += 1
                }
                if cursor < text.count, text[cursor] == UInt8(ascii: "?") { return index }
                index = cursor
            } else {
                index += 1
            }
        }
        return nil
    }
}

/// The XML side of reading XLIFF: the parser delegate and the reassembly of `key|==|…` units.
extension XLIFFReader {
    /// Reassembles `key|==|…` units into a ``Localization``.
    struct CatalogNodeBuilder {
        final class Node {
            var unit: (String, String?)?
            var kind: String?
            var children: [String: Node] = [:]
            var order: [String] = []

            func child(_ name: String) -> Node {
                if let existing = children[name] { return existing }
                let node = Node()
                children[name] = node
                order.append(name)
                return node
            }

            /// Inserts at `path` (pairs of kind and name); `false` when the path is malformed.
            func insert(_ path: ArraySlice<String>, value: String, state: String?) -> Bool {
                guard let kind = path.first else {
                    unit = (value, state)
                    return true
                }
                guard ["plural", "device"].contains(kind), path.count >= 2, self.kind == nil || self.kind == kind
                else { return false }
                self.kind = kind
                return child(path[path.startIndex + 1]).insert(path.dropFirst(2), value: value, state: state)
            }

            var variationNode: VariationNode? {
                if let kind, !children.isEmpty {
                    var cases: [String: VariationNode] = [:]
                    for (name, child) in children { cases[name] = child.variationNode }
                    return kind == "plural" ? .plural(cases) : .device(cases)
                }
                return unit.map { .unit(value: $0.0, state: $0.1) }
            }
        }

        let root = Node()
        var substitutions: [String: Node] = [:]

        /// Inserts a `|==|` path; `false` when it is not one this reader knows.
        mutating func insert(_ path: [String], value: String, state: String?) -> Bool {
            var path = path[...]
            var target = root
            if path.first == "substitutions", path.count >= 2 {
                target = substitution(path[path.startIndex + 1])
                path = path.dropFirst(2)
            } else if let first = path.first, !["plural", "device"].contains(first), path.count >= 3 {
                target = substitution(first)
                path = path.dropFirst()
            }
            return target.insert(path, value: value, state: state)
        }

        private mutating func substitution(_ name: String) -> Node {
            if let node = substitutions[name] { return node }
            let node = Node()
            substitutions[name] = node
            return node
        }

        func localization() -> Localization? {
            guard let node = root.variationNode else { return nil }
            var definitions: [String: SubstitutionDefinition] = [:]
            for (name, node) in substitutions {
                if let variation = node.variationNode {
                    definitions[name] = SubstitutionDefinition(formatSpecifier: "lld", node: variation)
                }
            }
            return Localization(node: node, substitutions: definitions)
        }
    }

    // MARK: - XML

    package struct Unit {
        var id: String
        var source: String?
        var target: String?
        var targetState: String?
        var notes: [String] = []
        var translate: Bool
        var line: Int
    }

    package struct FileElement {
        var original: String?
        var sourceLanguage: String?
        var targetLanguage: String?
        var units: [Unit] = []
        var line: Int
        var column: Int
    }

    /// Collects `<file>` and `<trans-unit>` contents; text of inline elements inside `<source>`/`<target>` is
    /// included, `<alt-trans>` is skipped (its `<source>`/`<target>` are not the unit's).
    final class Delegate: NSObject, XMLParserDelegate {
        var files: [FileElement] = []
        var error: Error?
        var errorPosition: (Int, Int)?
        private var stack: [String] = []
        private var translateStack: [Bool] = [true]
        private var unit: Unit?
        private var collecting: String?
        private var collectingDepth = 0
        private var text = ""

        private static func translateValue(_ attributes: [String: String], inherited: Bool) -> Bool {
            guard let value = attributes["translate"]?.lowercased() else { return inherited }
            return !(value == "no" || value == "false")
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let parent = stack.last
            stack.append(elementName)
            let inherited = translateStack.last ?? true
            translateStack.append(Self.translateValue(attributes, inherited: inherited))
            if collecting != nil { return }
            switch elementName {
            case "file":
                files.append(FileElement(
                    original: attributes["original"], sourceLanguage: attributes["source-language"],
                    targetLanguage: attributes["target-language"], line: parser.lineNumber, column: 1
                ))
            case "trans-unit":
                unit = Unit(
                    id: attributes["id"] ?? "", translate: translateStack.last ?? true, line: parser.lineNumber
                )
            case "source", "target", "note":
                guard parent == "trans-unit", unit != nil else { break }
                collecting = elementName
                collectingDepth = stack.count
                text = ""
                if elementName == "target" { unit?.targetState = attributes["state"] }
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if collecting != nil { text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            if collecting != nil { text += String(decoding: CDATABlock, as: UTF8.self) }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            defer {
                if !stack.isEmpty { stack.removeLast() }
                if translateStack.count > 1 { translateStack.removeLast() }
            }
            if let collecting, stack.count == collectingDepth, elementName == collecting {
                switch collecting {
                case "source": unit?.source = text
                case "target": unit?.target = text
                default:
                    let note = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !note.isEmpty { unit?.notes.append(note) }
                }
                self.collecting = nil
                return
            }
            if elementName == "trans-unit", let unit {
                if error == nil, let last = files.indices.last {
                    files[last].units.append(unit)
                }
                self.unit = nil
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard error == nil else { return }
            error = parseError
            errorPosition = (parser.lineNumber, parser.columnNumber)
            parser.abortParsing()
        }
    }
}
