import Foundation
@testable import LayoutSimCheck
import LayoutSimFitting
import LayoutSimModel
import LayoutSimSupport
import LayoutSimTestSupport
import Testing

/// The JSON report is written by a streaming writer; Foundation's `JSONEncoder` over the same values (the report's
/// `Codable` conformance, with the options the report always used) is the reference it must equal byte for byte.
/// The one deliberate difference: U+2028 and U+2029 are escaped (`\u2028`, `\u2029`), which JSONEncoder leaves raw.
struct CheckReportJSONTests {
    static func reference(_ report: CheckReport) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(report), as: UTF8.self)
        return Array(text.replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(of: "\u{2029}", with: "\\u2029").utf8)
    }

    static func example() throws -> CheckReport {
        let root = TestSupport.packageRoot
        var options = CheckOptions(
            catalogs: [root.appendingPathComponent("Examples/App/Localizable.xcstrings").path, TestSupport.fixture("Check/escape.xcstrings").path],
            spec: root.appendingPathComponent("Examples/App/layout.yaml").path
        )
        options.fontsDirectory = root.appendingPathComponent("Fonts")
        return try CheckRunner.run(options)
    }

    /// The example app's report (failures, skipped keys, diagnostics, every verdict kind it has).
    @Test func exampleReportEqualsJSONEncoder() throws {
        let report = try Self.example()
        #expect(report.results.contains { $0.failure != nil } && !report.diagnostics.isEmpty && !report.skipped.isEmpty)
        #expect(Array(try report.jsonData()) == (try Self.reference(report)))
    }

    /// Every character that needs escaping, non-ASCII text, optional fields present and absent, empty lists,
    /// fixed baseline entries, numbers of every shape; and the streamed form equals the whole one at any chunk size.
    @Test func hostileValuesEqualJSONEncoder() throws {
        var report = try Self.example()
        var nasty = ""
        for code in 0..<0x20 { nasty.unicodeScalars.append(Unicode.Scalar(UInt8(code))) }
        nasty += "\u{7F} \"quoted\" back\\slash a/b é 中 😀 \u{2028}\u{2029} \u{FEFF}\u{85} \u{E2}"
        // Other characters whose UTF-8 starts with E2 (copied), next to the escaped two; and an escape last.
        nasty += " … ‘x’ – \u{2027}\u{202A}\u{2028}x\u{2029}\u{2030}\""
        report.results[0].text = nasty
        report.results[0].key = "key " + nasty
        report.results[0].element = nil
        report.results[0].textSHA256 = nil
        report.results[0].fitsThrough = nil
        report.results[1].error = "bad field: " + nasty
        report.results[1].variant = ["plural:one", "device:ipad"]
        report.results[2].place = "row " + nasty
        report.results[2].placement = CheckResult.Placement(
            group: nasty, at: [.init(category: "large", layout: "1: row", width: 12.5, groupWidth: 329)], hiddenAt: ["accessibility5"]
        )
        report.results[2].placement?.neededGroupWidth = 455.333
        report.results[2].placement?.neededGroupWidthAt = "large"
        let numbers: [Double?] = [nil, 0, -0.0, 0.001, 1e-05, 12.5, 17, 1234567.891, 1e21, 1e16, .leastNonzeroMagnitude, -3.25]
        var index = 0
        for i in report.results.indices where report.results[i].failure != nil {
            report.results[i].failure?.clippedBy = numbers[index % numbers.count]
            report.results[i].failure?.visibleText = index % 2 == 0 ? nil : nasty
            report.results[i].failure?.appliedCategory = index % 2 == 0 ? .xxxLarge : nil
            report.results[i].failure?.missingGlyphs = index % 3 == 0 ? [] : ["U+0E01", nasty]
            index += 1
        }
        #expect(index >= numbers.count)
        report.toolVersion = nil
        report.systemFontSource = "apple-fonts /Volumes/" + nasty
        report.fixedSinceBaseline = [
            FixedBaselineEntry(entry: BaselineEntry(key: nasty, locale: "de", variant: [], element: nil, textSHA256: nil), reason: .fits),
            FixedBaselineEntry(entry: BaselineEntry(key: "k", locale: "th", variant: ["plural:few"], element: "a*", textSHA256: "ab"), reason: .changed),
        ]
        report.fonts = [CheckReport.FontFile(name: "Fonts/\(nasty).ttf", sha256: "00")]
        report.diagnostics.append(ReportDiagnostic(file: nasty, line: 3, column: 4, severity: .warning, message: nasty))
        report.diagnostics.append(ReportDiagnostic(file: "a", line: 1, column: 1, severity: .warning, message: "near",
                                                   subject: .nearVerdict(key: nasty, locale: "ar")))
        report.unspecifiedKeys = []
        report.input?.options.locales = nil
        report.input?.options.pseudoModes = ["accents", "long"]
        report.input?.catalogs[0].sha256 = nil
        let expected = try Self.reference(report)
        #expect(Array(try report.jsonData()) == expected)
        #expect(String(decoding: try report.jsonData(), as: UTF8.self).contains("\\u2028\\u2029"))

        // What a diagnostic is about is read back with it (a merged report's warnings are grouped as the check's).
        let read = try JSONDecoder().decode(CheckReport.self, from: try report.jsonData())
        #expect(read.diagnostics.map(\.subject) == report.diagnostics.map(\.subject))
        #expect(read.diagnostics.contains { $0.subject == .nearVerdict(key: nasty, locale: "ar") })
        #expect(report.diagnostics.contains { if case .missingLocalization = $0.subject { true } else { false } })

        var streamed: [UInt8] = []
        try report.writeJSON(trailer: "\n") { streamed += $0 }
        #expect(streamed == expected + [0x0A])

        // Without input, every optional member left out.
        report.input = nil
        #expect(Array(try report.jsonData()) == (try Self.reference(report)))
    }

    /// With workers, runs of results are encoded on several threads and joined in order: the same bytes as
    /// JSONEncoder for a report of 2,600 results (ten runs and a part: more than two workers encode ahead of the
    /// writing), whatever the number of workers.
    @Test func resultsEncodedInParallelJoinToTheSameBytes() throws {
        var report = try Self.example()
        let base = report.results
        report.results = (0..<2600).map { i in
            var result = base[i % base.count]
            result.key = "key\(i) " + result.key
            return result
        }
        let expected = try Self.reference(report) + [0x0A]
        #expect(report.results.count > 10 * CheckReport.resultsPerRun)
        for workers in [1, 2, 3, 8] {
            var streamed: [UInt8] = []
            var chunks = 0
            try report.writeJSON(trailer: "\n", workers: workers) { streamed += $0; chunks += 1 }
            #expect(streamed == expected, "workers \(workers)")
            #expect(chunks > 1)
        }
        // A number JSON cannot hold in the ninth run: the error comes out (no thread is left waiting), whatever the
        // number of workers.
        var unwritable = report
        unwritable.results[8 * CheckReport.resultsPerRun + 3].budget?.textWidth = .infinity
        #expect(unwritable.results[8 * CheckReport.resultsPerRun + 3].budget != nil)
        for workers in [1, 2, 3] {
            #expect(throws: JSONWriterError.nonFiniteNumber(.infinity)) {
                try unwritable.writeJSON(workers: workers) { _ in }
            }
        }
    }

    /// The writer's chunks arrive in order and join to the whole text, whatever the chunk size.
    @Test func chunkedWritingJoinsToTheWhole() throws {
        func document(_ w: inout JSONWriter) throws {
            try w.beginObject()
            w.key("a"); try w.beginArray()
            for i in 0..<500 { try w.int(i); try w.string("s\(i)\n"); try w.double(Double(i) / 8) }
            try w.endArray()
            w.key("b"); try w.beginObject(); try w.endObject()
            w.key("c"); try w.beginArray(); try w.endArray()
            w.key("d"); try w.null()
            try w.endObject()
        }
        var whole = JSONWriter()
        try document(&whole)
        let expected = try whole.finish()
        for size in [1, 7, 64, 4096] {
            var joined: [UInt8] = []
            var writer = JSONWriter(chunkSize: size) { joined += $0 }
            try document(&writer)
            #expect(try writer.finish().isEmpty)
            #expect(joined == expected, "chunk size \(size)")
        }
        // Hand-written: the layout JSONEncoder gives to an empty object and array.
        var small = JSONWriter()
        try small.beginObject()
        small.key("x"); try small.beginArray(); try small.endArray()
        small.key("y"); try small.double(2.5)
        try small.endObject()
        #expect(String(decoding: try small.finish(), as: UTF8.self) == "{\n  \"x\" : [\n\n  ],\n  \"y\" : 2.5\n}")
        var refused = JSONWriter()
        #expect(throws: JSONWriterError.nonFiniteNumber(.infinity)) { try refused.double(.infinity) }
    }
}
