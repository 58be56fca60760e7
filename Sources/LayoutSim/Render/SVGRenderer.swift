import Foundation

/// A glyph to draw: which face and glyph, where (points, the pen's x and the baseline's y), at what scale.
struct PlacedGlyph {
    let faceIndex: Int
    let glyphID: UInt32
    let x: Double
    let y: Double
    /// Points per font unit.
    let scale: Double
}

/// Draws laid-out text as SVG: the container, every glyph as its real outline (FreeType), line boxes and baselines
/// as faint guides, the ellipsis as drawn, hidden and clipped text shaded, ink outside its line box marked.
///
/// One panel per category result, side by side. Glyphs are placed with the advances the fit used (SF's for the
/// system-font model: each cluster's glyphs are spread to the cluster's modelled width), runs in visual order
/// (UAX #9 rule L2 on the line's runs).
enum SVGRenderer {
    static let gap = 28.0
    static let caption = 34.0
    static let margin = 12.0
    /// Panels are at least this wide so their captions fit.
    static let panelMinimum = 190.0

    /// The SVG document for `results` of one measured text.
    static func render(
        _ text: MeasuredText, results: [CategoryResult], request: FitRequest, source: AdvanceSource,
        faces: [FontFace]
    ) -> String {
        let container = request.container
        var panels: [String] = []
        var x = margin
        var tallest = 0.0
        for result in results {
            let (body, height) = panel(text, result: result, request: request, source: source, faces: faces)
            tallest = max(tallest, height)
            panels.append("<g transform=\"translate(\(n(x)) \(n(margin + caption)))\">\n\(body)</g>")
            x += max(container.width, panelMinimum) + gap
        }
        let width = x - gap + margin
        let height = margin + caption + tallest + margin
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
        svg += "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\">\n"
        svg += "<title>\(xml(request.text))</title>\n"
        svg += "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
        svg += "<rect width=\"6\" height=\"6\" fill=\"#ffe3e0\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#f3a69c\" stroke-width=\"2\"/></pattern></defs>\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        svg += panels.joined(separator: "\n") + "\n</svg>\n"
        return svg
    }

