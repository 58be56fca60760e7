import Foundation
import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Specs nobody on the team wrote: nesting that would overflow Yams' recursive loader, special files.
struct HostileSpecTests {
    func read(_ text: String, name: String = "spec.yaml") throws -> (LayoutSpec?, [CatalogDiagnostic]) {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let (spec, diagnostics) = LayoutSpecReader.read(path: path)
        return (spec, diagnostics.map { d in
            CatalogDiagnostic(severity: d.severity, message: d.message,
                              location: CatalogSourceLocation(file: name, line: d.location.line, column: d.location.column))
        })
    }

    /// 10 KB of `[` crashed the process (stack overflow in Yams' `Parser.loadSequence`); now the 65th level is an
    /// error at its column: the line's block level and `elements:` count 2, so the 63rd bracket after the
    /// 10-character `elements: ` is the 65th level, at column 73.
    @Test func deepFlowNestingIsAnErrorAtItsColumn() throws {
        let deep = "elements: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let (spec, diagnostics) = try read(deep)
        #expect(spec == nil)
        #expect(diagnostics.map(\.description) == [
            "spec.yaml:1:73: error: the spec nests deeper than 64 levels; a spec needs about 6",
        ])
    }

    /// A `[` never closed: YAML finds the problem on the next line; the message also says where the `[` is
    /// (line 2, column 10: `  lines: ` is 9 characters before it).
    @Test func anUnclosedBracketIsShownWhereItOpened() throws {
        let (spec, diagnostics) = try read("defaults:\n  lines: [1\n  width: 300\n")
        #expect(spec == nil)
        #expect(diagnostics.map(\.description) == [
            "spec.yaml:3:8: error: not valid JSON or YAML: did not find expected ',' or ']' while parsing a flow "
                + "sequence opened at 2:10",
        ])
    }

    /// A character YAML does not allow (a NUL after `  width: 343`, the 13th column of line 3) is an error at it, in
    /// one line (Yams' own message is three, at 1:1).
    @Test func aControlCharacterIsAnErrorWhereItIs() throws {
        let (spec, diagnostics) = try read("defaults:\n  style: body\n  width: 343\u{0}\n")
        #expect(spec == nil)
        #expect(diagnostics.map(\.description) == [
            "spec.yaml:3:13: error: not valid JSON or YAML: control characters are not allowed (U+0000)",
        ])
    }

    /// A number too large for its type is said so (1e400 reads as infinity; 10²³ is more than an Int), not "must be a
    /// number".
    @Test func aNumberTooLargeIsSaidSo() throws {
        let (_, diagnostics) = try read("defaults:\n  width: 1e400\n  lines: 99999999999999999999999\n  size: big\n"
            + "elements:\n  - key: a\n    width: nan\n  - key: b\n    width: -inf\n")
        #expect(diagnostics.map(\.description).filter { $0.contains("'width'") || $0.contains("'lines'") || $0.contains("'size'") } == [
            "spec.yaml:2:10: error: 'width' 1e400 is too large",
            "spec.yaml:3:10: error: 'lines' 99999999999999999999999 is too large",
            "spec.yaml:4:9: error: 'size' must be a number",
            "spec.yaml:7:12: error: 'width' must be a number",
            "spec.yaml:9:12: error: 'width' must be a number",
        ])
    }

    /// A font file that is not there is the spec's error, once, at the field (it was an error per string and locale,
    /// at the catalog's line); the element is dropped as for any bad field, a bad default font only that field.
    @Test func aMissingFontFileIsTheSpecsErrorAtTheField() throws {
        let (spec, diagnostics) = try read("defaults:\n  width: 300\nelements:\n  - key: title\n    font: Fonts/Brand-Bold.ttf\n")
        #expect(spec?.elements.isEmpty == true)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.description.hasPrefix("spec.yaml:5:11: error: 'font': ") == true)
        #expect(diagnostics.first?.description.hasSuffix("/Fonts/Brand-Bold.ttf: font file not found (a font's path is "
            + "relative to the spec's folder)") == true)
        let (defaults, _) = try read("defaults:\n  width: 300\n  font: missing.otf\n")
        #expect(defaults?.defaults.font == nil)
        #expect(defaults?.defaults.width == 300)
    }

    @Test func deepJSONIsAnError() throws {
        let deep = String(repeating: "{\"a\": ", count: 5_000) + "1" + String(repeating: "}", count: 5_000)
        let (spec, diagnostics) = try read(deep, name: "spec.json")
        #expect(spec == nil)
        // The line's block level, then 64 objects of 6 characters: the 64th `{` at column 6 × 63 + 1.
        #expect(diagnostics.map(\.description) == [
            "spec.json:1:379: error: the spec nests deeper than 64 levels; a spec needs about 6",
        ])
    }

    /// Block nesting by indentation, and by compact sequences (`- - - x`), counts too.
    @Test func deepBlockNestingIsAnError() throws {
        var indented = ""
        for level in 0..<5_000 { indented += String(repeating: " ", count: level) + "-\n" }
        let (spec, diagnostics) = try read(indented)
        #expect(spec == nil)
        // Each line opens one level by indentation and one with its `-`: the 65th level is line 64's `-`.
        #expect(diagnostics.map(\.description) == [
            "spec.yaml:64:64: error: the spec nests deeper than 64 levels; a spec needs about 6",
        ])
        let compact = "elements:\n  " + String(repeating: "- ", count: 5_000) + "x\n"
        #expect(try read(compact).1.first?.message == "the spec nests deeper than 64 levels; a spec needs about 6")
    }

    /// Brackets inside quoted scalars, comments and block scalars are text, not nesting.
    @Test func bracketsInTextAreNotNesting() throws {
        let many = String(repeating: "[", count: 200)
        let text = """
            # \(many)
            defaults:
              style: body
              width: 300
            placeholders:
              "%@": "\(many)"
              "%lld": '\(many) it''s'
            elements:
              - key: "a\\"\(many)"
                lines: 2
              - key: b
                style: body
            note: |
              \(many)
              \(many)
            """
        let (spec, diagnostics) = try read(text)
        #expect(spec?.placeholders["%@"] == many)
        #expect(spec?.elements.count == 2)
        // Only the unknown field, nothing about nesting.
        #expect(diagnostics.map(\.message).allSatisfy { !$0.contains("nests") }, "\(diagnostics)")
    }

    /// The example spec, far from the limit, reads without errors.
    @Test func theExampleSpecReads() throws {
        let (spec, diagnostics) = LayoutSpecReader.read(path: TestSupport.packageRoot.appendingPathComponent("Examples/App/layout.yaml").path)
        #expect(spec != nil)
        #expect(!diagnostics.contains { $0.severity == .error })
    }

    @Test func specialFilesAreRefused() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("spec.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(LayoutSpecReader.read(path: fifo).diagnostics.map(\.message) == [
            "cannot read the spec file: is a named pipe (FIFO), not a regular file (layoutsim reads only regular files)",
        ])
        #expect(LayoutSpecReader.read(path: "/dev/zero").diagnostics.map(\.message) == [
            "cannot read the spec file: is a character device, not a regular file (layoutsim reads only regular files)",
        ])
        #expect(LayoutSpecReader.read(path: dir.path).diagnostics.map(\.message) == [
            "cannot read the spec file: is a folder, not a file",
        ])
    }
}
