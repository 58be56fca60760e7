import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping

extension LayoutEngine {
    /// A font whose shaping gives a character an advance no real font gives (its kerning or positioning, GPOS or
    /// `kern`, pushing a cluster back by more than an em, or forward by more than ``FontFace/maximumMetricInEm`` em a
    /// code unit): refused, since lines of negative width would "fit" anywhere. The glyphs' own advances are checked
    /// when the face opens; this is what shaping adds.
    static func impossibleShaping(_ text: MeasuredText) -> FontError? {
        // The arrays read from locals, not through the text at each read; each stretch of one face's clusters with
        // its units per em, its traits and the limit looked up once per stretch, not per cluster.
        let traits = text.traits, advances = text.advanceUnits, starts = text.clusterStarts
        let maximum = FontFace.maximumMetricInEm
        var first = 0
        for end in text.faceRunEnds where first < Int(end) {
            let upem = traits[Int(text.faceIndex[first])].metrics.unitsPerEm
            if let i = (first..<Int(end)).first(where: { i in
                let advance = Int(advances[i])
                return advance < -upem || advance > maximum * upem * max(1, starts[i + 1] - starts[i])
            }) {
                return impossible(text, cluster: i, upem: upem)
            }
            first = Int(end)
        }
        return nil
    }

    /// The error for cluster `i`, whose advance no font could give.
    private static func impossible(_ text: MeasuredText, cluster i: Int, upem: Int) -> FontError {
        let advance = Int(text.advanceUnits[i])
        let character = text.string(of: i..<(i + 1))
        let code = character.unicodeScalars.first.map { MeasuredText.codePointName($0) } ?? "?"
        return .unusableFace(
            reason: "impossible metrics: shaping (its kerning or GPOS positioning) gives '\(character)' (\(code)) "
                + "an advance of \(advance) units (unitsPerEm \(upem))",
            path: text.faces[Int(text.faceIndex[i])].id.path
        )
    }
}