    /// One category: returns the group's content and its height below the caption.
    static func panel(
        _ text: MeasuredText, result: CategoryResult, request: FitRequest, source: AdvanceSource, faces: [FontFace]
    ) -> (String, Double) {
        let container = request.container
        let advances = source.advances(size: result.pointSize)
        let viewHeight = container.height ?? result.height
        var out = ""
        let name = result.category?.swiftUIName ?? "fixed size"
        let colour = result.passes(allowingWordBreaks: request.allowsWordBreaks) ? "#1a7f37" : "#cf222e"
        out += "<text class=\"caption\" x=\"0\" y=\"-20\" font-size=\"12\" fill=\"#24292f\">\(xml(name)) · \(n(result.pointSize)) pt</text>\n"
        out += "<text class=\"verdict\" x=\"0\" y=\"-6\" font-size=\"11\" fill=\"\(colour)\">\(xml(verdictText(result)))</text>\n"
        // The container.
        out += "<rect class=\"container\" x=\"0\" y=\"0\" width=\"\(n(container.width))\" height=\"\(n(viewHeight))\" fill=\"#f6f8fa\" stroke=\"#8c959f\" stroke-width=\"1\"/>\n"

        // Shown lines.
        var y = container.insets.top
        var glyphs: [PlacedGlyph] = []
        for (index, box) in result.lineBoxes.enumerated() {
            let baseline = y + box.baseline
            let left = index < result.lineOffsets.count ? result.lineOffsets[index] : container.insets.left
            out += "<rect class=\"linebox\" x=\"\(n(left))\" y=\"\(n(y))\" width=\"\(n(max(0.5, result.shownLineWidths[safe: index] ?? 0)))\" height=\"\(n(box.height))\" fill=\"none\" stroke=\"#54aeff\" stroke-opacity=\"0.5\" stroke-width=\"0.5\"/>\n"
            out += "<line class=\"baseline\" x1=\"0\" y1=\"\(n(baseline))\" x2=\"\(n(container.width))\" y2=\"\(n(baseline))\" stroke=\"#54aeff\" stroke-opacity=\"0.6\" stroke-width=\"0.5\" stroke-dasharray=\"2 2\"/>\n"
            let line = result.displayedLines[safe: index]
            glyphs += place(text, line: line, x: left, baseline: baseline,
                            size: result.pointSize, advances: advances, source: source, faces: faces,
                            tracking: result.tracking)
            if box.overflowAbove > 0 {
                out += "<rect class=\"ink-overflow\" x=\"\(n(left))\" y=\"\(n(y - box.overflowAbove))\" width=\"\(n(max(1, result.shownLineWidths[safe: index] ?? 0)))\" height=\"\(n(box.overflowAbove))\" fill=\"#cf222e\" fill-opacity=\"0.35\"/>\n"
            }
            if box.overflowBelow > 0 {
                out += "<rect class=\"ink-overflow\" x=\"\(n(left))\" y=\"\(n(y + box.height))\" width=\"\(n(max(1, result.shownLineWidths[safe: index] ?? 0)))\" height=\"\(n(box.overflowBelow))\" fill=\"#cf222e\" fill-opacity=\"0.35\"/>\n"
            }
            y += box.height
        }
        out += draw(glyphs, faces: faces, className: "glyph", fill: "#1f2328")

        // Text below the container's bottom edge is clipped: shaded.
        if let clipped = result.clippedBy, clipped > 0, let height = container.height {
            out += "<rect class=\"clipped\" x=\"0\" y=\"\(n(height))\" width=\"\(n(container.width))\" height=\"\(n(clipped))\" fill=\"url(#hatch)\" fill-opacity=\"0.9\"/>\n"
        }
        // Lines not shown: drawn faintly below the view, over a hatched band.
        var bottom = max(viewHeight, y)
        if result.shownLineCount < result.lineCount {
            let hidden = Array(result.lines[result.shownLineCount...])
            let top = bottom + 6
            let boxes = LineBoxes.boxes(text, lines: hidden, size: result.pointSize, policy: request.lineHeight, leading: nil)
            let total = boxes.reduce(0) { $0 + $1.height }
            out += "<rect class=\"hidden\" x=\"0\" y=\"\(n(top))\" width=\"\(n(container.width))\" height=\"\(n(total))\" fill=\"url(#hatch)\"/>\n"
            var ghost: [PlacedGlyph] = []
            var gy = top
            for (line, box) in zip(hidden, boxes) {
                let range = line.range
                let span = DisplayedLine(before: range, hasEllipsis: false, after: range.upperBound..<range.upperBound)
                let rtl = text.paragraphIsRightToLeft(containing: text.clusterIndex(atOffset: range.lowerBound))
                let lineX = container.insets.left + (rtl ? max(0, container.textWidth - line.width) : 0)
                ghost += place(text, line: span, x: lineX, baseline: gy + box.baseline,
                               size: result.pointSize, advances: advances, source: source, faces: faces, tracking: 0)
                gy += box.height
            }
            out += draw(ghost, faces: faces, className: "hidden-glyph", fill: "#8c959f")
            bottom = top + total
        }
        return (out, bottom)
    }

    static func verdictText(_ result: CategoryResult) -> String {
        switch result.verdict {
        case .fits: return result.scaleFactor < 1 ? "fits (shrunk to \(Int((result.scaleFactor * 100).rounded())) %)" : "fits"
        case .fitsWithWordBroken: return "a word broken"
        case .truncated(let hidden): return "truncated: \(result.hiddenCharacters) characters, \(hidden) lines hidden"
        case .clipped(let by): return "clipped by \(n(by)) pt"
        case .inkClipped(let by): return "ink clipped by \(n(by)) pt"
        case .missingGlyphs(let count): return "\(count) clusters have no font"
        }
    }

