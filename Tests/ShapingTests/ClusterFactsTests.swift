import Foundation
import LayoutSimFaces
import LayoutSimICU
@testable import LayoutSimShaping
import Testing

/// A measured text keeps each cluster's face, advance, kerning, ink and ASCII code together
/// (``MeasuredText/clusterFacts``), and reads each as a column; whitespace apart. Built here from hand-made runs (no font), so every
/// expected number is the glyphs' own, summed by hand.
struct ClusterFactsTests {
    @Test func eachClusterSumsItsGlyphsAndKeepsItsFace() {
        // "a", "b" + U+0301 (one cluster of two glyphs), " ", "c", "\n" (draws nothing), then Hebrew "אב" right to
        // left in a second paragraph. Faces: 0 for "ab\u{301} ", 1 for the rest.
        let text = "ab\u{301} c\n\u{5D0}\u{5D1}"
        let utf16 = Array(text.utf16)
        func glyph(_ cluster: Int, _ advance: Int32, _ nominal: Int32, ink: (Int32, Int32)?, id: UInt32 = 1)
            -> ShapedGlyph {
            ShapedGlyph(glyphID: id, cluster: cluster, advance: advance, nominalAdvance: nominal, xOffset: 0,
                        yOffset: 0, inkTop: ink?.0, inkBottom: ink?.1)
        }
        let faceA = FaceID(path: "/nonexistent/a.ttf"), faceB = FaceID(path: "/nonexistent/b.ttf")
        let metrics = FontMetrics(unitsPerEm: 1000, ascender: 800, descender: -200, lineGap: 0)
        let first = ShapedRun(face: faceA, unitsPerEm: 1000, range: 0..<4, glyphs: [
            glyph(0, 500, 480, ink: (700, 0)),
            glyph(1, 550, 550, ink: (720, -10)), glyph(1, 0, 0, ink: (900, 600)),
            glyph(3, 250, 250, ink: nil),
        ], isRightToLeft: false)
        let second = ShapedRun(face: faceB, unitsPerEm: 1000, range: 4..<6, glyphs: [
            glyph(4, 600, 590, ink: (500, 0)), glyph(5, 300, 300, ink: (100, 0), id: 0),
        ], isRightToLeft: false)
        // HarfBuzz gives a right-to-left run's glyphs in visual order: clusters descending.
        let third = ShapedRun(face: faceB, unitsPerEm: 1000, range: 6..<8, glyphs: [
            glyph(7, 410, 410, ink: (520, 0)), glyph(6, 400, 400, ink: (530, -20)),
        ], isRightToLeft: true)
        var table = CodePointTable()
        var scratch = MeasuredText.Scratch()
        // ICU's mandatory break after "\n", and a soft one after the space.
        scratch.breaks = [BreakOpportunity(offset: 4, isMandatory: false), BreakOpportunity(offset: 6, isMandatory: true)]
        let measured = MeasuredText(
            text: text, utf16: utf16,
            runs: [PlacedRun(run: first, faceIndex: 0, level: 0), PlacedRun(run: second, faceIndex: 1, level: 0),
                   PlacedRun(run: third, faceIndex: 1, level: 1)],
            faces: [MeasuredFace(id: faceA, metrics: metrics, standIn: nil),
                    MeasuredFace(id: faceB, metrics: metrics, standIn: nil)],
            traits: [FaceTraits(metrics: metrics, standIn: nil, isApple: false),
                     FaceTraits(metrics: metrics, standIn: nil, isApple: false)],
            ellipsisUnits: [nil, nil], levels: [0, 0, 0, 0, 0, 0, 1, 1],
            warnings: [], language: nil, table: &table, scratch: &scratch
        )
        #expect(measured.clusterStarts == [0, 1, 3, 4, 5, 6, 7, 8])
        let clusters = measured.clusterFacts
        #expect(clusters.map(\.face) == [0, 0, 0, 1, 1, 1, 1])
        // "b" + U+0301: 550 + 0; "\n" draws nothing, whatever its glyph's advance.
        #expect(clusters.map(\.advance) == [500, 550, 250, 600, 0, 400, 410])
        #expect(clusters.map(\.kerning) == [20, 0, 0, 10, 0, 0, 0])
        // The cluster of two glyphs: the higher top, the lower bottom; the space and "\n": no ink.
        #expect(clusters.map(\.ink) == [
            InkUnits(top: 700, bottom: 0), InkUnits(top: 900, bottom: -10), .none, InkUnits(top: 500, bottom: 0),
            .none, InkUnits(top: 530, bottom: -20), InkUnits(top: 520, bottom: 0),
        ])
        #expect(clusters.map(\.asciiCode) == [0x61, 0x62, 0x20, 0x63, 0, 0, 0])
        #expect(measured.isWhitespace == [false, false, true, false, true, false, false])
        // The columns read the same fields.
        #expect(Array(measured.advanceUnits) == clusters.map(\.advance))
        #expect(Array(measured.faceIndex) == clusters.map(\.face))
        #expect(Array(measured.kerningUnits) == clusters.map(\.kerning))
        // Where each stretch of one face ends; "\n"'s .notdef is no missing glyph.
        #expect(measured.faceRunEnds == [3, 7])
        #expect(measured.missingGlyphs.isEmpty)
        // The first paragraph's lowest level is 0, the second's 1.
        #expect((0..<7).map { measured.paragraphIsRightToLeft(containing: $0) }
            == [false, false, false, false, false, true, true])
    }
}
