import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping

/// SF's measured advances of printable ASCII (U+0020…U+007E), iOS 26.1, for sizes 8–40 pt in four weights,
/// and the rule that extends them to any size.
///
/// - 8…40 pt: the measured advance, interpolated linearly between the two neighbouring integer sizes.
/// - Above 40 pt: the 40 pt advance in font units (of 2048) plus the tracking difference between 40 pt and
///   the size (``SFTracking``), scaled to the size. Below 8 pt the same from the 8 pt advances.
package struct SFAdvanceTable: Sendable {
    /// SF's units per em.
    package static let unitsPerEm = 2048.0
    /// Smallest and largest measured size, points.
    package static let measuredSizes = 8...40
    /// Number of characters per row: U+0020…U+007E.
    package static let characterCount = 95

    /// The measured table (``measuredAdvances``, generated source): nothing is parsed at run time.
    package static let measured = SFAdvanceTable()

    private init() {}

    /// The measured advance row at an integer size inside ``measuredSizes``, points.
    package func measuredRow(weight: FontWeight, size: Int) -> [Double] {
        guard let weightIndex = FontWeight.allCases.firstIndex(of: weight), Self.measuredSizes.contains(size) else { return [] }
        let row = weightIndex * Self.measuredSizes.count + size - Self.measuredSizes.lowerBound
        let start = row * Self.characterCount
        return Array(Self.measuredAdvances[start..<(start + Self.characterCount)])
    }

    /// SF's advance of every printable ASCII character at `size` points and `weight`, in points
    /// (index = code point − 0x20).
    package func advances(atSize size: Double, weight: FontWeight) -> [Double] {
        let low = Double(Self.measuredSizes.lowerBound)
        let high = Double(Self.measuredSizes.upperBound)
        if size > high || size < low {
            let base = size > high ? high : low
            let row = measuredRow(weight: weight, size: Int(base))
            let deltaUnits = (SFTracking.milliEm(atSize: size) - SFTracking.milliEm(atSize: base)) * Self.unitsPerEm / 1000
            return row.map { advance in
                (advance * Self.unitsPerEm / base + deltaUnits) * size / Self.unitsPerEm
            }
        }
        let floorSize = size.rounded(.down)
        let lower = measuredRow(weight: weight, size: Int(floorSize))
        let t = size - floorSize
        if t == 0 { return lower }
        let upper = measuredRow(weight: weight, size: Int(floorSize) + 1)
        return zip(lower, upper).map { $0 + ($1 - $0) * t }
    }
}
