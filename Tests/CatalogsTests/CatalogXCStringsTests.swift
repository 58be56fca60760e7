import Foundation
@testable import LayoutSimCatalogs
import LayoutSimModel
import LayoutSimTestSupport
import Testing

@Suite struct CatalogXCStringsTests {
    let result = CatalogFixtures.read("Localizable.xcstrings")
    let file = CatalogFixtures.url("Localizable.xcstrings").path

    @Test func readsSourceLanguageAndNoErrors() {
        #expect(result.sourceLanguage == "en")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.locales == ["en", "ar", "de", "ru"])
        #expect(result.entries.count == 44)
    }

    @Test func simpleKeyInEveryLocale() throws {
        #expect(same(result.variants("Settings", "en"), [([], "Settings")]))
        #expect(same(result.variants("Settings", "de"), [([], "Einstellungen")]))
        #expect(same(result.variants("Settings", "ar"), [([], "الإعدادات")]))
        let russian = try #require(result.entry("Settings", "ru"))
        #expect(russian.value == "Настройки")
        #expect(russian.state == "new")
        #expect(russian.comment == "Title of the settings screen.")
        #expect(russian.shouldTranslate)
        // Key order is file order; per key the source language first, then locales alphabetically.
        let settings = result.entries.filter { $0.key == "Settings" }.map(\.locale)
        #expect(settings == ["en", "ar", "de", "ru"])
    }