    /// The glyphs of one displayed line in visual order, placed from `x` on the baseline.
    static func place(
        _ text: MeasuredText, line: DisplayedLine?, x: Double, baseline: Double, size: Double,
        advances: [Double], source: AdvanceSource, faces: [FontFace], tracking: Double
    ) -> [PlacedGlyph] {
        guard let line else { return [] }
        // Per cluster: how much the fit's advance stretches HarfBuzz's (the SF model narrows Inter to SF).
        func clusterScale(_ i: Int) -> Double {
            let face = Int(text.faceIndex[i])
            let shaped = Double(text.advanceUnits[i]) * size / Double(text.faces[face].metrics.unitsPerEm)
            return shaped != 0 ? advances[i] / shaped : 1
        }
        var pieces: [[PlacedGlyph]] = []
        var pen = 0.0
        func glyphs(in range: Range<Int>) -> [PlacedGlyph] {
            guard !range.isEmpty else { return [] }
            // Runs that overlap the range, in logical order, then reordered visually by level (rule L2).
            var parts: [(level: UInt8, glyphs: [ShapedGlyph], face: Int)] = []
            for placed in text.runs where placed.run.range.overlaps(range) {
                let kept = placed.run.glyphs.filter { range.contains($0.cluster) }
                if !kept.isEmpty { parts.append((placed.level, kept, placed.faceIndex)) }
            }
            if let maxLevel = parts.map(\.level).max(), maxLevel > 0 {
                let lowestOdd = parts.map(\.level).filter { $0 & 1 == 1 }.min() ?? 1
                var level = maxLevel
                while level >= lowestOdd {
                    var i = 0
                    while i < parts.count {
                        guard parts[i].level >= level else { i += 1; continue }
                        var j = i
                        while j < parts.count && parts[j].level >= level { j += 1 }
                        parts[i..<j].reverse()
                        i = j
                    }
                    level -= 1
                }
            }
            var out: [PlacedGlyph] = []
            for part in parts {
                let scale = size / Double(text.faces[part.face].metrics.unitsPerEm)
                for glyph in part.glyphs {
                    let i = text.clusterIndex(atOffset: glyph.cluster)
                    let stretch = i < text.clusterCount ? clusterScale(i) : 1
                    out.append(PlacedGlyph(faceIndex: part.face, glyphID: glyph.glyphID,
                                           x: x + pen + Double(glyph.xOffset) * scale, y: baseline - Double(glyph.yOffset) * scale,
                                           scale: scale))
                    pen += Double(glyph.advance) * scale * stretch
                }
                pen += tracking * Double(part.glyphs.count)
            }
            return out
        }
        let rtl = text.paragraphIsRightToLeft(containing: text.clusterIndex(atOffset: line.before.lowerBound))
        func ellipsisGlyph() -> [PlacedGlyph] {
            let near = text.clusterIndex(atOffset: max(line.before.upperBound - 1, 0))
            let preferred = near < text.clusterCount ? Int(text.faceIndex[near]) : 0
            for face in [preferred] + Array(text.faces.indices) {
                guard face < faces.count, let scalar = Unicode.Scalar(0x2026), let glyph = faces[face].nominalGlyph(for: scalar) else { continue }
                let scale = size / Double(text.faces[face].metrics.unitsPerEm)
                let placed = PlacedGlyph(faceIndex: face, glyphID: glyph, x: x + pen, y: baseline, scale: scale)
                pen += source.ellipsisWidth(size: size, nearCluster: near)
                return [placed]
            }
            return []
        }
        if rtl {
            pieces.append(glyphs(in: line.after))
            if line.hasEllipsis { pieces.append(ellipsisGlyph()) }
            pieces.append(glyphs(in: line.before))
        } else {
            pieces.append(glyphs(in: line.before))
            if line.hasEllipsis { pieces.append(ellipsisGlyph()) }
            pieces.append(glyphs(in: line.after))
        }
        return pieces.flatMap { $0 }
    }

    /// `<path>` elements for glyphs with outlines (spaces draw nothing).
    static func draw(_ glyphs: [PlacedGlyph], faces: [FontFace], className: String, fill: String) -> String {
        var out = ""
        for glyph in glyphs where glyph.faceIndex < faces.count {
            let path = faces[glyph.faceIndex].outlinePath(ofGlyph: glyph.glyphID)
            guard !path.isEmpty else { continue }
            out += "<path class=\"\(className)\" fill=\"\(fill)\" transform=\"translate(\(n(glyph.x)) \(n(glyph.y))) scale(\(n6(glyph.scale)) \(n6(-glyph.scale)))\" d=\"\(path)\"/>\n"
        }
        return out
    }

    /// A number for SVG: up to 3 decimals, no trailing zeros.
    static func n(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let r = ReportNumber.rounded(value)
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    static func n6(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return String((value * 1_000_000).rounded() / 1_000_000)
    }

    /// Escapes text for XML and HTML (text and attribute values).
    static func xml(_ s: String) -> String { CheckRenderer.xml(s) }
}

extension Array {
    subscript(safe index: Int) -> Element? { index >= 0 && index < count ? self[index] : nil }
}
