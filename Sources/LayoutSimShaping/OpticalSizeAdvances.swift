import LayoutSimFaces
import LayoutSimModel

/// The advances of the clusters one of Apple's variable faces shaped, at sampled optical sizes: Core Text sets a
/// variable font's `opsz` axis to the point size (automatic optical sizing), so SF's advances and kerning change with
/// the size. The text is shaped once more per sample; between two samples the advance is interpolated linearly
/// (variation deltas are linear between the axis's masters, and the samples are every whole point of the axis), so
/// only the samples around the sizes a fit lays out at are shaped.
public struct OpticalSizeAdvances: Sendable, Hashable {
    /// Index of the face in ``MeasuredText/faces``.
    public let faceIndex: Int
    /// The `opsz` values shaped at, ascending (the axis's range: at most ``maximumSamples``).
    public let sizes: [Double]
    /// units[sample][cluster]: each cluster's shaped advance at that `opsz`, font units (0 for other faces' clusters).
    public let units: [[Int32]]
    /// The face's advance of U+2026 (the truncation ellipsis) at each sample, font units; empty when it has none.
    public var ellipsisUnits: [Int32] = []

    /// Samples per axis at most (a wider axis is sampled evenly).
    public static let maximumSamples = 97

    /// The `opsz` values to shape at for `axis`: its ends and every whole point between, or evenly spaced when wider
    /// than ``maximumSamples``.
    public static func samples(for axis: FontAxis) -> [Double] {
        let low = axis.minimum
        let high = axis.maximum
        guard high > low else { return [low] }
        var values: [Double] = [low]
        if high - low <= Double(maximumSamples - 2) {
            var whole = low.rounded(.down) + 1
            while whole < high {
                values.append(whole)
                whole += 1
            }
        } else {
            let step = (high - low) / Double(maximumSamples - 1)
            for i in 1..<(maximumSamples - 1) { values.append(low + step * Double(i)) }
        }
        values.append(high)
        return values
    }

    /// The samples of ``samples(for:)`` needed to interpolate at every size in `range`: those inside it and one on
    /// either side (the nearest end sample when the range is beyond the axis).
    public static func samples(for axis: FontAxis, covering range: ClosedRange<Double>?) -> [Double] {
        let all = samples(for: axis)
        guard let range else { return all }
        guard let first = all.firstIndex(where: { $0 >= range.lowerBound }) else { return [all[all.count - 1]] }
        let last = all.lastIndex(where: { $0 <= range.upperBound }) ?? 0
        let low = max(0, first - 1)
        let high = min(all.count - 1, max(last + 1, low))
        return Array(all[low...high])
    }

    /// The advance of cluster `i` at `opsz` (clamped to the sampled range), font units.
    public func advanceUnits(ofCluster i: Int, opticalSize: Double) -> Double {
        interpolated(opticalSize) { Double(units[$0][i]) }
    }

    /// The ellipsis's advance at `opsz`, font units; nil when the face has no U+2026.
    public func ellipsisUnits(opticalSize: Double) -> Double? {
        guard ellipsisUnits.count == sizes.count else { return nil }
        return interpolated(opticalSize) { Double(ellipsisUnits[$0]) }
    }

    /// `value(sample)` interpolated linearly at `opticalSize` between the two samples around it (the end samples'
    /// values outside them).
    private func interpolated(_ opticalSize: Double, _ value: (Int) -> Double) -> Double {
        guard let first = sizes.first, let last = sizes.last else { return 0 }
        if opticalSize <= first { return value(0) }
        if opticalSize >= last { return value(sizes.count - 1) }
        var low = 0
        var high = sizes.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if sizes[mid] <= opticalSize { low = mid } else { high = mid }
        }
        let t = (opticalSize - sizes[low]) / (sizes[high] - sizes[low])
        return value(low) + (value(high) - value(low)) * t
    }
}

extension TextMeasurer {
    /// The role of face `index` of `cascade` when it is one of Apple's fonts.
    func appleRole(_ cascade: FontCascade, _ index: Int) -> AppleFaceRole? {
        index < cascade.apple.count ? cascade.apple[index] : nil
    }

    /// Shapes the runs of each of Apple's faces with an `opsz` axis again at every sampled optical size.
    func opticalSizes(
        _ measured: MeasuredText, runs: [TextRun], faces: [FontFace], cascade: FontCascade,
        language: String?, range: ClosedRange<Double>?
    ) -> [OpticalSizeAdvances] {
        var out: [OpticalSizeAdvances] = []
        let used = Set(runs.map(\.faceIndex))
        for faceIndex in used.sorted() {
            guard let axis = appleRole(cascade, faceIndex)?.opticalSize else { continue }
            let face = faces[faceIndex]
            let sizes = OpticalSizeAdvances.samples(for: axis, covering: range)
            var table: [[Int32]] = []
            var ellipsis: [Int32] = []
            table.reserveCapacity(sizes.count)
            let ellipsisGlyph = Unicode.Scalar(0x2026).flatMap { face.nominalGlyph(for: $0) }
            for size in sizes {
                var units = [Int32](repeating: 0, count: measured.clusterCount)
                face.withVariations([FontVariation(tag: "opsz", value: size)]) {
                    if let ellipsisGlyph { ellipsis.append(face.nominalAdvance(ofGlyph: ellipsisGlyph)) }
                    for run in runs where run.faceIndex == faceIndex {
                        let shaped = shaper.shape(
                            measured.utf16, range: run.range, face: face, language: language,
                            rightToLeft: measured.hasRightToLeft ? run.isRightToLeft : nil, script: run.script.iso15924,
                            tracking: false, ink: false
                        )
                        for glyph in shaped.glyphs where glyph.cluster < measured.utf16Count {
                            var i = measured.clusterIndex(atOffset: glyph.cluster)
                            if i >= measured.clusterCount || measured.clusterStarts[i] != glyph.cluster { i -= 1 }
                            guard i >= 0 else { continue }
                            units[i] &+= glyph.advance
                        }
                    }
                }
                // Clusters that draw nothing (controls, separators) stay at 0, as in the measured text.
                for i in 0..<measured.clusterCount where measured.advanceUnits[i] == 0 { units[i] = 0 }
                table.append(units)
            }
            var optical = OpticalSizeAdvances(faceIndex: faceIndex, sizes: sizes, units: table)
            optical.ellipsisUnits = ellipsis
            out.append(optical)
        }
        return out
    }
}
