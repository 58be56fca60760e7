import LayoutSimFaces
@testable import LayoutSimShaping
import Testing

/// A run shaped before at another offset (the shaper's cache of short runs) shares its glyphs and shifts their clusters
/// (``ShapedRun/clusterShift``): what it reads as must be the run made at the new offset, glyph for glyph.
struct ShapedRunTests {
    private func glyph(_ id: UInt32, _ cluster: Int, _ advance: Int32) -> ShapedGlyph {
        ShapedGlyph(glyphID: id, cluster: cluster, advance: advance, nominalAdvance: advance, xOffset: 0, yOffset: 0,
                    inkTop: 600, inkBottom: 0)
    }

    private func run(_ range: Range<Int>, clusters: [Int]) -> ShapedRun {
        let glyphs = zip([7, 8, 9, 10] as [UInt32], clusters).map { glyph($0, $1, Int32($0) * 100) }
        return ShapedRun(face: FaceID(path: "/nonexistent/a.ttf"), unitsPerEm: 1000, range: range, glyphs: glyphs,
                         isRightToLeft: false)
    }

    @Test func aMovedRunReadsAsTheRunMadeThere() {
        // Four glyphs over UTF-16 offsets 2..<6: the second cluster has two glyphs.
        let shaped = run(2..<6, clusters: [2, 3, 3, 5])
        let moved = ShapedRun(shaped, movedTo: 10..<14)
        #expect(moved.glyphs.map(\.cluster) == [10, 11, 11, 13])
        #expect(moved.glyphs.map(\.glyphID) == [7, 8, 9, 10])
        #expect(moved.clusterShift == 8)
        #expect(moved == run(10..<14, clusters: [10, 11, 11, 13]))
        #expect(moved != shaped)
        // Moved again, from the moved run: the shifts add up (here back below the first offset).
        let again = ShapedRun(moved, movedTo: 0..<4)
        #expect(again.glyphs.map(\.cluster) == [0, 1, 1, 3])
        #expect(again == run(0..<4, clusters: [0, 1, 1, 3]))
        // Equal runs hash alike, however their glyphs are kept.
        #expect(Set([moved, run(10..<14, clusters: [10, 11, 11, 13])]).count == 1)
    }
}
