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
