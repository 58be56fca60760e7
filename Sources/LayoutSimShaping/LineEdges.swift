import CHarfBuzz
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
    ///
    /// - Parameter runs: the itemizer's runs, in the order of `text.runs` (logical order).
    func lineEdges(_ text: MeasuredText, runs: [TextRun], faces: [FontFace], language: String?) -> EdgeUnits {
        var edges = EdgeUnits()
        let count = text.clusterCount
        guard count > 1 else { return edges }
        for (k, run) in runs.enumerated() {
            if isJoining(run.script) {
                reshapeJoiningEdges(text, run: run, face: faces[run.faceIndex], language: language, into: &edges)
                continue
            }
            let shaped = text.runs[k].run
            guard !shaped.isRightToLeft else { continue }
            let glyphs = shaped.glyphs
            for k in 0..<max(0, glyphs.count - 1) where glyphs[k + 1].cluster != glyphs[k].cluster {
                let delta = glyphs[k].nominalAdvance &- glyphs[k].advance
                guard delta != 0 else { continue }
                let offset = glyphs[k].cluster
                let i = text.clusterIndex(atOffset: offset)
                guard i < count && text.clusterStarts[i] == offset else { continue }
                if edges.end.isEmpty { edges.end = [Int32](repeating: 0, count: count) }
                edges.end[i] &+= delta
            }
        }
        return edges
    }

    /// Whether `script` is one of ``joiningScripts`` (remembered per script code).
    private func isJoining(_ script: Script) -> Bool {
        let code = Int(script.code)
        guard code >= 0 && code < 1024 else { return joiningScripts.contains(script.iso15924 ?? "") }
        if code >= joiningByScript.count { joiningByScript.append(contentsOf: repeatElement(0, count: code + 1 - joiningByScript.count)) }
        if joiningByScript[code] == 0 { joiningByScript[code] = joiningScripts.contains(script.iso15924 ?? "") ? 2 : 1 }
        return joiningByScript[code] == 2
    }

    private func reshapeJoiningEdges(
        _ text: MeasuredText, run: TextRun, face: FontFace, language: String?, into edges: inout EdgeUnits
    ) {
        let script = run.script.harfBuzz
        let place = edgePlace(face: face, language: language)
        let starts = text.clusterStarts
        let first = text.clusterIndex(atOffset: run.range.lowerBound)
        var i = first
        while i < text.clusterCount && starts[i] < run.range.upperBound {
            let cluster = starts[i]..<starts[i + 1]
            if !text.isWhitespace[i] {
                if i > 0 && !text.isWhitespace[i - 1] && text.breaks[i] != .mandatory {
                    let after = i + 1 < text.clusterCount ? starts[i + 1]..<starts[i + 2] : cluster.upperBound..<cluster.upperBound
                    let alone = edgeAdvance(
                        text.utf16, before: cluster.lowerBound..<cluster.lowerBound, cluster: cluster, after: after,
                        face: face, place: place, script: script, language: language
                    )
                    let delta = alone &- text.advanceUnits[i]
                    if delta != 0 {
                        if edges.start.isEmpty { edges.start = [Int32](repeating: 0, count: text.clusterCount) }
                        edges.start[i] = delta
                    }
                }
                if i + 1 < text.clusterCount && !text.isWhitespace[i + 1] && text.breaks[i + 1] != .mandatory {
                    let before = i > 0 ? starts[i - 1]..<starts[i] : cluster.lowerBound..<cluster.lowerBound
                    let alone = edgeAdvance(
                        text.utf16, before: before, cluster: cluster, after: cluster.upperBound..<cluster.upperBound,
                        face: face, place: place, script: script, language: language
                    )
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

    /// The advance of `utf16[cluster]` shaped with `utf16[before]` and `utf16[after]` as its only context (adjacent
    /// ranges of the text, either possibly empty), font units; cached under the code units when they are few.
    private func edgeAdvance(
        _ utf16: [UInt16], before: Range<Int>, cluster: Range<Int>, after: Range<Int>, face: FontFace, place: Int,
        script: hb_script_t?, language: String?
    ) -> Int32 {
        let key = EdgeKey(utf16, before: before, cluster: cluster, after: after, place: place)
        if let key, let known = edgeAdvances[key] { return known }
        let advance = utf16.withUnsafeBufferPointer { units in
            shaper.advance(
                UnsafeBufferPointer(rebasing: units[before.lowerBound..<after.upperBound]),
                range: (cluster.lowerBound - before.lowerBound)..<(cluster.upperBound - before.lowerBound),
                face: face, language: language, harfBuzzScript: script
            )
        }
        if let key { edgeAdvances[key] = advance }
        return advance
    }

    /// A small number standing for `face` and `language` together in the keys of cached edge advances (the face is
    /// kept, so that its identity is never another face's). Bounded by the faces and languages met.
    private func edgePlace(face: FontFace, language: String?) -> Int {
        let faceNumber: Int
        if let known = edgeFaces.firstIndex(where: { $0 === face }) {
            faceNumber = known
        } else {
            edgeFaces.append(face)
            faceNumber = edgeFaces.count - 1
        }
        let tag = language ?? ""
        let languageNumber: Int
        if let known = edgeLanguages[tag] {
            languageNumber = known
        } else {
            languageNumber = edgeLanguages.count
            edgeLanguages[tag] = languageNumber
        }
        return faceNumber << 32 | languageNumber
    }
}

/// Key of a cached edge advance: the face and language (``TextMeasurer/edgePlace(face:language:)``), and the code
/// units of the context before, the cluster and the context after, up to 16 in all, packed.
struct EdgeKey: Hashable {
    let place: Int
    /// The three lengths, 8 bits each.
    let lengths: UInt32
    let units0: UInt64
    let units1: UInt64
    let units2: UInt64
    let units3: UInt64

    /// Nil when the units are more than 16 (such clusters are shaped without the cache).
    init?(_ utf16: [UInt16], before: Range<Int>, cluster: Range<Int>, after: Range<Int>, place: Int) {
        let total = after.upperBound - before.lowerBound
        guard total <= 16 else { return nil }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { bytes in
            let slots = bytes.bindMemory(to: UInt16.self)
            for k in 0..<total { slots[k] = utf16[before.lowerBound + k] }
        }
        self.place = place
        lengths = UInt32(before.count) | UInt32(cluster.count) << 8 | UInt32(after.count) << 16
        (units0, units1, units2, units3) = words
    }
}
