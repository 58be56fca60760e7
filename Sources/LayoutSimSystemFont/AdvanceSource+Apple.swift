import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping

/// Apple's own fonts (`--apple-fonts`), measured as Core Text measures them: no calibration, the optical size set
/// from the point size, the font's `trak` tracking at that size.
extension AdvanceSource {
    /// Replaces the advances of the clusters Apple's fonts shaped: the advance at `opsz` = `size` for a face with
    /// an optical-size axis (``OpticalSizeAdvances``), plus the face's `trak` tracking at `size` once per grapheme
    /// cluster that has an advance (Core Text tracks every glyph it draws; a cluster that draws nothing is not
    /// tracked).
    func applyAppleFonts(_ out: inout [Double], size: Double) {
        for optical in text.opticalSizes {
            let face = text.faces[optical.faceIndex]
            let scale = Units.pointsPerUnit(unitsPerEm: face.metrics.unitsPerEm, size: size)
            for i in 0..<text.clusterCount where Int(text.faceIndex[i]) == optical.faceIndex {
                out[i] = optical.advanceUnits(ofCluster: i, opticalSize: size) * scale
            }
        }
        let tracking = text.faces.map { face -> Double in
            guard let table = face.apple?.tracking else { return 0 }
            return table.units(atSize: size) * Units.pointsPerUnit(unitsPerEm: face.metrics.unitsPerEm, size: size)
        }
        guard tracking.contains(where: { $0 != 0 }) else { return }
        for i in 0..<text.clusterCount where text.isGraphemeBoundary[i] && text.advanceUnits[i] != 0 {
            out[i] += tracking[Int(text.faceIndex[i])]
        }
    }
}
