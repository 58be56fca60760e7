import Foundation
import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimModel
import LayoutSimReports
import LayoutSimTestSupport
import Testing

/// Budgets written into catalogs (`layoutsim budgets`). Every string is checked on OneEm at 10 pt (every ASCII
/// character 10 pt wide) in a 120 pt label of 2 lines: the room is 120 pt × 2 lines = 240 pt, the mean character
/// 10 pt, so 24 characters (and 24 code points: ASCII) fit, and `maxwidth` is 240 in pixels.
struct BudgetExportTests {
    static let spec = "defaults:\n  font: \(TestSupport.oneEm)\n  size: 10\n  width: 120\n  lines: 2\n"

    func check(_ catalog: String, in dir: URL) throws -> CheckReport {
        let spec = dir.appendingPathComponent("spec.yaml").path
        try Self.spec.write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [catalog], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        return try CheckRunner.run(options)
    }

    /// What the readers and the check see, apart from where (a comment member inserted moves lines) and the note.
    func comparable(_ entries: [CatalogEntry]) -> [CatalogEntry] {
        entries.map { entry in
            var entry = entry
            entry.comment = BudgetExport.commentWithoutNote(entry.comment)
            entry.source = CatalogSourceLocation(file: "", line: 0, column: 0)
            return entry
        }
    }

    func comparable(_ report: CheckReport) -> [CheckResult] {
        report.results.map { result in
            var result = result
            result.file = ""
            result.line = 0
            result.column = 0
            return result
        }
    }

