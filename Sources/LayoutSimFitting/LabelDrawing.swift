import LayoutSimBreaking
import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// A glyph to draw, as a value: its outline (SVG path data in font units, y up, copied out of FreeType) and where
/// it goes (points: the pen's x and the baseline's y), at what scale (points per font unit).
public struct DrawnGlyph: Sendable, Hashable {
    /// SVG path data of the outline in font units (empty for glyphs without ink, such as spaces).
    public let path: String
    public let x: Double
    public let y: Double
    /// Points per font unit.
    public let scale: Double
}

/// The geometry of one category's layout, ready to draw: the result, the top of each shown line box, the glyphs
/// of the shown lines, and the lines the line limit hides (drawn faintly below the view).
public struct DrawnPanel: Sendable, Hashable {
    /// The fit at this category.
    public let result: CategoryResult
    /// Top of each shown line box in the view, points.
    public let lineTops: [Double]
    /// The view's height: the container's, or the label's when it grows with its text.
    public let viewHeight: Double
    /// Bottom of the last shown line, points.
    public let textBottom: Double
    /// Glyphs of the shown lines, in visual order, the ellipsis included.
    public let glyphs: [DrawnGlyph]
    /// The band below the view where hidden lines are drawn; nil when none is hidden.
    public let hiddenBand: HiddenBand?
    /// Glyphs of the hidden lines.
    public let hiddenGlyphs: [DrawnGlyph]
    /// Lines (shown and hidden) left out of the picture: a panel draws at most ``maximumLines`` lines and a
    /// drawing at most ``maximumGlyphs`` glyphs, so a 100,000-character string does not make a picture of hundreds
    /// of megabytes.
    public var undrawnLines: Int = 0

    /// The most lines one panel draws (shown and hidden together).
    public static let maximumLines = 40
    /// The most glyphs one drawing (all its panels) draws.
    public static let maximumGlyphs = 4_000

    /// The container at this category: a scaled frame's size there, a row's share, the insets there.
    public var container: Container = Container(width: 0)

    /// Where hidden lines are drawn: below the view, points.
    public struct HiddenBand: Sendable, Hashable {
        public let top: Double
        public let height: Double
    }
}

/// A label laid out at some categories, as values a report can draw without fonts: one panel per category.
public struct LabelDrawing: Sendable, Hashable {
    /// The text.
    public let text: String
    /// The container.
    public let container: Container
    /// Whether a word split mid-word passes (for the verdict's colour).
    public let allowsWordBreaks: Bool
    /// One panel per drawn category, in increasing order.
    public let panels: [DrawnPanel]
}

extension LayoutEngine {
    /// Lays the request out and returns the drawing of every category's result.
    public func draw(_ request: FitRequest) throws(LayoutSimError) -> (report: FitReport, drawing: LabelDrawing) {
        let (report, source) = try layOut(request)
        return (report, try drawing(of: report, source: source, results: report.results))
    }

    /// The drawing of an evaluation at the categories in `showing`, from the layout that made its result at
    /// `category` (a group child's layouts differ by category), with the text it measured (no shaping again).
    package func drawing(
        of evaluation: FitEvaluation, at category: ContentSizeCategory?, showing: Set<ContentSizeCategory?>
    ) throws(LayoutSimError) -> LabelDrawing {
        let there = evaluation.parts[FitEvaluation.part(evaluation.parts, at: category)]
        return try drawing(
            of: there.report, source: there.source, results: there.report.results.filter { showing.contains($0.category) }
        )
    }

    /// The drawing of some `results` of a fit, from the text it measured (no shaping again).
    package func drawing(of report: FitReport, source: AdvanceSource, results: [CategoryResult]) throws(LayoutSimError) -> LabelDrawing {
        var faces: [FontFace] = []
        for face in source.text.faces {
            do { faces.append(try registry.face(path: face.id.path, index: face.id.index, variations: face.id.variations)) } catch { throw .font(error) }
        }
        let plan = report.plan.isEmpty ? try Fitter.plan(report.request) : report.plan
        let drawer = LabelDrawer(text: source.text, source: source, faces: faces, request: report.request, plan: plan)
        var budget = DrawnPanel.maximumGlyphs
        var panels: [DrawnPanel] = []
        for result in results {
            let panel = drawer.panel(result, glyphBudget: budget)
            budget -= panel.glyphs.count + panel.hiddenGlyphs.count
            panels.append(panel)
        }
        return LabelDrawing(
            text: report.request.text, container: report.request.container,
            allowsWordBreaks: report.request.allowsWordBreaks, panels: panels
        )
    }
}

