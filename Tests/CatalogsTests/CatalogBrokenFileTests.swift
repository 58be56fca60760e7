import Foundation
@testable import LayoutSimCatalogs
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Files a parser rejects: one error at the true line of the problem (checked against the fixture by eye, and
/// noted next to each expectation), and for `.strings` and XLIFF the good parts are still read.
@Suite struct CatalogBrokenFileTests {
    @Test func badJSON() throws {
        // Line 9 is `            "value" : Fertig`: an unquoted value; `F` is column 23.
        let result = CatalogFixtures.read("Broken.xcstrings")
        let url = CatalogFixtures.url("Broken.xcstrings")
        #expect(result.entries.isEmpty)
        #expect(result.sourceLanguage == nil)
        let error = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(error.severity == .error)
        #expect(error.location.file == url.path)
        #expect(error.location.line == 9)
        #if os(Linux)
        // Linux Foundation reports a byte offset ("around character 188"), converted here; macOS reports its own
        // line and column, whose column base is not checked.
        #expect(error.location.column == 23)
        #endif
        #expect(error.message.hasPrefix("not valid JSON: "))
    }

    /// A plural category written as a string instead of an object: one error, which says that `other` is checked in
    /// its place (as iOS falls back), and no second message that the category is missing.
    @Test func aMalformedPluralCategoryIsOneMessage() throws {
        let json = #"{"sourceLanguage":"en","version":"1.0","strings":{"A":{"localizations":{"de":{"variations":"#
            + #"{"plural":{"one":"x","other":{"stringUnit":{"state":"translated","value":"Zeichen"}}}}}}}}}"#
        let url = try CatalogFixtures.temporaryFile("Bad.xcstrings", Data(json.utf8))
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let result = CatalogReader.read(url, developmentLanguage: "en")
        #expect(result.messages(.error) == ["'A' [de]: plural variant 'one' must be an object; 'other' is checked in its place"])
        #expect(result.messages(.warning).isEmpty)
        #expect(result.variants("A", "de").map(\.1) == ["Zeichen", "Zeichen"])
    }

    @Test func jsonErrorOffsetsCountUTF8BytesAndEndOfFile() throws {
        // "é€" are 5 UTF-8 bytes but 2 UTF-16 units: the error on line 3 must still land on `x`, column 9.
        let json = "{\n \"é€\" : 1,\n  \"b\" : x\n}\n"
        let bad = try CatalogReader.read(CatalogFixtures.temporaryFile("U.xcstrings", Data(json.utf8)))
        #expect(bad.diagnostics.map(\.location.line) == [3])
        #if os(Linux)
        #expect(bad.diagnostics.map(\.location.column) == [9])
        #endif
        let truncated = try CatalogReader.read(CatalogFixtures.temporaryFile("T.xcstrings", Data("{\n  \"a\" : 1,\n".utf8)))
        #expect(truncated.diagnostics.map(\.location.line) == [3])
    }

    @Test func badPlist() throws {
        // Line 8 is `	<string>Close tag misspelt</strin>`.
        let result = CatalogFixtures.read("en.lproj/Broken.stringsdict")
        #expect(result.entries.isEmpty)
        let error = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(error.severity == .error)
        #expect(error.location.line == 8)
        #expect(error.message.hasPrefix("not a valid property list: "))
    }

    @Test func badStringsStatementsAndTheRestIsRead() throws {
        // Line 3 lacks its `;` (reported just after the value, column 39); line 5 has no value after `=`.
        let url = CatalogFixtures.url("de.lproj/Broken.strings")
        let result = CatalogReader.read(url)
        #expect(result.entries.map(\.key) == ["ok.first", "missing.semicolon", "ok.second", "ok.third"])
        #expect(result.entries.map(\.value) == ["Erste", "Kein Semikolon", "Zweite", "Dritte"])
        #expect(result.diagnostics.map(\.description) == [
            "\(url.path):3:39: error: expected ';' after the value of the key \"missing.semicolon\" (Foundation rejects the whole file: the app shows the source text until it is fixed; its translations are checked as written)",
            "\(url.path):5:18: error: expected a value after '=' for the key \"missing.value\"",
        ])
    }

    @Test func unterminatedStringInStrings() throws {
        let text = "\"a\" = \"1\";\n\"b\" = \"never closed;\n"
        let result = try CatalogReader.read(CatalogFixtures.temporaryFile("de.lproj/U.strings", Data(text.utf8)))
        #expect(result.entries.map(\.key) == ["a"])
        #expect(result.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "2:7 unterminated string",
        ])
    }

    @Test func badXML() throws {
        // Line 11 is `        <target>OK</targt>`: the end tag does not match. Units before it are kept.
        let url = CatalogFixtures.url("Broken.xliff")
        let result = CatalogReader.read(url)
        #expect(result.entries.map(\.key) == ["Settings"])
        #expect(result.entries.first?.value == "Réglages")
        let error = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(error.severity == .error)
        #expect(error.location.file == url.path)
        #expect(error.location.line == 11)
        #expect(error.message == "not well-formed XML: end tag does not match the start tag (XMLParser error 76)")
    }

    @Test func missingAndUnsupportedFiles() {
        let missing = CatalogReader.read(URL(fileURLWithPath: "/nonexistent/de.lproj/Nope.strings"))
        #expect(missing.diagnostics.map(\.severity) == [.error])
        #expect(missing.diagnostics.first?.message.hasPrefix("cannot read the file") == true)
        let unsupported = CatalogReader.read(URL(fileURLWithPath: "/tmp/strings.po"))
        #expect(unsupported.diagnostics.map(\.message) == [
            "unsupported catalog type '.po' (supported: .strings, .stringsdict, .xcloc, .xcstrings, .xlf, .xliff)",
        ])
    }
}

