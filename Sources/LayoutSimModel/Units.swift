/// The single conversion from font units to points: `units × size / unitsPerEm`.
package enum Units {
    /// Points per font unit at `size` points.
    @inlinable @inline(__always)
    package static func pointsPerUnit(unitsPerEm: Int, size: Double) -> Double { size / Double(unitsPerEm) }

    /// `units` font units in points at `size` points.
    @inline(__always)
    package static func points(_ units: Double, unitsPerEm: Int, size: Double) -> Double { units * size / Double(unitsPerEm) }

    /// Rounds a length up to the device pixel grid (`ceil(x × scale) / scale`), as UIKit sizes labels.
    /// A tolerance of 1e-9 keeps values already on the grid (20.333… at @3x) from moving up a pixel.
    package static func roundUpToPixels(_ length: Double, scale: Double) -> Double {
        guard scale > 0 else { return length }
        return (length * scale - 1e-9).rounded(.up) / scale
    }
}
