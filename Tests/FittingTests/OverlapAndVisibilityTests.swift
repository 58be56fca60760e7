import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Verdicts that must not say "fits" or "visible" when it is not: overlapping lines under a fixed line height, and
/// what a text view clipped at its height shows. On OneEm at 10 pt: every glyph 10 pt wide, ink from 0 to 7 pt
/// above the baseline, hhea box 8 pt above and 2 pt below it. Expectations are hand arithmetic.
struct OverlapAndVisibilityTests {
    func fit(_ text: String, width: Double, lines: Int = 0, height: Double? = nil, lineHeight: LineHeightPolicy = .default,
             label: LabelBehavior = LabelBehavior()) throws -> CategoryResult {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: text, font: .file(TestSupport.oneEm, size: 10), container: Container(width: width, height: height, lineLimit: lines),
            lineHeight: lineHeight, label: label
        ))
        return try #require(report.results.first)
    }

    @Test func fixedLineHeightShorterThanTheInkOverlaps() throws {
        // fixed:5: baseline 5 − 2 = 3 pt below the line's top; ink rises 7 pt: 4 pt into the line above (or out of
        // the view for the first line).
        let result = try fit("AB CD", width: 25, lineHeight: .fixed(points: 5))
        #expect(result.verdict == .inkOverlap(by: 4))
        #expect(!result.passes(allowingWordBreaks: true))
        // fixed:10 holds the ink (7 above, 0 below within 8 / 2): fits.
        #expect(try fit("AB CD", width: 25, lineHeight: .fixed(points: 10)).verdict == .fits)
    }

    @Test func lineHeightMultipleBelowOneOverlaps() throws {
        // multiple:0.5: 5 pt lines, baseline 5 − 2 = 3: the same 4 pt.
        #expect(try fit("AB", width: 100, lineHeight: .multiple(factor: 0.5)).verdict == .inkOverlap(by: 4))
    }

    @Test func naturalLineBoxesNeverOverlap() throws {
        #expect(try fit("AB CD", width: 25).verdict == .fits)
    }

    @Test func clippedTextViewShowsOnlyWhatIsAboveItsBottomEdge() throws {
        // Four 10 pt lines "AB ", "CD ", "EF ", "GH" in a 25 pt text view: lines 0 and 1 whole, line 2 cut at 25 pt
        // (partly visible), line 3 starts at 30 pt: not visible. Hidden: "GH", 2 characters.
        var label = LabelBehavior()
        label.truncatesToFitHeight = false
        let result = try fit("AB CD EF GH", width: 25, height: 25, label: label)
        #expect(result.verdict == .clipped(by: 15))
        #expect(result.visibleText == "AB\nCD\nEF")
        #expect(result.partlyVisibleLine == 2)
        #expect(result.visibleLineCount == 3)
        #expect(result.hiddenCharacters == 2)
    }

    @Test func labelsStillTruncateToTheirHeight() throws {
        // A label in the same 25 pt shows two whole lines and truncates the second.
        let result = try fit("AB CD EF GH", width: 25, height: 25)
        #expect(result.shownLineCount == 2)
        #expect(result.partlyVisibleLine == nil)
        if case .truncated = result.verdict {} else { Issue.record("expected truncated, got \(result.verdict)") }
    }

    @Test func summarySaysWhichCategoriesWereChecked() throws {
        let engine = try TestSupport.engine()
        let report = try engine.fit("Hi", font: .textStyle(.body), width: 300, categories: [.large, .accessibility5])
        #expect(report.summary == "fits at the categories checked: large, accessibility5")
        let title = try engine.fit(FitRequest(text: "Hi", font: .textStyle(.extraLargeTitle), container: Container(width: 300),
                                              categories: [.large]))
        #expect(title.summary == "fits at the categories checked: large")
    }
}
