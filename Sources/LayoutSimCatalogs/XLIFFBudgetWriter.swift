import Foundation
import LayoutSimModel
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Writes budgets into XLIFF 1.2 (`maxwidth` + `size-unit` on `<trans-unit>`) and XLIFF 2 (`slr:sizeRestriction` on
/// `<unit>`) as edits of the start tags; see ``BudgetExport``.
enum XLIFFBudgetWriter {
    static let slrNamespace = "urn:oasis:names:tc:xliff:sizerestriction:2.0"

    /// One unit of the document, with what decides its budget.
    struct Unit {
        let tag: XMLTagScanner.Tag
        /// The `<file>` it is in (index into the document's files).
        let file: Int
        /// `<target>` text, else `<source>` text (XLIFF 1.2; for the substitution rule).
        var text: String?
    }

    struct File {
        let tag: XMLTagScanner.Tag
        var sourceLanguage: String?
        var targetLanguage: String?
        /// The first child element's start tag, and a `profiles` child of the SLR module.
        var firstChild: XMLTagScanner.Tag?
        var firstChildEnd: Int?
        var profiles: XMLTagScanner.Tag?
    }

    struct Edit {
        let range: Range<Int>
        let replacement: [UInt8]
    }

    static func export(_ data: Data, file: String, index: BudgetIndex, unit: BudgetUnit) -> BudgetExportResult {
        var result = BudgetExportResult()
        let bytes = [UInt8](data)
        let source = SourceText(text: String(decoding: bytes, as: UTF8.self))
        func location(_ offset: Int) -> CatalogSourceLocation {
            let position = source.position(utf8Offset: offset)
            return CatalogSourceLocation(file: file, line: position.line, column: position.column)
        }
        let top = CatalogSourceLocation(file: file, line: 1, column: 1)
        guard !bytes.starts(with: [0xFE, 0xFF]), !bytes.starts(with: [0xFF, 0xFE]), SourceText.firstInvalidUTF8(data) == nil else {
            result.diagnostics.append(.error("budgets are written into UTF-8 XLIFF only (this file is not UTF-8)", at: top))
            return result
        }
        // The checks the reader makes before XMLParser sees a document (NUL, `<?x?>`, other encodings, entities).
        let before = XLIFFReader.read(data, file: file)
        if let problem = before.diagnostics.first(where: { $0.severity == .error && !$0.message.hasPrefix("no <file>") }) {
            result.diagnostics.append(.error("not written: \(problem.message)", at: problem.location))
            return result
        }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        guard parser.parse(), let events = XMLTagScanner(bytes: bytes).scan() else {
            result.diagnostics.append(.error("not well-formed XML; nothing written", at: location(0)))
            return result
        }
        guard let rootIndex = events.firstIndex(where: { if case .start = $0 { true } else { false } }),
              case .start(let root) = events[rootIndex], root.name == "xliff" else {
            result.diagnostics.append(.error("the root element is not <xliff>; nothing written", at: top))
            return result
        }
        let version = root.attribute("version")?.value ?? "1.2"
        let edits: [Edit]?
        if version.hasPrefix("2") {
            edits = version2(events, bytes: bytes, root: root, index: index, unit: unit, location: location, result: &result)
        } else {
            edits = version1(events, bytes: bytes, index: index, unit: unit, location: location, result: &result)
        }
        guard let edits else { return result }
        let output = apply(edits, to: bytes)
        // Nothing but the budgets may change: the reader must find the same strings in the new file.
        let after = XLIFFReader.read(Data(output), file: file)
        let check = XMLParser(data: Data(output))
        guard check.parse(), after.entries == before.entries else {
            result.diagnostics.append(.error("internal error: the file with budgets would read differently; nothing written", at: top))
            return result
        }
        result.data = Data(output)
        return result
    }

    static func apply(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + edits.count * 40)
        var cursor = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where edit.range.lowerBound >= cursor {
            output += bytes[cursor..<edit.range.lowerBound]
            output += edit.replacement
            cursor = edit.range.upperBound
        }
        output += bytes[cursor...]
        return output
    }

    /// `tag` without the attributes named in `removing`, with `adding` (already `name="value"` text) after its
    /// last remaining attribute.
    static func rewrite(_ tag: XMLTagScanner.Tag, in bytes: [UInt8], removing: Set<String>, adding: [String]) -> Edit {
        let removed = tag.attributes.filter { removing.contains($0.name) }
        let insertion = tag.attributes.last { !removing.contains($0.name) }?.end ?? (tag.start + 1 + tag.name.utf8.count)
        // A removed attribute lies wholly before or after the insertion point (which is an attribute's end).
        func cut(_ range: Range<Int>) -> [UInt8] {
            var out: [UInt8] = []
            var cursor = range.lowerBound
            for attribute in removed where attribute.leadingStart >= range.lowerBound && attribute.end <= range.upperBound {
                out += bytes[cursor..<attribute.leadingStart]
                cursor = attribute.end
            }
            out += bytes[cursor..<range.upperBound]
            return out
        }
        let text = cut(tag.start..<insertion) + adding.flatMap { Array((" " + $0).utf8) } + cut(insertion..<tag.end)
        return Edit(range: tag.start..<tag.end, replacement: text)
    }

    // MARK: - XLIFF 1.2

    private static func version1(
        _ events: [XMLTagScanner.Event], bytes: [UInt8], index: BudgetIndex, unit: BudgetUnit,
        location: (Int) -> CatalogSourceLocation, result: inout BudgetExportResult
    ) -> [Edit]? {
        var files: [File] = []
        var units: [Unit] = []
        var depth = 0
        var unitDepth: Int?
        var textTarget: (element: String, depth: Int)?
        var collected = ""
        var sourceText: String?
        for event in events {
            switch event {
            case .start(let tag):
                depth += tag.selfClosing ? 0 : 1
                if tag.name == "file" {
                    files.append(File(tag: tag, sourceLanguage: tag.attribute("source-language")?.value,
                                      targetLanguage: tag.attribute("target-language")?.value))
                } else if tag.name == "trans-unit", !files.isEmpty {
                    units.append(Unit(tag: tag, file: files.count - 1))
                    unitDepth = tag.selfClosing ? nil : depth
                    sourceText = nil
                } else if let unitDepth, depth == unitDepth + 1, !tag.selfClosing, tag.name == "source" || tag.name == "target" {
                    textTarget = (tag.name, depth)
                    collected = ""
                }
            case .end(let name, _, _):
                if let target = textTarget, depth == target.depth, name == target.element {
                    if name == "target" { units[units.count - 1].text = collected } else { sourceText = collected }
                    textTarget = nil
                }
                if let start = unitDepth, depth == start, name == "trans-unit" {
                    if units[units.count - 1].text == nil { units[units.count - 1].text = sourceText }
                    unitDepth = nil
                }
                depth -= 1
            case .text(let range):
                if textTarget != nil { collected += XMLTagScanner.decode(bytes[range], attribute: false) }
            case .cdata(let range):
                if textTarget != nil { collected += String(decoding: bytes[range], as: UTF8.self) }
            }
        }
        result.total = units.count
        var edits: [Edit] = []
        var missingLocales: [String: [String]] = [:]
        // Units grouped by file and key, as the reader groups them.
        var keys: [Int: (key: String, selector: String?)] = [:]
        for (position, unit) in units.enumerated() {
            let parsed = XLIFFUnitID.parse(unit.tag.attribute("id")?.value ?? "")
            keys[position] = (parsed.key, parsed.selector)
        }
        var byFileKey: [String: [Int]] = [:]
        var order: [String] = []
        for (position, unit) in units.enumerated() {
            guard let key = keys[position]?.key else { continue }
            let groupKey = "\(unit.file)\u{0}\(key)"
            if byFileKey[groupKey] == nil { order.append(groupKey) }
            byFileKey[groupKey, default: []].append(position)
        }
        for groupKey in order {
            guard let members = byFileKey[groupKey], let first = members.first, let key = keys[first]?.key else { continue }
            let file = files[units[first].file]
            var locale = file.targetLanguage.flatMap { $0.isEmpty ? nil : $0 } ?? file.sourceLanguage ?? "und"
            var budgets = index.budgets(key: key, locale: locale)
            if budgets.isEmpty, unit == .pixel, let sourceLanguage = file.sourceLanguage, sourceLanguage != locale {
                // A width in points is the element's whatever the language: the source language's serves.
                budgets = index.budgets(key: key, locale: sourceLanguage)
                locale = sourceLanguage
            }
            if budgets.isEmpty {
                if !index.budgets(key: key).isEmpty { missingLocales[locale, default: []].append(key) }
                continue
            }
            var selectors: [String: Int] = [:]
            var root: Int?
            for member in members {
                if let selector = keys[member]?.selector { selectors[selector] = member } else { root = root ?? member }
            }
            var values: [Int: Int] = [:]
            for budget in budgets {
                guard let value = unit.value(of: budget),
                      let target = XLIFFUnitID.unit(for: budget.variantPath, selectors: selectors, root: root,
                                                    rootText: root.flatMap { units[$0].text })
                else { continue }
                values[target] = min(values[target] ?? Int.max, value)
            }
            for (member, value) in values {
                edits.append(rewrite(units[member].tag, in: bytes, removing: ["maxwidth", "size-unit"],
                                     adding: ["maxwidth=\"\(value)\"", "size-unit=\"\(unit.rawValue)\""]))
            }
        }
        result.annotated = edits.count
        for (locale, missing) in missingLocales.sorted(by: { $0.key < $1.key }) {
            let names = missing.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (missing.count > 3 ? ", …" : "")
            result.diagnostics.append(.warning(
                "\(missing.count) key\(missing.count == 1 ? "" : "s") (\(names)) \(missing.count == 1 ? "has" : "have") budgets in the "
                    + "report but no '\(locale)' results (check the translated catalog, or use --unit pixel, whose width is "
                    + "the same in every language); left without a budget",
                at: location(0)
            ))
        }
        return edits
    }

    // MARK: - XLIFF 2

    private static func version2(
        _ events: [XMLTagScanner.Event], bytes: [UInt8], root: XMLTagScanner.Tag, index: BudgetIndex, unit: BudgetUnit,
        location: (Int) -> CatalogSourceLocation, result: inout BudgetExportResult
    ) -> [Edit]? {
        guard unit == .char else {
            result.diagnostics.append(.error(
                "XLIFF 2's size restriction module counts code points ('xliff:codepoints'), not \(unit == .pixel ? "widths" : "grapheme clusters"): use --unit char",
                at: location(root.start)
            ))
            return nil
        }
        var prefix: String? = root.attributes.first { $0.name.hasPrefix("xmlns:") && $0.value == slrNamespace }.map { String($0.name.dropFirst(6)) }
        var edits: [Edit] = []
        if prefix == nil {
            if let taken = root.attribute("xmlns:slr") {
                result.diagnostics.append(.error(
                    "the prefix 'slr' is bound to '\(taken.value)', not the size restriction module; nothing written",
                    at: location(taken.nameStart)
                ))
                return nil
            }
            prefix = "slr"
        }
        let slr = prefix ?? "slr"
        let locale = root.attribute("trgLang")?.value ?? root.attribute("srcLang")?.value ?? "und"
        var files: [File] = []
        var fileDepth: Int?
        var depth = 0
        var unitsByFile: [Int: [XMLTagScanner.Tag]] = [:]
        for event in events {
            switch event {
            case .start(let tag):
                if tag.name == "file" {
                    files.append(File(tag: tag))
                    fileDepth = depth + 1
                } else if let fileDepth, depth == fileDepth, !files.isEmpty {
                    if files[files.count - 1].firstChild == nil {
                        files[files.count - 1].firstChild = tag
                        if tag.selfClosing { files[files.count - 1].firstChildEnd = tag.end }
                    }
                    if tag.name == "\(slr):profiles" { files[files.count - 1].profiles = tag }
                }
                if tag.name == "unit", !files.isEmpty { unitsByFile[files.count - 1, default: []].append(tag) }
                depth += tag.selfClosing ? 0 : 1
            case .end(let name, _, let end):
                depth -= 1
                if let fileDepth, depth == fileDepth, !files.isEmpty, files[files.count - 1].firstChildEnd == nil,
                   files[files.count - 1].firstChild?.name == name {
                    files[files.count - 1].firstChildEnd = end
                }
                if name == "file" { fileDepth = nil }
            case .text, .cdata:
                break
            }
        }
        result.total = unitsByFile.values.reduce(0) { $0 + $1.count }
        for (fileIndex, units) in unitsByFile.sorted(by: { $0.key < $1.key }) {
            var annotated = 0
            for tag in units {
                guard let id = tag.attribute("id")?.value else { continue }
                var budgets = index.budgets(key: id, locale: locale)
                if budgets.isEmpty, let name = tag.attribute("name")?.value { budgets = index.budgets(key: name, locale: locale) }
                guard let value = budgets.compactMap({ unit.value(of: $0) }).min() else { continue }
                edits.append(rewrite(tag, in: bytes, removing: ["\(slr):sizeRestriction"], adding: ["\(slr):sizeRestriction=\"\(value)\""]))
                annotated += 1
            }
            guard annotated > 0 else { continue }
            result.annotated += annotated
            let file = files[fileIndex]
            if let profiles = file.profiles {
                let general = profiles.attribute("generalProfile")?.value
                if general != "xliff:codepoints" {
                    result.diagnostics.append(.error(
                        "this <file> restricts sizes with the general profile '\(general ?? "(none)")', not 'xliff:codepoints'; nothing written",
                        at: location(profiles.start)
                    ))
                    return nil
                }
            } else {
                // The module's elements follow <skeleton>, which must come first in a <file>.
                let after = file.firstChild?.name == "skeleton" ? (file.firstChildEnd ?? file.tag.end) : file.tag.end
                var space = after
                while space < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[space]) { space += 1 }
                let indentation = Array(bytes[after..<space])
                edits.append(Edit(range: after..<after, replacement: indentation + Array("<\(slr):profiles generalProfile=\"xliff:codepoints\"/>".utf8)))
            }
        }
        if prefix == "slr", root.attribute("xmlns:slr") == nil, result.annotated > 0 {
            edits.append(rewrite(root, in: bytes, removing: [], adding: ["xmlns:slr=\"\(slrNamespace)\""]))
        }
        return edits
    }
}
