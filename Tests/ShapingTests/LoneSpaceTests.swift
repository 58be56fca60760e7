import LayoutSimFaces
import LayoutSimFitting
import LayoutSimModel
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// A run of one space is shaped once per face and shaping properties (``Shaper``'s cache): the same run at another
/// offset in another text gives what HarfBuzz gives it there, and no second HarfBuzz call. OneEm's space is 1000
/// units wide with no outline (Tests/Fixtures/README.md: its `hmtx`, no `glyf` contours).
struct LoneSpaceTests {
    func oneEm() throws -> FontFace {
        let engine = try TestSupport.engine()
        return try #require(engine.cascade(for: .file(TestSupport.oneEm, size: 10), weight: .regular).faces.first)
    }

    @Test func aSpaceBetweenArabicWordsIsShapedOnceAndPlacedWhereItStands() throws {
        let face = try oneEm()
        let shaper = Shaper()
        let first = Array("\u{0628} \u{0628}".utf16)
        let second = Array("\u{0628}\u{0628}\u{0628} \u{0628}".utf16)
        let a = shaper.shape(first, range: 1..<2, face: face, language: "ar", rightToLeft: true, script: "Arab")
        #expect(shaper.shapeCalls == 1)
        let b = shaper.shape(second, range: 3..<4, face: face, language: "ar", rightToLeft: true, script: "Arab")
        #expect(shaper.shapeCalls == 1)
        #expect(a.glyphs.map(\.cluster) == [1])
        #expect(b.glyphs.map(\.cluster) == [3])
        #expect(b.glyphs.map(\.advance) == [1000])
        #expect(b.glyphs.map(\.inkTop) == [nil])
        #expect(b.range == 3..<4)
        #expect(b.isRightToLeft)
        // What a shaper that never saw a space gives the same run.
        let fresh = Shaper().shape(second, range: 3..<4, face: face, language: "ar", rightToLeft: true, script: "Arab")
        #expect(b == fresh)
    }

    @Test func otherPropertiesOrTextAreShapedAgain() throws {
        let face = try oneEm()
        let shaper = Shaper()
        let text = Array("ab c  d".utf16)
        _ = shaper.shape(text, range: 2..<3, face: face, language: "en")
        _ = shaper.shape(text, range: 2..<3, face: face, language: "de")
        #expect(shaper.shapeCalls == 2)
        _ = shaper.shape(text, range: 2..<3, face: face, language: "en", rightToLeft: false)
        #expect(shaper.shapeCalls == 3)
        // Two spaces, or a letter, are not a lone space.
        let two = shaper.shape(text, range: 4..<6, face: face, language: "en")
        _ = shaper.shape(text, range: 1..<2, face: face, language: "en")
        _ = shaper.shape(text, range: 1..<2, face: face, language: "en")
        #expect(shaper.shapeCalls == 6)
        #expect(two.glyphs.map(\.advance) == [1000, 1000])
        #expect(shaper.shape(text, range: 2..<3, face: face, language: "en").glyphs.map(\.cluster) == [2])
        #expect(shaper.shapeCalls == 6)
    }
}
