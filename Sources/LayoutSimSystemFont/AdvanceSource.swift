import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping

/// Advances of a measured text at any size: the system-font model for the SF stand-in's clusters, the fonts' own
/// advances for the rest. Also the width of the ellipsis truncation inserts.
package struct AdvanceSource {
    package let text: MeasuredText
    package let system: SystemFontModel?
    /// Weight of the SF stand-in's clusters.
    package let weight: FontWeight

    package init(text: MeasuredText, system: SystemFontModel?, weight: FontWeight) {
        self.text = text
        self.system = system
        self.weight = weight
    }

    /// Each cluster's advance at `size` points.
    package func advances(size: Double) -> [Double] {
        system?.clusterAdvances(text, size: size, weight: weight) ?? text.fontAdvances(size: size)
    }

    /// Width of U+2026 at `size` in the font of cluster `i` (or the first face of the cascade that has one, or
    /// three periods of the primary font), points. For the SF stand-in it is Inter's scaled by SF/Inter, like every
    /// character SF was not measured on.
    package func ellipsisWidth(size: Double, nearCluster i: Int) -> Double {
        let preferred = i < text.clusterCount ? Int(text.faceIndex[i]) : 0
        let order = [preferred] + Array(text.faces.indices)
        for face in order {
            guard let units = text.ellipsisUnits[face] else { continue }
            let points = Double(units) * size / Double(text.faces[face].metrics.unitsPerEm)
            if text.faces[face].usesSystemModel, let system { return points * system.letterRatio(atSize: size, weight: weight) }
            return points
        }
        let period = system?.sfAdvances(atSize: size, weight: weight)[0x2E - 0x20] ?? size * 0.25
        return 3 * period
    }
}
