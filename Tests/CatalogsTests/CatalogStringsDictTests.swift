import Foundation
@testable import LayoutSimCatalogs
import LayoutSimModel
import LayoutSimTestSupport
import Testing

@Suite struct CatalogStringsDictTests {
    let result = CatalogFixtures.read("en.lproj/Localizable.stringsdict")
    let file = CatalogFixtures.url("en.lproj/Localizable.stringsdict").path

    @Test func singleVariableIsAPlainPlural() {
        #expect(!result.hasErrors)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(same(result.variants("%d files", "en"), [(["plural:one"], "%d file"), (["plural:other"], "%d files")]))
        #expect(result.entry("%d files", "en", ["plural:one"])?.source
            == CatalogSourceLocation(file: file, line: 5, column: 2))
    }

    @Test func nestedVariablesExpandInsideVariants() {
        #expect(same(result.variants("SEARCH_RESULTS_%d_%d", "en"), [
            (["plural:one", "substitution:total", "plural:one"], "%1$d of %2$d match"),
            (["plural:one", "substitution:total", "plural:other"], "%1$d of %2$d matches"),
            (["plural:other", "substitution:total", "plural:one"], "%1$d of %2$d match"),
            (["plural:other", "substitution:total", "plural:other"], "%1$d of %2$d matches"),
        ]))
        #expect(result.entry("SEARCH_RESULTS_%d_%d", "en", ["plural:one", "substitution:total", "plural:one"])?
            .source.line == 21)
    }

    @Test func severalVariablesGiveTheCartesianProduct() {
        #expect(same(result.variants("PHOTOS_IN_ALBUMS", "en"), [
            (["substitution:photos", "plural:one", "substitution:albums", "plural:one"], "%1$ld photo in %2$ld album"),
            (["substitution:photos", "plural:one", "substitution:albums", "plural:other"], "%1$ld photo in %2$ld albums"),
            (["substitution:photos", "plural:other", "substitution:albums", "plural:one"], "%1$ld photos in %2$ld album"),
            (["substitution:photos", "plural:other", "substitution:albums", "plural:other"], "%1$ld photos in %2$ld albums"),
        ]))
    }

    @Test func deviceAndWidthRules() {
        #expect(same(result.variants("TAP_HINT", "en"), [
            (["device:iphone"], "Tap to open"), (["device:ipad"], "Tap or click to open"),
            (["device:mac"], "Click to open"),
        ]))
        #expect(same(result.variants("GREETING", "en"), [
            (["width:1"], "Hi"), (["width:22"], "Hello"), (["width:53"], "Greetings and Salutations"),
        ]))
        #expect(result.entries.map(\.key).uniqued() == [
            "%d files", "SEARCH_RESULTS_%d_%d", "PHOTOS_IN_ALBUMS", "TAP_HINT", "GREETING",
        ])
        #expect(result.entries.map(\.source.line).uniqued() == [5, 21, 48, 75, 87])
    }

    @Test func russianNeedsManyAndThaiOnlyOther() throws {
        let russian = CatalogFixtures.read("ru.lproj/Localizable.stringsdict")
        #expect(same(russian.variants("%d files", "ru"), [
            (["plural:one"], "%d файл"), (["plural:few"], "%d файла"), (["plural:many"], "%d файлов"),
            (["plural:other"], "%d файлов"),
        ]))
        #expect(russian.diagnostics.map(\.message) == ["'%d files' [ru]: plural category 'many' is missing; using 'other'"])
        #expect(russian.diagnostics.first?.location.line == 5)

        let thai = CatalogFixtures.read("th.lproj/PluralAware.stringsdict")
        #expect(same(thai.variants("CAMERA_VO_N_ITEMS", "th"), [(["plural:other"], "%1$d รายการ")]))
        #expect(thai.diagnostics.isEmpty)
    }

    @Test func binaryStringsDictAndBadEntries() throws {
        let plist: [String: Any] = [
            "ok": ["NSStringLocalizedFormatKey": "%#@n@", "n": [
                "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "one": "%d Tag", "other": "%d Tage",
            ]],
            "no format": ["n": ["one": "x"]],
            "undefined variable": ["NSStringLocalizedFormatKey": "%#@missing@ left"],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let result = try CatalogReader.read(CatalogFixtures.temporaryFile("de.lproj/X.stringsdict", data))
        #expect(same(result.variants("ok", "de"), [(["plural:one"], "%d Tag"), (["plural:other"], "%d Tage")]))
        #expect(same(result.variants("undefined variable", "de"), [([], "%#@missing@ left")]))
        #expect(result.diagnostics.map { "\($0.severity.rawValue) \($0.message)" } == [
            "error 'no format' [de]: no NSStringLocalizedFormatKey string",
            "warning 'undefined variable' [de]: no substitution or variable named 'missing' for '%#@missing@'; left as is",
        ])
    }

    /// A key one locale's table lacks is the warning `.xcstrings` gives, at the key in the development language.
    @Test func aKeyMissingInALocaleIsAWarning() {
        let english = CatalogFixtures.url("en.lproj/Localizable.stringsdict")
        let russian = CatalogFixtures.url("ru.lproj/Localizable.stringsdict")
        let results = CatalogReader.readEach([russian, english])
        #expect(results.count == 2)
        let missing = results[1].diagnostics.filter { $0.message.contains("localization") }
        #expect(missing.map(\.message) == [
            "'SEARCH_RESULTS_%d_%d' has no 'ru' localization; the app shows the source text",
            "'PHOTOS_IN_ALBUMS' has no 'ru' localization; the app shows the source text",
            "'TAP_HINT' has no 'ru' localization; the app shows the source text",
            "'GREETING' has no 'ru' localization; the app shows the source text",
        ])
        #expect(missing.map(\.location.line) == [21, 48, 75, 87])
        #expect(missing.allSatisfy { $0.severity == .warning && $0.location.file == english.path })
        // The Russian file's own diagnostics are unchanged; one file alone has nothing to compare with.
        #expect(results[0].diagnostics.map(\.message) == ["'%d files' [ru]: plural category 'many' is missing; using 'other'"])
        #expect(!CatalogReader.read(english).diagnostics.contains { $0.message.contains("localization") })
        // The combined read has them too.
        #expect(CatalogReader.read([english, russian]).messages(.warning).filter { $0.contains("no 'ru' localization") }.count == 4)
    }

    /// `.strings` tables too, and a key in a locale's `.strings` counts for the same table's `.stringsdict`.
    @Test func stringsTablesAndBothExtensionsOfATable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-tables-\(UUID().uuidString)")
        func write(_ path: String, _ text: String) throws -> URL {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return url
        }
        let en = try write("en.lproj/Localizable.strings", "\"Save\" = \"Save\";\n\"Cancel\" = \"Cancel\";\n\"Hi\" = \"Hi\";\n")
        let de = try write("de.lproj/Localizable.strings", "\"Save\" = \"Sichern\";\n")
        let deDict = try write("de.lproj/Localizable.stringsdict", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>Hi</key><string>Hallo</string></dict></plist>
            """)
        let other = try write("fr.lproj/Other.strings", "\"Save\" = \"Enregistrer\";\n")
        let results = CatalogReader.readEach([en, de, deDict, other])
        #expect(results[0].diagnostics.map(\.message) == ["'Cancel' has no 'de' localization; the app shows the source text"])
        #expect(results[0].diagnostics.first?.location.line == 2)
        #expect(results[1...].allSatisfy { $0.diagnostics.isEmpty })
        // The development language's entry of that key says where the app shows it instead.
        #expect(results[0].entries.map { "\($0.key): \($0.sourceShownIn)" } == ["Save: []", "Cancel: [\"de\"]", "Hi: []"])
    }
}