/// With another thread making the line index beside the parsing (`check --jobs 2` and more), a String Catalog reads
/// as it does on one thread: entries, diagnostics and their positions, for good files and broken ones.
@Suite struct CatalogParallelReadTests {
    @Test func readingInParallelGivesTheSameResult() throws {
        let urls = try Self.catalogs()
        for url in urls {
            let one = CatalogReader.read(url, developmentLanguage: "en", inParallel: false)
            let two = CatalogReader.read(url, developmentLanguage: "en", inParallel: true)
            #expect(one == two, "\(url.lastPathComponent)")
            #expect(!one.diagnostics.isEmpty || !one.entries.isEmpty)
            if url.lastPathComponent == "Big.xcstrings" {
                #expect(one.entries.count > 400)
                #expect(one.diagnostics.contains { $0.location.line > 100 && $0.message.contains("no 'fr' localization") })
                #expect(one.diagnostics.contains { $0.message.contains("must be an object") })
                #expect(one.diagnostics.contains { $0.message.contains("duplicate key") })
            }
        }
        #expect(CatalogReader.readEach(urls, developmentLanguage: "en", inParallel: true) == CatalogReader.readEach(urls))
    }

    /// Entries handed over as they are made (what `check` lays out while later keys are read): the same entries in
    /// the same order as a whole read, each handed over once, in runs that never split a key, all of them left in
    /// the result, the same diagnostics; on one thread and with the line index made beside the parsing.
    @Test func entriesEmittedAsReadAreTheWholeRead() throws {
        let urls = try Self.catalogs()
        for inParallel in [false, true] {
            for url in urls {
                let whole = CatalogReader.read(url, developmentLanguage: "en", inParallel: inParallel)
                var runs: [[CatalogEntry]] = []
                var seen = 0
                let emitted = CatalogReader.read(url, developmentLanguage: "en", inParallel: inParallel, emit: { all, first in
                    #expect(first == seen)
                    runs.append(Array(all[first...]))
                    seen = all.count
                })
                #expect(emitted.entries == whole.entries, "\(url.lastPathComponent)")
                #expect(runs.flatMap { $0 } == whole.entries, "\(url.lastPathComponent)")
                #expect(emitted.diagnostics == whole.diagnostics)
                #expect(emitted.sourceLanguage == whole.sourceLanguage)
                #expect(runs.allSatisfy { !$0.isEmpty })
                for (run, next) in zip(runs, runs.dropFirst()) {
                    #expect(run.last?.key != next.first?.key, "a key split between runs")
                }
                if url.lastPathComponent == "Big.xcstrings" { #expect(runs.count > 10) }
            }
        }
    }

    /// The catalogs both tests read: good and broken String Catalogs, the example's, and a generated one of 150 keys.
    static func catalogs() throws -> [URL] {
        var urls = [CatalogFixtures.url("Localizable.xcstrings"), CatalogFixtures.url("Broken.xcstrings")]
        urls.append(TestSupport.packageRoot.appendingPathComponent("Examples/App/Localizable.xcstrings"))
        urls.append(try CatalogFixtures.temporaryFile("U.xcstrings", Data("{\n \"é€\" : 1,\n  \"b\" : x\n}\n".utf8)))
        // 150 keys (read in two halves), with plural variants, keys without French (warnings), one key that is not
        // an object (an error) and one given twice (a warning), so both halves have entries and diagnostics.
        var keys: [String] = []
        for index in 0..<150 {
            let unit = { (locale: String) in "\"\(locale)\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"\(locale) \(index)\"}}" }
            var locales = ["de", "en"] + (index % 7 == 0 ? [] : ["fr"])
            if index % 11 == 0 { locales.removeFirst() }
            var localizations = locales.map(unit)
            if index % 5 == 0 {
                localizations.append("\"pl\" : {\"variations\" : {\"plural\" : {\"one\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%lld raz\"}}, \"other\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%lld razy\"}}}}}")
            }
            keys.append("\"key\(1000 + index)\" : " + (index == 120 ? "7" : "{\"localizations\" : {\(localizations.joined(separator: ", "))}}"))
        }
        keys.append("\"key1010\" : {}")
        let big = "{\n\"sourceLanguage\" : \"en\",\n\"strings\" : {\n" + keys.joined(separator: ",\n") + "\n},\n\"version\" : \"1.0\"\n}\n"
        urls.append(try CatalogFixtures.temporaryFile("Big.xcstrings", Data(big.utf8)))
        return urls
    }
}
