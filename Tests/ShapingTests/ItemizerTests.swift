import LayoutSimFaces
import LayoutSimFitting
import LayoutSimModel
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// The itemizer called directly: runs split by font coverage, script and direction. Coverage is what the fonts'
/// cmaps say (OneEm maps printable ASCII and a few symbols, no Thai or Hebrew; Noto Sans Thai and Hebrew map their
/// scripts), levels are ICU's bidi levels.
struct ItemizerTests {
    func cascade(_ engine: LayoutEngine) throws -> [FontFace] {
        try engine.cascade(for: .file(TestSupport.oneEm, size: 10), weight: .regular).faces
    }

    func graphemes(_ utf16: [UInt16]) throws -> [Int] {
        try TextBoundaries().graphemeBoundaries(utf16)
    }

    @Test func eachClusterTakesTheFirstFaceThatCoversIt() throws {
        let engine = try TestSupport.engine()
        let faces = try cascade(engine)
        let thai = try #require(faces.firstIndex { $0.id.path.hasSuffix("NotoSansThai-Regular.ttf") })
        let utf16 = Array("AB\u{0E01}\u{0E02}".utf16)
        let (runs, _, uncovered) = Itemizer.itemize(utf16, graphemes: try graphemes(utf16), levels: [], cascade: faces)
        #expect(runs.map(\.range) == [0..<2, 2..<4])
        #expect(runs.map(\.faceIndex) == [0, thai])
        #expect(uncovered.isEmpty)
    }

    @Test func neutralCharactersKeepTheFaceOfTheTextBeforeWhenItCoversThem() throws {
        let engine = try TestSupport.engine()
        let faces = try cascade(engine)
        let thai = try #require(faces.firstIndex { $0.id.path.hasSuffix("NotoSansThai-Regular.ttf") })
        // "กข 1-": Noto Sans Thai maps the space and the hyphen but not the digit (fontTools: cmap has U+0020 and
        // U+002D, not U+0031), so the space stays in the Thai run, the digit takes the first face that has it
        // (OneEm), and the hyphen follows the digit's face.
        let utf16 = Array("\u{0E01}\u{0E02} 1-".utf16)
        let (runs, _, _) = Itemizer.itemize(utf16, graphemes: try graphemes(utf16), levels: [], cascade: faces)
        #expect(runs.map(\.range) == [0..<3, 3..<5])
        #expect(runs.map(\.faceIndex) == [thai, 0])
    }

    @Test func runsSplitAtDirectionChanges() throws {
        let engine = try TestSupport.engine()
        let faces = try cascade(engine)
        let utf16 = Array("AB \u{05E9}\u{05DC}".utf16)
        let levels = try BidiResolver().levels(utf16)
        #expect(levels == [0, 0, 0, 1, 1])
        let (runs, _, _) = Itemizer.itemize(utf16, graphemes: try graphemes(utf16), levels: levels, cascade: faces)
        #expect(runs.map(\.isRightToLeft) == [false, true])
        #expect(runs.last?.range == 3..<5)
    }

    @Test func textNoFaceCoversIsReported() throws {
        let engine = try TestSupport.engine()
        let faces = try cascade(engine)
        let utf16 = Array("A\u{6F22}".utf16)   // no bundled font has CJK
        let (_, _, uncovered) = Itemizer.itemize(utf16, graphemes: try graphemes(utf16), levels: [], cascade: faces)
        #expect(uncovered == [1..<2])
    }
}
