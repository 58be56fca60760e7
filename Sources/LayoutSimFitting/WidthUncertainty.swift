import LayoutSimBreaking
import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// How far a text's widths can be from iOS's: the stand-ins its clusters use whose widths can be off from the fonts
/// iOS draws them in (``StandInCalibration/widthUncertainty(_:language:)``), and what that is for the whole text.
struct WidthUncertainty: Sendable {
    /// The largest fraction of a stand-in the text uses (0.08: ±8 %); with the calibration off, the calibration's own
    /// factor added (Noto Sans Thai measures 7 % narrower than Thonburi).
    let fraction: Double
    /// The same for the whole text at the size asked: each cluster's advance times its face's fraction, over the
    /// text's width (an ✕ from a symbol stand-in in an English sentence adds little).
    let share: Double
    /// Whether the largest fraction is assumed (no measurement behind it).
    let assumed: Bool
    /// The stand-ins' font paths, in the order of the text's faces: made when asked, not for every text (most texts
    /// are far from failing, and the words are not said).
    var paths: [String] {
        var paths: [String] = []
        for bit in 0..<min(faces.count, 64) where standIns & (1 << UInt64(bit)) != 0 {
            paths.append(faces[bit < 63 ? bit : firstSharingLastBit].id.path)
        }
        return paths
    }
    /// The text's faces, the stand-ins among them as bits (faces past the 63rd share the last bit), and the first face
    /// the text used of those sharing it.
    let faces: [MeasuredFace]
    let standIns: UInt64
    let firstSharingLastBit: Int

    /// The stand-ins' font files (the paths' last components), sorted: for the words, made when they are said.
    var files: [String] {
        paths.map { path in path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.index(after: $0)...]) } ?? path }
            .sorted()
    }
}

extension AdvanceSource {
    /// The fraction a cluster in face `face` (an index into the text's faces) can be off by: its stand-in's, with the
    /// calibration's own factor when the calibration is off; 0 for any other face.
    private func uncertainty(ofFace face: Int) -> Double {
        let faces = text.faces
        guard face < faces.count, let standIn = faces[face].standIn else { return 0 }
        var uncertainty = StandInCalibration.widthUncertainty(standIn, language: text.language)
        if uncertainty > 0 && !text.calibratesStandIns {
            uncertainty += abs(1 - StandInCalibration.widthFactor(standIn, language: text.language))
        }
        return uncertainty
    }

    /// The largest fraction any face of the text can be off by: at least the ``WidthUncertainty/share`` of any size
    /// (a mean of these fractions weighted by advances), found from the faces alone.
    var largestWidthUncertainty: Double {
        var largest = 0.0
        for face in text.faces.indices { largest = max(largest, uncertainty(ofFace: face)) }
        return largest
    }

    /// The text's ``WidthUncertainty`` at `size` points; nil when no cluster is in such a stand-in (SF's measured
    /// widths: most texts), or when those take less than a thousandth of its width.
    func widthUncertainty(atSize size: Double) -> WidthUncertainty? {
        let faces = text.faces
        let faceIndex = text.faceIndex
        // One pass over the clusters; a face's fraction is worked out where the face changes (runs of one face are
        // long), each face's path kept once (as a bit: faces past the 63rd, reached only through installed fonts,
        // share the last one).
        var face = -1, current = 0.0
        var seen: UInt64 = 0
        var fraction = 0.0, assumed = false
        var firstSharingLastBit = 63
        var weighted = 0.0, total = 0.0
        let (advances, _) = memo.at(size, self)
        for i in 0..<min(advances.count, faceIndex.count) {
            if Int(faceIndex[i]) != face {
                face = Int(faceIndex[i])
                current = uncertainty(ofFace: face)
                let bit: UInt64 = 1 << UInt64(min(face, 63))
                if current > 0 && seen & bit == 0 {
                    seen |= bit
                    if face >= 63 { firstSharingLastBit = face }
                    if current > fraction, let standIn = faces[face].standIn {
                        fraction = current
                        assumed = StandInCalibration.widthUncertaintyIsAssumed(standIn, language: text.language)
                    }
                }
            }
            guard advances[i] > 0 else { continue }
            total += advances[i]
            weighted += advances[i] * current
        }
        guard seen != 0, total > 0, weighted / total >= 0.001 else { return nil }
        return WidthUncertainty(fraction: fraction, share: weighted / total, assumed: assumed, faces: faces,
                                standIns: seen, firstSharingLastBit: firstSharingLastBit)
    }
}

extension Fitter {
    /// Whether the text still passes at the result of `report` for `category` with every advance `factor` times its
    /// own: in a container whose text width is divided by `factor` (what glyphs that much wider would take). Nil
    /// when `report` has no result there.
    ///
    /// - Parameter quickly: answer from the result's widest line alone, without laying the text out again: true when
    ///   it shows the text passes, else false (a pass may then still be found by laying it out).
    static func passes(
        _ source: AdvanceSource, report: FitReport, at category: ContentSizeCategory?, widthsTimes factor: Double,
        quickly: Bool = false
    ) throws(LayoutSimError) -> Bool? {
        let request = report.request
        let plan = report.plan.isEmpty ? try Fitter.plan(request) : report.plan
        // The result's index, its category read in place (a search with a closure would copy every result it passed).
        var found: Int?
        for i in report.results.indices where report.results[i].category == category {
            found = i
            break
        }
        guard let index = found, index < plan.count else { return nil }
        let step = plan[index]
        // The width and insets there, read without a copy of the container.
        let base = request.container
        let insets = base.insets(at: step)
        let sides = insets.left + insets.right
        let textWidth = max(0, base.width(at: step.category) - sides)
        // Its widest line (rounded up to the pixel grid) that much wider still fits: every line does, so the lines
        // fall as they did and the verdict is the same (most texts: no second layout, and no copy of the request).
        // (A quick answer only for a line of no negative width: one narrower than the insets, times a larger factor,
        // would pass where a smaller factor's layout might not.)
        let widest = report.results[index].width - sides
        if widest * factor <= textWidth - LineBreaker.tolerance { return !quickly || widest >= 0 }
        if quickly { return false }
        let container = base.at(step)
        var probe = request
        probe.container = container
        probe.container.width = sides + textWidth / factor
        let breaks = LineBreaker.opportunities(
            source.text, byCharacter: request.label.lineBreakMode == .charWrapping, strategy: request.label.lineBreakStrategy
        )
        return Fitter.passes(source, step: step, request: probe, breaks: breaks)
    }
}