    @Test func sourceLinesAreTheKeysLines() throws {
        // Lines of the keys in the fixture (`grep -n '^    "' Localizable.xcstrings`), column of the opening quote.
        let expected: [String: Int] = [
            "%#@folders@ hold %#@files@": 4, "%lld files": 105, "%lld photos selected": 212, "APP_NAME": 264,
            "Settings": 277, "Sign in": 306, "Tap to continue": 322, "Welcome back, %@!": 368,
        ]
        for (key, line) in expected {
            let entry = try #require(result.entries.first { $0.key == key })
            #expect(entry.source == CatalogSourceLocation(file: file, line: line, column: 5), "\(key)")
        }
        #expect(result.entries.map(\.key).uniqued() == [
            "%#@folders@ hold %#@files@", "%lld files", "%lld photos selected", "APP_NAME", "Settings", "Sign in",
            "Tap to continue", "Welcome back, %@!",
        ])
    }

    @Test func pluralsGiveEveryCategoryTheLocaleHas() {
        #expect(same(result.variants("%lld files", "en"), [
            (["plural:one"], "%lld file"), (["plural:other"], "%lld files"),
        ]))
        #expect(same(result.variants("%lld files", "de"), [
            (["plural:one"], "%lld Datei"), (["plural:other"], "%lld Dateien"),
        ]))
        #expect(same(result.variants("%lld files", "ar"), [
            (["plural:zero"], "لا ملفات"), (["plural:one"], "ملف واحد"), (["plural:two"], "ملفان"),
            (["plural:few"], "%lld ملفات"), (["plural:many"], "%lld ملفًا"), (["plural:other"], "%lld ملف"),
        ]))
    }

    @Test func missingPluralCategoryFallsBackToOtherWithAWarning() throws {
        #expect(same(result.variants("%lld files", "ru"), [
            (["plural:one"], "%lld файл"), (["plural:few"], "%lld файла"), (["plural:many"], "%lld файлов"),
            (["plural:other"], "%lld файлов"),
        ]))
        #expect(result.entry("%lld files", "ru", ["plural:few"])?.state == "needs_review")
        let warning = try #require(result.diagnostics.first { $0.message.contains("'many'") })
        #expect(warning.severity == .warning)
        #expect(warning.message == "'%lld files' [ru]: plural category 'many' is missing; using 'other'")
        #expect(warning.location == CatalogSourceLocation(file: file, line: 105, column: 5))
        #expect(warning.description == "\(file):105:5: warning: '%lld files' [ru]: plural category 'many' is missing; using 'other'")
    }

    @Test func deviceVariationsAndDeviceThenPlural() {
        #expect(same(result.variants("Tap to continue", "en"), [
            (["device:ipad"], "Tap or click to continue"), (["device:mac"], "Click to continue"),
            (["device:other"], "Tap to continue"),
        ]))
        #expect(same(result.variants("Tap to continue", "de"), [
            (["device:ipad"], "Tippen oder klicken, um fortzufahren"), (["device:other"], "Tippen, um fortzufahren"),
        ]))
        #expect(same(result.variants("%lld photos selected", "en"), [
            (["device:iphone", "plural:one"], "%lld photo"), (["device:iphone", "plural:other"], "%lld photos"),
            (["device:other", "plural:one"], "%lld photo selected"),
            (["device:other", "plural:other"], "%lld photos selected"),
        ]))
        #expect(same(result.variants("%lld photos selected", "de"), [([], "%lld Fotos ausgewählt")]))
    }

    @Test func substitutionsExpandToTheCartesianProductInTokenOrder() {
        let key = "%#@folders@ hold %#@files@"
        #expect(same(result.variants(key, "en"), [
            (["substitution:folders", "plural:one", "substitution:files", "plural:one"], "%lld folder hold %lld file"),
            (["substitution:folders", "plural:one", "substitution:files", "plural:other"], "%lld folder hold %lld files"),
            (["substitution:folders", "plural:other", "substitution:files", "plural:one"], "%lld folders hold %lld file"),
            (["substitution:folders", "plural:other", "substitution:files", "plural:other"], "%lld folders hold %lld files"),
        ]))
        // German puts the files first: the order of the tokens in the translation decides the path order.
        #expect(same(result.variants(key, "de"), [
            (["substitution:files", "plural:one", "substitution:folders", "plural:one"], "%lld Datei in %lld Ordner"),
            (["substitution:files", "plural:one", "substitution:folders", "plural:other"], "%lld Datei in %lld Ordnern"),
            (["substitution:files", "plural:other", "substitution:folders", "plural:one"], "%lld Dateien in %lld Ordner"),
            (["substitution:files", "plural:other", "substitution:folders", "plural:other"], "%lld Dateien in %lld Ordnern"),
        ]))
    }

    @Test func shouldTranslateFalseIsKeptAndFlaggedWithoutMissingWarnings() throws {
        let entry = try #require(result.entry("APP_NAME", "en"))
        #expect(entry.value == "LayoutSim")
        #expect(!entry.shouldTranslate)
        #expect(entry.comment == "Brand name, never translated.")
        #expect(result.entries.filter { $0.key == "APP_NAME" }.count == 1)
        #expect(!result.diagnostics.contains { $0.message.contains("APP_NAME") })
    }

    @Test func keyWithoutSourceLocalizationUsesTheKey() throws {
        let english = try #require(result.entry("Welcome back, %@!", "en"))
        #expect(english.value == "Welcome back, %@!")
        #expect(english.state == nil)
        #expect(result.entry("Sign in", "en")?.value == "Sign in")
        #expect(result.entry("Welcome back, %@!", "de")?.value == "Willkommen zurück, %@!")
    }

    @Test func keyMissingInALocaleIsWarnedAboutAtItsLine() throws {
        #expect(result.entry("Sign in", "ru") == nil)
        let warning = try #require(result.diagnostics.first { $0.message.hasPrefix("'Sign in' has no 'ru'") })
        #expect(warning.severity == .warning)
        #expect(warning.location.line == 306)
        #expect(warning.message == "'Sign in' has no 'ru' localization; the app shows the source text")
        let missing = result.diagnostics.filter { $0.message.contains("localization; the app shows") }
        #expect(missing.map(\.message) == [
            "'%#@folders@ hold %#@files@' has no 'ar' localization; the app shows the source text",
            "'%#@folders@ hold %#@files@' has no 'ru' localization; the app shows the source text",
            "'%lld photos selected' has no 'ar' localization; the app shows the source text",
            "'%lld photos selected' has no 'ru' localization; the app shows the source text",
            "'Sign in' has no 'ru' localization; the app shows the source text",
            "'Tap to continue' has no 'ar' localization; the app shows the source text",
            "'Tap to continue' has no 'ru' localization; the app shows the source text",
        ])
        #expect(result.diagnostics.count == missing.count + 1)  // + the Russian 'many'
    }

    @Test func malformedPartsAreReportedAndTheRestIsRead() throws {
        let json = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a\\"quoted\\" key" : { "localizations" : { "en" : { "stringUnit" : { "value" : 3 } } } },
            "no unit" : { "localizations" : { "en" : { } } },
            "odd variation" : { "localizations" : { "en" : { "variations" : { "width" : { } } } } },
            "extra category" : { "localizations" : { "en" : { "variations" : { "plural" : {
              "few" : { "stringUnit" : { "value" : "a few" } },
              "other" : { "stringUnit" : { "value" : "many" } },
              "zero" : { "stringUnit" : { "value" : "none" } } } } } } },
            "fine" : { }
          },
          "version" : "2.0"
        }
        """
        let url = try CatalogFixtures.temporaryFile("Odd.xcstrings", Data(json.utf8))
        let result = CatalogReader.read(url)
        #expect(result.entries.map(\.key) == ["extra category", "extra category", "extra category", "fine"])
        #expect(same(result.variants("extra category", "en"), [
            (["plural:zero"], "none"), (["plural:one"], "many"), (["plural:other"], "many"),
        ]))
        let lines = result.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.severity.rawValue) \($0.message)" }
        #expect(lines == [
            "13:3 warning String Catalog version 2.0 is not one this reader knows (1.0, 1.1); reading it as 1.1",
            "4:5 error 'a\"quoted\" key' [en]: \"stringUnit\" has no string \"value\"",
            "5:5 error 'no unit' [en]: no \"stringUnit\" or \"variations\"",
            "6:5 error 'odd variation' [en]: unknown variation kind \"width\"",
            "7:5 warning 'extra category' [en]: plural category 'one' is missing; using 'other'",
            "7:5 warning 'extra category' [en]: plural category 'few' is never used in 'en'; not checked",
        ])
    }

    /// A string unit's `@` is found wherever it is written (the reader takes a plain unit as it is only when the
    /// parser's scan saw none): in a string's first bytes, in a short string read again at its place, far into a
    /// string, after an escape, written as `\u0040`, after another `@`. Each token below names no substitution: a
    /// warning says it is left as is; the string without an `@` has none.
    @Test func substitutionTokensAreFoundWhereverTheAtSignIs() {
        let values = [
            ("a", #"%#@n@"#), ("b", #"%#@n@"#), ("c", #"a long enough string before %#@n@ the token"#),
            ("d", #"q \"x\" %#@n@"#), ("e", #"%#\u0040n\u0040"#), ("f", #"no token here"#),
        ]
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        for (key, value) in values {
            text += #"    "\#(key)" : { "localizations" : { "en" : { "stringUnit" : { "state" : "new", "value" : "\#(value)" } } } },"#
            text += "\n"
        }
        text += #"    "g" : {"localizations":{"en":{"stringUnit":{"value":"%@ and %#@n@"}}}}}}"#
        let result = XCStringsReader.read(Data(text.utf8), file: "at.xcstrings")
        #expect(result.entries.map(\.value) == [
            "%#@n@", "%#@n@", "a long enough string before %#@n@ the token", "q \"x\" %#@n@", "%#@n@", "no token here",
            "%@ and %#@n@",
        ])
        #expect(result.diagnostics.map(\.message) == ["a", "b", "c", "d", "e", "g"].map {
            "'\($0)' [en]: no substitution or variable named 'n' for '%#@n@'; left as is"
        })
    }

    /// Keys in sorted order are only compared, and hashed from the first out of order: a duplicate far from its
    /// first, keys out of order, and a duplicate after them are found as when every key was hashed.
    @Test func duplicateKeysInAnyOrder() {
        func unit(_ value: String) -> String {
            #"{ "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "\#(value)" } } } }"#
        }
        let keys = [("a", "1"), ("b", "2"), ("c", "3"), ("a", "4"), ("e", "5"), ("d", "6"), ("d", "7"), ("f", "8")]
        let members = keys.map { #"    "\#($0.0)" : \#(unit($0.1))"# }.joined(separator: ",\n")
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(members)\n  }\n}\n"
        let result = XCStringsReader.read(Data(text.utf8), file: "keys.xcstrings")
        #expect(result.entries.map { "\($0.key)=\($0.value)@\($0.source.line)" } == ["a=4@4", "b=2@5", "c=3@6", "e=5@8", "d=7@9", "f=8@11"])
        #expect(result.diagnostics.map { "\($0.location.line) \($0.message)" } == [
            "7 duplicate key 'a' (first at line 4); only one is read",
            "10 duplicate key 'd' (first at line 9); only one is read",
        ])
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
