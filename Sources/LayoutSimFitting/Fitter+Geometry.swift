import LayoutSimBreaking
import LayoutSimModel
import LayoutSimShaping

/// Where lines sit in the view: alignment offsets and ink cut by a clipping view.
extension Fitter {
    /// Each shown line's left edge under `alignment`: natural is left for left-to-right paragraphs and right for
    /// right-to-left ones; justified lines (but a paragraph's last) fill the width.
    static func lineOffsets(
        _ text: MeasuredText, _ lines: [Line], spans: [Range<Int>], alignment: TextAlignment, width: Double, left: Double
    ) -> [Double] {
        if alignment == .left || (alignment == .natural && !text.hasRightToLeft) {
            return [Double](repeating: left, count: lines.count)
        }
        return zip(lines, spans).map { line, span in
            let rtl = text.paragraphIsRightToLeft(containing: span.lowerBound)
            let slack = max(0, width - line.width)
            let endsParagraph = span.upperBound >= text.clusterCount || text.breaks[span.upperBound] == .mandatory
            switch alignment {
            case .left: return left
            case .right: return left + slack
            case .center: return left + slack / 2
            case .natural: return rtl ? left + slack : left
            case .justified: return endsParagraph && rtl ? left + slack : left
            }
        }
    }

    /// Ink of the shown lines outside `0...viewHeight` (view coordinates; the first line's top at `top`) by half a
    /// pixel or more at `scale` (less changes no pixel by half its coverage: Inter's Å, scaled to SF's proportions,
    /// rises 0.0025 pt above SF's ascender at 17 pt, which no one could see cut).
    static func inkClipping(
        _ boxes: ArraySlice<LineBox>, top: Double, viewHeight: Double, scale: Double
    ) -> InkClipping? {
        let invisible = scale > 0 ? 0.5 / scale : LineBreaker.tolerance
        var lineTop = top
        var above = 0.0
        var below = 0.0
        var cut: [Int] = []
        for (index, box) in boxes.enumerated() {
            let baseline = lineTop + box.baseline
            var isCut = false
            if let inkTop = box.inkTop, baseline - inkTop < -invisible {
                above = max(above, inkTop - baseline)
                isCut = true
            }
            if let inkBottom = box.inkBottom, baseline + inkBottom > viewHeight + invisible {
                below = max(below, baseline + inkBottom - viewHeight)
                isCut = true
            }
            if isCut { cut.append(index) }
            lineTop += box.height
        }
        return cut.isEmpty ? nil : InkClipping(top: above, bottom: below, lines: cut)
    }
}
