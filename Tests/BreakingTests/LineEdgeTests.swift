import LayoutSimFitting
import LayoutSimModel
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// Lines measured as they are drawn: a line that ends inside a word loses the kerning with the next line's first
/// letter, and a joining letter at a line edge takes its form there. Expected widths are uharfbuzz's for the line's
/// text shaped alone in the same font file (HarfBuzz 6.0's Python binding, independent of layoutsim's shaping).
struct LineEdgeTests {
    func lines(_ text: String, font: String, size: Double, width: Double) throws -> (breaks: [Int], widths: [Double]) {
        var request = FitRequest(
            text: text, font: .file(TestSupport.bundledFont(font), size: size), container: Container(width: width, lineLimit: 0)
        )
        request.allowsWordBreaks = true
        let result = try #require(try TestSupport.engine().fit(request).results.first)
        return (result.lineBreaks, result.lineWidths)
    }

    /// "Systemvor" alone in Inter at 40 pt is 200.51136 (5640 units ÷ 2816 × 40: uharfbuzz), but 199.83 with the
    /// kerning of "r" against the "g" that follows it. In a 200 pt box the line may not take the "r".
    @Test func kerningWithTheNextLineIsNotPartOfALine() throws {
        let narrow = try lines("Systemvorgabe", font: "Inter-Regular.otf", size: 40, width: 200)
        #expect(narrow.breaks == [8])
        #expect(abs(narrow.widths[0] - 185.625) < 1e-9)   // "Systemvo" alone: uharfbuzz 185.625
        let wide = try lines("Systemvorgabe", font: "Inter-Regular.otf", size: 40, width: 200.6)
        #expect(wide.breaks == [9])
        #expect(abs(wide.widths[0] - 200.51136363636363) < 1e-9)
    }

    /// مدرسة in Noto Sans Arabic at 20 pt: shaped whole, س is medial (784 units) and ة final (486). Split before
    /// ة, the first line ends in a final س ("مدرس" alone: 2633 units = 52.66 pt) and ة stands alone, isolated
    /// (405 units = 8.1 pt), as uharfbuzz gives for each line's text on its own.
    @Test func joiningLettersTakeTheirFormAtALineEdge() throws {
        let split = try lines("مدرسة", font: "NotoSansArabic-Regular.ttf", size: 20, width: 53)
        #expect(split.breaks == [4])
        #expect(abs(split.widths[0] - 52.66) < 1e-9)
        #expect(abs(split.widths[1] - 8.1) < 1e-9)
        // 52.5 pt: "مدرس" as drawn (52.66) no longer fits, though its letters measured in context (44.16) would.
        #expect(try lines("مدرسة", font: "NotoSansArabic-Regular.ttf", size: 20, width: 52.5).breaks == [3])
    }

    /// The changes inside words are worked out when a line first breaks inside a word, not when the text is
    /// measured: مدرسة measured keeps none (ICU allows no break inside it); completed, ending a line after its س adds
    /// 425 units (2633 for "مدرس" alone less 2208 in context, uharfbuzz) and starting one with its ة takes 81 off (an
    /// isolated ة is 405, a final one 486), the widths of ``joiningLettersTakeTheirFormAtALineEdge()``.
    @Test func insideWordChangesAreWorkedOutWhenALineNeedsThem() throws {
        let engine = try TestSupport.engine()
        let font = FontChoice.file(TestSupport.bundledFont("NotoSansArabic-Regular.ttf"), size: 20)
        let text = try engine.measure("مدرسة", font: font, weight: .regular, language: "ar")
        #expect(text.clusterCount == 5)
        #expect(text.edgeUnits.isPartial(text.clusterCount))
        #expect(text.edgeUnits.end.prefix(5).allSatisfy { $0 == 0 } && text.edgeUnits.start.allSatisfy { $0 == 0 })
        let deferred = try #require(text.deferredEdges)
        #expect(!deferred.isComplete)
        let complete = deferred.unitsAsDoubles(text)
        #expect(deferred.isComplete)
        #expect(complete.end.count == 5 && complete.end[3] == 425)
        #expect(complete.start.count == 5 && complete.start[4] == -81)
        // A text with a kerned pair in the SF model's face next to its Arabic works out every change when measured.
        let mixed = try engine.measure("AV مدرسة", font: .textStyle(.body), weight: .regular, language: "ar")
        #expect(!mixed.edgeUnits.isPartial(mixed.clusterCount))
    }

    /// A line is judged where it may end, not at every cluster on the way: احذف نهائيا at 40 pt is 4602 units =
    /// 184.08 pt shaped whole (uharfbuzz), so it is one line in 184.1 pt, although ending it inside the second word
    /// would give that word's last letter a wider final form.
    @Test func aLineIsJudgedWhereItMayEnd() throws {
        let whole = try lines("احذف نهائيا", font: "NotoSansArabic-Regular.ttf", size: 40, width: 184.1)
        #expect(whole.breaks.isEmpty)
        #expect(abs(whole.widths[0] - 184.08) < 1e-9)
        // A point narrower, it breaks at the space: "احذف" (2342 units = 93.68 pt) and "نهائيا" (80 pt).
        let split = try lines("احذف نهائيا", font: "NotoSansArabic-Regular.ttf", size: 40, width: 183)
        #expect(split.breaks == [5])
        #expect(abs(split.widths[0] - 93.68) < 1e-9 && abs(split.widths[1] - 80) < 1e-9)
    }
}
