import LayoutSimFitting
import LayoutSimModel

/// Draws a ``LabelDrawing`` as SVG: the container, every glyph as its real outline, line boxes and baselines as
/// faint guides, the ellipsis as drawn, hidden and clipped text shaded, ink outside its line box marked.
///
/// One panel per category, side by side. Everything it draws comes from the drawing's values: no fonts here.
public enum SVGRenderer {
    static let gap = 28.0
    static let caption = 34.0
    static let margin = 12.0
    /// Panels are at least this wide so their captions fit.
    static let panelMinimum = 190.0

    /// The SVG document of a drawing.
    public static func render(_ drawing: LabelDrawing) -> String {
        var panels: [String] = []
        var x = margin
        var tallest = 0.0
        for panel in drawing.panels {
            let (body, height) = render(panel, drawing: drawing)
            tallest = max(tallest, height)
            panels.append("<g transform=\"translate(\(n(x)) \(n(margin + caption)))\">\n\(body)</g>")
            x += max(panel.container.width, panelMinimum) + gap
        }
        let width = x - gap + margin
        let height = margin + caption + tallest + margin
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
        svg += "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\">\n"
        svg += "<title>\(xml(drawing.text))</title>\n"
        svg += "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
        svg += "<rect width=\"6\" height=\"6\" fill=\"#ffe3e0\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#f3a69c\" stroke-width=\"2\"/></pattern></defs>\n"
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        svg += panels.joined(separator: "\n") + "\n</svg>\n"
        return svg
    }

    /// One category: the group's content and its height below the caption.
    static func render(_ panel: DrawnPanel, drawing: LabelDrawing) -> (String, Double) {
        // The container at the panel's category (a scaled frame, a row's share), not at Large.
        let container = panel.container
        let result = panel.result
        var out = ""
        let name = result.category?.swiftUIName ?? "fixed size"
        let colour = result.passes(allowingWordBreaks: drawing.allowsWordBreaks) ? "#1a7f37" : "#cf222e"
        out += "<text class=\"caption\" x=\"0\" y=\"-20\" font-size=\"12\" fill=\"#24292f\">\(xml(name)) · \(n(result.pointSize)) pt</text>\n"
        out += "<text class=\"verdict\" x=\"0\" y=\"-6\" font-size=\"11\" fill=\"\(colour)\">\(xml(result.captionVerdict))</text>\n"
        out += "<rect class=\"container\" x=\"0\" y=\"0\" width=\"\(n(container.width))\" height=\"\(n(panel.viewHeight))\" fill=\"#f6f8fa\" stroke=\"#8c959f\" stroke-width=\"1\"/>\n"

        // Shown lines: box, baseline, ink outside the box.
        for (index, (box, y)) in zip(result.lineBoxes, panel.lineTops).enumerated() {
            let left = index < result.lineOffsets.count ? result.lineOffsets[index] : container.insets.left
            let width = index < result.shownLineWidths.count ? result.shownLineWidths[index] : 0
            let baseline = y + box.baseline
            out += "<rect class=\"linebox\" x=\"\(n(left))\" y=\"\(n(y))\" width=\"\(n(max(0.5, width)))\" height=\"\(n(box.height))\" fill=\"none\" stroke=\"#54aeff\" stroke-opacity=\"0.5\" stroke-width=\"0.5\"/>\n"
            out += "<line class=\"baseline\" x1=\"0\" y1=\"\(n(baseline))\" x2=\"\(n(container.width))\" y2=\"\(n(baseline))\" stroke=\"#54aeff\" stroke-opacity=\"0.6\" stroke-width=\"0.5\" stroke-dasharray=\"2 2\"/>\n"
            if box.overflowAbove > 0 {
                out += "<rect class=\"ink-overflow\" x=\"\(n(left))\" y=\"\(n(y - box.overflowAbove))\" width=\"\(n(max(1, width)))\" height=\"\(n(box.overflowAbove))\" fill=\"#cf222e\" fill-opacity=\"0.35\"/>\n"
            }
            if box.overflowBelow > 0 {
                out += "<rect class=\"ink-overflow\" x=\"\(n(left))\" y=\"\(n(y + box.height))\" width=\"\(n(max(1, width)))\" height=\"\(n(box.overflowBelow))\" fill=\"#cf222e\" fill-opacity=\"0.35\"/>\n"
            }
        }
        out += draw(panel.glyphs, className: "glyph", fill: "#1f2328")

        // Text below the container's bottom edge is clipped: shaded.
        if let clipped = result.clippedBy, clipped > 0, let height = container.height {
            out += "<rect class=\"clipped\" x=\"0\" y=\"\(n(height))\" width=\"\(n(container.width))\" height=\"\(n(clipped))\" fill=\"url(#hatch)\" fill-opacity=\"0.9\"/>\n"
        }
        // Lines not shown: drawn faintly below the view, over a hatched band.
        var bottom = max(panel.viewHeight, panel.textBottom)
        if let band = panel.hiddenBand {
            out += "<rect class=\"hidden\" x=\"0\" y=\"\(n(band.top))\" width=\"\(n(container.width))\" height=\"\(n(band.height))\" fill=\"url(#hatch)\"/>\n"
            out += draw(panel.hiddenGlyphs, className: "hidden-glyph", fill: "#8c959f")
            bottom = band.top + band.height
        }
        // Lines past the picture's bounds: counted, said, not drawn.
        if panel.undrawnLines > 0 {
            let lines = panel.undrawnLines == 1 ? "1 more line" : "\(ReportNumber.integer(panel.undrawnLines)) more lines"
            out += "<text class=\"undrawn\" x=\"0\" y=\"\(n(bottom + 16))\" font-size=\"11\" fill=\"#57606a\">… \(lines) "
                + "not drawn (at most \(DrawnPanel.maximumLines) lines per size, "
                + "\(ReportNumber.integer(DrawnPanel.maximumGlyphs)) glyphs per picture)</text>\n"
            bottom += 24
        }
        return (out, bottom)
    }

    /// `<path>` elements for glyphs with outlines (spaces draw nothing).
    static func draw(_ glyphs: [DrawnGlyph], className: String, fill: String) -> String {
        var out = ""
        for glyph in glyphs where !glyph.path.isEmpty {
            out += "<path class=\"\(className)\" fill=\"\(fill)\" transform=\"translate(\(n(glyph.x)) \(n(glyph.y))) scale(\(ReportNumber.sixDecimals(glyph.scale)) \(ReportNumber.sixDecimals(-glyph.scale)))\" d=\"\(glyph.path)\"/>\n"
        }
        return out
    }

    private static func n(_ value: Double) -> String { ReportNumber.text(value) }

    /// Escapes text for XML and HTML (text and attribute values).
    static func xml(_ s: String) -> String { CheckRenderer.xml(s) }
}
