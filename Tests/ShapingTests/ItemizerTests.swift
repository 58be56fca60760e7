import LayoutSimFaces
import LayoutSimFitting
import LayoutSimICU
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
        let (runs, _, uncovered, _) = Itemizer.itemize(utf16, graphemes: try graphemes(utf16), levels: [], cascade: faces)
        #expect(runs.map(\.range) == [0..<2, 2..<4])
        #expect(runs.map(\.faceIndex) == [0, thai])
        #expect(uncovered.isEmpty)
    }

    @Test func neutralCharactersTakeTheFirstFaceThatCoversThem() throws {
        let engine = try TestSupport.engine()
        let faces = try cascade(engine)
        let thai = try #require(faces.firstIndex { $0.id.path.hasSuffix("NotoSansThai-Regular.ttf") })
        // "กข 1-": Noto Sans Thai maps the space and the hyphen (fontTools: its cmap has U+0020 and U+002D), but
        // OneEm, first in the cascade, maps all three (its cmap: U+0020–U+007E), so the space, the digit and the
        // hyphen all take OneEm, as Core Text gives a character the first font that covers it.
        let utf16 = Array("\u{0E01}\u{0E02} 1-".utf16)
        let (runs, _, _, _) = Itemizer.itemize(utf16, graphemes: try graphemes(utf16), levels: [], cascade: faces)
        #expect(runs.map(\.range) == [0..<2, 2..<5])
        #expect(runs.map(\.faceIndex) == [thai, 0])
    }

    @Test func emojiClustersTakeTheEmojiFace() throws {
        let engine = try TestSupport.engine()
        let faces = try cascade(engine)
        let emoji = try #require(faces.firstIndex { $0.id.path.hasSuffix("LayoutSimEmoji.ttf") })
        // "1" alone is OneEm's; the keycap "1️⃣" (1, U+FE0F, U+20E3) and the waving hand with a skin tone are one
        // cluster each in the emoji face, which has a ligature for both (Noto Color Emoji's ccmp).
        let utf16 = Array("1 1\u{FE0F}\u{20E3}\u{1F44B}\u{1F3FD}".utf16)
        let (runs, _, uncovered, _) = Itemizer.itemize(
            utf16, graphemes: try graphemes(utf16), levels: [], cascade: faces, emojiFace: emoji
        )
        #expect(runs.map(\.range) == [0..<2, 2..<9])
        #expect(runs.map(\.faceIndex) == [0, emoji])
        #expect(uncovered.isEmpty)
    }

    /// The cascade remembers each code point's first face (``CascadeFaces/firstOpened(having:)``, which the itemizer
    /// asks of a cluster of one code point), direct-mapped by the low 10 bits: U+0E27 (Thai wo waen) and U+0627
    /// (Arabic alef) share a slot, and asked in turn, twice, each gets its own script's face, as OneEm (printable ASCII
    /// only, fontTools) gets "A"; U+1AB0, which no bundled font maps, gets none.
    @Test func theCascadeRemembersEachCodePointsFirstFace() throws {
        let engine = try TestSupport.engine()
        let faces = try cascade(engine)
        let thai = try #require(faces.firstIndex { $0.id.path.hasSuffix("NotoSansThai-Regular.ttf") })
        let arabic = try #require(faces.firstIndex { $0.id.path.hasSuffix("NotoSansArabic-Regular.ttf") })
        #expect(0x0E27 & 1023 == 0x0627 & 1023)
        let remembered = CascadeFaces(faces)
        for _ in 0..<2 {
            #expect(remembered.firstOpened(having: 0x0E27) == thai)
            #expect(remembered.firstOpened(having: 0x0627) == arabic)
            #expect(remembered.firstOpened(having: 0x41) == 0)
            #expect(remembered.firstOpened(having: 0x1AB0) == nil)
        }
    }

    /// A cluster of several code points takes the first face with a glyph for all of them: "ก" + sara i, both first
    /// in Noto Sans Thai, there; "a" + U+0308 (combining diaeresis), whose first faces differ (OneEm maps printable
    /// ASCII and U+0301 but not U+0308, Inter both: fontTools), the first face that has both (the SF stand-in's Inter).
    @Test func aClusterTakesTheFirstFaceWithAllItsCodePoints() throws {
        let engine = try TestSupport.engine()
        let faces = try cascade(engine)
        let thai = try #require(faces.firstIndex { $0.id.path.hasSuffix("NotoSansThai-Regular.ttf") })
        let both = try #require(faces.firstIndex { $0.hasGlyph(0x61) && $0.hasGlyph(0x308) })
        #expect(faces[0].hasGlyph(0x61) && !faces[0].hasGlyph(0x308) && both > 0)
        #expect(faces[both].id.path.hasSuffix("Inter-Regular.otf"))
        for _ in 0..<2 {
            let utf16 = Array("\u{0E01}\u{0E34}a\u{0308}".utf16)
            let (runs, _, uncovered, _) = Itemizer.itemize(utf16, graphemes: try graphemes(utf16), levels: [], cascade: faces)
            #expect(runs.map(\.range) == [0..<2, 2..<4])
            #expect(runs.map(\.faceIndex) == [thai, both])
            #expect(uncovered.isEmpty)
        }
    }

    @Test func runsSplitAtDirectionChanges() throws {
        let engine = try TestSupport.engine()
        let faces = try cascade(engine)
        let utf16 = Array("AB \u{05E9}\u{05DC}".utf16)
        let levels = try BidiResolver().levels(utf16)
        #expect(levels == [0, 0, 0, 1, 1])
        let (runs, _, _, _) = Itemizer.itemize(utf16, graphemes: try graphemes(utf16), levels: levels, cascade: faces)
        #expect(runs.map(\.isRightToLeft) == [false, true])
        #expect(runs.last?.range == 3..<5)
    }

    @Test func textNoFaceCoversIsReported() throws {
        let engine = try TestSupport.engine()
        let faces = try cascade(engine)
        let utf16 = Array("A\u{13000}".utf16)   // no bundled font has Egyptian hieroglyphs
        let (_, _, uncovered, _) = Itemizer.itemize(utf16, graphemes: try graphemes(utf16), levels: [], cascade: faces)
        #expect(uncovered == [1..<3])
    }

    @Test func aClusterNoOneFaceCoversIsSplitBetweenFaces() throws {
        let engine = try TestSupport.engine()
        let faces = try cascade(engine)
        let arabic = try #require(faces.firstIndex { $0.id.path.hasSuffix("NotoSansArabic-Regular.ttf") })
        // "(" with a kasra (U+0650) on it, as a translator typed "(ِContent-Length)": one grapheme cluster (ICU). OneEm
        // maps "(" and not U+0650; Noto Sans Arabic maps U+0650 and not "(" (fontTools: its cmap has no U+0028), and
        // no face of the cascade maps both. Each code point takes the first face that has it, as Core Text falls
        // back per character.
        let utf16 = Array("A(\u{0650}B".utf16)
        #expect(try graphemes(utf16) == [0, 1, 3, 4])
        #expect(!faces.contains { $0.hasGlyph(0x28) && $0.hasGlyph(0x650) })
        let (runs, _, uncovered, split) = Itemizer.itemize(
            utf16, graphemes: try graphemes(utf16), levels: [], cascade: faces
        )
        #expect(runs.map(\.range) == [0..<2, 2..<3, 3..<4])
        #expect(runs.map(\.faceIndex) == [0, arabic, 0])
        #expect(uncovered.isEmpty)
        #expect(split == [1..<3])
    }

    @Test func aClusterWithACodePointNoFaceHasIsNotSplit() throws {
        let engine = try TestSupport.engine()
        let faces = try cascade(engine)
        // U+1AB0 (combining doubled circumflex accent): no bundled font maps it (fontTools), so the cluster cannot be
        // drawn whole even split: it stays one missing cluster in the primary face.
        #expect(!faces.contains { $0.hasGlyph(0x1AB0) })
        let utf16 = Array("A(\u{0650}\u{1AB0}".utf16)
        let (runs, resolved, uncovered, split) = Itemizer.itemize(
            utf16, graphemes: try graphemes(utf16), levels: [], cascade: faces
        )
        #expect(runs.map(\.range) == [0..<4])
        #expect(uncovered == [1..<4])
        #expect(split.isEmpty)
        #expect(resolved.count == faces.count)
    }

    /// The last resort (fontconfig's lookup) is asked per code point while splitting; when a later code point has no
    /// face even so, the faces it added are taken back and the cluster is missing. Here the cascade is OneEm alone
    /// and the last resort always offers Noto Sans Arabic: "(" + kasra + U+1AB0 (no font has it) fails whole; the
    /// next "(" + kasra splits, Noto Sans Arabic appended then.
    @Test func aFailedSplitTakesBackTheFacesItAdded() throws {
        let engine = try TestSupport.engine()
        let oneEm = try #require(try cascade(engine).first)
        let arabic = try engine.registry.bundledFace(named: "NotoSansArabic-Regular.ttf")
        #expect(!oneEm.hasGlyph(0x650) && arabic.hasGlyph(0x650) && !arabic.hasGlyph(0x1AB0) && !arabic.hasGlyph(0x28))
        var asked: [UInt32] = []
        let utf16 = Array("(\u{0650}\u{1AB0} (\u{0650}".utf16)
        let (runs, resolved, uncovered, split) = Itemizer.itemize(
            utf16, graphemes: try graphemes(utf16), levels: [], cascade: [oneEm]
        ) { scalar in
            asked.append(scalar.value)
            return arabic
        }
        #expect(uncovered == [0..<3])
        #expect(split == [4..<6])
        #expect(resolved.count == 2 && resolved[1] === arabic)
        #expect(runs.map(\.range) == [0..<5, 5..<6])
        #expect(runs.map(\.faceIndex) == [0, 1])
        // Each cluster asks for its first code point (the cluster whole), then per code point no face has: the
        // first cluster's Noto Sans Arabic was taken back, so the second asks for the kasra again.
        #expect(asked == [0x28, 0x650, 0x1AB0, 0x28, 0x650])
    }
}
