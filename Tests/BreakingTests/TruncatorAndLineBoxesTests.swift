import LayoutSimBreaking
import LayoutSimFitting
import LayoutSimModel
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// The Breaking stage's truncation and line boxes, called directly on text measured in the synthetic OneEm font:
/// upem 1000, every glyph 1 em wide with ink from (100, 0) to (900, 700), hhea 800 / −200 / 0. At 10 pt every
/// character is 10 pt wide; expectations are hand arithmetic.
struct TruncatorAndLineBoxesTests {
    func measured(_ text: String) throws -> (MeasuredText, [Double]) {
        let engine = try TestSupport.engine()
        let text = try engine.measure(text, font: .file(TestSupport.oneEm, size: 10), weight: .regular, language: nil)
        return (text, text.fontAdvances(size: 10))
    }

    @Test func tailKeepsTheLongestStartThatFitsWithTheEllipsis() throws {
        let (text, advances) = try measured("ABCDE")
        // "AB" + a 10 pt ellipsis = 30 ≤ 35; "ABC" + ellipsis = 40 > 35.
        let cut = Truncator.tail(text, advances: advances, 0..<5, ellipsis: 10, width: 35)
        #expect(cut.before == 0..<2)
        #expect(cut.after.isEmpty)
        #expect(cut.hasEllipsis)
        #expect(cut.width == 30)
    }

    @Test func tailDropsWhitespaceBeforeTheEllipsis() throws {
        let (text, advances) = try measured("AB CD")
        // "AB C" + ellipsis = 50 > 45, so "AB " is kept, trimmed to "AB": "AB…", 30 pt.
        let cut = Truncator.tail(text, advances: advances, 0..<5, ellipsis: 10, width: 45)
        #expect(cut.before == 0..<2)
        #expect(cut.width == 30)
    }

    @Test func headKeepsTheLongestEnd() throws {
        let (text, advances) = try measured("ABCDE")
        let cut = Truncator.head(text, advances: advances, 0..<5, ellipsis: 10, width: 35)
        #expect(cut.before.isEmpty)
        #expect(cut.after == 3..<5)   // "…DE"
        #expect(cut.width == 30)
    }

    @Test func middleKeepsBothEnds() throws {
        let (text, advances) = try measured("ABCDEFG")
        // 50 pt: ellipsis 10 + four graphemes, two from each end: "AB…FG".
        let cut = Truncator.middle(text, advances: advances, 0..<7, ellipsis: 10, width: 50)
        #expect(cut.before == 0..<2)
        #expect(cut.after == 5..<7)
        #expect(cut.width == 50)
    }

    @Test func clipKeepsWholeGraphemesOnlyAndNoEllipsis() throws {
        let (text, advances) = try measured("ABCDE")
        let cut = Truncator.clip(text, advances: advances, 0..<5, width: 25)
        #expect(cut.before == 0..<2)
        #expect(!cut.hasEllipsis)
        #expect(cut.width == 20)
    }

    @Test func typographicBoxIsTheHheaBox() throws {
        let (text, advances) = try measured("AB")
        let (lines, _) = LineBreaker.breakLines(text, advances: advances, width: 100, breaks: text.breaks)
        let box = try #require(LineBoxes.boxes(text, lines: lines, size: 10, policy: .typographic, leading: nil).first)
        #expect(box.height == 10)        // (800 + 200 + 0) / 1000 × 10
        #expect(box.baseline == 8)       // 800 / 1000 × 10
        #expect(box.inkTop == 7)         // 700 / 1000 × 10
        #expect(box.inkBottom == 0)
        #expect(box.overflowAbove == 0 && box.overflowBelow == 0)
    }

    @Test func fixedLineHeightPutsTheBaselineTheDescentAboveTheBottom() throws {
        let (text, advances) = try measured("AB")
        let (lines, _) = LineBreaker.breakLines(text, advances: advances, width: 100, breaks: text.breaks)
        let tall = try #require(LineBoxes.boxes(text, lines: lines, size: 10, policy: .fixed(points: 15), leading: nil).first)
        #expect(tall.height == 15)
        #expect(tall.baseline == 13)     // 15 − 2 (descent)
        // 5 pt lines: baseline at 3, ink rises 7: 4 pt above the box.
        let short = try #require(LineBoxes.boxes(text, lines: lines, size: 10, policy: .fixed(points: 5), leading: nil).first)
        #expect(short.baseline == 3)
        #expect(short.overflowAbove == 4)
    }

    @Test func lineHeightMultipleAddsTheSpaceAbove() throws {
        let (text, advances) = try measured("AB")
        let (lines, _) = LineBreaker.breakLines(text, advances: advances, width: 100, breaks: text.breaks)
        let box = try #require(LineBoxes.boxes(text, lines: lines, size: 10, policy: .multiple(factor: 1.5), leading: nil).first)
        #expect(box.height == 15)
        #expect(box.baseline == 13)      // the 5 pt extra above the 8 pt ascent
    }
}
