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
        var catalogs: [String] = []
        for locale in ["de", "de-CH", "fr"] {
            let lproj = dir.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            let path = lproj.appendingPathComponent("Localizable.strings").path
            try "\"k\" = \"abcdefghijklmnopqrst\";\n".write(toFile: path, atomically: true, encoding: .utf8)
            catalogs.append(path)
        }
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
