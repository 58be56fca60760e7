import Foundation
import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimModel
import LayoutSimSources
import LayoutSimTestSupport
import Testing

@Suite struct SpecDraftTests {
    static let app = [TestSupport.fixture("Sources/SwiftUIApp").path, TestSupport.fixture("Sources/UIKitApp").path]

    func temporary(_ name: String, _ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func checkReadsTheDraftUnchanged() throws {
        let result = SourceScanner.scan(paths: Self.app)
        let (spec, diagnostics) = LayoutSpecReader.read(text: SpecDraft.write(result), path: "draft.yaml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let read = try #require(spec)
        let inRows = Set(result.rows.flatMap(\.members).compactMap { if case .place(let i) = $0 { return i } else { return nil } })
        #expect(read.elements.count == result.places.count - inRows.count)
        #expect(read.groups.count == result.rows.count)
        // settings.legal (SettingsView.swift:35): .font(.system(size: 11)), .frame(width: 200)
        let legal = try #require(read.elements.first { $0.key == "settings.legal" })
        #expect(legal.size == 11 && legal.width == 200 && legal.relativeTo == nil)
        #expect(legal.name?.hasSuffix("SettingsView.swift:35") == true)
        // settings.items %lld: scaled 13 pt like footnote, margins 16 from .padding()
        let items = try #require(read.elements.first { $0.key == "settings.items %lld" })
        #expect(items.size == 13 && items.relativeTo == .footnote && items.margins == 16)
    }

    @Test func scanningAgainKeepsWhatTheUserChanged() throws {
        let result = SourceScanner.scan(paths: Self.app)
        let first = SpecDraft.write(result)
        // The user gives settings.legal three lines, and adds an element of their own for profile.name.
        var lines = first.components(separatedBy: "\n")
        let legal = try #require(lines.firstIndex { $0.contains("key: \"settings.legal\"") })
        lines.insert("    lines: 3   # mine", at: legal + 1)
        let edited = lines.joined(separator: "\n") + "  - key: profile.name\n    width: 200\n"
        let second = SpecDraft.write(result, existing: edited)
        #expect(second.components(separatedBy: "key: \"settings.legal\"").count == 2)   // once, the user's
        #expect(second.contains("    lines: 3   # mine"))
        #expect(!second.contains("key: \"profile.name\""))   // the user's own element owns the key
        #expect(second.contains("  - key: profile.name\n    width: 200\n"))
        // Untouched elements are rewritten as before: a third scan over the second changes nothing.
        #expect(SpecDraft.write(result, existing: second) == second)
        let (spec, diagnostics) = LayoutSpecReader.read(text: second, path: "draft.yaml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(spec?.elements.first { $0.key == "settings.legal" }?.lines == 3)
    }

    @Test func coverageMatchesTablesAndSettlesGuessedSpecifiers() throws {
        let swift = try temporary("Guess.swift", """
            import SwiftUI
            struct Guess: View {
                let model: Model
                var body: some View {
                    Text("cart.count \\(model.items)")
                    Text("cart.typo")
                }
            }
            """)
        let catalog = try temporary("Localizable.strings", "\"cart.count %lld\" = \"%lld items\";\n\"cart.unused\" = \"Unused\";\n")
        var result = SourceScanner.scan(paths: [swift])
        #expect(result.places.first?.key == "cart.count %@" && result.places.first?.keyConfidence == .medium)
        let coverage = ScanCoverage.match(&result, catalogs: [CatalogReader.read(URL(fileURLWithPath: catalog))])
        #expect(result.places.first?.key == "cart.count %lld")
        #expect(coverage.keysWithoutPlace.map(\.key) == ["cart.unused"])
        #expect(coverage.placesWithoutKey.map { result.places[$0.place].key } == ["cart.typo"])
        #expect(coverage.catalogKeys == 2 && coverage.placedKeys == 1)
    }

    @Test func unparsableSwiftIsAnErrorAtItsLineAndTheRestIsScanned() throws {
        let swift = try temporary("Broken.swift", """
            import SwiftUI
            struct Broken: View {
                var body: some View {
                    Text("before.error")
                    Text("after" +++ ))
                }
            }
            """)
        let result = SourceScanner.scan(paths: [swift, "/no/such/folder"])
        #expect(result.places.map(\.key).contains("before.error"))
        let errors = result.notes.filter { $0.severity == .error }
        #expect(errors.count == 2)
        #expect(errors.contains { $0.location.file == swift && $0.location.line == 5 })
        #expect(errors.contains { $0.location.file == "/no/such/folder" && $0.message == "no such file or folder" })
    }

    @Test func fontAliasesTheCodeDoesNotDeclareComeFromTheConfig() throws {
        let swift = try temporary("Alias.swift", """
            import SwiftUI
            struct Alias: View {
                var body: some View {
                    Text("a").font(.scaledFootnote)
                    Text("b").font(.brand)
                }
            }
            """)
        let config = try temporary("scan.yaml", "fontAliases:\n  scaledFootnote: {style: footnote}\n")
        let unmapped = SourceScanner.scan(paths: [swift])
        #expect(unmapped.notes.map(\.kind) == [.unresolvedFont, .unresolvedFont])
        let mapped = SourceScanner.scan(paths: [swift], config: try ScanConfig.read(path: config))
        #expect(mapped.places.first?.font?.value == .style(.footnote))
        #expect(mapped.notes.count == 1 && mapped.notes.first?.location.line == 5)
        let bad = try temporary("bad.yaml", "fontAliases:\n  x: {style: huge}\n")
        #expect(throws: ScanConfigError.self) { try ScanConfig.read(path: bad) }
        do { _ = try ScanConfig.read(path: bad) } catch let error as ScanConfigError {
            #expect(error.line == 2 && error.message.hasPrefix("unknown text style 'huge'"))
        }
    }

    @Test func aHandSpecSetsItsFieldsOverTheDerivedPlaces() throws {
        let derived = """
            defaults: {device: iphone-15}
            elements:
              - {key: a, name: "A.swift:3", style: footnote, lines: 1}
              - {key: a, name: "B.swift:9", style: body}
              - {key: b, name: "A.swift:4", style: body}
            """
        let hand = """
            defaults: {device: iphone-se}
            elements:
              - {key: a, lines: 2}
              - {key: "z*", width: 100}
            """
        let d = try #require(LayoutSpecReader.read(text: derived, path: "derived").spec)
        let h = try #require(LayoutSpecReader.read(text: hand, path: "hand", validates: false).spec)
        let merged = h.withSources(d)
        #expect(merged.defaults.device == .iPhoneSE)
        let places = merged.places(forKey: "a").places
        #expect(places.map(\.name) == ["A.swift:3", "B.swift:9"])   // a key placed twice is checked in both places
        if case .element(let first, _) = places[0] { #expect(first.lines == 2 && first.style == .footnote) }
        if case .element(let second, _) = places[1] { #expect(second.lines == 2 && second.style == .body) }
        #expect(merged.element(forKey: "b").spec.lines == nil)
        #expect(merged.element(forKey: "zeta").spec.width == 100)   // a glob still serves keys no source shows
    }
}

extension SpecDraftTests {
    /// swift-syntax's walks recurse once per level: a generated chain deeper than any code is refused, not crashed on.
    @Test func aTreeDeeperThanAnyCodeIsRefusedAtItsFile() throws {
        let deep = try temporary("Deep.swift", "let x = y" + String(repeating: ".a", count: 100_000) + "\n")
        let fine = try temporary("Fine.swift", "import SwiftUI\nstruct F: View { var body: some View { Text(\"fine\") } }\n")
        let result = SourceScanner.scan(paths: [deep, fine])
        #expect(result.places.map(\.key) == ["fine"])
        #expect(result.notes.count == 1 && result.notes.first?.location.file == deep)
        #expect(result.notes.first?.message.hasPrefix("Swift nested more than 4000 levels deep") == true)
    }
}