/// Places the glyphs of laid-out lines: runs in visual order (UAX #9 rule L2 on the line's runs), each cluster's
/// glyphs spread to the width the fit used (SF's for the system-font model), the ellipsis in the line's font.
struct LabelDrawer {
    let text: MeasuredText
    let source: AdvanceSource
    let faces: [FontFace]
    let request: FitRequest
    /// The fit's steps: each category's insets (scaled with the text style when the label scales them).
    let plan: [FitStep]

    /// Space between the view and the band of hidden lines, points.
    static let hiddenGap = 6.0

    /// The panel of one category, drawing at most `glyphBudget` glyphs and ``DrawnPanel/maximumLines`` lines.
    func panel(_ result: CategoryResult, glyphBudget: Int) -> DrawnPanel {
        let glyphBudget = max(0, glyphBudget)
        // The container as the fit laid the text out in it there.
        let container = request.container.at(result.category, plan: plan)
        let advances = source.advances(size: result.pointSize)
        var viewHeight = container.height ?? result.height
        var y = container.insets.top
        var tops: [Double] = []
        var glyphs: [DrawnGlyph] = []
        // Bounded: at most `maximumLines` lines and `maximumGlyphs` glyphs per panel; the rest is counted.
        var drawnLines = 0
        for (index, box) in result.lineBoxes.enumerated() {
            guard drawnLines < DrawnPanel.maximumLines, glyphs.count < glyphBudget else { break }
            tops.append(y)
            let left = index < result.lineOffsets.count ? result.lineOffsets[index] : container.insets.left
            let line = index < result.displayedLines.count ? result.displayedLines[index] : nil
            glyphs += place(line, x: left, baseline: y + box.baseline, size: result.pointSize, advances: advances, tracking: result.tracking)
            if glyphs.count > glyphBudget { glyphs.removeLast(glyphs.count - glyphBudget) }
            y += box.height
            drawnLines += 1
        }
        if drawnLines < result.lineBoxes.count {
            // The view is drawn down to the last drawn line; what follows is counted, not drawn.
            viewHeight = min(viewHeight, y)
            var panel = DrawnPanel(result: result, lineTops: tops, viewHeight: viewHeight, textBottom: y, glyphs: glyphs,
                                   hiddenBand: nil, hiddenGlyphs: [])
            panel.undrawnLines = result.lineCount - drawnLines
            panel.container = container
            return panel
        }
        var band: DrawnPanel.HiddenBand?
        var hiddenGlyphs: [DrawnGlyph] = []
        var undrawn = 0
        if result.shownLineCount < result.lineCount {
            let allHidden = result.lines[result.shownLineCount...]
            let room = max(0, DrawnPanel.maximumLines - drawnLines)
            let hidden = Array(allHidden.prefix(room))
            undrawn = allHidden.count - hidden.count
            let top = max(viewHeight, y) + Self.hiddenGap
            let boxes = LineBoxes.boxes(text, lines: hidden, size: result.pointSize, policy: request.lineHeight, leading: nil)
            band = DrawnPanel.HiddenBand(top: top, height: boxes.reduce(0) { $0 + $1.height })
            var gy = top
            for (line, box) in zip(hidden, boxes) {
                if glyphs.count + hiddenGlyphs.count >= glyphBudget {
                    undrawn += 1
                    continue
                }
                let range = line.range
                let span = DisplayedLine(before: range, hasEllipsis: false, after: range.upperBound..<range.upperBound)
                let rtl = text.paragraphIsRightToLeft(containing: text.clusterIndex(atOffset: range.lowerBound))
                let lineX = container.insets.left + (rtl ? max(0, container.textWidth - line.width) : 0)
                hiddenGlyphs += place(span, x: lineX, baseline: gy + box.baseline, size: result.pointSize, advances: advances, tracking: 0)
                gy += box.height
            }
        }
        var panel = DrawnPanel(result: result, lineTops: tops, viewHeight: viewHeight, textBottom: y, glyphs: glyphs,
                               hiddenBand: band, hiddenGlyphs: hiddenGlyphs)
        panel.undrawnLines = undrawn
        panel.container = container
        return panel
    }

