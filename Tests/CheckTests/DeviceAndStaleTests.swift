import Foundation
import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Device variants laid out at their device's width from the spec's `devices`, and stale keys skipped. On OneEm at
/// 10 pt every character is 10 pt wide, so a string of n characters needs n × 10 pt (hand arithmetic).
struct DeviceAndStaleTests {
    func run() throws -> CheckReport {
        var options = CheckOptions(
            catalogs: [TestSupport.fixture("Check/devices.xcstrings").path], spec: TestSupport.fixture("Check/devices.yaml").path
        )
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        return try CheckRunner.run(options)
    }

    func result(_ report: CheckReport, _ variant: String) throws -> CheckResult {
        try #require(report.results.first { $0.key == "banner" && $0.variant == [variant] })
    }

    @Test func deviceVariantsTakeTheirDevicesWidth() throws {
        let report = try run()
        // iPhone: "AB CD" = 50 pt in the element's 50 pt: fits.
        #expect(try result(report, "device:iphone").passed)
        // iPad: "AB CD EF GH" = 110 pt in `devices: {ipad: {width: 110}}`: fits (at 50 pt it would not).
        #expect(try result(report, "device:ipad").passed)
        // Mac: no `devices` entry: the element's 50 pt; "AB CD EF GH IJ" = 140 pt is truncated, and a warning says
        // which geometry was used.
        let mac = try result(report, "device:mac")
        #expect(!mac.passed)
        #expect(mac.failure?.verdict == .truncated)
        let warnings = report.diagnostics.filter { $0.severity == .warning && $0.message.contains("[device:mac]") }
        #expect(warnings.count == 1)
        #expect(!report.diagnostics.contains { $0.message.contains("[device:ipad]") || $0.message.contains("[device:iphone]") })
    }

    @Test func staleKeysAreSkippedAndListed() throws {
        let report = try run()
        #expect(!report.results.contains { $0.key == "old" })
        #expect(report.skipped.map(\.key) == ["old"])
        #expect(report.skipped.first?.reason == "stale")
        // And the JSON report lists it.
        let json = String(decoding: try report.jsonData(), as: UTF8.self)
        #expect(json.contains("\"skipped\""))
        let back = try JSONDecoder().decode(CheckReport.self, from: try report.jsonData())
        #expect(back.skipped == report.skipped)
    }

    @Test func unknownDeviceNamesAreSpecErrors() throws {
        let spec = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-devices-\(UUID().uuidString).yaml")
        try Data("defaults:\n  width: 50\n  devices:\n    iphoen: {width: 10}\n".utf8).write(to: spec)
        let (_, diagnostics) = LayoutSpecReader.read(path: spec.path)
        let error = try #require(diagnostics.first { $0.message.contains("unknown device variation 'iphoen'") })
        #expect(error.location.line == 4)
    }

    @Test func pluralVariantsNoWholeNumberSelectsAreSkipped() throws {
        // Russian `other` is for fractions only (CLDR: v != 0); with %lld iOS never shows it. `many` (5–20, …) is.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-plural-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let catalog = folder.appendingPathComponent("Plural.xcstrings")
        try Data("""
            {"sourceLanguage": "en", "strings": {"files": {"localizations": {"ru": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld файл"}},
              "few": {"stringUnit": {"state": "translated", "value": "%lld файла"}},
              "many": {"stringUnit": {"state": "translated", "value": "%lld файлов"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld файла"}}}}}}}}}
            """.utf8).write(to: catalog)
        var options = CheckOptions(catalogs: [catalog.path], spec: TestSupport.fixture("Check/devices.yaml").path)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let report = try CheckRunner.run(options)
        #expect(report.results.filter { $0.locale == "ru" }.map(\.variant) == [["plural:few"], ["plural:many"], ["plural:one"]])
        let skipped = try #require(report.skipped.first)
        #expect(skipped.locale == "ru" && skipped.variant == ["plural:other"])
        #expect(skipped.reason.contains("never shows"))
        #expect(!report.diagnostics.contains { $0.message.contains("plural category 'other'") })
    }
}
