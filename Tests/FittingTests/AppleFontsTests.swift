import Foundation
import LayoutSim
import LayoutSimTestSupport
import Testing

/// `--apple-fonts`: the system font and its cascade from a folder of Apple's fonts. The folder is
/// Tests/Fixtures/AppleFonts (Scripts/make_apple_test_fonts.py); every expected width is computed by hand from the
/// design in that script's header: the system font's advance is 500 + 0.8 × (wght − 400) − 5 × (opsz − 10) units of
/// 1000, A V kerns −100 at opsz 10 and −40 at opsz 30, `trak` is +50 / 0 / −30 units at 10 / 20 / 30 pt.
struct AppleFontsTests {
    static let folder = TestSupport.fixture("AppleFonts").path

    func engine() throws -> LayoutEngine {
        try LayoutEngine(
            fontsDirectory: TestSupport.packageRoot.appendingPathComponent("Fonts"),
            appleFonts: AppleFontIndex(directory: Self.folder)
        )
    }

    func width(_ text: String, size: Double, weight: FontWeight = .regular, language: String? = nil,
               engine: LayoutEngine? = nil) throws -> (width: Double, report: FitReport) {
        let report = try (engine ?? self.engine()).fit(FitRequest(
            text: text, font: .system(size: size, weight: weight), container: Container(width: 10_000, lineLimit: 0),
            language: language
        ))
        let result = try #require(report.results.first)
        return (result.lineWidths[0], report)
    }

