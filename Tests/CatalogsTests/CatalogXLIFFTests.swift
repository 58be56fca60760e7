import Foundation
@testable import LayoutSimCatalogs
import LayoutSimModel
import LayoutSimTestSupport
import Testing

@Suite struct CatalogXLIFFTests {
    let result = CatalogFixtures.read("de.xliff")
    let file = CatalogFixtures.url("de.xliff").path

    @Test func targetsBecomeTargetLanguageEntries() throws {
        #expect(result.sourceLanguage == "en")
        #expect(!result.hasErrors)
        let settings = try #require(result.entry("Settings", "de"))
        #expect(settings.value == "Einstellungen")
        #expect(settings.state == "translated")
        #expect(settings.comment == "Title of the settings screen.")
        #expect(settings.source == CatalogSourceLocation(file: file, line: 8, column: 7))
        // Entities decoded, several notes joined, a start tag wrapped over two lines located at its `<`.
        let hint = try #require(result.entry("next.hint", "de"))
        #expect(hint.value == "Tippe auf „Weiter“ & warte")
        #expect(hint.comment == "Hint under the Next button.\nKeep the quotes.")
        #expect(hint.state == "needs-review-translation")
        #expect(hint.source.line == 17)
        #expect(hint.source.column == 7)
    }

    @Test func missingTargetUsesTheSourceInTheSourceLanguage() throws {
        let signIn = try #require(result.entry("Sign in", "en"))
        #expect(signIn.value == "Sign in")
        #expect(signIn.sourceShownIn == ["de"])
        #expect(signIn.comment == "No comment provided by engineer.")
        #expect(result.entry("Sign in", "de") == nil)
        #expect(result.diagnostics.map(\.description) == [
            "\(file):13:7: warning: 'Sign in' has no 'de' localization; the app shows the source text",
        ])
    }

    @Test func translateNo() {
        #expect(result.entry("APP_NAME", "de")?.shouldTranslate == false)
        #expect(result.entry("Settings", "de")?.shouldTranslate == true)
    }

    @Test func stringsdictUnitsAreReassembled() {
        #expect(same(result.variants("%d files", "de"), [(["plural:one"], "%d Datei"), (["plural:other"], "%d Dateien")]))
        #expect(result.entry("%d files", "de", ["plural:one"])?.source.line == 35)
    }

    @Test func stringCatalogUnitsAreReassembled() {
        #expect(same(result.variants("%lld photos", "de"), [
            (["plural:one"], "%lld Foto"), (["plural:other"], "%lld Fotos"),
        ]))
        #expect(result.entry("%lld photos", "de", ["plural:one"])?.comment == "Photo count in the library.")
        #expect(same(result.variants("Tap to continue", "de"), [
            (["device:ipad"], "Tippen oder klicken, um fortzufahren"), (["device:other"], "Tippen, um fortzufahren"),
        ]))
        #expect(same(result.variants("%#@folders@ hold %#@files@", "de"), [
            (["substitution:files", "plural:one", "substitution:folders", "plural:one"], "%lld Datei in %lld Ordner"),
            (["substitution:files", "plural:one", "substitution:folders", "plural:other"], "%lld Datei in %lld Ordnern"),
            (["substitution:files", "plural:other", "substitution:folders", "plural:one"], "%lld Dateien in %lld Ordner"),
            (["substitution:files", "plural:other", "substitution:folders", "plural:other"], "%lld Dateien in %lld Ordnern"),
        ]))
    }

    @Test func xclocBundleReadsLocalizedContents() throws {
        let bundle = CatalogFixtures.read("App.xcloc")
        let xliff = CatalogFixtures.url("App.xcloc/Localized Contents/fr.xliff").path
        #expect(bundle.sourceLanguage == "en")
        #expect(bundle.entry("Settings", "fr")?.value == "Réglages")
        #expect(bundle.entry("Settings", "fr")?.source == CatalogSourceLocation(file: xliff, line: 8, column: 7))
        // French has one/many/other; `many` (millions, compact forms) falls back to `other` silently.
        #expect(same(bundle.variants("%lld files", "fr"), [
            (["plural:one"], "%lld fichier"), (["plural:many"], "%lld fichiers"), (["plural:other"], "%lld fichiers"),
        ]))
        #expect(bundle.entry("Sign in", "en")?.value == "Sign in")
        #expect(bundle.diagnostics.map(\.message) == [
            "'Sign in' has no 'fr' localization; the app shows the source text",
        ])
    }

    @Test func xclocThatIsNotAFolder() throws {
        let url = try CatalogFixtures.temporaryFile("Bad.xcloc", Data("zip".utf8))
        let result = CatalogReader.read(url)
        #expect(result.entries.isEmpty)
        #expect(result.diagnostics.map(\.message) == ["an .xcloc must be a folder holding 'Localized Contents'"])
    }

    @Test func xlfExtensionAndSourceOnlyFile() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff version="1.2"><file original="a" source-language="en" datatype="plaintext"><body>
        <group translate="no"><trans-unit id="brand"><source>LayoutSim</source></trans-unit></group>
        <trans-unit id="hello"><source>Hello <g id="1">there</g></source>
        <alt-trans><target>Ignored</target></alt-trans></trans-unit>
        </body></file></xliff>
        """
        let result = try CatalogReader.read(CatalogFixtures.temporaryFile("Source.xlf", Data(xml.utf8)))
        #expect(result.entries.map(\.locale) == ["en", "en"])
        #expect(result.entries.map(\.value) == ["LayoutSim", "Hello there"])
        #expect(result.entries.map(\.shouldTranslate) == [false, true])
        #expect(result.entries.map(\.source.line) == [3, 4])
        #expect(result.diagnostics.isEmpty)
    }
}
