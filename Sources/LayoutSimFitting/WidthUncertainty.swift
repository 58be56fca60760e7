import LayoutSimBreaking
import LayoutSimFaces
import LayoutSimModel
import LayoutSimSystemFont

/// How far a text's widths can be from iOS's: the stand-ins its clusters use whose widths can be off from the fonts
/// iOS draws them in (``StandInCalibration/widthUncertainty(_:language:)``), and what that is for the whole text.
package struct WidthUncertainty: Sendable {
    /// The largest fraction of a stand-in the text uses (0.08: ±8 %); with the calibration off, the calibration's own
    /// factor added (Noto Sans Thai measures 7 % narrower than Thonburi).
    package let fraction: Double
    /// The same for the whole text at the size asked: each cluster's advance times its face's fraction, over the
    /// text's width (an ✕ from a symbol stand-in in an English sentence adds little).
    package let share: Double
    /// Whether the largest fraction is assumed (no measurement behind it).
    package let assumed: Bool
    /// The stand-ins' font paths.
    package let paths: [String]

    /// The stand-ins' font files (the paths' last components), sorted: for the words, made when they are said.
    package var files: [String] {
        paths.map { path in path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.index(after: $0)...]) } ?? path }
            .sorted()
    }
}

extension AdvanceSource {
    /// The text's ``WidthUncertainty`` at `size` points; nil when no cluster is in such a stand-in (SF's measured
    /// widths: most texts), or when those take less than a thousandth of its width.
    package func widthUncertainty(atSize size: Double) -> WidthUncertainty? {
        let faces = text.faces
        // The faces the clusters use, in one pass, as bits (a text keeps a few dozen faces of the cascade and uses one
        // or two; faces past the 63rd, which a text reaches only through installed fonts, share the last bit).
        var used: UInt64 = 0
        for index in text.faceIndex { used |= 1 << UInt64(min(Int(index), 63)) }
        var fraction = 0.0
        var assumed = false
        var paths: [String] = []
        var perFace: [Int: Double] = [:]
        for index in faces.indices where used & (1 << UInt64(min(index, 63))) != 0 {
            if index >= 63 && !text.faceIndex.contains(UInt16(index)) { continue }
            guard let standIn = faces[index].standIn else { continue }
            var uncertainty = StandInCalibration.widthUncertainty(standIn, language: text.language)
            guard uncertainty > 0 else { continue }
            if !text.calibratesStandIns {
                uncertainty += abs(1 - StandInCalibration.widthFactor(standIn, language: text.language))
            }
            perFace[index] = uncertainty
            paths.append(faces[index].id.path)
            if uncertainty > fraction {
                fraction = uncertainty
                assumed = StandInCalibration.widthUncertaintyIsAssumed(standIn, language: text.language)
            }
        }
        guard !paths.isEmpty else { return nil }
        let (advances, _) = memo.at(size, self)
        var weighted = 0.0, total = 0.0
        for i in 0..<min(advances.count, text.faceIndex.count) where advances[i] > 0 {
            total += advances[i]
            if let uncertainty = perFace[Int(text.faceIndex[i])] { weighted += advances[i] * uncertainty }
        }
        let share = total > 0 ? weighted / total : 0
        guard share >= 0.001 else { return nil }
        return WidthUncertainty(fraction: fraction, share: share, assumed: assumed, paths: paths)
    }
}

extension Fitter {
    /// Whether the text still passes at the result of `report` for `category` with every advance `factor` times its
    /// own: in a container whose text width is divided by `factor` (what glyphs that much wider would take). Nil
    /// when `report` has no result there.
    package static func passes(
        _ source: AdvanceSource, report: FitReport, at category: ContentSizeCategory?, widthsTimes factor: Double
    ) throws(LayoutSimError) -> Bool? {
        let request = report.request
        let plan = report.plan.isEmpty ? try Fitter.plan(request) : report.plan
        // The result's index, its category read in place (a search with a closure copied every result it passed).
        var found: Int?
        for i in report.results.indices where report.results[i].category == category {
            found = i
            break
        }
        guard let index = found, index < plan.count else { return nil }
        let step = plan[index]
        var probe = request
        probe.container = request.container.at(step.category)
        let insets = step.insets ?? probe.container.insets
        let sides = insets.left + insets.right
        let textWidth = max(0, probe.container.width - sides)
        // Its widest line (rounded up to the pixel grid) that much wider still fits: every line does, so the lines
        // fall as they did and the verdict is the same (most texts: no second layout).
        if (report.results[index].width - sides) * factor <= textWidth - LineBreaker.tolerance { return true }
        probe.container.width = sides + textWidth / factor
        let breaks = LineBreaker.opportunities(
            source.text, byCharacter: request.label.lineBreakMode == .charWrapping, strategy: request.label.lineBreakStrategy
        )
        return Fitter.passes(source, step: step, request: probe, breaks: breaks)
    }

    /// The width of the clusters that start in `ranges` (UTF-16 offsets, in order, not overlapping) at `size`,
    /// points: the placeholders' samples of a text.
    package static func width(of ranges: [Range<Int>], _ source: AdvanceSource, size: Double) -> Double {
        guard !ranges.isEmpty else { return 0 }
        let text = source.text
        let (advances, _) = source.memo.at(size, source)
        var total = 0.0
        var r = 0
        for i in 0..<text.clusterCount {
            let start = text.clusterStarts[i]
            while r < ranges.count && ranges[r].upperBound <= start { r += 1 }
            if r == ranges.count { break }
            if ranges[r].contains(start) { total += advances[i] }
        }
        return total
    }
}
