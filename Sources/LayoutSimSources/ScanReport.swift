import Foundation
import LayoutSimModel
import LayoutSimReports

/// A scan's report: its places, rows, coverage and notes, in the formats `layoutsim scan` writes.
public struct ScanReport: Sendable {
    public var result: ScanResult
    /// Nil when no catalog was given: coverage is then not known.
    public var coverage: ScanCoverage?
    /// The findings left after suppressions (those in the baseline marked known), and how many were suppressed.
    public var findings: [Finding]
    public var suppressed: Int

    public init(result: ScanResult, coverage: ScanCoverage?, findings: [Finding] = [], suppressed: Int = 0) {
        self.result = result
        self.coverage = coverage
        self.findings = findings
        self.suppressed = suppressed
    }

    /// 2 when a file could not be read; 1 when an error-severity finding is not in the baseline; else 0.
    public var exitStatus: Int32 {
        if result.notes.contains(where: { $0.severity == .error }) { return 2 }
        return findings.contains { $0.severity == .error && !$0.known } ? 1 : 0
    }

    // MARK: JSON

    private struct JSONPlace: Encodable {
        var key, table, file: String
        var line, column: Int
        var view: String
        var keyConfidence: String
        var style, weight, relativeTo, minimumCategory, maximumCategory, lineBreakMode: String?
        var size, width, maxWidth, height, horizontalPadding, minimumScaleFactor: Double?
        var lines, group: Int?
        var adjustsFontForContentSizeCategory: Bool?
        var sourceText: String?
        var evidence: [String: JSONEvidence]
        var notes: [String]
    }

    private struct JSONEvidence: Encodable {
        var code: String
        var line, column: Int
        var confidence: String
    }

    private struct JSONRow: Encodable {
        var id: Int
        var file: String
        var line, column: Int
        var spacing: Double?
        var alternative: String?
        var members: [JSONMember]
    }

    private struct JSONMember: Encodable {
        var place: Int?
        var width, scaledWidth: Double?
        var relativeTo, other: String?
    }

    private struct JSONNote: Encodable {
        var file: String
        var line, column: Int
        var severity, kind, message: String
    }

    private struct JSONCatalogKey: Encodable {
        var key, table, file: String
        var line: Int
        var reason: String
    }

    private struct JSONMissing: Encodable {
        var place: Int
        var key, table, file: String
        var line, column: Int
        var reason: String
    }

    private struct JSONCoverage: Encodable {
        var catalogKeys, placedKeys: Int
    }

    private struct JSONFinding: Encodable {
        var id, rule, severity, file: String
        var line, column: Int
        var message, fix: String
        var keys: [String]
        var known: Bool
    }

