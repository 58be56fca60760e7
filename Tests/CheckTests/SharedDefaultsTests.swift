import Foundation
import LayoutSimCheck
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// The defaults' element is made once per locale and shared by that locale's strings, and each worker keeps the
/// request it made for each (``CheckRunner/RequestMemo``): a String Catalog lists each key's locales in turn, so the
/// locales alternate from string to string and no string may get another locale's fields. On OneEm at 10 pt,
/// "abcdefghijklmnopqrst" is 20 em = 200 pt wide: one line of 100 pt truncates it, one of 250 pt holds it.
struct SharedDefaultsTests {
    @Test(arguments: [1, 2])
    func alternatingLocalesKeepTheirOwnDefaults(jobs: Int) throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = "abcdefghijklmnopqrst"
        let locales = ["de", "de-CH", "en", "fr"]
        func unit(_ locale: String) -> String {
            "\"\(locale)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(text)\" } }"
        }
        let keys = ["a", "b", "c", "d", "e"].map { key in
            "\"\(key)\" : { \"localizations\" : { \(locales.map(unit).joined(separator: ", ")) } }"
        }
        let catalog = dir.appendingPathComponent("Localizable.xcstrings").path
        try "{ \"sourceLanguage\" : \"en\", \"strings\" : { \(keys.joined(separator: ", ")) }, \"version\" : \"1.0\" }"
            .write(toFile: catalog, atomically: true, encoding: .utf8)
        let spec = dir.appendingPathComponent("spec.yaml").path
        try """
        defaults:
          font: \(TestSupport.oneEm)
          size: 10
          width: 100
          lines: 1
          locales:
            de: {width: 250}
        """.write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [catalog], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        options.workers = jobs
        let report = try CheckRunner.run(options)
        #expect(report.results.count == 20)
        for result in report.results {
            let german = result.locale.hasPrefix("de")
            #expect(result.passed == german, "\(result.key) \(result.locale)")
            #expect(result.budget?.width == (german ? 250 : 100), "\(result.key) \(result.locale)")
        }
    }
}
