import Foundation
import LayoutSimModel
import LayoutSimSupport

/// Reads a String Catalog (`.xcstrings`, JSON, versions 1.0 and 1.1).
///
/// - ``JSONDocument`` parses the file (what `JSONSerialization` accepts, decoded as it decodes; linear whatever
///   the formatting); a file it rejects gives one error at the position of the problem.
/// - Each key is located where the parser read it; entries come out in file order, and per key the source
///   language first, then the other locales alphabetically. A duplicate key is read once, with its last value.
/// - A key without a localization in the source language uses the key itself as the source value (Xcode's
///   rule for `String(localized:)` keys).
/// - A key without a localization in a locale that other keys have gets a warning (the app shows the source
///   text there), unless it is marked `shouldTranslate: false`.
/// - Variations (plural, device, device → plural), substitutions and states: see ``VariationExpander``.
package enum XCStringsReader {
    /// `inParallel`: the line index (for the keys' positions) is made on another thread while this one parses.
    /// `emit`: given, the entries are handed to it as they are made, a run of keys at a time, in file order (on this
    /// thread): a check lays the first strings out while later keys are still read. It is lent the entries made so
    /// far (`inout`) and the index of the first it has not seen; it may change them in place, not add or remove any.
    /// They stay in the result, one array from first to last.
    package static func read(
        _ data: Data, file: String, inParallel: Bool = false,
        emit: ((inout [CatalogEntry], Int) -> Void)? = nil
    ) -> CatalogReadResult {
        var result = CatalogReadResult()
        /// The entries lent to `emit` so far.
        var handedOver = 0
        /// With `emit`: the entries made since it was last called go to it.
        func handOver() {
            guard let emit, result.entries.count > handedOver else { return }
            let first = handedOver
            handedOver = result.entries.count
            emit(&result.entries, first)
        }
        func location(_ position: (line: Int, column: Int)) -> CatalogSourceLocation {
            CatalogSourceLocation(file: file, line: position.line, column: position.column)
        }
        // Xcode writes UTF-8; bytes that are not UTF-8 are an error (decoding would turn them into U+FFFD without
        // a word). A UTF-16 file with a byte order mark is still read.
        let isUTF16 = data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE])
        let bomless = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
        let bytes: [UInt8]
        if isUTF16 {
            guard let text = SourceText.decode(data) else {
                result.diagnostics.append(.error("not UTF-8 or UTF-16 text", at: location((1, 1))))
                return result
            }
            bytes = Array(text.utf8)
        } else {
            // UTF-8 is not decoded as a whole: the parser validates each string it reads and accepts nothing but
            // ASCII between them, so a document it reads is UTF-8, and only a file it rejects is scanned for a bad
            // byte (decoding the file first would validate it twice). A second byte order mark is dropped, as
            // decoding the file would drop it.
            bytes = bomless.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bomless.dropFirst(3)) : Array(bomless)
        }
        let top = CatalogSourceLocation(file: file, line: 1, column: 1)
        let source: SourceText
        let parsed: Result<JSONValue, JSONDocument.ParseError>
        if inParallel {
            let lines = BackgroundValue(inParallel: true) { SourceText(utf8: bytes) }
            parsed = Result { () throws(JSONDocument.ParseError) in try JSONDocument.parse(bytes) }
            source = lines.value
        } else {
            // The line starts found by the parser; the file scanned for them only when it is rejected (its lines
            // after the problem were never passed).
            switch Result(catching: { () throws(JSONDocument.ParseError) in try JSONDocument.parseFindingLines(bytes) }) {
            case .success(let read):
                source = SourceText(utf8: bytes, lineStarts: read.lineStarts)
                parsed = .success(read.value)
            case .failure(let error):
                source = SourceText(utf8: bytes)
                parsed = .failure(error)
            }
        }
        let root: JSONValue
        switch parsed {
        case .success(let value):
            root = value
        case .failure(let error):
            // Bytes that are not UTF-8 anywhere in the file are the error said, wherever the parser stopped.
            if !isUTF16, let position = SourceText.firstInvalidUTF8(bomless) {
                result.diagnostics.append(.error("not valid UTF-8 text (a String Catalog is UTF-8)", at: location(position)))
                return result
            }
            result.diagnostics.append(.error("not valid JSON: \(error.message)", at: location(source.position(utf8Offset: error.offset))))
            return result
        }
        guard let document = root.object else {
            result.diagnostics.append(.error("a String Catalog must be a JSON object", at: top))
            return result
        }
        // A top-level key's location is its first occurrence; its value the last (as JSONSerialization keeps it).
        func topLocation(_ key: String) -> CatalogSourceLocation {
            document.offset(of: key).map { location(source.position(utf8Offset: $0)) } ?? top
        }
        guard let sourceLanguage = document["sourceLanguage"]?.string, !sourceLanguage.isEmpty else {
            let written = document["sourceLanguage"] != nil
            result.diagnostics.append(.error(
                written ? "\"sourceLanguage\" must be a language code (a string such as \"en\")" : "missing \"sourceLanguage\"",
                at: written ? topLocation("sourceLanguage") : top
            ))
            return result
        }
        if let problem = LanguageTag.problem(sourceLanguage) {
            result.diagnostics.append(.error("\"sourceLanguage\": \(problem)", at: topLocation("sourceLanguage")))
            return result
        }
        result.sourceLanguage = sourceLanguage
        if let version = document["version"]?.string, !["1.0", "1.1"].contains(version) {
            result.diagnostics.append(.warning(
                "String Catalog version \(version) is not one this reader knows (1.0, 1.1); reading it as 1.1",
                at: topLocation("version")
            ))
        }
        guard let strings = document["strings"]?.object else {
            result.diagnostics.append(.error("missing \"strings\" object", at: topLocation("strings")))
            return result
        }

        // Keys in file order, each at its first occurrence with the value of its last (its entry in the document);
        // duplicates are reported. A key's place is kept as its line and column, its location made when it is read
        // (a location holds the file's name, which would be retained and released for every key as the list is
        // made and walked).
        let tape = strings.tape
        var order: [KeyRead] = []
        order.reserveCapacity(strings.members.count)
        // While each key sorts after the one before (Xcode writes them sorted), none can be a duplicate: the keys are
        // only compared, and hashed (all of them so far) from the first that is not.
        var firstIndex: [String: Int]?
        var cursorLine = 0   // the keys come in file order
        for memberAt in strings.keyIndices {
            let member = (key: strings.key(at: memberAt), offset: strings.offset(at: memberAt), value: memberAt + 1)
            let position = source.position(utf8Offset: member.offset, after: &cursorLine)
            if firstIndex == nil {
                if order.isEmpty || order[order.count - 1].key < member.key {
                    order.append(KeyRead(key: member.key, line: position.line, column: position.column, value: member.value))
                    continue
                }
                var index: [String: Int] = [:]
                index.reserveCapacity(strings.members.count)
                for (position, known) in order.enumerated() { index[known.key] = position }
                firstIndex = index
            }
            // One lookup: the index is written, and put back when the key was there before (a duplicate).
            if let first = firstIndex?.updateValue(order.count, forKey: member.key) {
                firstIndex?[member.key] = first
                result.diagnostics.append(.warning(
                    "duplicate key '\(member.key)' (first at line \(order[first].line)); only one is read", at: location(position)
                ))
                order[first].value = member.value
            } else {
                order.append(KeyRead(key: member.key, line: position.line, column: position.column, value: member.value))
            }
        }

        var allLocales: Set<String> = [sourceLanguage]
        // Keys mostly repeat the locales of the key before: a locale is looked up when it differs from the last.
        var lastInserted: String?
        for index in order.indices {
            let item = order[index].value
            guard tape.entries[item].kind == .object else { continue }
            let fields = KeyFields(JSONObject(tape: tape, index: item))
            order[index].fields = fields
            guard fields.localizations >= 0, tape.entries[fields.localizations + 1].kind == .object else { continue }
            let localizations = JSONObject(tape: tape, index: fields.localizations + 1)
            for at in localizations.keyIndices {
                let locale = localizations.key(at: at)
                if locale != lastInserted {
                    allLocales.insert(locale)
                    lastInserted = locale
                }
            }
        }
        // Localization codes that are not language tags: one error each, at the first key that has it; their
        // localizations are not read (ICU must never see them).
        var badLocales: [String: String] = [:]
        for locale in allLocales { if let problem = LanguageTag.problem(locale) { badLocales[locale] = problem } }
        allLocales.subtract(badLocales.keys)
        let invalidLocales = Set(badLocales.keys)
        // Well-formed codes CLDR does not know (`jp` for `ja`): read, and one warning each, at the first key that has
        // it (the source language at its own field).
        var unknownLocales: [String: String] = [:]
        for locale in allLocales { if let warning = LanguageTag.unknownLanguage(locale) { unknownLocales[locale] = warning + LanguageTag.neverShown } }
        if let warning = unknownLocales.removeValue(forKey: sourceLanguage) {
            result.diagnostics.append(.warning("\"sourceLanguage\": \(warning)", at: topLocation("sourceLanguage")))
        }

        // The catalog's locales besides the source language: those a key may have no localization in.
        let otherLocales = allLocales.subtracting([sourceLanguage])
        // Room for an entry per key (growing from empty moved them again and again).
        result.entries.reserveCapacity(order.count)
        for index in order.indices {
            let key = order[index].key
            let read = (line: order[index].line, column: order[index].column, value: order[index].value, fields: order[index].fields)
            let here = location((read.line, read.column))
            guard tape.entries[read.value].kind == .object else {
                result.diagnostics.append(.error("'\(key)': a key's value must be an object", at: here))
                continue
            }
            // The key's diagnostics, in the order they are found (a ``NodeParser`` made only for a localization that
            // is not a plain string unit).
            var diagnostics: [CatalogDiagnostic] = []
            let fields = read.fields
            // Fields read from the tape in place (a value made of each would be copied and destroyed).
            let comment = fields.comment < 0 ? nil : tape.string(at: fields.comment + 1)
            let shouldTranslate = fields.shouldTranslate < 0 ? true : tape.value(at: fields.shouldTranslate + 1).bool ?? true
            let extractionState = fields.extractionState < 0 ? nil : tape.string(at: fields.extractionState + 1)
            let hasLocalizations = fields.localizations >= 0
            let localizationsObject = hasLocalizations && tape.entries[fields.localizations + 1].kind == .object
                ? JSONObject(tape: tape, index: fields.localizations + 1) : nil
            let localizations = JSONKeyTable(localizationsObject ?? JSONObject())
            if hasLocalizations, localizationsObject == nil {
                diagnostics.append(.error("'\(key)': \"localizations\" must be an object", at: here))
            }
            // (Looked up only when there is something to find: a lookup hashes the locale, even in an empty table.)
            for index in 0..<(unknownLocales.isEmpty && badLocales.isEmpty ? 0 : localizations.count) {
                let locale = localizations.key(at: index)
                let warning = unknownLocales.isEmpty ? nil : unknownLocales.removeValue(forKey: locale)
                let problem = badLocales.isEmpty ? nil : badLocales.removeValue(forKey: locale)
                guard warning != nil || problem != nil else { continue }
                let at = localizationsObject?.offset(of: locale).map { location(source.position(utf8Offset: $0)) } ?? here
                if let warning { diagnostics.append(.warning(warning, at: at)) }
                if let problem { diagnostics.append(.error("\(problem); its localizations are not read", at: at)) }
            }
            let keyStart = result.entries.count
            var sourceEnd = keyStart   // the key's entries of the source language: keyStart..<sourceEnd
            // The source language (position -1), then the other locales in order, but those that are not language
            // tags (no array of them is made: an allocation per key).
            for position in -1..<localizations.count {
                let locale: String
                let written: Int   // the localization's entry in the tape, or -1
                if position < 0 {
                    locale = sourceLanguage
                    written = localizations.valueEntry(of: locale)
                } else {
                    locale = localizations.key(at: position)
                    if locale == sourceLanguage || (!invalidLocales.isEmpty && invalidLocales.contains(locale)) { continue }
                    written = localizations.valueEntry(at: position)
                }
                // A plain string unit is its one entry, read from the tape in place: no value, ``Localization`` or
                // expander made for it.
                if written >= 0, let (value, state) = Self.plainUnit(tape, written) {
                    result.entries.append(CatalogEntry(
                        key: key, locale: locale, value: value, source: here, comment: comment, state: state,
                        shouldTranslate: shouldTranslate, extractionState: extractionState
                    ))
                    if locale == sourceLanguage { sourceEnd = result.entries.count }
                    continue
                }
                let localization: Localization
                if written >= 0 {
                    var parser = NodeParser(key: key, location: here)
                    let parsed = parser.localization(tape.value(at: written), locale: locale)
                    if !parser.diagnostics.isEmpty { diagnostics += parser.diagnostics }
                    guard let parsed else { continue }
                    localization = parsed
                } else {
                    localization = Localization(node: .unit(value: key, state: nil))
                }
                // A plain string unit is its one entry, without an expander and the array of one it returns.
                if let (value, state) = VariationExpander.plainUnit(localization) {
                    result.entries.append(CatalogEntry(
                        key: key, locale: locale, value: value, source: here, comment: comment, state: state,
                        shouldTranslate: shouldTranslate, extractionState: extractionState
                    ))
                } else {
                    var expander = VariationExpander(key: key, locale: locale, location: here)
                    for variant in expander.expand(localization) {
                        result.entries.append(CatalogEntry(
                            key: key, locale: locale, variantPath: variant.path, value: variant.value, source: here,
                            comment: comment, state: variant.state, shouldTranslate: shouldTranslate,
                            extractionState: extractionState
                        ))
                    }
                    if !expander.diagnostics.isEmpty { diagnostics += expander.diagnostics }
                }
                if locale == sourceLanguage { sourceEnd = result.entries.count }
            }
            // The sets made only when some locale of the catalog (besides the source language) is missing here. A
            // key not to be translated shows its source text in every locale, unwarned.
            if !otherLocales.isEmpty, extractionState != "stale",
               otherLocales.contains(where: { !localizations.contains($0) }) {
                let missing = allLocales.subtracting(localizations.keys).subtracting([sourceLanguage]).sorted()
                if shouldTranslate {
                    for locale in missing {
                        diagnostics.append(.missingLocalization(key, locale, at: here))
                    }
                }
                let shown = missing.filter { locale in
                    LanguageTag.showsSourceText(in: locale, sourceLanguage: sourceLanguage) { localizations.contains($0) }
                }
                for index in keyStart..<sourceEnd { result.entries[index].sourceShownIn = shown }
            }
            if !diagnostics.isEmpty { result.diagnostics += diagnostics }
            if result.entries.count >= handedOver + emittedRun { handOver() }
        }
        handOver()
        return result
    }

    /// A key of the catalog: its text, where it is written, the entry of its value (its last) in the tape and the
    /// value's fields (found with the catalog's locales).
    private struct KeyRead {
        var key: String
        var line: Int
        var column: Int
        var value: Int
        var fields = KeyFields()
    }

    /// The value and state of a localization that is a string unit alone (no variations, no substitutions) whose
    /// value has no `@` (as the parser found), read in place from the tape (`at`: the localization's entry), its
    /// members found as ``NodeParser`` finds them; `nil` for any other, which ``NodeParser`` reads (what it makes of
    /// this one is ``Localization/node`` `.unit(value, state)`, with no diagnostic, which
    /// ``VariationExpander/plainUnit(_:)`` gives back).
    private static func plainUnit(_ tape: JSONTape, _ at: Int) -> (value: String, state: String?)? {
        guard tape.entries[at].kind == .object else { return nil }
        let fields = NodeFields(JSONObject(tape: tape, index: at))
        guard fields.variations < 0, fields.substitutions < 0, fields.stringUnit >= 0,
              tape.entries[fields.stringUnit + 1].kind == .object else { return nil }
        let unit = UnitFields(JSONObject(tape: tape, index: fields.stringUnit + 1))
        guard unit.value >= 0, tape.entries[unit.value + 1].kind == .string, !tape.stringHasAt(unit.value + 1) else {
            return nil
        }
        return (tape.entries[unit.value + 1].string, unit.state < 0 ? nil : tape.string(at: unit.state + 1))
    }

    /// The members of a key's value the reader looks at: the entry of the key of the last member of each name (as
    /// `object[name]` finds it), or -1; found in one walk over the members (a look-up for each scanned them four
    /// times).
    private struct KeyFields {
        var comment = -1, shouldTranslate = -1, extractionState = -1, localizations = -1

        init() {}

        init(_ item: JSONObject) {
            for at in item.keyIndices {
                switch item.key(at: at) {
                case "localizations": localizations = at
                case "comment": comment = at
                case "extractionState": extractionState = at
                case "shouldTranslate": shouldTranslate = at
                default: break
                }
            }
        }
    }

    /// The members of a localization, a substitution or a variation case the reader looks at (as ``KeyFields``).
    private struct NodeFields {
        var stringUnit = -1, variations = -1, substitutions = -1

        init(_ object: JSONObject) {
            for at in object.keyIndices {
                switch object.key(at: at) {
                case "stringUnit": stringUnit = at
                case "variations": variations = at
                case "substitutions": substitutions = at
                default: break
                }
            }
        }
    }

    /// The members of a string unit the reader looks at (as ``KeyFields``).
    private struct UnitFields {
        var value = -1, state = -1

        init(_ unit: JSONObject) {
            for at in unit.keyIndices {
                switch unit.key(at: at) {
                case "value": value = at
                case "state": state = at
                default: break
                }
            }
        }
    }

    /// The entries handed to `emit` at a time (at least; a key's entries go together).
    private static let emittedRun = 16

    /// Turns the JSON of one localization into a ``Localization``, reporting malformed parts.
    private struct NodeParser {
        let key: String
        let location: CatalogSourceLocation
        var diagnostics: [CatalogDiagnostic] = []

        mutating func error(_ message: String) { diagnostics.append(.error(message, at: location)) }
        mutating func warning(_ message: String) { diagnostics.append(.warning(message, at: location)) }

        mutating func localization(_ raw: JSONValue, locale: String) -> Localization? {
            guard let object = raw.object else {
                error("'\(key)' [\(locale)]: a localization must be an object")
                return nil
            }
            let fields = NodeFields(object)
            guard let node = node(object, fields, locale: locale, context: "") else { return nil }
            var substitutions: [String: SubstitutionDefinition] = [:]
            if fields.substitutions >= 0 {
                let raw = object.value(at: fields.substitutions)
                guard let table = raw.object?.dictionary else {
                    error("'\(key)' [\(locale)]: \"substitutions\" must be an object")
                    return Localization(node: node)
                }
                for name in table.keys.sorted() {
                    guard let definition = table[name]?.object,
                          let subnode = self.node(definition, locale: locale, context: " substitution '\(name)'")
                    else {
                        error("'\(key)' [\(locale)]: substitution '\(name)' has no string unit or variations")
                        continue
                    }
                    substitutions[name] = SubstitutionDefinition(
                        formatSpecifier: definition["formatSpecifier"]?.string, node: subnode
                    )
                }
            }
            return Localization(node: node, substitutions: substitutions)
        }

        /// A `stringUnit` or `variations` object; `nil` (with an error) when it is neither.
        mutating func node(_ object: JSONObject, locale: String, context: String) -> VariationNode? {
            node(object, NodeFields(object), locale: locale, context: context)
        }

        /// ``node(_:locale:context:)`` with the object's fields found.
        mutating func node(_ object: JSONObject, _ fields: NodeFields, locale: String, context: String) -> VariationNode? {
            // Made only for a message (most nodes have none).
            var here: String { "'\(key)' [\(locale)]\(context)" }
            if fields.variations >= 0 {
                let variations = object.value(at: fields.variations)
                guard let table = variations.object?.dictionary else {
                    error("\(here): \"variations\" must be an object")
                    return nil
                }
                if let plural = table["plural"] {
                    if table.count > 1 { warning("\(here): several variation kinds; only \"plural\" is read") }
                    return cases(plural, kind: "plural", locale: locale, context: context).map(VariationNode.plural)
                }
                if let device = table["device"] {
                    if table.count > 1 { warning("\(here): several variation kinds; only \"device\" is read") }
                    return cases(device, kind: "device", locale: locale, context: context).map(VariationNode.device)
                }
                error("\(here): unknown variation kind \(table.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))")
                return nil
            }
            if fields.stringUnit >= 0 {
                // Its value and state in one walk (each the last of its name).
                if let unit = object.value(at: fields.stringUnit).object {
                    let at = UnitFields(unit)
                    if at.value >= 0, let value = unit.value(at: at.value).string {
                        return .unit(value: value, state: at.state < 0 ? nil : unit.value(at: at.state).string)
                    }
                }
                error("\(here): \"stringUnit\" has no string \"value\"")
                return nil
            }
            error("\(here): no \"stringUnit\" or \"variations\"")
            return nil
        }

        private mutating func cases(
            _ raw: JSONValue, kind: String, locale: String, context: String
        ) -> [String: VariationNode]? {
            guard let table = raw.object?.dictionary else {
                error("'\(key)' [\(locale)]\(context): \"\(kind)\" variations must be an object")
                return nil
            }
            var cases: [String: VariationNode] = [:]
            var malformed: [String] = []
            for name in table.keys.sorted() {
                guard let object = table[name]?.object else {
                    malformed.append(name)
                    continue
                }
                if let node = node(object, locale: locale, context: context + " \(kind) '\(name)'") {
                    cases[name] = node
                }
            }
            // A plural category written wrong is checked as iOS falls back, with `other`: said in its error, with no
            // second message ("'one' is missing; using 'other'") to contradict it.
            for name in malformed {
                let fallsBack = kind == "plural" && PluralCategory(rawValue: name) != nil && cases["other"] != nil
                error("'\(key)' [\(locale)]\(context): \(kind) variant '\(name)' must be an object"
                    + (fallsBack ? "; 'other' is checked in its place" : ""))
                if fallsBack { cases[name] = cases["other"] }
            }
            return cases
        }
    }
}
