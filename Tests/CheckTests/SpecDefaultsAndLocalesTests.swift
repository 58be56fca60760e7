import Foundation
import LayoutSimCheck
import LayoutSimModel
import LayoutSimReports
import LayoutSimTestSupport
import Testing

/// Defaults that cannot lay a string out are one error, not one per key; `--locales` leaves out warnings about the
/// locales it does not check.
struct SpecDefaultsAndLocalesTests {
    private func catalog(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("Localizable.xcstrings").path
        try """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a" : { "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "abc" } },
              "en" : { "stringUnit" : { "state" : "translated", "value" : "abc" } }
            } },
            "b" : { "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "abc" } },
              "en" : { "stringUnit" : { "state" : "translated", "value" : "abc" } },
              "fr" : { "stringUnit" : { "state" : "translated", "value" : "abc" } }
            } }
          },
          "version" : "1.0"
        }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func defaultsWithoutAWidthAreOneError() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml").path
        try """
        defaults:
          font: \(TestSupport.oneEm)
          size: 10
          stlye: body
        elements:
          - key: a
            width: 100
        """.write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [try catalog(in: dir)], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let report = try CheckRunner.run(options)
        let errors = report.diagnostics.filter { $0.severity == .error }
        // The typo, at its line (the rest of defaults is kept: the font and size apply to "a"), and one error for
        // the keys the defaults cannot place.
        #expect(errors.map(\.line) == [2, 4])
        #expect(errors.contains { $0.message.hasPrefix("keys no element names are checked with the defaults, which cannot lay them out: a width or a device is needed") })
        #expect(report.results.map(\.key) == ["a", "a"])
        #expect(report.results.allSatisfy { $0.passed && $0.error == nil })
        #expect(report.skipped.map(\.key) == ["b", "b", "b"])
        #expect(report.unspecifiedKeys.isEmpty)
    }

    /// Defaults whose insets leave no room are one error too (they were once a layout error for every string).
    @Test func defaultsWithInsetsWiderThanTheWidthAreOneError() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml").path
        try """
        defaults:
          font: \(TestSupport.oneEm)
          size: 10
          width: 20
          insets: [0, 15, 0, 15]
        elements:
          - key: a
            width: 100
        """.write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [try catalog(in: dir)], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let report = try CheckRunner.run(options)
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("the left and right insets (30 pt) leave no room in a width of 20 pt") == true)
        // "a" has its own width (100 − 30 leaves 70): checked; "b" is skipped, not an error per string.
        #expect(report.results.map(\.key) == ["a", "a"])
        #expect(report.results.allSatisfy { $0.error == nil })
        #expect(report.skipped.map(\.key) == ["b", "b", "b"])
    }

    @Test func locallyMissingTranslationsFollowTheLocalesChecked() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults: {font: \(TestSupport.oneEm), size: 10, width: 100}\n".write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [try catalog(in: dir)], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let all = try CheckRunner.run(options)
        #expect(all.diagnostics.map(\.message) == ["'a' has no 'fr' localization; the app shows the source text"])
        options.locales = ["de"]
        #expect(try CheckRunner.run(options).diagnostics.isEmpty)
    }

    /// A locale with no localization of a key shows the source text. Where the spec gives that locale fields of its
    /// own, the source text is laid out there too, as that locale's result: "a" has no French, and French gets 20 pt
    /// instead of 100, where "abc" (30 pt in OneEm at 10 pt) cannot fit on one line. Without such fields the source
    /// language's result stands for French, and there is no French result.
    @Test func theSourceTextIsCheckedWhereALocaleWithoutATranslationHasItsOwnLayout() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml").path
        try """
        defaults: {font: \(TestSupport.oneEm), size: 10, width: 100, lines: 1}
        elements:
          - key: a
            locales: {fr: {width: 20}}
        """.write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [try catalog(in: dir)], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        options.categories = [.large]
        let report = try CheckRunner.run(options)
        let french = report.results.filter { $0.locale == "fr" }
        #expect(french.map(\.key) == ["a", "b"])
        #expect(french.first?.text == "abc")
        #expect(french.first?.passed == false)
        #expect(report.results.filter { $0.key == "a" }.map(\.locale) == ["de", "en", "fr"])
        // Only French checked: the source text is still laid out in French.
        options.locales = ["fr"]
        #expect(try CheckRunner.run(options).results.map { "\($0.key) \($0.locale) \($0.passed)" } == ["a fr false", "b fr true"])
        // No fields of its own for French: no French result for "a".
        try "defaults: {font: \(TestSupport.oneEm), size: 10, width: 100, lines: 1}\nelements:\n  - key: a\n"
            .write(toFile: spec, atomically: true, encoding: .utf8)
        options.locales = nil
        #expect(try CheckRunner.run(options).results.filter { $0.key == "a" }.map(\.locale) == ["de", "en"])
    }

    /// Also laid out: a key beside translated texts in a group (a row that leaves "abcde" less room in German), and
    /// a key not to be translated (every locale shows its text). Not laid out again: a `locales` entry that sets what
    /// the element already has, and a regional variant whose language has the key (iOS may show that text there).
    @Test func theSourceTextIsCheckedBesideTranslatedSiblingsAndForKeysNotTranslated() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml").path
        let catalog = dir.appendingPathComponent("C.xcstrings").path
        func unit(_ value: String) -> String { #"{ "stringUnit" : { "state" : "translated", "value" : "\#(value)" } }"# }
        try """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a" : { "localizations" : { "en" : \(unit("abcde")) } },
            "b" : { "localizations" : { "de" : \(unit("xxxxxxxxx")), "de-CH" : \(unit("xxxxxxxxx")), "en" : \(unit("xx")) } },
            "brand" : { "shouldTranslate" : false, "localizations" : { "en" : \(unit("Brandname")) } },
            "c" : { "localizations" : { "en" : \(unit("abc")) } },
            "d" : { "localizations" : { "de" : \(unit("abc")), "en" : \(unit("abc")) } }
          },
          "version" : "1.0"
        }
        """.write(toFile: catalog, atomically: true, encoding: .utf8)
        try """
        defaults: {font: \(TestSupport.oneEm), size: 10, width: 300, lines: 1}
        elements:
          - name: the row
            width: 120
            row:
              - {key: a}
              - {key: b, layoutPriority: 1}
          - key: brand
            locales: {de: {width: 50}}
          - key: c
            width: 100
            locales: {de: {width: 100}}
          - key: d
            locales: {de: {width: 20}}
        """.write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [catalog], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        options.categories = [.large]
        let results = try CheckRunner.run(options).results.map { "\($0.key) \($0.locale) \($0.text) \($0.passed)" }
        // "a" and "brand" have neither German: both German locales show the English text. "c" has no German either,
        // but German's width is its own. "d" has German: Swiss German is not laid out with the English text.
        #expect(results == [
            "a de abcde false", "a de-CH abcde false", "a en abcde true",
            "b de xxxxxxxxx true", "b de-CH xxxxxxxxx true", "b en xx true",
            "brand de Brandname false", "brand de-CH Brandname false", "brand en Brandname true",
            "c en abc true",
            "d de abc false", "d en abc true",
        ])
    }

    /// A regional variant of the source language shows the source text: en-GB, without the key, gets it laid out in
    /// its own 20 pt (the rule that leaves de-CH to de's text is not for the source language).
    @Test func aRegionalVariantOfTheSourceLanguageShowsTheSourceText() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults: {font: \(TestSupport.oneEm), size: 10, width: 300, lines: 1, locales: {en-GB: {width: 20}}}\n"
            .write(toFile: spec, atomically: true, encoding: .utf8)
        let catalog = dir.appendingPathComponent("C.xcstrings").path
        try #"""
        { "sourceLanguage" : "en", "strings" : {
          "a" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "abcde" } } } },
          "b" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "x" } },
                                      "en-GB" : { "stringUnit" : { "state" : "translated", "value" : "x" } } } }
        }, "version" : "1.0" }
        """#.write(toFile: catalog, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [catalog], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        options.categories = [.large]
        #expect(try CheckRunner.run(options).results.map { "\($0.key) \($0.locale) \($0.passed)" }
            == ["a en true", "a en-GB false", "b en true", "b en-GB true"])
    }

    /// A key's variations in a locale left out are not this check's business either: a Hebrew plural `many` (a
    /// category Hebrew does not use) is warned about when Hebrew is checked, not when only German is.
    @Test func variationWarningsFollowTheLocalesChecked() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults: {font: \(TestSupport.oneEm), size: 10, width: 100}\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let catalog = dir.appendingPathComponent("Plural.xcstrings").path
        func unit(_ value: String) -> String { #"{ "stringUnit" : { "state" : "translated", "value" : "\#(value)" } }"# }
        try """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "n" : { "localizations" : {
              "de" : { "variations" : { "plural" : { "one" : \(unit("%lld Tag")), "other" : \(unit("%lld Tage")) } } },
              "en" : { "variations" : { "plural" : { "one" : \(unit("%lld day")), "other" : \(unit("%lld days")) } } },
              "he" : { "variations" : { "plural" : { "one" : \(unit("יום")), "two" : \(unit("יומיים")),
                                                     "many" : \(unit("%lld ימים")), "other" : \(unit("%lld ימים")) } } }
            } }
          },
          "version" : "1.0"
        }
        """.write(toFile: catalog, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [catalog], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        #expect(try CheckRunner.run(options).diagnostics.map(\.message)
            == ["'n' [he]: plural category 'many' is never used in 'he'; not checked"])
        options.locales = ["de"]
        #expect(try CheckRunner.run(options).diagnostics.isEmpty)
        options.locales = ["he"]
        #expect(try CheckRunner.run(options).diagnostics.count == 1)
    }

    /// Where people read (standard error, GitHub annotations), a locale's missing translations in a catalog are one
    /// line when there are more than three: five keys without French are one line at the first key's place, naming
    /// the first three; German's one missing key is its own line; the report itself keeps each.
    @Test func manyMissingTranslationsAreOneLinePerLocale() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults: {font: \(TestSupport.oneEm), size: 10, width: 100}\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let path = dir.appendingPathComponent("Missing.xcstrings").path
        let keys = ["k1", "k2", "k3", "k4", "k5"].map { key in
            let german = key == "k1" ? "" : #", "de" : { "stringUnit" : { "state" : "translated", "value" : "x" } }"#
            return #""\#(key)" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "x" } }"#
                + german + #", "it" : { "stringUnit" : { "state" : "translated", "value" : "x" } } } }"#
        }
        // French appears in another key only, with every translation.
        let french = #""k6" : { "localizations" : { "#
            + ["de", "en", "fr", "it"].map { #""\#($0)" : { "stringUnit" : { "state" : "translated", "value" : "x" } }"# }
                .joined(separator: ", ") + " } }"
        try "{ \"sourceLanguage\" : \"en\", \"strings\" : { \((keys + [french]).joined(separator: ",\n")) }, \"version\" : \"1.0\" }"
            .write(toFile: path, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [path], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let report = try CheckRunner.run(options)
        #expect(report.diagnostics.count == 6)
        let problems = CheckRenderer.problems(report).map { $0.replacingOccurrences(of: path, with: "M") }
        #expect(problems == [
            "M:1:42: warning: 'k1' has no 'de' localization; the app shows the source text",
            "M:1:42: warning: 'fr': 5 keys have no 'fr' localization; the app shows the source text ('k1', 'k2', 'k3' "
                + "and 2 more; the JSON report lists each)",
        ])
        let github = CheckRenderer.github(report).split(separator: "\n").map(String.init)
        #expect(github.count == 3)
        #expect(github[0].hasPrefix("::notice title=layoutsim::"))
        #expect(github[2].hasSuffix("::'fr': 5 keys have no 'fr' localization; the app shows the source text ('k1', 'k2', "
            + "'k3' and 2 more; the JSON report lists each)"))
    }

    /// Nothing laid out is said: an empty catalog, or locales it does not have (a CI job pointed at the wrong file
    /// passed in silence).
    @Test func nothingLaidOutIsSaid() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults: {font: \(TestSupport.oneEm), size: 10, width: 100}\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let empty = dir.appendingPathComponent("Empty.xcstrings").path
        try #"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#.write(toFile: empty, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [empty], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        #expect(try CheckRunner.run(options).diagnostics.map(\.message) == ["nothing was laid out: the catalogs checked hold no strings"])
        options.catalogs = [try catalog(in: dir)]
        options.locales = ["de"]
        #expect(try CheckRunner.run(options).diagnostics.isEmpty)
    }

    /// An element's own `view` preset wins over the defaults' line limit: a text view under `lines: 1` defaults has
    /// no line limit. On OneEm at 10 pt, "abcde fghij klmno pqrst" in 100 pt is 4 lines, 40 pt in a 30 pt text view:
    /// clipped by 10 pt (it was truncated to one line).
    @Test func anElementsViewWinsOverTheDefaultsLines() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalogs = try TestSupport.stringsFiles(in: dir, [("en", "abcde fghij klmno pqrst")])
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults: {font: \(TestSupport.oneEm), size: 10, width: 100, lines: 1}\nelements:\n  - {key: k, view: textview, height: 30}\n"
            .write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: catalogs, spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let failure = try #require(try CheckRunner.run(options).results.first?.failure)
        #expect(failure.verdict == .clipped)
        #expect(failure.clippedBy == 10)
    }

    /// A locale asked for that no catalog has (a typo; `zh-Hans` for a catalog's `zh-CN`) is an error naming the
    /// locales there are; the others are still checked.
    @Test func aLocaleNoCatalogHasIsAnError() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults: {font: \(TestSupport.oneEm), size: 10, width: 100}\n".write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [try catalog(in: dir)], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        // The catalog (above) has de, en and fr.
        options.locales = ["ja", "DE", "xx"]
        let report = try CheckRunner.run(options)
        #expect(report.diagnostics.map(\.message) == ["--locales ja,xx: no catalog checked has these locales (they have de, en, fr)"])
        #expect(report.diagnostics.first?.severity == .error)
        #expect(!report.results.isEmpty && report.results.allSatisfy { $0.locale == "de" })
    }

    /// The keys checked with the defaults are listed sorted, each once, however the catalogs give them: a second
    /// catalog repeats "b" and "a" after other keys, and its keys are not in order.
    @Test func keysCheckedWithTheDefaultsAreListedSortedOnce() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults: {font: \(TestSupport.oneEm), size: 10, width: 100}\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let second = dir.appendingPathComponent("More.xcstrings").path
        try """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "c" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "c" } } } },
            "b" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "b" } } } },
            "a" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "a" } } } }
          },
          "version" : "1.0"
        }
        """.write(toFile: second, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [try catalog(in: dir), second], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        #expect(try CheckRunner.run(options).unspecifiedKeys == ["a", "b", "c"])
        // One catalog, in order: the list as met.
        options.catalogs = [try catalog(in: dir)]
        #expect(try CheckRunner.run(options).unspecifiedKeys == ["a", "b"])
    }
}

