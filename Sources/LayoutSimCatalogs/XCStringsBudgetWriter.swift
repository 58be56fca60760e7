import Foundation
import LayoutSimModel

/// Writes each key's budget as a line of its `.xcstrings` `comment`, as edits of the file's text: the comment string
/// is replaced (or a `"comment"` member inserted where Xcode would put it, its keys being sorted), and every other
/// byte stays, so the file keeps Xcode's formatting. See ``BudgetExport``.
enum XCStringsBudgetWriter {
    static func export(_ data: Data, file: String, index: BudgetIndex) -> BudgetExportResult {
        var result = BudgetExportResult()
        let top = CatalogSourceLocation(file: file, line: 1, column: 1)
        let bytes = [UInt8](data)
        guard !bytes.starts(with: [0xFE, 0xFF]), !bytes.starts(with: [0xFF, 0xFE]), SourceText.firstInvalidUTF8(data) == nil else {
            result.diagnostics.append(.error("budgets are written into UTF-8 String Catalogs only (this file is not UTF-8)", at: top))
            return result
        }
        let before = XCStringsReader.read(data, file: file)
        if let problem = before.diagnostics.first(where: { $0.severity == .error }) {
            result.diagnostics.append(.error("not written: \(problem.message)", at: problem.location))
            return result
        }
        let source = SourceText(text: String(decoding: bytes, as: UTF8.self))
        func location(_ offset: Int) -> CatalogSourceLocation {
            let position = source.position(utf8Offset: offset)
            return CatalogSourceLocation(file: file, line: position.line, column: position.column)
        }
        let json = JSONSpans(bytes: bytes)
        let start = json.skipSpace(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        guard let document = json.members(ofObjectAt: start),
              let strings = document.members.first(where: { $0.key == "strings" }),
              let keys = json.members(ofObjectAt: strings.valueStart)
        else {
            result.diagnostics.append(.error("cannot find the \"strings\" object; nothing written", at: top))
            return result
        }
        let sourceLanguage = document.members.first { $0.key == "sourceLanguage" }
            .flatMap { JSONSpans.decodeString(bytes[($0.valueStart + 1)..<($0.valueEnd - 1)]) }
        // Xcode writes `"key" : value`; the file's own separator is kept.
        var separator = Array(" : ".utf8)
        if let first = keys.members.first { separator = Array(bytes[first.keyEnd..<first.valueStart]) }
        result.total = keys.members.count
        var edits: [XLIFFBudgetWriter.Edit] = []
        for member in keys.members {
            guard let entry = json.members(ofObjectAt: member.valueStart) else { continue }
            let note = BudgetExport.note(for: index.budgets(key: member.key), sourceLanguage: sourceLanguage)
            let comment = entry.members.firstIndex { $0.key == "comment" }
            if let position = comment {
                let current = entry.members[position]
                guard bytes[current.valueStart] == UInt8(ascii: "\"") else {
                    result.diagnostics.append(.warning(
                        "'\(member.key)': \"comment\" is not a string; its budget is not written", at: location(current.valueStart)
                    ))
                    continue
                }
                let raw = Array(bytes[(current.valueStart + 1)..<(current.valueEnd - 1)])
                let kept = JSONSpans.lines(of: raw).filter { line in
                    !(JSONSpans.decodeString(line[...]).map { BudgetExport.isNote($0[...]) } ?? false)
                }
                var text = Array(kept.joined(separator: Array("\\n".utf8)))
                if let note { text += (kept.isEmpty ? [] : Array("\\n".utf8)) + JSONSpans.escape(note) }
                if text == raw { if note != nil { result.annotated += 1 }; continue }
                if note != nil { result.annotated += 1 }
                if text.isEmpty && kept.isEmpty {
                    edits.append(removal(of: position, in: entry, json: json, keyLine: member.keyStart))
                } else {
                    edits.append(.init(range: (current.valueStart + 1)..<(current.valueEnd - 1), replacement: text))
                }
            } else if let note {
                result.annotated += 1
                let value = Array("\"comment\"".utf8) + separator + [UInt8(ascii: "\"")] + JSONSpans.escape(note) + [UInt8(ascii: "\"")]
                if let next = entry.members.first(where: { $0.key > "comment" }) {
                    // Before the first key sorting after it, with that key's line break and indentation.
                    let space = json.spaceBefore(next.keyStart)
                    edits.append(.init(range: next.keyStart..<next.keyStart, replacement: value + [UInt8(ascii: ",")] + Array(bytes[space..<next.keyStart])))
                } else if let last = entry.members.last {
                    let space = json.spaceBefore(last.keyStart)
                    edits.append(.init(range: last.valueEnd..<last.valueEnd, replacement: [UInt8(ascii: ",")] + Array(bytes[space..<last.keyStart]) + value))
                } else {
                    let indentation = json.indentation(ofLineAt: member.keyStart)
                    edits.append(.init(
                        range: (member.valueStart + 1)..<entry.close,
                        replacement: [0x0A] + indentation + Array("  ".utf8) + value + [0x0A] + indentation
                    ))
                }
            }
        }
        let output = XLIFFBudgetWriter.apply(edits, to: bytes)
        // Nothing but the notes may change: the reader must find the same strings, comments apart from the note.
        let after = XCStringsReader.read(Data(output), file: file)
        guard !after.hasErrors, after.entries.map(withoutNote) == before.entries.map(withoutNote) else {
            result.diagnostics.append(.error("internal error: the catalog with budgets would read differently; nothing written", at: top))
            return result
        }
        result.data = Data(output)
        return result
    }

    /// The entry with the budget note taken out of its comment (an empty comment is none).
    static func withoutNote(_ entry: CatalogEntry) -> CatalogEntry {
        var entry = entry
        entry.comment = BudgetExport.commentWithoutNote(entry.comment)
        entry.source.line = 0  // a comment member inserted or removed moves the keys after it
        entry.source.column = 0
        return entry
    }

    /// The edit removing member `position` of `entry` (a comment that held only the note): with the comma and line
    /// break that went with it; the only member leaves Xcode's empty object.
    private static func removal(of position: Int, in entry: JSONSpans.Object, json: JSONSpans, keyLine: Int) -> XLIFFBudgetWriter.Edit {
        let member = entry.members[position]
        if entry.members.count == 1 {
            let indentation = json.indentation(ofLineAt: keyLine)
            return .init(range: (entry.open + 1)..<entry.close, replacement: [0x0A, 0x0A] + indentation)
        }
        if position == 0 { return .init(range: member.keyStart..<entry.members[1].keyStart, replacement: []) }
        return .init(range: entry.members[position - 1].valueEnd..<member.valueEnd, replacement: [])
    }
}

extension BudgetExport {
    /// `comment` without the lines this writer added; nil when nothing else is left.
    public static func commentWithoutNote(_ comment: String?) -> String? {
        guard let comment else { return nil }
        let kept = comment.split(separator: "\n", omittingEmptySubsequences: false).filter { !isNote($0) }
        let text = kept.joined(separator: "\n")
        return text.isEmpty ? nil : text
    }
}
