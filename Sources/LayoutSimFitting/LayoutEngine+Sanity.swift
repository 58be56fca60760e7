import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping

extension LayoutEngine {
    /// A font whose shaping gives a character an advance no real font gives (its kerning or positioning, GPOS or
    /// `kern`, pushing a cluster back by more than an em, or forward by more than ``FontFace/maximumMetricInEm`` em a
    /// code unit): refused, since lines of negative width would "fit" anywhere. The glyphs' own advances are checked
    /// when the face opens; this is what shaping adds.
    static func impossibleShaping(_ text: MeasuredText) -> FontError? {
        // The arrays read from locals (each read through the text reached its storage again).
        let traits = text.traits, faceIndex = text.faceIndex, advances = text.advanceUnits, starts = text.clusterStarts
        for i in 0..<text.clusterCount {
            let upem = traits[Int(faceIndex[i])].metrics.unitsPerEm
            let advance = Int(advances[i])
            let units = starts[i + 1] - starts[i]
            guard advance < -upem || advance > FontFace.maximumMetricInEm * upem * max(1, units) else { continue }
            let character = text.string(of: i..<(i + 1))
            let code = character.unicodeScalars.first.map { MeasuredText.codePointName($0) } ?? "?"
            return .unusableFace(
                reason: "impossible metrics: shaping (its kerning or GPOS positioning) gives '\(character)' (\(code)) "
                    + "an advance of \(advance) units (unitsPerEm \(upem))",
                path: text.faces[Int(text.faceIndex[i])].id.path
            )
        }
        return nil
    }
}