    /// The index reads name tables, not file names (the files are Core-A…D): collections give one entry per face.
    @Test func indexReadsNameTables() throws {
        let index = try AppleFontIndex(directory: Self.folder)
        #expect(index.entries.map(\.postScriptName) == [
            ".SFUI-Regular", "Thonburi", "Thonburi-Bold", "PingFangSC-Regular", "PingFangTC-Regular",
            "PingFangHK-Regular", "HiraginoSans-W3",
        ])
        #expect(index.entries.map(\.index) == [0, 0, 1, 0, 1, 2, 0])
        #expect(index.entries[0].family == ".SF UI")
        #expect(index.entries[0].axisTags == ["wght", "opsz"])
        #expect(index.entries[2].style == "Bold")
        #expect(throws: FontError.self) { try AppleFontIndex(directory: TestSupport.fixture("Catalogs").path) }
        #expect(throws: FontError.self) { try AppleFontIndex(directory: TestSupport.oneEm) }
    }

    /// Files that are not fonts, special files and links to folders (a loop here) are skipped, named in the reports'
    /// warnings; the fonts beside them are still used.
    @Test func unreadableFilesAreSkippedAndNamed() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: Self.folder + "/Core-A.ttf", toPath: dir.path + "/SF.ttf")
        try Data("not a font at all".utf8).write(to: dir.appendingPathComponent("Broken.ttf"))
        #expect(mkfifo(dir.path + "/Pipe.ttf", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/Loop", withDestinationPath: dir.path)
        let index = try AppleFontIndex(directory: dir.path)
        #expect(index.entries.map(\.postScriptName) == [".SFUI-Regular"])
        #expect(index.skipped == [dir.path + "/Broken.ttf: not a font", dir.path + "/Pipe.ttf: not a regular file"])
        let engine = try LayoutEngine(fontsDirectory: TestSupport.packageRoot.appendingPathComponent("Fonts"), appleFonts: index)
        let (width, report) = try width("AVai", size: 10, engine: engine)
        #expect(abs(width - 21) < 1e-9)
        #expect(report.warnings.contains(dir.path + ": skipped " + dir.path + "/Broken.ttf: not a font"))
    }

    /// `trak`: linear between the listed sizes, the end values outside them.
    @Test func trackingTable() throws {
        let registry = try FontRegistry(fontsDirectory: TestSupport.packageRoot.appendingPathComponent("Fonts"))
        let table = try #require(try registry.face(path: Self.folder + "/Core-A.ttf").tracking)
        #expect(table.units(atSize: 10) == 50)
        #expect(table.units(atSize: 15) == 25)
        #expect(table.units(atSize: 25) == -15)
        #expect(table.units(atSize: 6) == 50)
        #expect(table.units(atSize: 44) == -30)
        #expect(try registry.face(path: TestSupport.oneEm).tracking == nil)
    }

    /// "AVai" in the system font: 4 advances, the A V kerning and 4 × the tracking, all at the size.
    @Test func systemFontAxesAndTracking() throws {
        let engine = try engine()
        // 10 pt: opsz 10 → 4 × 500 − 100 + 4 × 50 = 2100 units → 21 pt.
        #expect(abs(try width("AVai", size: 10, engine: engine).width - 21) < 1e-9)
        // 20 pt: opsz 20 → 4 × 450 − 70 + 0 = 1730 units → 34.6 pt.
        #expect(abs(try width("AVai", size: 20, engine: engine).width - 34.6) < 1e-9)
        // 30 pt: 4 × 400 − 40 − 4 × 30 = 1440 units → 43.2 pt; beyond the axis (40 pt) it stays at opsz 30.
        #expect(abs(try width("AVai", size: 30, engine: engine).width - 43.2) < 1e-9)
        #expect(abs(try width("AVai", size: 40, engine: engine).width - 1440 * 0.04) < 1e-9)
        // 12.5 pt, between two samples: 4 × 487.5 − 92.5 + 4 × 37.5 = 2007.5 units → 25.09375 pt.
        #expect(abs(try width("AVai", size: 12.5, engine: engine).width - 25.09375) < 1e-9)
        // Bold at 15 pt: wght 700 → 740 − 25 = 715; kerning −85; tracking 25: 2875 units → 43.125 pt.
        #expect(abs(try width("AVai", size: 15, weight: .bold, engine: engine).width - 43.125) < 1e-9)
        // Semibold is the font's own named instance, wght 590 (not CSS 600): 652 × 4 − 100 + 200 = 2708 → 27.08 pt.
        #expect(abs(try width("AVai", size: 10, weight: .semibold, engine: engine).width - 27.08) < 1e-9)
    }

    /// The truncation ellipsis is measured at the size's optical size too: at 20 pt (opsz 20, tracking 0) "AVai" is
    /// 4 × 450 − 70 = 1730 units and the ellipsis 450, so "AVai…" is 2180 units = 43.6 pt (at the font's default
    /// opsz 10 the ellipsis alone would be 10 pt, the line 44.6).
    @Test func ellipsisAtTheOpticalSize() throws {
        let report = try engine().fit(FitRequest(
            text: "AVai AVai AVai", font: .system(size: 20), container: Container(width: 60, lineLimit: 1)
        ))
        let result = try #require(report.results.first)
        #expect(result.visibleText == "AVai…")
        #expect(abs(result.shownLineWidths[0] - 43.6) < 1e-9)
    }

    /// Pictures draw the outlines of the instance shaped with: the test font's "A" box spans x 50…450 at wght 400
    /// and 50…850 at 900, so 50…690 at Bold (wght 700).
    @Test func picturesDrawTheWeightShaped() throws {
        let engine = try engine()
        for (weight, right) in [(FontWeight.regular, 450), (.bold, 690)] {
            let request = FitRequest(text: "A", font: .system(size: 10, weight: weight), container: Container(width: 100))
            let svg = SVGRenderer.render(try engine.draw(request).drawing)
            #expect(svg.contains("M50 0L50 700L\(right) 700L\(right) 0L50 0Z"), "\(weight)")
        }
    }

    /// Shrinking lays out below the plan's sizes, so those optical sizes are shaped too. "AVai" between 10 and 20 pt
    /// is (2100 − 37 (s − 10)) × s / 1000 pt wide (advances, kerning and tracking all linear there); it fits 30 pt
    /// at s = (2470 − √1660900) / 74 = 15.9627 pt, a scale of 0.79813, which the 1/1000 search floors to 0.798.
    @Test func shrinkingUsesTheOpticalSizeOfTheShrunkSize() throws {
        var request = FitRequest(text: "AVai", font: .system(size: 20), container: Container(width: 30, lineLimit: 1))
        request.label.minimumScaleFactor = 0.5
        let result = try #require(try engine().fit(request).results.first)
        #expect(abs(result.scaleFactor - 0.798) < 1e-9)
        let size = 20 * 0.798
        #expect(abs(result.lineWidths[0] - (2100 - 37 * (size - 10)) * size / 1000) < 1e-9)
    }

    /// Only the samples around the sizes laid out are shaped.
    @Test func samplesCoverTheSizes() {
        let axis = FontAxis(tag: "opsz", minimum: 10, defaultValue: 10, maximum: 30)
        #expect(OpticalSizeAdvances.samples(for: axis) == (10...30).map(Double.init))
        #expect(OpticalSizeAdvances.samples(for: axis, covering: 12.5...12.5) == [12, 13])
        #expect(OpticalSizeAdvances.samples(for: axis, covering: 15...20) == (14...21).map(Double.init))
        #expect(OpticalSizeAdvances.samples(for: axis, covering: 40...60) == [30])
        #expect(OpticalSizeAdvances.samples(for: axis, covering: 5...11) == [10, 11, 12])
        let wide = FontAxis(tag: "opsz", minimum: 6, defaultValue: 17, maximum: 1006)
        #expect(OpticalSizeAdvances.samples(for: wide).count == OpticalSizeAdvances.maximumSamples)
    }

    /// SF's own line height (hhea 900 + 300 of 1000), not the stand-in's 1.193359375 em.
    @Test func systemFontLineHeight() throws {
        let (_, report) = try width("Aa", size: 20)
        let result = try #require(report.results.first)
        #expect(abs(result.lineHeight - 24) < 1e-9)
        #expect(abs(result.lineBoxes[0].height - 24) < 1e-9)
    }

    /// The CJK font follows the language (Core Text's cascade with the language's font first); Thai takes Thonburi
    /// (its Bold face in the collection for bold), uncalibrated (Noto Sans Thai × 1.07 would be something else).
    @Test func cascadeFollowsScriptAndLanguage() throws {
        let engine = try engine()
        #expect(abs(try width("中", size: 10, language: "ja", engine: engine).width - 9) < 1e-9)
        #expect(abs(try width("中", size: 10, language: "zh-Hans", engine: engine).width - 10) < 1e-9)
        #expect(abs(try width("中", size: 10, language: nil, engine: engine).width - 10) < 1e-9)
        #expect(abs(try width("中", size: 10, language: "zh-Hant", engine: engine).width - 10.5) < 1e-9)
        #expect(abs(try width("中", size: 10, language: "zh-HK", engine: engine).width - 11) < 1e-9)
        // Thonburi's trak (+100 units) has no STAT beside it, so it is not applied: 2 × 600 units, not 2 × 700.
        #expect(abs(try width("กข", size: 10, language: "th", engine: engine).width - 12) < 1e-9)
        #expect(abs(try width("กข", size: 10, weight: .bold, language: "th", engine: engine).width - 13) < 1e-9)
        // Hangul: no Apple SD Gothic Neo in the folder, so Noto Sans CJK stands in (920/1000 em), and the report says so.
        let (hangul, report) = try width("한", size: 10, language: "ko", engine: engine)
        #expect(abs(hangul - 9.2) < 1e-9)
        #expect(report.warnings.contains { $0.contains("has no Hiragino Sans, PingFang SC/TC/HK or Apple SD Gothic Neo") })
    }

    /// Reports name Apple's files with their SHA-256 and say where the system font came from; without Apple's fonts
    /// nothing changes.
    @Test func reportsSayWhichFonts() throws {
        let (_, report) = try width("Aa 中", size: 17, language: "ja")
        #expect(report.systemFontSource == "apple-fonts " + Self.folder)
        let names = report.fontFiles.map(\.name)
        #expect(names == [Self.folder + "/Core-A.ttf", Self.folder + "/Core-D.ttf"])
        #expect((try report.fontFiles[0].sha256) == (try TestSupport.sha256sum(Self.folder + "/Core-A.ttf")))
        #expect(report.warnings.isEmpty)
        let json = String(decoding: try report.jsonData(), as: UTF8.self)
        #expect(json.contains("\"systemFontSource\" : \"apple-fonts " + Self.folder + "\""))

        let standIns = try TestSupport.fit("Aa", font: .system(size: 17))
        #expect(standIns.systemFontSource == nil)
        #expect(!String(decoding: try standIns.jsonData(), as: UTF8.self).contains("systemFontSource"))
    }
}

