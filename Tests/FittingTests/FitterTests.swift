import LayoutSimBreaking
import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Verdicts and heights, with hand arithmetic on the OneEm font (10 pt per character and per line at size 10).
struct FitterTests {
    func result(
        _ text: String, width: Double, height: Double? = nil, lines: Int = 0, insets: EdgeInsets = .zero,
        size: Double = 10, scale: Double = 3, allowWordBreaks: Bool = false, label: LabelBehavior = LabelBehavior()
    ) throws -> (FitReport, CategoryResult) {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: text, font: .file(TestSupport.oneEm, size: size),
            container: Container(width: width, height: height, lineLimit: lines, insets: insets, displayScale: scale),
            allowsWordBreaks: allowWordBreaks, label: label
        ))
        return (report, try #require(report.results.first))
    }

    @Test func threeLinesAreThirtyPointsTall() throws {
        let (_, r) = try result("aaa bbb ccc", width: 40)
        #expect(r.lineCount == 3)
        #expect(r.textHeight == 30)
        #expect(r.height == 30)
        #expect(r.verdict == .fits)
    }

    @Test func moreLinesThanTheLimitIsTruncated() throws {
        let (report, r) = try result("aaa bbb ccc", width: 40, lines: 2)
        #expect(r.verdict == .truncated(hiddenLines: 1))
        #expect(r.shownLineCount == 2)
        #expect(r.height == 20)
        #expect(!report.allPass)
    }

    @Test func aTextViewTallerThanItsContainerIsClippedByTheExcess() throws {
        let textView = LabelBehavior(lineBreakMode: .wordWrapping, truncatesToFitHeight: false)
        let (_, r) = try result("aaa bbb ccc", width: 40, height: 29, label: textView)
        #expect(r.verdict == .clipped(by: 1))
        #expect(r.clippedBy == 1)
        // Exactly equal height fits.
        let (_, same) = try result("aaa bbb ccc", width: 40, height: 30, label: textView)
        #expect(same.verdict == .fits)
    }

    @Test func aLabelInAFixedHeightTruncatesToTheLinesThatFit() throws {
        // 29 pt holds two 10 pt lines: "aaa" and "bbb ccc" cut to "bbb…" (40 pt).
        let (_, r) = try result("aaa bbb ccc", width: 40, height: 29)
        #expect(r.verdict == .truncated(hiddenLines: 1))
        #expect(r.visibleText == "aaa\nbbb…")
        #expect(r.height == 20)
        #expect(r.clippedBy == nil)
    }

    @Test func insetsNarrowTheLineAndAddToTheHeight() throws {
        // 120 − 10 − 10 = 100 pt of text width: "Donaudampf" (100 pt) fits, with 4 + 6 pt vertical insets.
        let (_, r) = try result("Donaudampf", width: 120, insets: EdgeInsets(top: 4, left: 10, bottom: 6, right: 10))
        #expect(r.lineCount == 1)
        #expect(r.height == 20)
        #expect(r.width == 120)
    }

    @Test func heightsRoundUpToThePixelGrid() throws {
        // Size 10.1: a line is 10.1 pt; @3x → ceil(30.3) / 3 = 31/3; @2x → ceil(20.2) / 2 = 10.5.
        let (_, r3) = try result("abc", width: 1000, size: 10.1)
        #expect(abs(r3.height - 31.0 / 3) < 1e-12)
        #expect(abs(r3.width - 91.0 / 3) < 1e-12)
        let (_, r2) = try result("abc", width: 1000, size: 10.1, scale: 2)
        #expect(abs(r2.height - 10.5) < 1e-12)
    }

    @Test func wordBreaksFailUnlessAllowed() throws {
        let (report, r) = try result("Donaudampfschifffahrt", width: 100)
        #expect(r.verdict == .fitsWithWordBroken)
        #expect(!report.allPass)
        let (allowed, _) = try result("Donaudampfschifffahrt", width: 100, allowWordBreaks: true)
        #expect(allowed.allPass)
    }

    @Test func truncationHidesASplitAtTheEndOfTheLastShownLine() throws {
        // One line shown of "Donaudampf|schifffahr|t": the split is hidden by truncation, not a visible broken word.
        let (_, r) = try result("Donaudampfschifffahrt", width: 100, lines: 1)
        #expect(r.verdict == .truncated(hiddenLines: 2))
        #expect(!r.wordBroken)
    }

    @Test func impossibleContainersAreErrors() throws {
        let engine = try TestSupport.engine()
        for container in [Container(width: 0), Container(width: -5), Container(width: 20, insets: EdgeInsets(left: 10, right: 10)),
                          Container(width: 10, lineLimit: -1), Container(width: 10, height: -1)] {
            #expect(throws: LayoutSimError.self) {
                _ = try engine.fit(FitRequest(text: "a", font: .file(TestSupport.oneEm, size: 10), container: container))
            }
        }
    }

    @Test func fitsThroughIsTheLastCategoryBeforeTheFirstFailure() throws {
        // Body sizes 14 15 16 17 19 21 23 28 … with OneEm scaled like body from 17 pt: "abcdefghij" (10 em).
        // UIFontMetrics model: 17 × leading[c] / 22, to 1/3 pt. At xxxLarge (leading 29): 17 × 29/22 = 22.409 → 22.333
        // → 223.3 pt; at xxLarge (26): 20.091 → 20 → 200 pt. A 210 pt line therefore fits through xxLarge.
        let engine = try TestSupport.engine()
        let font = FontChoice(face: .file(path: TestSupport.oneEm, faceIndex: 0),
                              sizing: .scaled(pointSize: 17, relativeTo: .body, maximumPointSize: nil))
        let report = try engine.fit(FitRequest(text: "abcdefghij", font: font, container: Container(width: 210, lineLimit: 1)))
        #expect(report.results.map(\.pointSize)[5] == 20)
        #expect(abs(report.results.map(\.pointSize)[6] - 67.0 / 3) < 1e-12)
        #expect(report.fitsThrough == .xxLarge)
        #expect(report.summary == "fits through xxLarge; truncated from xxxLarge")
    }
}
