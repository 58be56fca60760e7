import Foundation
@testable import LayoutSimCatalogs
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Catalogs nobody on the team wrote: codes that are not languages, bytes that are not UTF-8, entities, links
/// out of a bundle, special files. Each is an error naming the file and line, or the warning the README promises.
struct HostileCatalogTests {
    static func xliff(source: String?, target: String?, body: String = "<source>Hi %lld</source><target>Hallo %lld</target>",
                      doctype: String = "") -> Data {
        let languages = (source.map { " source-language=\"\($0)\"" } ?? "") + (target.map { " target-language=\"\($0)\"" } ?? "")
        return Data("""
            <?xml version="1.0" encoding="UTF-8"?>\(doctype)
            <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
            <file original="a"\(languages) datatype="plaintext"><body>
            <trans-unit id="k">\(body)</trans-unit>
            </body></file></xliff>
            """.utf8)
    }

    @Test func xcstringsLocalizationCodesThatAreNotLanguagesAreErrorsAtTheirLine() throws {
        let url = try CatalogFixtures.temporaryFile("bad.xcstrings", Data("""
            {"sourceLanguage":"en","version":"1.0","strings":{
            "k":{"localizations":{
            "de":{"stringUnit":{"state":"translated","value":"%lld Dinge"}},
            "é":{"stringUnit":{"state":"translated","value":"%lld x"}}}},
            "m":{"localizations":{"é":{"stringUnit":{"state":"translated","value":"y"}}}}}}
            """.utf8))
        let result = CatalogReader.read(url)
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.description) == [
            "\(url.path):4:1: error: 'é' is not a language code: only ASCII letters, digits and '-' are allowed; "
                + "expected a BCP 47 language tag such as en, de-CH or zh-Hant; its localizations are not read",
        ])
        #expect(Set(result.entries.map(\.locale)) == ["en", "de"])
        // No "has no 'é' localization" warnings: the code is not a locale at all.
        #expect(!result.diagnostics.contains { $0.message.contains("has no 'é'") })
    }

    /// A well-formed code that is no ISO 639 language (`jp`, a country code, for Japanese `ja`) is read, with one
    /// warning at its first use: no iPhone is set to it. Known codes, rare ones too (ISO 639: fil, yue, haw), are not.
    @Test func aLanguageCLDRDoesNotKnowIsSaidOnce() throws {
        for known in ["ja", "el", "cs", "fil", "yue", "haw", "zh-Hant", "pt-BR", "und"] { #expect(LanguageTag.unknownLanguage(known) == nil) }
        #expect(LanguageTag.unknownLanguage("jp") == "'jp' is not a language CLDR knows (did you mean 'ja'?)")
        #expect(LanguageTag.unknownLanguage("zz-Qqqq") == "'zz-Qqqq' is not a language CLDR knows")
        let json = #"{"sourceLanguage":"en","version":"1.0","strings":{"a":{"localizations":{"jp":{"stringUnit":"#
            + #"{"state":"translated","value":"x"}}}},"b":{"localizations":{"jp":{"stringUnit":{"state":"translated","value":"y"}}}}}}"#
        let url = try CatalogFixtures.temporaryFile("jp.xcstrings", Data(json.utf8))
        let result = CatalogReader.read(url)
        #expect(result.diagnostics.map(\.description) == [
            "\(url.path):1:73: warning: 'jp' is not a language CLDR knows (did you mean 'ja'?): no iPhone is set to it, so "
                + "iOS never shows this localization",
        ])
        #expect(result.entries.filter { $0.locale == "jp" }.count == 2)
    }

    @Test func xcstringsSourceLanguageMustBeALanguage() throws {
        let url = try CatalogFixtures.temporaryFile("bad.xcstrings", Data("""
            {"sourceLanguage":"en_US!","version":"1.0","strings":{}}
            """.utf8))
        #expect(CatalogReader.read(url).diagnostics.map(\.description) == [
            "\(url.path):1:2: error: \"sourceLanguage\": 'en_US!' is not a language code: only ASCII letters, digits "
                + "and '-' are allowed; expected a BCP 47 language tag such as en, de-CH or zh-Hant",
        ])
        // Written, but not a string: said so where it is (it was "missing", at 1:1).
        let number = try CatalogFixtures.temporaryFile("number.xcstrings", Data(#"{"version":"1.0", "sourceLanguage":5,"strings":{}}"#.utf8))
        #expect(CatalogReader.read(number).diagnostics.map(\.description) == [
            "\(number.path):1:19: error: \"sourceLanguage\" must be a language code (a string such as \"en\")",
        ])
    }

    @Test(arguments: [("é", "de", "source-language"), ("en", "é", "target-language"), ("en", "xx-!", "target-language"),
                      ("en", "abcdefghi-toolong-1234", "target-language")])
    func xliffLanguagesMustBeLanguages(source: String, target: String, attribute: String) throws {
        let url = try CatalogFixtures.temporaryFile("a.xliff", Self.xliff(source: source, target: target))
        let result = CatalogReader.read(url)
        #expect(result.entries.isEmpty)
        #expect(result.diagnostics.count == 1)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location.line == 3)
        #expect(diagnostic.message.hasPrefix(attribute + ": "), "\(diagnostic.message)")
        #expect(diagnostic.message.hasSuffix("; this <file> is not read"), "\(diagnostic.message)")
    }

    @Test func languageTagsAcceptedAndRefused() {
        for good in ["en", "de-CH", "zh-Hant-TW", "pt-BR", "es-419", "und", "x-pseudo", "sr-Latn"] {
            #expect(LanguageTag.problem(good) == nil, "\(good)")
        }
        for bad in ["", "é", "en_US", "en-", "-en", "e n", "en\u{2028}", String(repeating: "a", count: 65), "ab-abcdefghi"] {
            #expect(LanguageTag.problem(bad) != nil, "\(bad)")
        }
    }

    /// The README: a file outside an `.lproj` is read as `und` with a warning; XLIFF without `source-language` too.
    @Test func undeterminedLanguageIsAWarningOnly() throws {
        let strings = try CatalogFixtures.temporaryFile("loose/Localizable.strings", Data("\"a\" = \"b %d\";\n".utf8))
        let result = CatalogReader.read(strings)
        #expect(result.messages(.error).isEmpty)
        #expect(result.messages(.warning) == ["cannot tell the language: 'loose' is not an '<language>.lproj' folder; using 'und'"])
        #expect(result.entries.map(\.locale) == ["und"])
        // A folder name that looks like a tag but that ICU does not parse whole (a lone singleton) is no language either.
        let odd = CatalogReader.read(try CatalogFixtures.temporaryFile("ab-c.lproj/Localizable.strings", Data("\"a\" = \"b\";\n".utf8)))
        #expect(odd.entries.map(\.locale) == ["und"])
        #expect(odd.messages(.warning) == ["cannot tell the language: 'ab-c.lproj' is not an '<language>.lproj' folder; using 'und'"])
        let accented = CatalogReader.read(try CatalogFixtures.temporaryFile("é.lproj/Localizable.strings", Data("\"a\" = \"%d\";\n".utf8)))
        #expect(accented.entries.map(\.locale) == ["und"])
        let xliff = try CatalogFixtures.temporaryFile("a.xliff", Self.xliff(source: nil, target: nil, body: "<source>Hi</source>"))
        let read = CatalogReader.read(xliff)
        #expect(read.messages(.error).isEmpty)
        #expect(read.messages(.warning) == ["<file> has no source-language; using 'und'"])
        #expect(read.entries.map(\.value) == ["Hi"])
    }

    @Test func invalidUTF8InXCStringsIsAnErrorAtItsLine() throws {
        var bytes = Array("{\"sourceLanguage\":\"en\",\"version\":\"1.0\",\"strings\":{\n\"k\":{\"localizations\":{\"en\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"ab".utf8)
        let column = bytes.count - bytes.lastIndex(of: UInt8(ascii: "\n"))!
        bytes += [0xC3, 0x28] + Array("\"}}}}}}".utf8)
        let url = try CatalogFixtures.temporaryFile("bad.xcstrings", Data(bytes))
        let result = CatalogReader.read(url)
        #expect(result.diagnostics.map(\.description) == [
            "\(url.path):2:\(column): error: not valid UTF-8 text (a String Catalog is UTF-8)",
        ])
        #expect(result.entries.isEmpty)
    }

    @Test func xliffEntityDeclarationsAreRefusedNotDropped() throws {
        for (declaration, words) in [
            ("<!ENTITY xxe \"Hello there\">", "the document declares the entity 'xxe'"),
            ("<!ENTITY xxe SYSTEM \"file:///etc/passwd\">", "the document declares an external entity 'xxe'"),
            ("<!-- <!ENTITY no \"x\"> --><!ENTITY % pe 'y'>", "the document declares the entity 'pe'"),
        ] {
            let doctype = "\n<!DOCTYPE xliff [\n  \(declaration)\n]>"
            let url = try CatalogFixtures.temporaryFile("e.xliff", Self.xliff(
                source: "en", target: "de", body: "<source>A&xxe;B</source><target>A&xxe;B</target>", doctype: doctype
            ))
            let result = CatalogReader.read(url)
            #expect(result.entries.isEmpty)
            let diagnostic = try #require(result.diagnostics.first)
            #expect(diagnostic.severity == .error)
            #expect(diagnostic.location.line == 3)
            #expect(diagnostic.message.hasPrefix(words), "\(diagnostic.message)")
        }
        // A DOCTYPE without declarations, and `<!ENTITY` as text after the root, are read as before.
        let plain = try CatalogFixtures.temporaryFile("p.xliff", Self.xliff(
            source: "en", target: "de", body: "<source>&lt;!ENTITY</source><target>A &amp; B</target>", doctype: "\n<!DOCTYPE xliff>"
        ))
        #expect(CatalogReader.read(plain).entries.map(\.value) == ["A & B"])
    }

    /// Found by fuzz-xliff: libxml2 2.9.14 through XMLParser dereferenced a null pointer on a declared UTF-7 (as
    /// `UTF7`) followed by non-ASCII text, killing the process. Encodings other than UTF-8 and UTF-16 are refused.
    @Test func declaredEncodingsOtherThanUTF8And16AreRefusedBeforeLibxml2() throws {
        for encoding in ["UTF7", "UTF-7", "ISO-8859-1"] {
            let url = try CatalogFixtures.temporaryFile("e.xliff", Data(
                "<?xml version=\"1.0\" encoding=\"\(encoding)\"?><xliff><file source-language=\"en\"><body>é</body></file></xliff>".utf8
            ))
            #expect(CatalogReader.read(url).diagnostics.map(\.description) == [
                "\(url.path):1:1: error: the XML declaration names the encoding '\(encoding)'; layoutsim reads XLIFF in UTF-8 or UTF-16 only",
            ])
        }
        let fine = try CatalogFixtures.temporaryFile("f.xliff", Self.xliff(source: "en", target: "de"))
        #expect(CatalogReader.read(fine).entries.count == 1)
    }

    /// Found by fuzz-xliff: leading zero bytes made libxml2 guess UCS-4, switch encodings and crash. XML forbids
    /// U+0000: it is an error at its place, before libxml2 sees the document.
    @Test func nulCharactersAreRefusedBeforeLibxml2() throws {
        let url = try CatalogFixtures.temporaryFile("z.xliff", Data([0, 0, 0] + Array("<?n\u{0B}odi<?nx".utf8)))
        #expect(CatalogReader.read(url).diagnostics.map(\.description) == [
            "\(url.path):1:1: error: a NUL character (U+0000), which XML does not allow",
        ])
        let later = try CatalogFixtures.temporaryFile("y.xliff", Data(Array("<?xml version=\"1.0\"?>\n<xliff>a".utf8) + [0] + Array("</xliff>".utf8)))
        #expect(CatalogReader.read(later).diagnostics.map(\.description) == [
            "\(later.path):2:9: error: a NUL character (U+0000), which XML does not allow",
        ])
    }

    /// Found by fuzz-xliff: a processing instruction without data (`<?pi?>`) crashed XMLParser (strlen of null).
    @Test func processingInstructionsWithoutDataAreRefused() throws {
        let url = try CatalogFixtures.temporaryFile("p.xliff", Data("<?xml version=\"1.0\"?>\n<xliff><!-- <?ok?> --><?pi?></xliff>".utf8))
        #expect(CatalogReader.read(url).diagnostics.map(\.description) == [
            "\(url.path):2:23: error: a processing instruction without data ('<?name?>'), which the XML parser cannot read",
        ])
        let withData = try CatalogFixtures.temporaryFile("q.xliff", Data("<?xml version=\"1.0\"?>\n<xliff><?pi data?></xliff>".utf8))
        #expect(!CatalogReader.read(withData).diagnostics.contains { $0.message.contains("processing instruction") })
    }

    /// Found by fuzz-stringsdict: Foundation's plist parser reads a `.stringsdict` with `<?x?>` in it, then the key
    /// locator's XMLParser crashed on it. The file is read; its keys are placed at line 1.
    @Test func stringsdictWithWhatCrashesXMLParserIsStillRead() throws {
        let plist = """
            <?x?>
            <plist version="1.0"><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>lld</string><key>one</key><string>%lld item</string>
            <key>other</key><string>%lld items</string></dict></dict></dict></plist>
            """
        let url = try CatalogFixtures.temporaryFile("en.lproj/Localizable.stringsdict", Data(plist.utf8))
        let result = CatalogReader.read(url)
        #expect(result.entries.map(\.value) == ["%lld item", "%lld items"])
        #expect(result.entries.map(\.source.line) == [1, 1])
    }

    /// Found by fuzz-stringsdict in the long run: a malformed instruction (`<?xjips<?g…`) before an instruction
    /// without data. The scan once skipped from the first `<?` to the next `?>` and missed the one libxml2 then
    /// reported, and XMLParser crashed (strlen of null). The file (Tests/Fixtures/Fuzz) is still read, keys at line 1.
    @Test func malformedInstructionsDoNotHideAnEmptyOne() throws {
        let data = try Data(contentsOf: TestSupport.fixture("Fuzz/stringsdict-malformed-pi.stringsdict"))
        #expect(EmptyProcessingInstruction.first(in: Array(data)) == 1500)
        let url = try CatalogFixtures.temporaryFile("en.lproj/Localizable.stringsdict", data)
        _ = CatalogReader.read(url)   // before the fix, the process died here
    }

    /// A fuzz input for the own JSON parser (Tests/Fixtures/Fuzz): no "strings" object (its key is `"string{"`) and an
    /// unknown version. Both are said at real places: the top of the file, and the version's key.
    @Test func missingStringsObjectIsReportedAtARealPlace() throws {
        let data = try Data(contentsOf: TestSupport.fixture("Fuzz/xcstrings-missing-strings.xcstrings"))
        let url = try CatalogFixtures.temporaryFile("Localizable.xcstrings", data)
        let result = CatalogReader.read(url)
        #expect(result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
            "8:3: String Catalog version 2.0 is not one this reader knows (1.0, 1.1); reading it as 1.1",
            "1:1: missing \"strings\" object",
        ])
        #expect(result.entries.isEmpty)
    }

    /// XMLParser's errors in words, not "XML error (XMLParser error 45)".
    @Test func xmlErrorsAreSaidInWords() throws {
        let url = try CatalogFixtures.temporaryFile("c.xliff", Data(
            "<?xml version=\"1.0\"?>\n<xliff version=\"1.2\"><file source-language=\"en\"><body><!-- open\n".utf8
        ))
        #expect(CatalogReader.read(url).diagnostics.map(\.description) == [
            "\(url.path):3:1: error: not well-formed XML: comment not closed (XMLParser error 45)",
        ])
    }

    @Test func xclocLinksOutOfTheBundleAreRefused() throws {
        let outside = try CatalogFixtures.temporaryFile("secret.xliff", Self.xliff(source: "en", target: "de"))
        let bundle = outside.deletingLastPathComponent().appendingPathComponent("B.xcloc")
        let contents = bundle.appendingPathComponent("Localized Contents")
        try FileManager.default.createDirectory(at: contents, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: contents.appendingPathComponent("de.xliff").path, withDestinationPath: outside.path)
        try Self.xliff(source: "en", target: "fr", body: "<source>Hi</source><target>Salut</target>")
            .write(to: contents.appendingPathComponent("fr.xliff"))
        try FileManager.default.createSymbolicLink(atPath: contents.appendingPathComponent("fr2.xliff").path, withDestinationPath: "fr.xliff")
        let result = CatalogReader.read(bundle)
        #expect(result.messages(.error) == ["'de.xliff' is a link to '\(outside.resolvingSymlinksInPath().path)', outside the bundle; not read"])
        #expect(result.entries.map(\.value) == ["Salut"])  // fr.xliff, and fr2.xliff (a link inside) giving the same entry
    }

    /// Substitutions multiply: 4 substitutions of Arabic's 6 plural categories are 6⁴ = 1,296 strings, over the
    /// 1,000 one key may make; 3 are 216, all read.
    @Test func substitutionsThatMultiplyPastTheLimitAreAnError() throws {
        func catalog(_ names: [String]) -> Data {
            let plural = Dictionary(uniqueKeysWithValues: ["zero", "one", "two", "few", "many", "other"].map {
                ($0, ["stringUnit": ["state": "translated", "value": "%arg \($0)"]])
            })
            let substitutions = Dictionary(uniqueKeysWithValues: names.map {
                ($0, ["argNum": 1, "formatSpecifier": "lld", "variations": ["plural": plural]] as [String: Any])
            })
            let value = names.map { "%#@\($0)@" }.joined(separator: " ")
            let strings = ["k": ["localizations": ["ar": ["stringUnit": ["state": "translated", "value": value],
                                                          "substitutions": substitutions]]]]
            return (try? JSONSerialization.data(withJSONObject: ["sourceLanguage": "ar", "version": "1.0", "strings": strings])) ?? Data()
        }
        let four = CatalogReader.read(try CatalogFixtures.temporaryFile("four.xcstrings", catalog(["a", "b", "c", "d"])))
        #expect(four.entries.isEmpty)
        #expect(four.messages(.error) == ["'k' [ar]: its variations and substitutions make more than 1,000 strings; not checked"])
        let three = CatalogReader.read(try CatalogFixtures.temporaryFile("three.xcstrings", catalog(["a", "b", "c"])))
        #expect(three.entries.count == 216)
        #expect(three.messages(.error).isEmpty)
    }

    /// A chain of substitutions, each inside the one before (`a1` holds `%#@a2@`, …): 8 levels are read, a 9th is an
    /// error at the key. With Arabic's 6 plural categories at each level the chain would make 6⁹ ≈ 10 million strings:
    /// the expansion stops at the first string 9 deep (it used to make every string 8 deep, 1.7 million, and go on
    /// without bound in time and memory), and reading it takes about as long as reading one string.
    @Test func substitutionsNestedPastEightAreAnErrorAndStopAtOnce() throws {
        func catalog(depth: Int, categories: [String], locale: String = "ar") -> Data {
            var substitutions: [String: Any] = [:]
            for level in 1...depth {
                let inner = level < depth ? " %#@a\(level + 1)@" : ""
                let plural = Dictionary(uniqueKeysWithValues: categories.map {
                    ($0, ["stringUnit": ["state": "translated", "value": "\($0)\(inner)"]])
                })
                substitutions["a\(level)"] = ["argNum": 1, "formatSpecifier": "lld", "variations": ["plural": plural]] as [String: Any]
            }
            let strings = ["k": ["localizations": [locale: ["stringUnit": ["state": "translated", "value": "%#@a1@"],
                                                            "substitutions": substitutions]]]]
            return (try? JSONSerialization.data(withJSONObject: ["sourceLanguage": locale, "version": "1.0", "strings": strings])) ?? Data()
        }
        // Japanese has one plural category: one string per level.
        let eight = CatalogReader.read(try CatalogFixtures.temporaryFile("eight.xcstrings", catalog(depth: 8, categories: ["other"], locale: "ja")))
        #expect(eight.entries.map(\.value) == ["other other other other other other other other"])
        #expect(eight.messages(.error).isEmpty)
        let error = "substitutions nested more than 8 deep ('a9' inside 8 others); not checked"
        let nine = CatalogReader.read(try CatalogFixtures.temporaryFile("nine.xcstrings", catalog(depth: 9, categories: ["other"], locale: "ja")))
        #expect(nine.entries.isEmpty)
        #expect(nine.messages(.error) == ["'k' [ja]: " + error])
        let all = ["zero", "one", "two", "few", "many", "other"]
        let wide = CatalogReader.read(try CatalogFixtures.temporaryFile("wide9.xcstrings", catalog(depth: 9, categories: all)))
        #expect(wide.entries.isEmpty)
        #expect(wide.messages(.error) == ["'k' [ar]: " + error])
    }

    /// Substitutions side by side are not nested: nine in one string are read (each replaced); more than 64 in one
    /// string are an error at the key. A chain of 10,000 nested names is refused at the 9th, without descending
    /// further (it would overflow the stack).
    @Test func substitutionsSideBySideAreNotNesting() throws {
        func catalog(_ names: [String], nested: Bool = false) -> Data {
            var substitutions: [String: Any] = [:]
            for (index, name) in names.enumerated() {
                let inner = nested && index + 1 < names.count ? " %#@\(names[index + 1])@" : ""
                let plural = ["other": ["stringUnit": ["state": "translated", "value": "\(name)\(inner)"]]]
                substitutions[name] = ["argNum": 1, "formatSpecifier": "lld", "variations": ["plural": plural]] as [String: Any]
            }
            let value = nested ? "%#@\(names[0])@" : names.map { "%#@\($0)@" }.joined(separator: " ")
            let strings = ["k": ["localizations": ["ja": ["stringUnit": ["state": "translated", "value": value],
                                                          "substitutions": substitutions]]]]
            return (try? JSONSerialization.data(withJSONObject: ["sourceLanguage": "ja", "version": "1.0", "strings": strings])) ?? Data()
        }
        let nine = (1...9).map { "s\($0)" }
        let flat = CatalogReader.read(try CatalogFixtures.temporaryFile("flat9.xcstrings", catalog(nine)))
        #expect(flat.entries.map(\.value) == [nine.joined(separator: " ")])
        #expect(flat.diagnostics.isEmpty)
        let many = CatalogReader.read(try CatalogFixtures.temporaryFile("flat65.xcstrings", catalog((1...65).map { "s\($0)" })))
        #expect(many.entries.isEmpty)
        #expect(many.messages(.error) == ["'k' [ja]: a string of its variants takes more than 64 substitutions; not checked"])
        let chain = CatalogReader.read(try CatalogFixtures.temporaryFile(
            "chain.xcstrings", catalog((1...10_000).map { "n\($0)" }, nested: true)
        ))
        #expect(chain.entries.isEmpty)
        #expect(chain.messages(.error) == ["'k' [ja]: substitutions nested more than 8 deep ('n9' inside 8 others); not checked"])
    }

    /// A substitution with no choices (`device: {}`) beside 20 with two each: no path ends in a string, so the walk
    /// counted no string and went on through all 2²⁰ paths. Now steps are counted too: an error at the key. Alone,
    /// such a substitution makes no string: said, not checked in silence.
    @Test func substitutionsThatMakeNothingStop() throws {
        func catalog(_ count: Int) -> Data {
            var substitutions: [String: Any] = [:]
            let plural = ["one": ["stringUnit": ["state": "translated", "value": "one"]],
                          "other": ["stringUnit": ["state": "translated", "value": "other"]]]
            let names = (0..<count).map { "s\($0)" }
            for name in names {
                substitutions[name] = ["argNum": 1, "formatSpecifier": "lld", "variations": ["plural": plural]] as [String: Any]
            }
            substitutions["zz"] = ["argNum": 1, "formatSpecifier": "lld", "variations": ["device": [String: Any]()]] as [String: Any]
            let value = (names + ["zz"]).map { "%#@\($0)@" }.joined(separator: " ")
            let strings = ["k": ["localizations": ["en": ["stringUnit": ["state": "translated", "value": value],
                                                          "substitutions": substitutions]]]]
            return (try? JSONSerialization.data(withJSONObject: ["sourceLanguage": "en", "version": "1.0", "strings": strings])) ?? Data()
        }
        let wide = CatalogReader.read(try CatalogFixtures.temporaryFile("nothing20.xcstrings", catalog(20)))
        #expect(wide.entries.isEmpty)
        #expect(wide.messages(.error) == ["'k' [en]: its variations and substitutions make more than 1,000 strings; not checked"])
        let alone = CatalogReader.read(try CatalogFixtures.temporaryFile("nothing0.xcstrings", catalog(0)))
        #expect(alone.entries.isEmpty)
        #expect(alone.diagnostics.map(\.message)
            == ["'k' [en]: its variations and substitutions make no string (a variation without cases); not checked"])
    }

    @Test func specialFilesAreRefused() throws {
        let folder = try CatalogFixtures.temporaryFile("x/keep", Data()).deletingLastPathComponent()
        let fifo = folder.appendingPathComponent("Localizable.xcstrings")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(CatalogReader.read(fifo).messages(.error) == [
            "cannot read the file: is a named pipe (FIFO), not a regular file (layoutsim reads only regular files)",
        ])
        let directory = folder.appendingPathComponent("D.strings")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(CatalogReader.read(directory).messages(.error) == ["cannot read the file: is a folder, not a file"])
    }
}