    static let xcstrings = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "empty" : {

        },
        "greeting" : {
          "comment" : "Shown on launch \/ first run\nMax width: 1 pt × 1 line [layoutsim]\nKeep it short",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Hallo"
              }
            },
            "en" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Hello"
              }
            }
          }
        },
        "photos" : {
          "extractionState" : "manual",
          "localizations" : {
            "en" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld photo"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld photos"
                    }
                  }
                }
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """#

    /// A string whose layout leaves it no room (0 pt: a row that gives it nothing) gets no budget, which no translation
    /// could meet (`maxwidth="0"`); it is named instead.
    @Test func noBudgetWhereTheLayoutLeavesNoRoom() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("Localizable.xcstrings").path
        try Self.xcstrings.write(toFile: path, atomically: true, encoding: .utf8)
        var report = try check(path, in: dir)
        let index = try #require(report.results.firstIndex { $0.key == "greeting" && $0.locale == "de" })
        report.results[index].budget?.width = 0
        let roomless = try #require(report.catalogBudgets.first { $0.key == "greeting" && $0.locale == "de" })
        for unit in BudgetUnit.allCases { #expect(unit.value(of: roomless) == nil) }
        let note = try #require(BudgetExport.note(for: report.catalogBudgets.filter { $0.key == "greeting" }, sourceLanguage: "en"))
        #expect(note == "Max width: 120 pt × 2 lines (≈ 24 characters in en) [layoutsim]")   // no de, no 0 pt
        #expect(report.roomlessBudgets == ["greeting [de]"])
    }

    /// The note replaces the earlier one in place of… the end of the comment, the rest kept as written (`\/`); a
    /// key without a comment gets one where Xcode puts it (keys sorted); an empty key gets one in Xcode's layout.
    @Test func xcstringsCommentsGetTheNoteAndNothingElseChanges() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("Localizable.xcstrings").path
        try Self.xcstrings.write(toFile: path, atomically: true, encoding: .utf8)
        let report = try check(path, in: dir)
        let result = BudgetExport.export(try Data(contentsOf: URL(fileURLWithPath: path)), file: path, budgets: report.catalogBudgets, unit: .char)
        #expect(result.diagnostics.isEmpty)
        #expect(result.annotated == 3 && result.total == 3)
        let written = String(decoding: try #require(result.data), as: UTF8.self)
        let note = "Max width: 120 pt × 2 lines (≈ 24 characters in en) [layoutsim]"
        var expected = Self.xcstrings
        expected = expected.replacingOccurrences(of: "\"empty\" : {\n\n    },", with: "\"empty\" : {\n      \"comment\" : \"\(note)\"\n    },")
        expected = expected.replacingOccurrences(
            of: #""comment" : "Shown on launch \/ first run\nMax width: 1 pt × 1 line [layoutsim]\nKeep it short","#,
            with: #""comment" : "Shown on launch \/ first run\nKeep it short\nMax width: 120 pt × 2 lines (≈ 24 characters in en, 24 in de) [layoutsim]","#
        )
        // "%lld photos": its sample 1,000,000 takes 9 characters of the room (90 pt), so (240 − 90) ÷ 10 = 15 are left.
        expected = expected.replacingOccurrences(
            of: "\"photos\" : {\n      \"extractionState\"",
            with: "\"photos\" : {\n      \"comment\" : \"\(note.replacingOccurrences(of: "24", with: "15"))\",\n      \"extractionState\""
        )
        #expect(written == expected)

        // Read back: the same strings, comments apart from the note; the same check results.
        let out = dir.appendingPathComponent("out.xcstrings").path
        try Data(written.utf8).write(to: URL(fileURLWithPath: out))
        let before = CatalogReader.read(URL(fileURLWithPath: path)), after = CatalogReader.read(URL(fileURLWithPath: out))
        #expect(comparable(after.entries) == comparable(before.entries))
        #expect(after.entries.first { $0.key == "greeting" }?.comment == "Shown on launch / first run\nKeep it short\nMax width: 120 pt × 2 lines (≈ 24 characters in en, 24 in de) [layoutsim]")
        #expect(comparable(try check(out, in: dir)) == comparable(report))

        // Exporting again changes nothing; with no budgets the notes go, and a comment that was only a note with it.
        let again = BudgetExport.export(Data(written.utf8), file: out, budgets: report.catalogBudgets, unit: .char)
        #expect(again.data == Data(written.utf8))
        let cleared = BudgetExport.export(Data(written.utf8), file: out, budgets: [], unit: .char)
        let clearedText = String(decoding: try #require(cleared.data), as: UTF8.self)
        #expect(clearedText == Self.xcstrings.replacingOccurrences(of: #"\nMax width: 1 pt × 1 line [layoutsim]"#, with: ""))
    }

    static let xliff = #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
      <file original="App/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
        <body>
          <trans-unit id="Hello &amp; bye" xml:space="preserve">
            <source>Hello &amp; bye</source>
            <target state="translated">Hallo &amp; tschuess</target>
            <note>Greeting.</note>
          </trans-unit>
          <trans-unit id="%lld photos|==|plural.one" xml:space="preserve" maxwidth="3" size-unit="pixel">
            <source>%lld photo</source>
            <target state="translated">%lld Foto</target>
          </trans-unit>
          <trans-unit id="%lld photos|==|plural.other" xml:space="preserve">
            <source>%lld photos</source>
            <target state="translated">%lld Fotos</target>
          </trans-unit>
          <trans-unit id="%#@a@ and %#@b@" xml:space="preserve">
            <source>%#@a@ and %#@b@</source>
            <target state="translated">%#@a@ und %#@b@</target>
          </trans-unit>
          <trans-unit id="%#@a@ and %#@b@|==|substitutions.a.plural.other" xml:space="preserve">
            <source>%arg x</source>
            <target state="translated">%arg x</target>
          </trans-unit>
          <trans-unit id="%#@a@ and %#@b@|==|substitutions.b.plural.other" xml:space="preserve">
            <source>%arg y</source>
            <target state="translated">%arg y</target>
          </trans-unit>
          <trans-unit id="Untranslated" xml:space="preserve">
            <source>Untranslated</source>
          </trans-unit>
        </body>
      </file>
      <file original="App/en.lproj/Localizable.stringsdict" source-language="en" target-language="de" datatype="plaintext">
        <body>
          <trans-unit id="/%d files:dict/NSStringLocalizedFormatKey:dict/:string" xml:space="preserve">
            <source>%#@files@</source>
            <target>%#@files@</target>
          </trans-unit>
          <trans-unit id="/%d files:dict/files:dict/one:dict/:string" xml:space="preserve">
            <source>%d file</source>
            <target>%d Datei</target>
          </trans-unit>
          <trans-unit id="/%d files:dict/files:dict/other:dict/:string" xml:space="preserve">
            <source>%d files</source>
            <target>%d Dateien</target>
          </trans-unit>
        </body>
      </file>
    </xliff>
    """#

    /// Each unit of a key the report has in German gets `maxwidth`: plural variants their own (the file's `one`
    /// and `other`), a string built from two substitutions on its format unit, a stringsdict format of one token
    /// on that token's variants. An earlier `maxwidth` is replaced; the untranslated unit has no German result.
    @Test func xliffUnitsGetMaxwidthAndReadBackTheSame() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("de.xliff").path
        try Self.xliff.write(toFile: path, atomically: true, encoding: .utf8)
        let report = try check(path, in: dir)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        // Characters and glyphs: the room less the placeholders' samples (10 pt a character): 1 for "one" (23 left),
        // 1,000,000 for "other" (15 left), two of them in "%#@a@ and %#@b@" (18 characters: 6 left). Pixels: the room.
        let left: [String: Int] = [
            "Hello &amp; bye": 24, "%lld photos|==|plural.one": 23, "%lld photos|==|plural.other": 15, "%#@a@ and %#@b@": 6,
            "/%d files:dict/files:dict/one:dict/:string": 23, "/%d files:dict/files:dict/other:dict/:string": 15,
        ]
        for unit in [BudgetUnit.char, .glyph, .pixel] {
            let result = BudgetExport.export(original, file: path, budgets: report.catalogBudgets, unit: unit)
            let written = String(decoding: try #require(result.data), as: UTF8.self)
            func attributes(_ id: String) -> String {
                "maxwidth=\"\(unit == .pixel ? 240 : left[id] ?? 24)\" size-unit=\"\(unit.rawValue)\""
            }
            let plain = attributes("Untranslated")
            var expected = Self.xliff
            for id in ["Hello &amp; bye", "%lld photos|==|plural.other", "%#@a@ and %#@b@", "/%d files:dict/files:dict/one:dict/:string",
                       "/%d files:dict/files:dict/other:dict/:string"] {
                expected = expected.replacingOccurrences(
                    of: "<trans-unit id=\"\(id)\" xml:space=\"preserve\">", with: "<trans-unit id=\"\(id)\" xml:space=\"preserve\" \(attributes(id))>"
                )
            }
            expected = expected.replacingOccurrences(of: "xml:space=\"preserve\" maxwidth=\"3\" size-unit=\"pixel\"",
                                                     with: "xml:space=\"preserve\" \(attributes("%lld photos|==|plural.one"))")
            if unit == .pixel {
                // A width is the same in every language: the untranslated unit gets the source language's.
                expected = expected.replacingOccurrences(of: "id=\"Untranslated\" xml:space=\"preserve\">", with: "id=\"Untranslated\" xml:space=\"preserve\" \(plain)>")
            }
            #expect(written == expected, "\(unit)")
            #expect(result.annotated == (unit == .pixel ? 7 : 6) && result.total == 10)
            #expect(result.diagnostics.map(\.message) == (unit == .pixel ? [] : [
                "1 key ('Untranslated') has budgets in the report but no 'de' results (check the translated catalog, or use --unit pixel, whose width is the same in every language); left without a budget",
            ]))

            // Read back: every entry the same (notes untouched), the same check; exporting again changes nothing.
            let out = dir.appendingPathComponent("out-\(unit).xliff").path
            try Data(written.utf8).write(to: URL(fileURLWithPath: out))
            let before = CatalogReader.read(URL(fileURLWithPath: path)), after = CatalogReader.read(URL(fileURLWithPath: out))
            #expect(comparable(after.entries) == comparable(before.entries))
            #expect(after.entries.map(\.comment) == before.entries.map(\.comment))
            #expect(comparable(try check(out, in: dir)) == comparable(report))
            #expect(BudgetExport.export(Data(written.utf8), file: out, budgets: report.catalogBudgets, unit: unit).data == Data(written.utf8))
        }
    }

    /// XLIFF 2: `slr:sizeRestriction` on the unit, the module's namespace and profile added once.
    @Test func xliff2UnitsGetASizeRestriction() throws {
        let original = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">
          <file id="f1">
            <unit id="greeting">
              <segment><source>Hello</source><target>Hallo</target></segment>
            </unit>
            <unit id="other">
              <segment><source>x</source></segment>
            </unit>
          </file>
        </xliff>
        """
        let budget = CatalogBudget(key: "greeting", locale: "de", variantPath: [], width: 120, lines: 2, maxCharacters: 24, maxCodePoints: 23)
        let result = BudgetExport.export(Data(original.utf8), file: "de.xlf", budgets: [budget], unit: .char)
        let written = String(decoding: try #require(result.data), as: UTF8.self)
        #expect(written == original
            .replacingOccurrences(of: "trgLang=\"de\">", with: "trgLang=\"de\" xmlns:slr=\"urn:oasis:names:tc:xliff:sizerestriction:2.0\">")
            .replacingOccurrences(of: "<file id=\"f1\">", with: "<file id=\"f1\">\n    <slr:profiles generalProfile=\"xliff:codepoints\"/>")
            .replacingOccurrences(of: "<unit id=\"greeting\">", with: "<unit id=\"greeting\" slr:sizeRestriction=\"23\">"))
        #expect(BudgetExport.export(Data(written.utf8), file: "de.xlf", budgets: [budget], unit: .char).data == Data(written.utf8))
        // Widths and grapheme clusters have no profile in the module.
        let pixel = BudgetExport.export(Data(original.utf8), file: "de.xlf", budgets: [budget], unit: .pixel)
        #expect(pixel.data == nil)
        #expect(pixel.diagnostics.map(\.description) == [
            "de.xlf:2:1: error: XLIFF 2's size restriction module counts code points ('xliff:codepoints'), not widths: use --unit char",
        ])
    }

    /// Code points and grapheme clusters differ where letters take several code points: "é" written as e + U+0301
    /// is one character of two code points. On OneEm the mark has no advance: "Cafe\u{301}" is 40 pt for 4
    /// characters (10 pt each, 12 fit in 120 pt) and 5 code points (8 pt each, 15 fit).
    @Test func codePointsAreEstimatedPerCodePoint() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lproj = dir.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let strings = lproj.appendingPathComponent("Localizable.strings").path
        try "\"k\" = \"Cafe\u{301}\";\n".write(toFile: strings, atomically: true, encoding: .utf8)
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults:\n  font: \(TestSupport.oneEm)\n  size: 10\n  width: 120\n  lines: 1\n".write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [strings], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let budgets = try CheckRunner.run(options).catalogBudgets
        #expect(budgets == [CatalogBudget(key: "k", locale: "en", variantPath: [], width: 120, lines: 1, maxCharacters: 12, maxCodePoints: 15)])
        #expect(BudgetUnit.pixel.value(of: budgets[0]) == 120)
    }

    /// A string in a row has a room per locale (its neighbours differ): the note gives each locale's, source first.
    @Test func notesGiveEachLocalesRoomWhenTheyDiffer() {
        let budgets = [
            CatalogBudget(key: "k", locale: "fr", variantPath: [], width: 39, lines: 1, maxCharacters: 3, maxCodePoints: 3),
            CatalogBudget(key: "k", locale: "en", variantPath: [], width: 131.667, lines: 1, maxCharacters: 11, maxCodePoints: 11),
            CatalogBudget(key: "k", locale: "fr", variantPath: [], width: 60, lines: 1, maxCharacters: 5, maxCodePoints: 5),
        ]
        #expect(BudgetExport.note(for: budgets, sourceLanguage: "en")
            == "Max width: en 131.667 pt × 1 line ≈ 11 characters, fr 39 pt × 1 line ≈ 3 characters [layoutsim]")
        let same = [budgets[0], CatalogBudget(key: "k", locale: "en", variantPath: [], width: 39, lines: 1, maxCharacters: 4, maxCodePoints: 4)]
        #expect(BudgetExport.note(for: same, sourceLanguage: "en") == "Max width: 39 pt × 1 line (≈ 4 characters in en, 3 in fr) [layoutsim]")
    }

    /// Bad input: a file of another kind, a catalog with errors, a bad XLIFF: an error at the file, nothing written.
    @Test func badCatalogsAreRefusedWithTheirPlace() {
        let budget = CatalogBudget(key: "k", locale: "en", variantPath: [], width: 100, lines: 1, maxCharacters: 10, maxCodePoints: 10)
        let strings = BudgetExport.export(Data("\"k\" = \"v\";".utf8), file: "a.strings", budgets: [budget], unit: .char)
        #expect(strings.data == nil)
        #expect(strings.diagnostics.map(\.description) == ["a.strings:1:1: error: cannot write budgets into a '.strings' file (supported: .xcstrings, .xlf, .xliff, .xcloc)"])
        let broken = BudgetExport.export(Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n".utf8), file: "b.xcstrings", budgets: [budget], unit: .char)
        #expect(broken.data == nil)
        #expect(broken.diagnostics.first?.description.hasPrefix("b.xcstrings:") == true)
        #expect(broken.diagnostics.first?.message.hasPrefix("not written: not valid JSON") == true)
        let xml = BudgetExport.export(Data("<xliff version=\"1.2\"><file source-language=\"en\"><body>\n<trans-unit id=\"k\"></file>".utf8),
                                      file: "c.xliff", budgets: [budget], unit: .char)
        #expect(xml.data == nil)
        #expect(xml.diagnostics.first?.description.hasPrefix("c.xliff:2:") == true)
    }
}
