import LayoutSimFaces
import LayoutSimModel

/// How much each cluster's advance changes at a line edge, points at one size (empty arrays: no change anywhere).
///
/// A line is measured as it is drawn: a line that ends inside a word does not keep the kerning with the next line's
/// first letter, and a joining letter (Arabic) at an edge takes its form there (final or isolated at a line end,
/// initial or isolated at a line start). ``end`` is added when a line ends right after the cluster, ``start`` when
/// a line starts with it.
package struct EdgeAdvances: Sendable {
    package var start: [Double] = []
    package var end: [Double] = []

    package static let none = EdgeAdvances()

    package init(start: [Double] = [], end: [Double] = []) {
        self.start = start
        self.end = end
    }

    /// The change when a line starts with cluster `i`.
    @inlinable package func atStart(_ i: Int) -> Double { start.isEmpty ? 0 : start[i] }
    /// The change when a line ends right after cluster `i`.
    @inlinable package func atEnd(_ i: Int) -> Double { end.isEmpty ? 0 : end[i] }
}

/// The size-independent edge changes of a measured text, font units of each cluster's face.
package struct EdgeUnits: Sendable {
    /// Per cluster (empty: none), when a line starts with it.
    package var start: [Int32] = []
    /// Per cluster (empty: none), when a line ends right after it.
    package var end: [Int32] = []
}

/// Scripts whose letters change form with their neighbours, so that a line edge inside a word changes the width.
private let joiningScripts: Set<String> = ["Arab", "Syrc", "Mong", "Nkoo", "Adlm", "Mand", "Phag", "Rohg", "Mani", "Sogd"]

extension TextMeasurer {
    /// The edge changes of `text` (``MeasuredText/edgeUnits``), from the shaped runs: shape once, re-measure only the
    /// clusters whose shaping at an edge can differ.
    ///
    /// - Kerning: HarfBuzz puts a pair's kerning on the first glyph's advance, so in a left-to-right run the last glyph
    ///   of a cluster followed by another cluster of the run loses `advance − nominal` at a line end.
    /// - Joining scripts: a cluster next to another cluster is shaped again with the text on one side only (its
    ///   neighbour as context), which gives the form it takes at that edge; results are cached per face and text.
    func lineEdges(
        _ text: MeasuredText, runs: [(run: TextRun, shaped: ShapedRun)], faces: [FontFace], language: String?
    ) -> EdgeUnits {
        var edges = EdgeUnits()
        let count = text.clusterCount
        guard count > 1 else { return edges }
        func cluster(_ offset: Int) -> Int? {
            let i = text.clusterIndex(atOffset: offset)
            return i < count && text.clusterStarts[i] == offset ? i : nil
        }
        for (run, shaped) in runs {
            let script = run.script.iso15924 ?? ""
            if joiningScripts.contains(script) {
                reshapeJoiningEdges(text, run: run, face: faces[run.faceIndex], script: script, language: language, into: &edges)
                continue
            }
            guard !shaped.isRightToLeft else { continue }
            let glyphs = shaped.glyphs
            for k in 0..<max(0, glyphs.count - 1) where glyphs[k + 1].cluster != glyphs[k].cluster {
                let delta = glyphs[k].nominalAdvance &- glyphs[k].advance
                guard delta != 0, let i = cluster(glyphs[k].cluster) else { continue }
                if edges.end.isEmpty { edges.end = [Int32](repeating: 0, count: count) }
                edges.end[i] &+= delta
            }
        }
        return edges
    }

    private func reshapeJoiningEdges(
        _ text: MeasuredText, run: TextRun, face: FontFace, script: String, language: String?, into edges: inout EdgeUnits
    ) {
        let first = text.clusterIndex(atOffset: run.range.lowerBound)
        var i = first
        while i < text.clusterCount && text.clusterStarts[i] < run.range.upperBound {
            let units = Array(text.utf16[text.clusterStarts[i]..<text.clusterStarts[i + 1]])
            if !text.isWhitespace[i] {
                if i > 0 && !text.isWhitespace[i - 1] && text.breaks[i] != .mandatory {
                    let after = i + 1 < text.clusterCount ? Array(text.utf16[text.clusterStarts[i + 1]..<text.clusterStarts[i + 2]]) : []
                    let alone = edgeAdvance(units, before: [], after: after, face: face, script: script, language: language)
                    let delta = alone &- text.advanceUnits[i]
                    if delta != 0 {
                        if edges.start.isEmpty { edges.start = [Int32](repeating: 0, count: text.clusterCount) }
                        edges.start[i] = delta
                    }
                }
                if i + 1 < text.clusterCount && !text.isWhitespace[i + 1] && text.breaks[i + 1] != .mandatory {
                    let before = i > 0 ? Array(text.utf16[text.clusterStarts[i - 1]..<text.clusterStarts[i]]) : []
                    let alone = edgeAdvance(units, before: before, after: [], face: face, script: script, language: language)
                    let delta = alone &- text.advanceUnits[i]
                    if delta != 0 {
                        if edges.end.isEmpty { edges.end = [Int32](repeating: 0, count: text.clusterCount) }
                        edges.end[i] = delta
                    }
                }
            }
            i += 1
        }
    }
}