/// `layoutsim doctor`'s comparison with iOS's measurements.
struct FontAgreementTests {
    /// The stand-ins take SF's measured advances, so every character agrees exactly and the line height is SF's; the
    /// strings carry the kerning model's error (held-out worst 0.19 %, SFKerningModel).
    @Test func standInsAgreeOnCharacters() throws {
        let fixture = try JSONSerialization.jsonObject(with: Data(contentsOf: TestSupport.fixture("sf-metrics-ios26.json")))
        let fonts = try #require((fixture as? [String: Any])?["fonts"] as? [[String: Any]])
        let agreement = try TestSupport.engine().fontAgreement()
        #expect(agreement.systemFontSource == "stand-ins")
        #expect(agreement.characters.count == fonts.count * 95)
        #expect(agreement.strings.count == fonts.count * 6)
        #expect(agreement.characters.worstPercent < 1e-9)
        #expect(agreement.lineHeights.worstPercent < 1e-9)
        #expect(agreement.strings.worstPercent < 0.2)
        #expect(agreement.files.map(\.name) == ["Fonts/Inter-Regular.otf", "Fonts/Inter-Medium.otf", "Fonts/Inter-SemiBold.otf", "Fonts/Inter-Bold.otf"])
    }

    /// With the test system font, the line height is its own 1.2 em against iOS's 1.193359375 em: 0.5565 % everywhere.
    @Test func appleFontsLineHeight() throws {
        let agreement = try AppleFontsTests().engine().fontAgreement()
        #expect(agreement.files.map(\.name) == Array(repeating: AppleFontsTests.folder + "/Core-A.ttf", count: 4))
        let expected = (1.2 / 1.193359375 - 1) * 100
        #expect(abs(agreement.lineHeights.worstPercent - expected) < 1e-6)
        #expect(abs(agreement.lineHeights.meanPercent - expected) < 1e-6)
    }
}
