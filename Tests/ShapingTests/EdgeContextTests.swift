import LayoutSimFaces
import LayoutSimFitting
import LayoutSimICU
import LayoutSimModel
@testable import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// A joining cluster's edge advance is kept once per class of its context (``EdgeForms/contextClass(_:_:before:)``),
/// not once per neighbour: every context of a class must give the cluster the same advance, shaped. Compared in the
/// bundled Arabic faces for clusters of every joining type (with and without marks, a lam-alef), on each side, against
/// every code point of the Arabic blocks and the neighbours that are not Arabic (spaces, ZWJ, ZWNJ, tatweel, marks,
/// Latin, Syriac, N'Ko, surrogates), one and several code points long (marks before a letter, more than the five
/// code points HarfBuzz keeps).
struct EdgeContextTests {
    static let clusters: [[UInt16]] = [
        [0x0628], [0x0627], [0x062F], [0x0639], [0x0644], [0x0645], [0x0647], [0x0648], [0x064A], [0x0621], [0x0629],
        [0x06A9], [0x06CC], [0x0649], [0x0628, 0x064E], [0x0644, 0x0651, 0x064F], [0x0644, 0x0627], [0x0640],
        [0x0641, 0x0670], [0x06C1], [0x0710], [0x0715], [0x07CA],
    ]

    static let contexts: [[UInt16]] = {
        var out: [[UInt16]] = []
        for value in UInt16(0x0600)...0x06FF { out.append([value]) }
        for value in [0x0750, 0x0760, 0x077F, 0x08A0, 0x08B6, 0x08D3, 0x08F0, 0xFB50, 0xFE8F, 0xFEFB, 0x0020, 0x00A0,
                      0x200C, 0x200D, 0x200E, 0x200F, 0x0300, 0x0061, 0x0031, 0x002E, 0x0710, 0x0712, 0x0715, 0x072A,
                      0x0717, 0x07CA, 0x07FA, 0x1820, 0x180B, 0xFFFD, 0xD800, 0xDC00] as [UInt16] {
            out.append([value])
        }
        out += [
            [0x0628, 0x064E], [0x064E, 0x0628], [0x064E, 0x0651], [0x0627, 0x0653], [0xD83D, 0xDE00], [0x0628, 0x0020],
            [0x0020, 0x0628], [0x200D, 0x064E], [0x064E, 0x064E, 0x064E, 0x064E, 0x064E, 0x0628],
            [0x0628, 0x064E, 0x064E, 0x064E, 0x064E, 0x064E], [0x064E, 0x064E, 0x064E, 0x064E, 0x064E],
        ]
        return out
    }()

    @Test func contextsOfOneClassGiveOneAdvance() throws {
        let engine = try TestSupport.engine()
        let measurer = engine.measurer
        var faces: [FontFace] = []
        for weight in [FontWeight.regular, .bold] {
            let cascade = try engine.cascade(for: .textStyle(.body), weight: weight, language: "ar")
            if let face = cascade.faces.first(where: { $0.nominalGlyph(for: "\u{0628}") != nil }) { faces.append(face) }
        }
        #expect(faces.count == 2)
        let script = Script(of: "\u{0628}").harfBuzz
        var forms = EdgeForms()
        var classes = Set<UInt8>()
        var compared = 0
        var differing = 0
        for face in faces {
            for cluster in Self.clusters {
                for before in [true, false] {
                    var byClass: [UInt8: Int32] = [:]
                    var advances = Set<Int32>()
                    for context in Self.contexts {
                        let utf16 = before ? context + cluster : cluster + context
                        let clusterRange = before ? context.count..<utf16.count : 0..<cluster.count
                        let contextRange = before ? 0..<context.count : cluster.count..<utf16.count
                        // The other side: nothing, next to the cluster.
                        let empty = before ? clusterRange.upperBound..<clusterRange.upperBound
                            : clusterRange.lowerBound..<clusterRange.lowerBound
                        let advance = measurer.shapedEdgeAdvance(
                            utf16, before: before ? contextRange : empty, cluster: clusterRange,
                            after: before ? empty : contextRange, face: face, script: script, language: "ar"
                        )
                        let kind = forms.contextClass(utf16, contextRange, before: before)
                        classes.insert(kind)
                        advances.insert(advance)
                        if let known = byClass[kind] {
                            #expect(known == advance, "\(cluster) with \(context) \(before ? "before" : "after") (class \(kind))")
                            compared += 1
                        } else {
                            byClass[kind] = advance
                        }
                    }
                    if advances.count > 1 { differing += 1 }
                }
            }
        }
        // The contexts change advances (forms differ) and fall in several classes, so the comparison means something.
        #expect(compared > 20_000 && differing > 40 && classes.count >= 6)
    }
}
