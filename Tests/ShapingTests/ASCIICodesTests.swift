import Foundation
import LayoutSimFaces
@testable import LayoutSimShaping
import Testing

/// A measured text's ASCII codes per cluster (what the SF model reads SF's widths by): each cluster's printable ASCII
/// characters after canonical decomposition, marks dropped (Foundation's decomposition, computed here apart), kept
/// one by one only when a cluster is several characters.
struct ASCIICodesTests {
    /// Hand-made runs (no font): "x", a ligature of "ffi" (one glyph, one cluster), "é" (one code point, decomposing
    /// to "e"), "e" + U+0301 (a cluster of two), "ก" (Thai), a space, "ǅ" (no canonical decomposition to ASCII: none),
    /// and "<" + U+0338 (canonically "≮"'s pieces: "<").
    @Test func eachClusterHasItsDecomposedASCII() {
        let clusters = ["x", "ffi", "\u{E9}", "e\u{301}", "\u{E01}", " ", "\u{1C5}", "<\u{338}"]
        checkCodes(clusters, expectingSeveral: true)
        // Without a cluster of several characters, the codes are not kept one by one: each cluster still says its own.
        checkCodes(["x", "\u{E9}", "\u{E01}", " ", "y"], expectingSeveral: false)
        // Several characters last, and first.
        checkCodes(["ab", "c", "de"], expectingSeveral: true)
    }

    /// Every scalar below U+0370 outside printable ASCII, each a cluster of its own: the building reads these from a
    /// table (``ClusterScalars/asciiBase(below0370:)``), checked here against Foundation's decomposition of each. A
    /// no-break space is the exception the table and the building make on purpose: a space.
    @Test func latinScalarsHaveFoundationsASCIIBase() {
        let scalars = (0..<0x370).compactMap(Unicode.Scalar.init).filter {
            $0.value < 0x20 || ($0.value > 0x7E && $0.value != 0xA0)
        }
        #expect(scalars.count == 0x370 - 95 - 1)
        checkCodes(scalars.map { String($0) }, expectingSeveral: false)
        checkCodes(["a", "\u{A0}", "b"], expectingSeveral: false, noBreakSpaceIsSpace: true)
    }

    private func checkCodes(_ clusters: [String], expectingSeveral: Bool, noBreakSpaceIsSpace: Bool = false) {
        let text = clusters.joined()
        let utf16 = Array(text.utf16)
        var glyphs: [ShapedGlyph] = []
        var offset = 0
        for cluster in clusters {
            glyphs.append(ShapedGlyph(glyphID: 1, cluster: offset, advance: 500, nominalAdvance: 500, xOffset: 0,
                                      yOffset: 0, inkTop: 700, inkBottom: 0))
            offset += cluster.utf16.count
        }
        let face = FaceID(path: "/nonexistent/hand-made.ttf")
        let metrics = FontMetrics(unitsPerEm: 1000, ascender: 800, descender: -200, lineGap: 0)
        let run = ShapedRun(face: face, unitsPerEm: 1000, range: 0..<utf16.count, glyphs: glyphs, isRightToLeft: false)
        var table = CodePointTable()
        var scratch = MeasuredText.Scratch()
        let measured = MeasuredText(
            text: text, utf16: utf16, runs: [PlacedRun(run: run, faceIndex: 0, level: 0)],
            faces: [MeasuredFace(id: face, metrics: metrics, standIn: .sf)],
            traits: [FaceTraits(metrics: metrics, standIn: .sf, isApple: false)], ellipsisUnits: [nil], levels: [],
            warnings: [], language: nil, table: &table, scratch: &scratch
        )
        #expect(measured.clusterCount == clusters.count)
        #expect(measured.asciiStarts.isEmpty == !expectingSeveral)
        for (i, cluster) in clusters.enumerated() {
            let bases = cluster.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                ![.nonspacingMark, .enclosingMark, .spacingMark].contains($0.properties.generalCategory)
            }
            let decomposed: [UInt8]? = !bases.isEmpty && bases.allSatisfy({ $0.value >= 0x20 && $0.value <= 0x7E })
                ? bases.map { UInt8($0.value) } : nil
            let expected = noBreakSpaceIsSpace && cluster == "\u{A0}" ? [0x20] : decomposed
            #expect(measured.asciiCodes(ofCluster: i).map(Array.init) == expected, "\(cluster)")
            let code: UInt8 = expected.map { $0.count == 1 ? $0[0] : MeasuredText.severalASCII } ?? 0
            #expect(measured.asciiCode[i] == code, "\(cluster)")
        }
    }
}
