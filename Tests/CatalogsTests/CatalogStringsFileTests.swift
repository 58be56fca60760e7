import Foundation
@testable import LayoutSimCatalogs
import LayoutSimModel
import LayoutSimTestSupport
import Testing

@Suite struct CatalogStringsFileTests {
    @Test func utf16WithBOMCommentsAndEscapes() throws {
        let url = CatalogFixtures.url("de.lproj/Localizable.strings")
        // The fixture really is UTF-16 LE with a byte order mark.
        let bytes = try [UInt8](Data(contentsOf: url).prefix(4))
        #expect(bytes == [0xFF, 0xFE, 0x2F, 0x00])
        let result = CatalogReader.read(url)
        #expect(result.sourceLanguage == "en")
        #expect(Set(result.entries.map(\.locale)) == ["de"])
        let values = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.key, $0.value) })
        #expect(values == [
            "Settings": "Einstellungen",
            "Sign in": "Einloggen",
            "download.failed": "Der Download ist fehlgeschlagen.\nBitte versuche es erneut.",
            "quote.example": "Tippe auf \"Weiter\"",
            "path.example": "C:\\Benutzer\\Fotos",
            "tab.example": "Name:\tWert",
            "unicode.example": "Grüße → weiter",
            "unquoted_key": "Nicht zitierte Schlüssel sind erlaubt",
            "Welcome back, %@!": "Willkommen zurück, %@!",
        ])
        #expect(result.entries.map(\.key) == [
            "Settings", "Sign in", "download.failed", "quote.example", "path.example", "tab.example",
            "unicode.example", "unquoted_key", "Welcome back, %@!",
        ])
    }

    @Test func commentsLinesAndDuplicates() throws {
        let url = CatalogFixtures.url("de.lproj/Localizable.strings")
        let result = CatalogReader.read(url)
        let settings = try #require(result.entry("Settings", "de"))
        #expect(settings.comment == "Title of the settings screen.")
        #expect(settings.source == CatalogSourceLocation(file: url.path, line: 2, column: 1))
        #expect(result.entry("download.failed", "de")?.comment == "Shown when a download fails.\n   Keep it short.")
        #expect(result.entry("download.failed", "de")?.source.line == 9)
        #expect(result.entry("unquoted_key", "de")?.source.line == 15)
        // A trailing `// comment` on line 16 belongs to line 16, not to the key on line 17.
        let signIn = try #require(result.entry("Sign in", "de"))
        #expect(signIn.value == "Einloggen")
        #expect(signIn.source.line == 17)
        #expect(signIn.comment == nil)
        #expect(result.diagnostics.map(\.description) == [
            "\(url.path):17:1: warning: duplicate key 'Sign in' (first at line 5); the last value wins",
        ])
    }

    @Test func baseLprojIsTheDevelopmentLanguage() {
        let english = CatalogFixtures.read("Base.lproj/Main.strings")
        #expect(english.entries.map(\.locale) == ["en"])
        #expect(english.entries.first?.comment == "Class = \"UILabel\"; text = \"Hello\"; ObjectID = \"abc-12-xyz\";")
        let german = CatalogFixtures.read("Base.lproj/Main.strings", developmentLanguage: "de")
        #expect(german.entries.map(\.locale) == ["de"])
        #expect(german.sourceLanguage == "de")
        #expect(german.diagnostics.isEmpty)
    }

    @Test func unknownFolderIsUndWithAWarning() {
        let result = CatalogFixtures.read("Resources/Loose.strings")
        #expect(result.entries.map(\.locale) == ["und"])
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.diagnostics.first?.message
            == "cannot tell the language: 'Resources' is not an '<language>.lproj' folder; using 'und'")
    }

    @Test func lprojNames() {
        func locale(_ folder: String) -> String? {
            LprojLocale.locale(of: URL(fileURLWithPath: "/p/\(folder)/Localizable.strings"), developmentLanguage: "en")
        }
        #expect(locale("de.lproj") == "de")
        #expect(locale("pt-BR.lproj") == "pt-BR")
        #expect(locale("pt_BR.lproj") == "pt-BR")
        #expect(locale("zh-Hans.lproj") == "zh-Hans")
        #expect(locale("es-419.lproj") == "es-419")
        #expect(locale("Base.lproj") == "en")
        #expect(locale("English.lproj") == "en")
        #expect(locale("Resources") == nil)
        #expect(locale("My Strings.lproj") == nil)
    }

    @Test func utf8AndUTF16WithoutBOMAndBigEndian() throws {
        let text = "/* c */\n\"a\" = \"ä\\U00DF\";\n"
        let utf8 = try CatalogReader.read(CatalogFixtures.temporaryFile("fr.lproj/A.strings", Data(text.utf8)))
        var bigEndian = Data([0xFE, 0xFF])
        bigEndian.append(contentsOf: text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        let utf16BE = try CatalogReader.read(CatalogFixtures.temporaryFile("fr.lproj/B.strings", bigEndian))
        let noBOM = Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let utf16LE = try CatalogReader.read(CatalogFixtures.temporaryFile("fr.lproj/C.strings", noBOM))
        for result in [utf8, utf16BE, utf16LE] {
            #expect(result.entries.map(\.value) == ["äß"])
            #expect(result.entries.map(\.comment) == ["c"])
            #expect(result.entries.map(\.source.line) == [2])
            #expect(result.diagnostics.isEmpty)
        }
    }

    @Test func shorthandKeyAndEmptyFile() throws {
        let shorthand = try CatalogReader.read(CatalogFixtures.temporaryFile("it.lproj/S.strings", Data("\"OK\";\n".utf8)))
        #expect(shorthand.entries.map(\.value) == ["OK"])
        let empty = try CatalogReader.read(CatalogFixtures.temporaryFile("it.lproj/E.strings", Data()))
        #expect(empty.entries.isEmpty)
        #expect(empty.diagnostics.isEmpty)
    }

    @Test func compiledBinaryStrings() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["b": "Zwei", "a": "Eins"], format: .binary, options: 0
        )
        let result = try CatalogReader.read(CatalogFixtures.temporaryFile("de.lproj/Compiled.strings", data))
        #expect(result.entries.map(\.key) == ["a", "b"])
        #expect(result.entries.map(\.value) == ["Eins", "Zwei"])
        #expect(result.entries.map(\.source.line) == [1, 1])
    }
}
