import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// What would make a text fit, on OneEm (every character 1 em wide, every line 1 em tall): hand arithmetic.
struct FitRemedyTests {
    func fit(_ text: String, font: FontChoice, width: Double, lines: Int, height: Double? = nil) throws -> FitReport {
        try TestSupport.engine().fit(
            FitRequest(text: text, font: font, container: Container(width: width, height: height, lineLimit: lines)),
            remedyThrough: .accessibility5
        )
    }

    /// "abcde fghij" at 10 pt in 60 pt, one line: 110 pt of width (11 characters), or 2 lines ("abcde " and
    /// "fghij", 50 pt each), and one more line is enough.
    @Test func widthOrLinesAtAFixedSize() throws {
        let report = try fit("abcde fghij", font: .file(TestSupport.oneEm, size: 10), width: 60, lines: 1)
        let remedy = try #require(report.remedy)
        #expect(remedy.neededWidth == 110)
        #expect(remedy.neededLines == 2)
        #expect(remedy.oneMoreLineIsEnough)
        #expect(remedy.neededHeight == nil)
        #expect(remedy.words(container: report.request.container) == "to fit it needs 110 pt of width (has 60), or 2 lines (1 allowed)")
    }

    /// Scaled like body from 17 pt (UIFontMetrics' `scaledFont` gives 48 pt at accessibility5, as measured): the one
    /// line needs 11 × 48 = 528 pt; two lines of 5 × 48 = 240 pt fit in 300 pt at every category, so one more line
    /// makes it fit through accessibility5.
    @Test func atTheRequiredCategory() throws {
        let report = try fit("abcde fghij", font: FontChoice(face: .file(path: TestSupport.oneEm, faceIndex: 0), sizing: .textStyle(.body)), width: 300, lines: 1)
        let remedy = try #require(report.remedy)
        #expect(remedy.category == .accessibility5)
        #expect(remedy.neededWidth == 528)
        #expect(remedy.neededLines == 2)
        #expect(remedy.fitsThroughWithOneMoreLine == .accessibility5)
        #expect(remedy.oneMoreLineIsEnough)
    }

    /// In a 15 pt tall container with no line limit, the two 10 pt lines need 20 pt; one line needs 110 pt of width.
    @Test func heightOrWidthInAFixedFrame() throws {
        let report = try fit("abcde fghij", font: .file(TestSupport.oneEm, size: 10), width: 60, lines: 0, height: 15)
        let remedy = try #require(report.remedy)
        #expect(remedy.neededHeight == 20)
        #expect(remedy.neededWidth == 110)
        #expect(remedy.words(container: report.request.container) == "to fit it needs 110 pt of width (has 60), or 20 pt of height (has 15)")
    }

    /// A 5 pt tall frame cannot show one 10 pt line, and "abcdefghij" (one word, 100 pt) is broken in 60 pt: neither a
    /// wider nor a taller container alone is enough, both together are: 100 pt of width and 10 pt of height.
    @Test func widthAndHeightTogether() throws {
        let report = try fit("abcdefghij", font: .file(TestSupport.oneEm, size: 10), width: 60, lines: 0, height: 5)
        let remedy = try #require(report.remedy)
        #expect(remedy.neededWidth == nil)
        #expect(remedy.neededTogether == FitRemedy.Size(width: 100, height: 10))
        #expect(remedy.words(container: report.request.container)
            == "to fit it needs 100 pt of width (has 60) and 10 pt of height (has 5)")
        // Width alone is enough in a frame tall enough for one line: no pair.
        let taller = try #require(try fit("abcdefghij", font: .file(TestSupport.oneEm, size: 10), width: 60, lines: 0, height: 12).remedy)
        #expect(taller.neededTogether == nil)
        #expect(taller.neededWidth == 100)
    }

    /// With insets scaled like the text (`@ScaledMetric`), the remedy searches with the insets at that size (it used
    /// the unscaled ones and found "no wider or taller container"): what it gives fits, a pixel less does not.
    @Test func scaledInsetsAreTheInsetsAtThatSize() throws {
        let engine = try TestSupport.engine()
        func request(width: Double, height: Double) -> FitRequest {
            var request = FitRequest(text: "Save", font: .textStyle(.headline),
                                     container: Container(width: width, height: height, lineLimit: 1,
                                                          insets: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)),
                                     categories: [.accessibility5])
            request.label.scalesInsets = true
            return request
        }
        let remedy = try #require(try engine.fit(request(width: 120, height: 44), remedyThrough: .accessibility5).remedy)
        let together = try #require(remedy.neededTogether)
        #expect(try engine.fit(request(width: together.width, height: together.height)).allPass)
        #expect(try !engine.fit(request(width: together.width - 1.0 / 3, height: together.height)).allPass)
    }

    @Test func noRemedyWhenItFits() throws {
        #expect(try fit("abc", font: .file(TestSupport.oneEm, size: 10), width: 60, lines: 1).remedy == nil)
    }
}