    private struct JSONDocument: Encodable {
        var tool: String
        var files: Int
        var places: [JSONPlace]
        var rows: [JSONRow]
        var findings: [JSONFinding]
        var suppressedFindings: Int
        var coverage: JSONCoverage?
        var keysWithoutPlace: [JSONCatalogKey]
        var placesWithoutKey: [JSONMissing]
        var unresolved: [JSONNote]
        var errors: [JSONNote]
    }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(document())
        return (String(data: data, encoding: .utf8) ?? "{}") + "\n"
    }

    private func document() -> JSONDocument {
        let places = result.places.map(jsonPlace)
        let rows = result.rows.map { row in
            JSONRow(id: row.id, file: row.location.file, line: row.location.line, column: row.location.column, spacing: row.spacing,
                    alternative: row.alternative.map { $0 == .viewThatFits ? "ViewThatFits" : "belowAccessibilitySizes" },
                    members: row.members.map { member in
                        switch member {
                        case .place(let index): return JSONMember(place: index)
                        case .fixed(let width): return JSONMember(width: width)
                        case .scaled(let width, let style): return JSONMember(scaledWidth: width, relativeTo: style.rawValue)
                        case .other(let what): return JSONMember(other: what)
                        }
                    })
        }
        func note(_ note: ScanNote) -> JSONNote {
            JSONNote(file: note.location.file, line: note.location.line, column: note.location.column,
                     severity: note.severity.rawValue, kind: note.kind.rawValue, message: note.message)
        }
        return JSONDocument(
            tool: "layoutsim \(LayoutSimVersion.current)", files: result.files.count, places: places, rows: rows,
            findings: findings.map { finding in
                JSONFinding(id: finding.id, rule: finding.rule.rawValue, severity: finding.severity.rawValue, file: finding.location.file,
                            line: finding.location.line, column: finding.location.column, message: finding.message, fix: finding.fix,
                            keys: finding.keys, known: finding.known)
            },
            suppressedFindings: suppressed,
            coverage: coverage.map { JSONCoverage(catalogKeys: $0.catalogKeys, placedKeys: $0.placedKeys) },
            keysWithoutPlace: (coverage?.keysWithoutPlace ?? []).map { JSONCatalogKey(key: $0.key, table: $0.table, file: $0.file, line: $0.line, reason: Self.reason($0)) },
            placesWithoutKey: (coverage?.placesWithoutKey ?? []).map { missing in
                let place = result.places[missing.place]
                return JSONMissing(place: missing.place, key: place.key, table: place.table, file: place.location.file,
                                   line: place.location.line, column: place.location.column, reason: missing.reason)
            },
            unresolved: result.notes.filter { $0.severity != .error }.map(note),
            errors: result.notes.filter { $0.severity == .error }.map(note))
    }

    private func jsonPlace(_ place: SourcePlace) -> JSONPlace {
        var evidence: [String: JSONEvidence] = [:]
        func record<V>(_ name: String, _ field: Sourced<V>?) {
            guard let field else { return }
            let e = field.evidence
            evidence[name] = JSONEvidence(code: e.code, line: e.location.line, column: e.location.column, confidence: e.confidence.rawValue)
        }
        var json = JSONPlace(key: place.key, table: place.table, file: place.location.file, line: place.location.line,
                             column: place.location.column, view: place.view.rawValue, keyConfidence: place.keyConfidence.rawValue,
                             evidence: [:], notes: place.notes)
        switch place.font?.value {
        case .style(let style)?: json.style = style.rawValue
        case .fixed(let size)?: json.size = size
        case .scaled(let size, let style)?:
            json.size = size
            json.relativeTo = style.rawValue
        case nil: break
        }
        record("font", place.font)
        json.weight = place.weight?.value.rawValue; record("weight", place.weight)
        json.lines = place.lines?.value; record("lines", place.lines)
        json.width = place.width?.value; record("width", place.width)
        json.maxWidth = place.maxWidth?.value; record("maxWidth", place.maxWidth)
        json.height = place.height?.value; record("height", place.height)
        json.horizontalPadding = place.horizontalPadding?.value; record("horizontalPadding", place.horizontalPadding)
        json.minimumCategory = place.minimumCategory?.value.swiftUIName; record("minimumCategory", place.minimumCategory)
        json.maximumCategory = place.maximumCategory?.value.swiftUIName; record("maximumCategory", place.maximumCategory)
        json.minimumScaleFactor = place.minimumScaleFactor?.value; record("minimumScaleFactor", place.minimumScaleFactor)
        json.lineBreakMode = place.lineBreakMode?.value.shortName; record("lineBreakMode", place.lineBreakMode)
        json.adjustsFontForContentSizeCategory = place.adjustsFontForContentSizeCategory?.value
        record("adjustsFontForContentSizeCategory", place.adjustsFontForContentSizeCategory)
        json.group = place.row
        json.sourceText = place.sourceText
        json.evidence = evidence
        return json
    }

    /// Why a catalog key has no place, in words.
    static func reason(_ key: ScanCoverage.CatalogKey) -> String {
        guard let literal = key.literal else { return "not in the scanned code" }
        return "spelled at \(literal), shown where the scan cannot follow (a value passed on, not a view's argument)"
    }

    // MARK: Text

    public func text() -> String {
        var out = ""
        for place in result.places {
            var facts: [String] = []
            switch place.font?.value {
            case .style(let style)?: facts.append(style.rawValue)
            case .fixed(let size)?: facts.append("\(ReportNumber.text(size)) pt fixed")
            case .scaled(let size, let style)?: facts.append("\(ReportNumber.text(size)) pt like \(style.rawValue)")
            case nil: facts.append("no font stated")
            }
            if let weight = place.weight { facts.append(weight.value.rawValue) }
            if let lines = place.lines { facts.append(lines.value == 0 ? "no line limit" : "\(lines.value) line\(lines.value == 1 ? "" : "s")") }
            if let width = place.width { facts.append("width \(ReportNumber.text(width.value))") }
            if let height = place.height { facts.append("height \(ReportNumber.text(height.value))") }
            if let high = place.maximumCategory { facts.append("up to \(high.value.swiftUIName)") }
            if let row = place.row { facts.append("row \(row)") }
            out += "\(place.location): \(place.view.rawValue) \"\(place.key)\": \(facts.joined(separator: ", "))\n"
        }
        for note in result.notes {
            out += "\(note.location): \(note.severity.rawValue): \(note.message)\n"
        }
        for finding in findings {
            out += "\(finding.location): \(finding.severity.rawValue): \(finding.message) [\(finding.rule.rawValue)]\(finding.known ? " [baseline]" : "")\n"
            out += "    fix: \(finding.fix)\n"
        }
        if let coverage {
            for key in coverage.keysWithoutPlace { out += "\(key.file):\(key.line): key \"\(key.key)\" has no place: \(Self.reason(key))\n" }
            for missing in coverage.placesWithoutKey {
                let place = result.places[missing.place]
                out += "\(place.location): warning: \"\(place.key)\" \(missing.reason)\n"
            }
        }
        out += summary() + "\n"
        return out
    }

    /// One line: files, places, rows, coverage, unresolved.
    public func summary() -> String {
        var parts = ["\(result.files.count) files", "\(result.places.count) places", "\(result.rows.count) rows"]
        if let coverage {
            let share = coverage.catalogKeys == 0 ? 0 : Int((Double(coverage.placedKeys) * 100 / Double(coverage.catalogKeys)).rounded())
            parts.append("\(coverage.placedKeys) of \(coverage.catalogKeys) catalog keys placed (\(share) %)")
            parts.append("\(coverage.placesWithoutKey.count) places without a catalog key")
        }
        let unresolved = result.notes.filter { $0.severity != .error }.count
        let errors = result.notes.count - unresolved
        parts.append("\(unresolved) unresolved")
        let known = findings.filter(\.known).count
        parts.append("\(findings.count) findings (\(findings.filter { $0.severity == .error }.count) errors\(known > 0 ? ", \(known) in the baseline" : ""))")
        if suppressed > 0 { parts.append("\(suppressed) suppressed") }
        if errors > 0 { parts.append("\(errors) unreadable") }
        return "scan: " + parts.joined(separator: ", ")
    }

    // MARK: GitHub and SARIF

    /// GitHub workflow commands: errors first (GitHub shows ten annotations per step), then warnings.
    public func github() -> String {
        // check's own escaping: control characters a log would act on are written visibly too.
        let escape = CheckRenderer.data, property = CheckRenderer.property
        var lines: [String] = []
        for note in result.notes where note.severity == .error {
            lines.append("::error file=\(property(note.location.file)),line=\(note.location.line),col=\(note.location.column)::\(escape(note.message))")
        }
        for finding in findings where finding.severity == .error && !finding.known {
            lines.append("::error file=\(property(finding.location.file)),line=\(finding.location.line),col=\(finding.location.column),title=\(property("layoutsim: " + finding.rule.rawValue))::\(escape(finding.message + ". Fix: " + finding.fix))")
        }
        for finding in findings where finding.severity != .error || finding.known {
            let command = finding.severity == .note || finding.known ? "notice" : "warning"
            lines.append("::\(command) file=\(property(finding.location.file)),line=\(finding.location.line),col=\(finding.location.column),title=\(property("layoutsim: " + finding.rule.rawValue))::\(escape(finding.message + ". Fix: " + finding.fix))")
        }
        for note in result.notes where note.severity != .error {
            lines.append("::warning file=\(property(note.location.file)),line=\(note.location.line),col=\(note.location.column)::\(escape(note.message))")
        }
        for missing in coverage?.placesWithoutKey ?? [] {
            let place = result.places[missing.place]
            lines.append("::warning file=\(property(place.location.file)),line=\(place.location.line),col=\(place.location.column)::\(escape("\"\(place.key)\" \(missing.reason)"))")
        }
        return lines.map { $0 + "\n" }.joined() + summary() + "\n"
    }

    public func sarif() throws -> String {
        struct Location: Encodable { var physicalLocation: Physical }
        struct Physical: Encodable { var artifactLocation: Artifact; var region: Region }
        struct Artifact: Encodable { var uri: String }
        struct Region: Encodable { var startLine: Int; var startColumn: Int }
        struct Message: Encodable { var text: String }
        struct Result: Encodable { var ruleId: String; var level: String; var message: Message; var locations: [Location] }
        struct Driver: Encodable { var name: String; var version: String; var informationUri: String }
        struct Tool: Encodable { var driver: Driver }
        struct Run: Encodable { var tool: Tool; var results: [Result] }
        struct Log: Encodable { var version: String; var schema: String; var runs: [Run]
            enum CodingKeys: String, CodingKey { case version, schema = "$schema", runs }
        }
        func at(_ location: SourceLocation) -> [Location] {
            [Location(physicalLocation: Physical(artifactLocation: Artifact(uri: location.file), region: Region(startLine: location.line, startColumn: location.column)))]
        }
        var results = result.notes.map { note in
            Result(ruleId: note.kind.rawValue, level: note.severity == .error ? "error" : "warning", message: Message(text: note.message), locations: at(note.location))
        }
        for finding in findings {
            let level = finding.known ? "note" : finding.severity.rawValue
            results.append(Result(ruleId: finding.rule.rawValue, level: level, message: Message(text: finding.message + ". Fix: " + finding.fix),
                                  locations: at(finding.location)))
        }
        for missing in coverage?.placesWithoutKey ?? [] {
            let place = result.places[missing.place]
            results.append(Result(ruleId: "place-without-key", level: "warning", message: Message(text: "\"\(place.key)\" \(missing.reason)"), locations: at(place.location)))
        }
        let log = Log(version: "2.1.0", schema: "https://json.schemastore.org/sarif-2.1.0.json",
                      runs: [Run(tool: Tool(driver: Driver(name: "layoutsim", version: LayoutSimVersion.current, informationUri: "https://github.com/layoutsim/layoutsim")), results: results)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (String(data: try encoder.encode(log), encoding: .utf8) ?? "{}") + "\n"
    }
}
