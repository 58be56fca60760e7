import Foundation
import LayoutSimBreaking
import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimFaces
import LayoutSimFitting
import LayoutSimModel
import LayoutSimReports
import LayoutSimTestSupport
import Testing

/// SVG pictures and the HTML report: the shapes they must contain, checked on the OneEm font where every glyph is a
/// box from (100, 0) to (900, 700) in 1000 units (so at 10 pt a glyph is drawn 1 pt in from its pen position).
struct RenderTests {
    func svg(_ text: String, width: Double, lines: Int = 1, label: LabelBehavior = LabelBehavior(),
             lineHeight: LineHeightPolicy = .default, font: String = TestSupport.oneEm, size: Double = 10) throws -> String {
        let engine = try TestSupport.engine()
        return SVGRenderer.render(try engine.draw(FitRequest(
            text: text, font: .file(font, size: size), container: Container(width: width, lineLimit: lines),
            lineHeight: lineHeight, label: label
        )).drawing)
    }

    /// Occurrences of `needle` in `haystack`.
    func count(_ needle: String, in haystack: String) -> Int { haystack.components(separatedBy: needle).count - 1 }

    /// Pen positions of the drawn glyphs, from their transforms.
    func penPositions(_ svg: String, className: String) -> [Double] {
        svg.components(separatedBy: "<path class=\"\(className)\"").dropFirst().compactMap { chunk in
            guard let start = chunk.range(of: "translate(")?.upperBound,
                  let end = chunk[start...].firstIndex(of: " ") else { return nil }
            return Double(chunk[start..<end])
        }
    }

    @Test func drawsEveryGlyphAsItsOutlineAtItsAdvance() throws {
        let drawn = try svg("AB C", width: 100)
        // Three outlines (the space has none), pens at 0, 10, 30 pt: the glyphs' own advances at 10 pt.
        #expect(penPositions(drawn, className: "glyph") == [0, 10, 30])
        // FreeType's outline of the box glyph, in font units.
        #expect(drawn.contains("d=\"M100 0L100 700L900 700L900 0L100 0Z\"") || drawn.contains("d=\"M100 0L900 0L900 700L100 700L100 0Z\""))
        #expect(drawn.contains("scale(0.01 -0.01)"))
        #expect(count("class=\"container\"", in: drawn) == 1)
        #expect(count("class=\"baseline\"", in: drawn) == 1)
        #expect(drawn.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    }

    @Test func drawsTheEllipsisAndShadesHiddenText() throws {
        // "Hello world" in 60 pt, one line: "Hello…" (the ellipsis at 50 pt), "world" hidden below.
        let drawn = try svg("Hello world", width: 60)
        #expect(penPositions(drawn, className: "glyph") == [0, 10, 20, 30, 40, 50])
        #expect(penPositions(drawn, className: "hidden-glyph") == [0, 10, 20, 30, 40])
        #expect(count("class=\"hidden\"", in: drawn) == 1)
        #expect(drawn.contains("truncated: 6 characters, 1 line hidden"))
    }

    @Test func marksInkOutsideItsLineBox() throws {
        // ปั้น in a fixed 20 pt line: its tone marks rise 8.38 pt above the box (see TallScriptTests).
        let drawn = try svg("ปั้น", width: 200, lineHeight: .fixed(points: 20),
                            font: TestSupport.bundledFont("NotoSansThai-Regular.ttf"), size: 20)
        #expect(drawn.contains("class=\"ink-overflow\" x=\"0\" y=\"-8.38\""))
        #expect(count("class=\"ink-overflow\"", in: drawn) == 1)
    }

    @Test func rightToLeftRunsAreDrawnInVisualOrder() throws {
        // Hebrew: the first letter in logical order (ש) is drawn rightmost.
        let engine = try TestSupport.engine()
        let font = TestSupport.bundledFont("NotoSansHebrew-Regular.ttf")
        let drawn = SVGRenderer.render(try engine.draw(FitRequest(text: "שלום", font: .file(font, size: 20), container: Container(width: 200, lineLimit: 1))).drawing)
        let pens = penPositions(drawn, className: "glyph")
        #expect(pens.count == 4)
        #expect(pens == pens.sorted())   // emitted left to right…
        let face = try engine.registry.face(path: font)
        let shin = try #require(face.nominalGlyph(for: "ש"))
        let last = try #require(drawn.components(separatedBy: "<path class=\"glyph\"").last)
        #expect(last.contains("d=\"" + face.outlinePath(ofGlyph: shin) + "\""))   // …and the last one is ש
    }

    @Test func htmlEscapesCatalogTextAndIsSelfContained() throws {
        var options = CheckOptions(catalogs: [TestSupport.fixture("Check/escape.xcstrings").path], spec: TestSupport.fixture("Check/narrow.json").path)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        options.drawsFailures = true
        let report = try CheckRunner.run(options)
        let html = HTMLReport.render(report)
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("<script>alert"))
        #expect(count("<script>", in: html) == 1)                 // only the sorting script
        #expect(count("<svg", in: html) == count("</svg>", in: html))  // "</svg>" in the text is escaped
        #expect(count("<svg", in: html) == 1)
        #expect(!html.contains("src="))            // nothing loaded from anywhere
        #expect(!html.contains("href=\"http"))
        #expect(!html.contains("<link"))
        #expect(html.contains("<table class=\"grid\""))
    }

    /// A frame sized with @ScaledMetric is drawn at its size at each category (every panel was drawn 120 pt wide, the
    /// Large width): `UIFontMetrics(forTextStyle: .headline).scaledValue(for: 120)` per category, the model of Apple's
    /// leading table.
    @Test func aScaledFrameIsDrawnAtItsSizeThere() throws {
        var element = ElementSpec()
        element.style = .headline
        element.scaledWidth = 120
        element.lines = 1
        let request = try element.request(text: "Continue", language: nil)
        let drawing = try TestSupport.engine().draw(request).drawing
        let metrics = try FontMetricsScaler(relativeTo: .headline)
        #expect(drawing.panels.count == 12)
        for panel in drawing.panels {
            let category = try #require(panel.result.category)
            #expect(panel.container.width == metrics.scaledValue(120, at: category), "\(category)")
        }
        let svg = SVGRenderer.render(drawing)
        #expect(svg.contains("class=\"container\" x=\"0\" y=\"0\" width=\"\(ReportNumber.text(metrics.scaledValue(120, at: .accessibility5)))\""))
    }

    /// Past the failures given a section (400), grid cells are not links: every link leads to a section.
    @Test func everyGridLinkLeadsToASection() throws {
        var options = CheckOptions(catalogs: [TestSupport.fixture("Check/escape.xcstrings").path], spec: TestSupport.fixture("Check/narrow.json").path)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        var report = try CheckRunner.run(options)
        let failing = try #require(report.results.first { !$0.passed })
        report.results = (0..<(HTMLReport.maximumSections + 5)).map { index in
            var copy = failing
            copy.key = "k\(index)"
            return copy
        }
        let html = HTMLReport.render(report)
        let links = Set(html.components(separatedBy: "href=\"#").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
        let sections = Set(html.components(separatedBy: "<section class=\"failure\" id=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
        #expect(links.count == HTMLReport.maximumSections)
        #expect(links == sections)
    }
}
