import LayoutSimFitting
import LayoutSimModel
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// Each paragraph's direction, which natural alignment asks for once per line. It is found once per text (a scan
/// per line made a 40,000-character paragraph with one Hebrew word take minutes): the answers must be those of
/// UAX #9's rule P2/P3 applied paragraph by paragraph, worked out here by hand.
struct ParagraphDirectionTests {
    @Test func eachParagraphHasItsOwnDirection() throws {
        let engine = try TestSupport.engine()
        // Paragraph 1: Latin first, so left to right even with Hebrew inside. Paragraph 2: Hebrew first (its
        // lowest level is 1). Paragraph 3: Latin only. Paragraph 4: Hebrew only.
        let source = "abc שלום def\nשלום abc\nxyz\nעולם"
        let text = try engine.measure(source, font: .file(TestSupport.oneEm, size: 10), weight: .regular, language: nil)
        let paragraphs = source.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = [false, true, false, true]
        var offset = 0
        for (paragraph, rightToLeft) in zip(paragraphs, expected) {
            let length = paragraph.utf16.count + 1
            for unit in offset..<min(offset + length, source.utf16.count) {
                let cluster = text.clusterIndex(atOffset: unit)
                guard cluster < text.clusterCount else { continue }
                #expect(text.paragraphIsRightToLeft(containing: cluster) == rightToLeft, "\(paragraph) at \(unit)")
            }
            offset += length
        }
    }
}
