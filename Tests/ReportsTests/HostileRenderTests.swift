import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LayoutSimCheck
import LayoutSimFitting
import LayoutSimModel
import LayoutSimReports
import LayoutSimTestSupport
import Testing

/// Reports of text nobody on the team wrote: bounded pictures, well-formed XML whatever the characters, GitHub
/// annotations a log cannot be fooled by.
struct HostileRenderTests {
    /// `true` when `XMLParser` (libxml2) accepts the document.
    func wellFormed(_ document: String) -> Bool {
        XMLParser(data: Data(document.utf8)).parse()
    }

    func drawing(_ text: String, width: Double, lines: Int) throws -> LabelDrawing {
        let engine = try TestSupport.engine()
        return try engine.draw(FitRequest(text: text, font: .file(TestSupport.oneEm, size: 10),
                                          container: Container(width: width, lineLimit: lines))).drawing
    }

    /// OneEm at 10 pt: every character 10 pt wide, so "abcd " × n at width 50 is one word per line: n lines.
    @Test func aPictureDrawsAtMost40LinesAndSaysHowManyItLeftOut() throws {
        let text = Array(repeating: "abcd", count: 1_000).joined(separator: " ")
        let drawn = try drawing(text, width: 50, lines: 0)
        let panel = try #require(drawn.panels.first)
        #expect(panel.result.lineCount == 1_000)
        #expect(panel.lineTops.count == 40)
        #expect(panel.glyphs.count == 40 * 4)
        #expect(panel.undrawnLines == 960)
        let svg = SVGRenderer.render(drawn)
        #expect(svg.contains("… 960 more lines not drawn (at most 40 lines per size, 4,000 glyphs per picture)"))
        #expect(wellFormed(svg))
    }

    /// Hidden lines count against the same bound: 3 shown, 37 hidden drawn, 960 left out.
    @Test func hiddenLinesAreBoundedToo() throws {
        let text = Array(repeating: "abcd", count: 1_000).joined(separator: " ")
        let panel = try #require(try drawing(text, width: 50, lines: 3).panels.first)
        #expect(panel.lineTops.count == 3)
        // A hidden line keeps its trailing space (a glyph without outline): 5 glyphs each.
        #expect(panel.hiddenGlyphs.count == 37 * 5)
        #expect(panel.undrawnLines == 960)
    }

    /// The glyph budget is per drawing: 12 categories of a 100-line text draw 4,000 glyphs in all.
    @Test func aDrawingDrawsAtMost4000Glyphs() throws {
        let engine = try TestSupport.engine()
        let text = Array(repeating: "abcdefghij", count: 100).joined(separator: " ")
        let drawn = try engine.draw(FitRequest(text: text, font: .textStyle(.body), container: Container(width: 120, lineLimit: 0))).drawing
        #expect(drawn.panels.count == 12)
        #expect(drawn.panels.map { $0.glyphs.count + $0.hiddenGlyphs.count }.reduce(0, +) <= 4_000)
        #expect(drawn.panels.last?.undrawnLines ?? 0 > 0)
    }

    @Test func xmlInvalidCharactersAreReplacedSoDocumentsStayWellFormed() throws {
        let hostile = "A\u{FFFE}B\u{FFFF}C\u{1}D\u{1B}E"
        #expect(CheckRenderer.xml(hostile) == "A\u{FFFD}B\u{FFFD}C\u{FFFD}D\u{FFFD}E")
        #expect(CheckRenderer.xml("a\r\nb") == "a&#13;&#10;b")
        let svg = SVGRenderer.render(try drawing(hostile, width: 300, lines: 1))
        #expect(wellFormed(svg))
        #expect(!svg.contains("\u{FFFE}") && !svg.contains("\u{FFFF}"))
    }

    @Test func githubAnnotationsEscapeWhatALogWouldActOn() {
        let message = "a%b\rc\nd\u{1B}[31me\u{7}f\u{85}g\u{2028}h\u{2029}i\u{7F}j"
        #expect(CheckRenderer.data(message) == "a%25b%0Dc%0Ad\\u{1B}[31me\\u{7}f\\u{85}g\\u{2028}h\\u{2029}i\\u{7F}j")
        #expect(CheckRenderer.property("k:v,\u{1B}") == "k%3Av%2C\\u{1B}")
    }

    /// Near misses and near passes in one catalog and locale past three are one line where people read, like missing
    /// translations; a key with "' (" in it is still read whole; another locale's stays a line of its own.
    @Test func nearNotesAreGroupedPerLocale() throws {
        var options = CheckOptions(catalogs: [TestSupport.fixture("Check/escape.xcstrings").path], spec: TestSupport.fixture("Check/narrow.json").path)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        var report = try CheckRunner.run(options)
        func near(_ key: String, _ subject: String, pass: Bool) -> ReportDiagnostic {
            ReportDiagnostic(file: "a.xcstrings", line: 1, column: 1, severity: .warning, message: "'\(key)' (\(subject)): "
                + (pass ? "a near pass: it fits at accessibility5, but …" : "a near miss (needs 101 pt of width, has 100) …"),
                subject: .nearVerdict(key: key, locale: String(subject.prefix { $0 != "," })))
        }
        report.diagnostics = [near("a", "ko", pass: true), near("b' (x", "ko, plural:one", pass: false), near("c", "ko", pass: true),
                              near("d", "ko", pass: true), near("e", "th", pass: true)]
        #expect(CheckRenderer.shownDiagnostics(report).map(\.message) == [
            "'ko': 4 near misses and near passes, verdicts closer than the stand-in fonts' widths can be off from iOS's "
                + "('a', 'b' (x', 'c' and 1 more; the JSON report lists each): confirm on a device",
            report.diagnostics[4].message,
        ])
    }

    /// The terminal report and standard error show a key's control characters (gettext's context separator U+0004,
    /// a tab, ESC) visibly, as GitHub annotations do; other text is left as it is.
    @Test func theTerminalReportShowsControlCharacters() throws {
        var options = CheckOptions(catalogs: [TestSupport.fixture("Check/escape.xcstrings").path], spec: TestSupport.fixture("Check/narrow.json").path)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        var report = try CheckRunner.run(options)
        let index = try #require(report.results.firstIndex { !$0.passed })
        report.results[index].key = "Addons\u{4}Codecs\tx\u{1B}[31m"
        report.diagnostics = [ReportDiagnostic(file: "a.xcstrings", line: 2, column: 3, severity: .warning,
                                               message: "'Addons\u{4}Codecs' has no 'de' localization; the app shows the source text")]
        let text = CheckRenderer.text(report, color: false, seconds: nil)
        #expect(text.hasPrefix("Addons\\u{4}Codecs\\u{9}x\\u{1B}[31m\n"))
        #expect(text.contains("a.xcstrings:2:3: warning: 'Addons\\u{4}Codecs' has no 'de' localization"))
        #expect(!text.unicodeScalars.contains { $0.value == 4 || $0.value == 9 || $0.value == 0x1B })
        #expect("Käse ⏎ Brot".withControlsShown == "Käse ⏎ Brot")
    }
}
