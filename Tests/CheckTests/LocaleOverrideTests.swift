import Foundation
import LayoutSimCheck
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Per-locale fields in a spec: `locales: {de: {width: 250}}` over the element, for `de` and its regional
/// variants; other locales keep the element's own. On OneEm at 10 pt, "abcdefghijklmnopqrst" is 200 pt wide: it is
/// truncated in 100 pt and fits in 250 pt.
struct LocaleOverrideTests {
    @Test func localesOverrideFields() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalogs = try TestSupport.stringsFiles(in: dir, ["de", "de-CH", "fr"].map { ($0, "abcdefghijklmnopqrst") })
        let spec = dir.appendingPathComponent("spec.yaml").path
        try """
        defaults:
          font: \(TestSupport.oneEm)
          size: 10
          width: 100
          lines: 1
        elements:
          - key: k
            locales:
              de: {width: 250}
              "bad tag!": {width: 1}
        """.write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: catalogs, spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let report = try CheckRunner.run(options)
        #expect(report.diagnostics.contains { $0.message.contains("'bad tag!' in 'locales' is not a locale tag") && $0.line == 10 })
        // The element with the bad entry is dropped, so nothing is overridden: check the override on a clean spec.
        try """
        defaults:
          font: \(TestSupport.oneEm)
          size: 10
          width: 100
          lines: 1
        elements:
          - key: k
            locales:
              de: {width: 250}
        """.write(toFile: spec, atomically: true, encoding: .utf8)
        let clean = try CheckRunner.run(options)
        let passed = Dictionary(uniqueKeysWithValues: clean.results.map { ($0.locale, $0.passed) })
        #expect(passed == ["de": true, "de-CH": true, "fr": false])
        #expect(clean.results.first { $0.locale == "de-CH" }?.budget?.width == 250)
    }
}
