import Foundation
import LayoutSimFaces
import LayoutSimFitting
import LayoutSimModel
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// Fonts read by layoutsim against the same fonts read another way: fontTools (hmtx, hhea) and HarfBuzz's
/// hb-shape tool, recorded in Fixtures/font-widths.json by Scripts/make_width_fixture.py.
struct FontFaceTests {
    struct Fixture: Decodable {
        struct Font: Decodable {
            let unitsPerEm: Int
            let ascender: Int
            let descender: Int
            let lineGap: Int
            let strings: [String: Widths]
        }
        struct Widths: Decodable { let nominalUnits: Int; let shapedUnits: Int }
        let fonts: [String: Font]
    }

    func fixture() throws -> Fixture {
        try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: TestSupport.fixture("font-widths.json")))
    }

    @Test func customFontWidthsAreTheFontsOwnShapedAdvances() throws {
        let engine = try TestSupport.engine()
        for (file, font) in try fixture().fonts {
            for (text, widths) in font.strings {
                let report = try TestSupport.fit(text, font: .file(TestSupport.bundledFont(file), size: 17), engine: engine)
                let width = try #require(report.results.first?.lineWidths.first)
                let expected = Double(widths.shapedUnits) * 17 / Double(font.unitsPerEm)
                #expect(abs(width - expected) < 1e-9, "\(file): \(text)")
            }
        }
    }

    @Test func metricsAreTheHheaTable() throws {
        let engine = try TestSupport.engine()
        for (file, expected) in try fixture().fonts {
            let face = try engine.registry.face(path: TestSupport.bundledFont(file))
            #expect(face.metrics == FontMetrics(unitsPerEm: expected.unitsPerEm, ascender: expected.ascender,
                                                descender: expected.descender, lineGap: expected.lineGap))
            let report = try TestSupport.fit("x", font: .file(TestSupport.bundledFont(file), size: 20), engine: engine)
            let lineHeight = Double(expected.ascender - expected.descender + expected.lineGap) * 20 / Double(expected.unitsPerEm)
            #expect(abs((report.results.first?.lineHeight ?? 0) - lineHeight) < 1e-12)
        }
    }

    @Test func nominalAdvancesMatchHmtx() throws {
        let engine = try TestSupport.engine()
        let face = try engine.registry.face(path: TestSupport.bundledFont("Inter-Regular.otf"))
        let widths = try #require(try fixture().fonts["Inter-Regular.otf"]?.strings["Hello World"])
        let sum = "Hello World".unicodeScalars.reduce(0) { total, scalar in
            total + Int(face.nominalGlyph(for: scalar).map(face.nominalAdvance(ofGlyph:)) ?? 0)
        }
        #expect(sum == widths.nominalUnits)
    }

    @Test func unreadableFontsAreClearErrors() throws {
        let engine = try TestSupport.engine()
        let missing = "/nonexistent/font.ttf"
        #expect(throws: FontError.fileNotFound(path: missing)) { _ = try engine.registry.face(path: missing) }
        // A text file is not a font: FreeType says so, and the message names the file.
        let notAFont = TestSupport.fixture("README.md").path
        do {
            _ = try engine.registry.face(path: notAFont)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains(notAFont))
            #expect(error.description.contains("unknown file format"))
        }
        // A truncated font.
        let truncated = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-truncated-\(UUID().uuidString).ttf")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TestSupport.oneEm)).prefix(300)
        try bytes.write(to: truncated)
        defer { try? FileManager.default.removeItem(at: truncated) }
        #expect(throws: FontError.self) { _ = try engine.registry.face(path: truncated.path) }
        // Cut at half its size: FreeType and HarfBuzz would drop the cut tables silently; layoutsim refuses the file.
        let half = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-half-\(UUID().uuidString).ttf")
        let hebrew = try Data(contentsOf: URL(fileURLWithPath: TestSupport.bundledFont("NotoSansHebrew-Regular.ttf")))
        try hebrew.prefix(hebrew.count / 2).write(to: half)
        defer { try? FileManager.default.removeItem(at: half) }
        do {
            _ = try engine.registry.face(path: half.path)
            Issue.record("expected a truncation error")
        } catch {
            #expect(error.description.contains("truncated"))
            #expect(error.description.contains(half.path))
        }
        #expect(throws: FontError.faceIndexOutOfRange(index: -1, count: 1, path: TestSupport.oneEm)) {
            _ = try engine.registry.face(path: TestSupport.oneEm, index: -1)
        }
        #expect(throws: FontError.faceIndexOutOfRange(index: 3, count: 1, path: TestSupport.oneEm)) {
            _ = try engine.registry.face(path: TestSupport.oneEm, index: 3)
        }
    }

    @Test func controlCharactersAreNeitherMissingNorWide() throws {
        // Inter has no glyph for \n or \t: they draw nothing, so no missing glyph and no width.
        let report = try TestSupport.fit("ab\tc\n", font: .file(TestSupport.bundledFont("Inter-Regular.otf"), size: 10))
        let plain = try TestSupport.fit("abc", font: .file(TestSupport.bundledFont("Inter-Regular.otf"), size: 10))
        #expect(report.missingGlyphs.isEmpty)
        #expect(report.results.first?.lineWidths == plain.results.first?.lineWidths)
    }

    /// The cascades asked for one after another (the last one is compared field by field before the cache is
    /// searched): each choice gets its own, the system font's stand-in at its weight (Inter's bold file for bold) and
    /// a font file first, and asked again, the same cascade.
    @Test func eachFontChoiceGetsItsOwnCascade() throws {
        let engine = try TestSupport.engine()
        func asked(_ font: FontChoice, _ weight: FontWeight) throws -> (CascadeFaces, String) {
            let cascade = try engine.cascade(for: font, weight: weight)
            return (cascade.cascadeFaces, cascade.faces[cascade.systemModelIndex].id.path)
        }
        let (regular, regularPath) = try asked(.textStyle(.body), .regular)
        let (bold, boldPath) = try asked(.textStyle(.body), .bold)
        let (file, _) = try asked(.file(TestSupport.oneEm, size: 10), .regular)
        #expect(regularPath.hasSuffix("Inter-Regular.otf"))
        #expect(boldPath.hasSuffix("Inter-Bold.otf"))
        #expect(try engine.cascade(for: .file(TestSupport.oneEm, size: 10), weight: .regular).faces.first?.id.path
            == TestSupport.oneEm)
        #expect(try asked(.textStyle(.body), .regular).0 === regular)
        #expect(try asked(.textStyle(.body), .regular).0 === regular)
        #expect(try asked(.textStyle(.body), .bold).0 === bold)
        #expect(try asked(.file(TestSupport.oneEm, size: 10), .regular).0 === file)
        #expect(regular !== bold && regular !== file && bold !== file)
    }

    @Test func missingGlyphsAreReported() throws {
        // No bundled font has Egyptian hieroglyphs: the cluster is reported with its code point, never silently
        // measured.
        let report = try TestSupport.fit("a\u{13000}", font: .file(TestSupport.oneEm, size: 10))
        #expect(report.missingGlyphs == [MissingGlyph(offset: 1, codePoints: ["U+13000"])])
        #expect(report.results.first?.verdict == .missingGlyphs(count: 1))
        #expect(report.summary == "cannot be displayed: no font covers U+13000")
    }

    /// Caches key a face by its serial, never by its address: two registries' faces of one file, open at once or one
    /// after the other was freed (when its address may be taken again), are never the same key.
    @Test func everyFaceOpenedHasItsOwnSerial() throws {
        let path = TestSupport.bundledFont("Inter-Regular.otf")
        let fonts = TestSupport.packageRoot.appendingPathComponent("Fonts")
        var serials: [UInt64] = []
        for _ in 0..<3 {
            let registry = try FontRegistry(fontsDirectory: fonts)
            serials.append(try registry.face(path: path).serial)
        }
        let kept = try FontRegistry(fontsDirectory: fonts)
        serials.append(try kept.face(path: path).serial)
        #expect(Set(serials).count == serials.count)
        #expect(try kept.face(path: path).serial == serials.last)   // the registry's own face, opened once
    }
}
