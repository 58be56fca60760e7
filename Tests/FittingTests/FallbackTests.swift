import Foundation
import LayoutSimBreaking
import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// The fallback cascade and itemization.
struct FallbackTests {
    /// The space between two Thai words takes the first font of the cascade that covers it, SF (as Core Text does),
    /// not the Thai font around it: the line is hb-shape's widths of the two words in Noto Sans Thai (2252 and 1706
    /// units, uharfbuzz on `Fonts/NotoSansThai-Regular.ttf`) calibrated to Thonburi (× 1.07), plus SF's space at
    /// 20 pt as iOS 26.1 measures it (4.8157501220703125, `sf-metrics-ios26.json`).
    @Test func spacesTakeTheFirstFontThatCoversThem() throws {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: "สวัสดี ครับ", font: .system(size: 20), container: Container(width: 1000, lineLimit: 0), language: "th"
        ))
        let width = try #require(report.results.first?.lineWidths.first)
        #expect(abs(width - ((2252 + 1706) * 20 / 1000.0 * 1.07 + 4.8157501220703125)) < 1e-9)
        #expect(report.fontFiles.map(\.name) == ["Fonts/Inter-Regular.otf", "Fonts/NotoSansThai-Regular.ttf"])

        var uncalibrated = FitRequest(
            text: "สวัสดี ครับ", font: .system(size: 20), container: Container(width: 1000, lineLimit: 0), language: "th"
        )
        uncalibrated.calibratesStandIns = false
        let plain = try #require(try engine.fit(uncalibrated).results.first?.lineWidths.first)
        #expect(abs(plain - ((2252 + 1706) * 20 / 1000.0 + 4.8157501220703125)) < 1e-9)
    }

    /// A new fonts folder: every file of `Fonts/` linked, but `file`, which is cut to its first 1,000 bytes.
    static func fontsFolder(cutting file: String) throws -> URL {
        let fonts = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let dir = try TestSupport.temporaryDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: fonts.path) where name != file {
            try FileManager.default.createSymbolicLink(
                at: dir.appendingPathComponent(name), withDestinationURL: fonts.appendingPathComponent(name)
            )
        }
        try Data(contentsOf: fonts.appendingPathComponent(file)).prefix(1000).write(to: dir.appendingPathComponent(file))
        return dir
    }

    /// The system cascade's stand-ins after Inter are opened when a text first needs one, so a broken one fails only
    /// the texts that need it, with the file and what is wrong, and every time (it is not tried again): a fonts folder
    /// whose Thai stand-in is cut to its first 1,000 bytes (the other files linked from `Fonts/`) lays "Hallo" out as
    /// the whole folder does, and refuses "สวัสดี" before and after it. A Georgian text looks at the Thai face on its
    /// way to its own (the cascade is in order), so it is refused too, and so is a text of emoji: it goes to the emoji
    /// face first, but keeps the faces before it (the per-size stages read each one's metrics).
    @Test func aBrokenStandInFailsOnlyTheTextsThatNeedIt() throws {
        let dir = try Self.fontsFolder(cutting: "NotoSansThai-Regular.ttf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = try LayoutEngine(fontsDirectory: dir)
        let whole = try TestSupport.engine()
        func request(_ text: String, _ language: String) -> FitRequest {
            FitRequest(text: text, font: .system(size: 17), container: Container(width: 100, lineLimit: 0), language: language)
        }
        func refusal(_ text: String, _ language: String) -> String? {
            do {
                _ = try broken.fit(request(text, language))
                return nil
            } catch {
                return error.description
            }
        }
        let thaiPath = dir.appendingPathComponent("NotoSansThai-Regular.ttf").path
        #expect(refusal("สวัสดี", "th")?.hasPrefix(thaiPath + ": not a usable font") == true)
        let ours = try broken.fit(request("Hallo", "de")).results.map(\.lineWidths)
        let theirs = try whole.fit(request("Hallo", "de")).results.map(\.lineWidths)
        #expect(ours == theirs)
        #expect(!ours.isEmpty)
        #expect(refusal("ფაილი", "ka")?.hasPrefix(thaiPath + ": not a usable font") == true)
        #expect(refusal("👍🏽", "en")?.hasPrefix(thaiPath + ": not a usable font") == true)
        #expect(refusal("สวัสดี", "th")?.hasPrefix(thaiPath + ": not a usable font") == true)
    }

    /// The system-font model opens the Inter face of a weight when a text is first laid out at it: a fonts folder whose
    /// Inter Bold is cut to its first 1,000 bytes (the other files linked from `Fonts/`) lays a regular text out as the
    /// whole folder does, and refuses a bold one, naming the file, rather than scaling its letters by a ratio of 1.
    @Test func theSystemFontModelOpensEachWeightWhenFirstNeeded() throws {
        let dir = try Self.fontsFolder(cutting: "Inter-Bold.otf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let broken = try LayoutEngine(fontsDirectory: dir)
        func request(_ weight: FontWeight) -> FitRequest {
            FitRequest(text: "Grüße, naïve café", font: .system(size: 17, weight: weight), container: Container(width: 100, lineLimit: 0))
        }
        let ours = try broken.fit(request(.regular)).results.map(\.lineWidths)
        #expect(ours == (try TestSupport.engine().fit(request(.regular)).results.map(\.lineWidths)))
        #expect(!ours.isEmpty)
        let boldPath = dir.appendingPathComponent("Inter-Bold.otf").path
        #expect(throws: LayoutSimError.self) { try broken.fit(request(.bold)) }
        do {
            _ = try broken.fit(request(.bold))
        } catch {
            #expect(error.description.hasPrefix(boldPath + ": "), "\(error.description)")
        }
    }

    /// Scripts iOS draws with fonts of their own beyond Thai, Arabic, Devanagari, Hebrew and CJK (SF Georgian, Kohinoor
    /// Bangla, Tamil Sangam MN, Myanmar Sangam MN, …) are measured in their Noto stand-ins, uncalibrated, not reported
    /// as missing glyphs. The widths are uharfbuzz 0.57's shaped advances (hb.shape, language set) of each text in the
    /// file, in units of 1000 per em, at 20 pt: Georgian 3625 (hmtx 3645, GPOS kerning −20), Bengali 2365, Tamil
    /// 3741, Myanmar 2606.
    @Test(arguments: [
        ("ფაილი", "ka", "NotoSansGeorgian-Regular.ttf", 3625), ("ফাইল", "bn", "NotoSansBengali-Regular.ttf", 2365),
        ("கோப்பு", "ta", "NotoSansTamil-Regular.ttf", 3741), ("မြန်မာ", "my", "NotoSansMyanmar-Regular.ttf", 2606),
    ])
    func otherScriptsTakeTheirNotoStandIns(text: String, language: String, file: String, units: Int) throws {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: text, font: .system(size: 20), container: Container(width: 1000, lineLimit: 0), language: language
        ))
        #expect(report.missingGlyphs.isEmpty)
        #expect(report.fontFiles.map(\.name) == ["Fonts/Inter-Regular.otf", "Fonts/" + file])
        let width = try #require(report.results.first?.lineWidths.first)
        #expect(abs(width - Double(units) * 20 / 1000) < 1e-9)
    }

    /// Symbols: the JIS and GB symbols iOS's CJK fonts draw (◎ ♪) come from the CJK symbols stand-in; symbols no font
    /// before has (✕, ≓) from Noto Sans Symbols2 and Math, last in the cascade; none is a missing glyph. uharfbuzz
    /// 0.57's shaped advances at 1000 units per em: ◎♪ 2000, ✕ 864, ≓ 572; at 20 pt, Japanese (× 1.00): 40, 17.28,
    /// 11.44.
    @Test(arguments: [
        ("◎♪", "NotoSansCJKSymbols-Regular.otf", 2000), ("✕", "NotoSansSymbols2-Regular.ttf", 864),
        ("≓", "NotoSansMath-Regular.ttf", 572),
    ])
    func symbolsTakeTheSymbolStandIns(text: String, file: String, units: Int) throws {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: text, font: .system(size: 20), container: Container(width: 1000, lineLimit: 0), language: "ja"
        ))
        #expect(report.missingGlyphs.isEmpty)
        #expect(report.fontFiles.map(\.name) == ["Fonts/Inter-Regular.otf", "Fonts/" + file])
        let width = try #require(report.results.first?.lineWidths.first)
        #expect(abs(width - Double(units) * 20 / 1000) < 1e-9)
    }

    /// A bold system font falls back to the bold Noto faces.
    @Test func boldTakesBoldFallbacks() throws {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: "Hi ฟ้า", font: .system(size: 20, weight: .bold), container: Container(width: 1000, lineLimit: 0)
        ))
        #expect(report.fontFiles.map(\.name) == ["Fonts/Inter-Bold.otf", "Fonts/NotoSansThai-Bold.ttf"])
    }

    /// `--font` several times: the first file is primary, the next ones are tried in order before the system
    /// cascade. OneEm has no Hebrew; the Hebrew fallback given by the user wins over the system cascade's.
    @Test func userFallbacksComeBeforeTheSystemCascade() throws {
        let engine = try TestSupport.engine()
        var font = FontChoice.file(TestSupport.oneEm, size: 10)
        font.fallbackFiles = [FontFile(path: TestSupport.bundledFont("NotoSansHebrew-Bold.ttf"))]
        let report = try engine.fit(FitRequest(text: "ab שלום", font: font, container: Container(width: 1000, lineLimit: 0)))
        #expect(report.fontFiles.map(\.name) == [TestSupport.oneEm, "Fonts/NotoSansHebrew-Bold.ttf"])
        #expect(report.missingGlyphs.isEmpty)
    }

    /// A kasra (U+0650) typed on "(" (a real translation: apt's Arabic "(ِContent-Length)"): no font has both, so each
    /// is drawn from the first font that has it, as Core Text falls back per character, not reported missing. OneEm's
    /// "(" is 1 em (1000 units, 10 pt at 10 pt); Noto Sans Arabic's kasra is a mark (GDEF class 3) of advance 0
    /// (fontTools: hmtx uni0650 = 0): "a(ِb" is 3 em, 30 pt. The split is said in a warning.
    @Test func aMarkOnABaseFromAnotherFontIsDrawnNotMissing() throws {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: "a(\u{0650}b", font: .file(TestSupport.oneEm, size: 10), container: Container(width: 1000, lineLimit: 0)
        ))
        #expect(report.missingGlyphs.isEmpty)
        #expect(report.fontFiles.map(\.name) == [TestSupport.oneEm, "Fonts/NotoSansArabic-Regular.ttf"])
        #expect(report.results.first?.lineWidths == [30])
        #expect(report.warnings.contains { $0.hasPrefix("U+0028 U+0650 at 1: no font here has every code point") })
    }

    /// A C0 control (U+0004, left in GTK's context keys "GDateTime\u{4}AM") draws nothing on iOS: OneEm has no glyph
    /// for it, and the .notdef HarfBuzz gives (a box (100, 0)–(900, 700), 1 em: Tests/Fixtures/README.md) is neither
    /// width nor ink. Alone on its line it leaves the line with no ink; between two letters, the line is 2 em.
    @Test func aControlCharacterHasNoInk() throws {
        let engine = try TestSupport.engine()
        func fit(_ text: String) throws -> CategoryResult {
            try #require(try engine.fit(FitRequest(
                text: text, font: .file(TestSupport.oneEm, size: 10), container: Container(width: 1000, lineLimit: 0)
            )).results.first)
        }
        let alone = try fit("\u{0004}")
        #expect(alone.lineBoxes.first?.inkTop == nil)
        #expect(alone.lineWidths == [0])
        let between = try fit("A\u{0004}M")
        #expect(between.lineWidths == [20])
        #expect(between.verdict == .fits)
    }

    /// A no-break space is as wide as a space in the system font (SF's measured space): fonts give the two one advance
    /// (fontTools: Inter's hmtx, space and uni00A0 both 792 units), and SF's space is measured where U+00A0 is not.
    @Test func aNoBreakSpaceIsASpaceWide() throws {
        let engine = try TestSupport.engine()
        func width(_ text: String) throws -> Double {
            try #require(try engine.fit(FitRequest(
                text: text, font: .system(size: 53), container: Container(width: 1000, lineLimit: 0)
            )).results.first?.lineWidths.first)
        }
        #expect(try width("x\u{00A0}x") == width("x x"))
    }

    /// A tab is not laid out at a tab stop (not modelled): it is measured as no width and said in a warning, since on
    /// an iPhone the text after it starts at the next stop (every 28 pt). "A\tM" in OneEm at 10 pt: 20 pt.
    @Test func aTabIsSaidNotModelled() throws {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: "A\tM", font: .file(TestSupport.oneEm, size: 10), container: Container(width: 1000, lineLimit: 0)
        ))
        #expect(report.results.first?.lineWidths == [20])
        #expect(report.warnings.contains { $0.hasPrefix("a tab (U+0009) at 1: tab stops are not modelled") })
    }

    /// U+FE0E asks for a text-style glyph. The bundled fonts' own cmaps (fontTools): only the emoji stand-in has U+2139
    /// ℹ, so "ℹ︎" is measured with it and said; Inter has U+2764 ❤, so "❤︎" takes Inter's glyph and nothing is said.
    @Test func aTextStyleSelectorOnlyTheEmojiStandInHasIsSaid() throws {
        let engine = try TestSupport.engine()
        func warnings(_ text: String) throws -> [String] {
            try engine.fit(FitRequest(text: text, font: .system(size: 17), container: Container(width: 1000, lineLimit: 0))).warnings
        }
        #expect(try warnings("\u{2139}\u{FE0E} Info").contains { $0.hasPrefix("U+2139 U+FE0E asks for a text-style glyph") })
        #expect(try !warnings("\u{2764}\u{FE0E} Love").contains { $0.contains("U+FE0E") })
        #expect(try !warnings("\u{2139} Info").contains { $0.contains("U+FE0E") })
    }

    /// `--system-fonts` asks fontconfig; the oracle is fontconfig's own `fc-list` for the Runic letter fehu
    /// (U+16A0), which no bundled font has. Without the option it is missing; with it, it is covered exactly when
    /// fc-list lists a font for it on this machine.
    @Test func systemFontsAreALastResort() throws {
        let engine = try TestSupport.engine()
        let request = FitRequest(text: "a\u{16A0}", font: .system(size: 17), container: Container(width: 1000, lineLimit: 0))
        #expect(try engine.fit(request).missingGlyphs.map(\.codePoints) == [["U+16A0"]])

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fc-list", ":charset=16a0", "file"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        let listed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let available = process.terminationStatus == 0 && listed.contains("/")

        var withSystemFonts = request
        withSystemFonts.usesSystemFonts = true
        let report = try engine.fit(withSystemFonts)
        #expect(report.missingGlyphs.isEmpty == available)
        if available, let extra = report.fontFiles.last?.name {
            #expect(listed.contains(extra))
        }
    }
}