    /// The glyphs of one displayed line in visual order, placed from `x` on the baseline.
    func place(_ line: DisplayedLine?, x: Double, baseline: Double, size: Double, advances: [Double], tracking: Double) -> [DrawnGlyph] {
        guard let line else { return [] }
        // Per cluster: how much the fit's advance stretches HarfBuzz's (the SF model narrows Inter to SF).
        func clusterScale(_ i: Int) -> Double {
            let face = Int(text.faceIndex[i])
            let shaped = Double(text.advanceUnits[i]) * unitScale(face)
            return shaped != 0 ? advances[i] / shaped : 1
        }
        // Points per font unit of each face (the emoji stand-in's at the size iOS draws emoji).
        func unitScale(_ face: Int) -> Double {
            StandInCalibration.pointsPerUnit(text.traits[face], size: size, calibrated: text.calibratesStandIns)
        }
        func glyph(_ face: Int, _ id: UInt32, x: Double, y: Double, scale: Double) -> DrawnGlyph {
            DrawnGlyph(path: face < faces.count ? faces[face].outlinePath(ofGlyph: id) : "", x: x, y: y, scale: scale)
        }
        var pen = 0.0
        func glyphs(in range: Range<Int>) -> [DrawnGlyph] {
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
            var out: [DrawnGlyph] = []
            for part in parts {
                let scale = unitScale(part.face)
                for shaped in part.glyphs {
                    let i = text.clusterIndex(atOffset: shaped.cluster)
                    let stretch = i < text.clusterCount ? clusterScale(i) : 1
                    out.append(glyph(part.face, shaped.glyphID, x: x + pen + Double(shaped.xOffset) * scale,
                                     y: baseline - Double(shaped.yOffset) * scale, scale: scale))
                    pen += Double(shaped.advance) * scale * stretch
                }
                pen += tracking * Double(part.glyphs.count)
            }
            return out
        }
        let rtl = text.paragraphIsRightToLeft(containing: text.clusterIndex(atOffset: line.before.lowerBound))
        func ellipsis() -> [DrawnGlyph] {
            let near = text.clusterIndex(atOffset: max(line.before.upperBound - 1, 0))
            let preferred = near < text.clusterCount ? Int(text.faceIndex[near]) : 0
            for face in [preferred] + Array(text.faces.indices) {
                guard face < faces.count, let scalar = Unicode.Scalar(0x2026), let id = faces[face].nominalGlyph(for: scalar) else { continue }
                let scale = size / Double(text.faces[face].metrics.unitsPerEm)
                let placed = glyph(face, id, x: x + pen, y: baseline, scale: scale)
                pen += source.ellipsisWidth(size: size, nearCluster: near)
                return [placed]
            }
            return []
        }
        // A line that ends after a soft hyphen (not the text's last character) draws a hyphen at its end.
        let softHyphen: Int? = {
            guard !line.hasEllipsis, line.after.isEmpty, !line.before.isEmpty else { return nil }
            let last = text.clusterIndex(atOffset: line.before.upperBound - 1)
            guard last + 1 < text.clusterCount, text.clusterStarts[last] == line.before.upperBound - 1,
                  text.isSoftHyphen(cluster: last) else { return nil }
            return last
        }()
        func hyphen() -> [DrawnGlyph] {
            guard let softHyphen else { return [] }
            let preferred = Int(text.faceIndex[softHyphen])
            for face in [preferred] + Array(text.faces.indices) {
                guard face < faces.count, let id = faces[face].nominalGlyph(for: "-") else { continue }
                let scale = size / Double(text.faces[face].metrics.unitsPerEm)
                let placed = glyph(face, id, x: x + pen, y: baseline, scale: scale)
                pen += source.hyphenWidth(size: size, softHyphen: softHyphen)
                return [placed]
            }
            return []
        }
        var pieces: [[DrawnGlyph]] = []
        if rtl {
            pieces.append(hyphen())
            pieces.append(glyphs(in: line.after))
            if line.hasEllipsis { pieces.append(ellipsis()) }
            pieces.append(glyphs(in: line.before))
        } else {
            pieces.append(glyphs(in: line.before))
            if line.hasEllipsis { pieces.append(ellipsis()) }
            pieces.append(glyphs(in: line.after))
            pieces.append(hyphen())
        }
        return pieces.flatMap { $0 }
    }
}
