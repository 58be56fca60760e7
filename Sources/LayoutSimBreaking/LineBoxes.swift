import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// The vertical geometry of one line, in points.
public struct LineBox: Sendable, Hashable {
    /// Height of the line box (the baseline-to-baseline pitch to the next line).
    public let height: Double
    /// Distance from the top of the box down to the baseline.
    public let baseline: Double
    /// Topmost ink, points above the baseline (nil: no ink on the line).
    public let inkTop: Double?
    /// Bottommost ink, points below the baseline (positive down; nil: no ink).
    public let inkBottom: Double?
    /// How far ink rises above the box, points (0 when it does not).
    public let overflowAbove: Double
    /// How far ink falls below the box, points (0 when it does not).
    public let overflowBelow: Double
    /// UTF-16 offset of the cluster with the topmost ink.
    public let inkTopOffset: Int?
    /// UTF-16 offset of the cluster with the bottommost ink.
    public let inkBottomOffset: Int?
}

extension LineBox {
    /// The same box made `height` tall by adding space above it (SwiftUI's leading).
    package func growingAbove(to height: Double) -> LineBox {
        let extra = max(0, height - self.height)
        return LineBox(height: self.height + extra, baseline: baseline + extra, inkTop: inkTop, inkBottom: inkBottom,
                       overflowAbove: max(0, (inkTop ?? 0) - baseline - extra), overflowBelow: overflowBelow,
                       inkTopOffset: inkTopOffset, inkBottomOffset: inkBottomOffset)
    }
}

/// Computes line boxes and ink extents for laid-out lines (one stage: after breaking, before fitting).
package enum LineBoxes {
    /// One box holding several pieces of a line (the two sides of a middle truncation): the largest ascent,
    /// descent and ink of them.
    package static func merge(_ boxes: [LineBox]) -> LineBox? {
        guard let first = boxes.first else { return nil }
        var ascent = first.baseline
        var descent = first.height - first.baseline
        var top = first
        var bottom = first
        for box in boxes.dropFirst() {
            ascent = max(ascent, box.baseline)
            descent = max(descent, box.height - box.baseline)
            if (box.inkTop ?? -.infinity) > (top.inkTop ?? -.infinity) { top = box }
            if (box.inkBottom ?? -.infinity) > (bottom.inkBottom ?? -.infinity) { bottom = box }
        }
        return LineBox(
            height: ascent + descent, baseline: ascent, inkTop: top.inkTop, inkBottom: bottom.inkBottom,
            overflowAbove: max(0, (top.inkTop ?? 0) - ascent), overflowBelow: max(0, (bottom.inkBottom ?? 0) - descent),
            inkTopOffset: top.inkTopOffset, inkBottomOffset: bottom.inkBottomOffset
        )
    }

    /// Ascent, descent (positive) and line gap per point of size of each face of `text`: SF's for every stand-in of
    /// the system cascade (iOS's fonts have their own boxes, not the stand-ins' design boxes: Noto Sans Arabic's is
    /// 2.11 em), Apple Color Emoji's at the emoji size for the emoji stand-in, hhea for every other face.
    package static func faceBoxes(_ text: MeasuredText, size: Double) -> [(ascent: Double, descent: Double, gap: Double)] {
        text.traits.map { face in
            let upem = Double(face.metrics.unitsPerEm)
            let own = (Double(face.metrics.ascender) / upem, -Double(face.metrics.descender) / upem, Double(face.metrics.lineGap) / upem)
            switch face.standIn {
            case nil:
                return own
            case .emoji?:
                let scale = text.calibratesStandIns ? StandInCalibration.emojiSize(atSize: size) / size : 1
                return (own.0 * scale, own.1 * scale, 0)
            case .some:
                return (SystemFontModel.ascenderPerPoint, -SystemFontModel.descenderPerPoint, 0)
            }
        }
    }

    /// The box of every line at `size` points under `policy`. `leading` (the HIG leading of SwiftUI's
    /// text-style spacing) is the least pitch of the second and later lines.
    package static func boxes(
        _ text: MeasuredText, lines: [Line], size: Double, policy: LineHeightPolicy, leading: Double?
    ) -> [LineBox] {
        let perFace = faceBoxes(text, size: size)
        guard let primary = perFace.first else { return [] }
        // Ink in points per font unit; the SF stand-in's ink at SF's proportions (``SystemFontModel/standInInkFactor``).
        let unitScale = text.traits.map { face in
            let perUnit = StandInCalibration.pointsPerUnit(face, size: size, calibrated: text.calibratesStandIns)
            return face.standIn == .sf && text.calibratesStandIns ? perUnit * SystemFontModel.standInInkFactor : perUnit
        }
        // Stand-ins of tall scripts grow the line to their ink (letterform-aware), not to their design box.
        let growsToInk = text.traits.map { face in
            guard let standIn = face.standIn else { return false }
            return standIn != .sf && standIn != .emoji
        }
        let growsWithFonts: Bool
        if case .letterformAware = policy { growsWithFonts = true } else { growsWithFonts = false }
        var boxes: [LineBox] = []
        boxes.reserveCapacity(lines.count)
        var cluster = 0
        for (index, line) in lines.enumerated() {
            var ascent = primary.ascent * size
            var descent = primary.descent * size
            var gap = primary.gap * size
            var inkTop: Double?
            var inkBottom: Double?
            var topOffset: Int?
            var bottomOffset: Int?
            while cluster < text.clusterCount && text.clusterStarts[cluster] < line.range.lowerBound { cluster += 1 }
            var i = cluster
            var lastFace = -1
            while i < text.clusterCount && text.clusterStarts[i] < line.range.upperBound {
                let face = Int(text.faceIndex[i])
                if growsWithFonts && face != lastFace {
                    ascent = max(ascent, perFace[face].ascent * size)
                    descent = max(descent, perFace[face].descent * size)
                    gap = max(gap, perFace[face].gap * size)
                    lastFace = face
                }
                let ink = text.inkUnits[i]
                if ink.hasInk {
                    let top = Double(ink.top) * unitScale[face]
                    let bottom = -Double(ink.bottom) * unitScale[face]
                    if top > (inkTop ?? -.infinity) { inkTop = top; topOffset = text.clusterStarts[i] }
                    if bottom > (inkBottom ?? -.infinity) { inkBottom = bottom; bottomOffset = text.clusterStarts[i] }
                    if growsWithFonts && growsToInk[face] {
                        ascent = max(ascent, top)
                        descent = max(descent, bottom)
                    }
                }
                i += 1
            }
            if case .letterformAware(oversize: true) = policy {
                ascent = max(ascent, inkTop ?? 0)
                descent = max(descent, inkBottom ?? 0)
            }
            var height = ascent + descent + gap
            var baseline = ascent
            switch policy {
            case .typographic, .letterformAware:
                if let leading, index > 0, leading > height {
                    baseline += leading - height   // SwiftUI spacing: the extra space is above the line
                    height = leading
                }
            case .fixed(let points):
                height = points
                baseline = points - primary.descent * size
            case .multiple(let factor):
                height = (primary.ascent + primary.descent + primary.gap) * size * factor
                baseline = height - primary.descent * size - primary.gap * size
            }
            let below = height - baseline
            boxes.append(LineBox(
                height: height, baseline: baseline, inkTop: inkTop, inkBottom: inkBottom,
                overflowAbove: max(0, (inkTop ?? 0) - baseline), overflowBelow: max(0, (inkBottom ?? 0) - below),
                inkTopOffset: topOffset, inkBottomOffset: bottomOffset
            ))
        }
        return boxes
    }
}
