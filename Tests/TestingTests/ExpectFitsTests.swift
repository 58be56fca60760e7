import Foundation
import LayoutSimTestSupport
import LayoutSimTesting
import Testing

/// The assertions record their failures in Swift Testing, at the caller's line, with the message of ``FitFailure``;
/// and record nothing when the text fits. Numbers as in ``FitFailureMessageTests`` (OneEm scaled like body).
@Suite struct ExpectFitsTests {
    @Test func failingExpectationIsRecordedAtTheCallersLine() throws {
        let engine = try TestSupport.engine()
        let expected = """
            "abcdefghij" must fit through xxxLarge: truncated at xxxLarge (fits through xxLarge)
              shows: "abcdefgh…"
              missing room: 1 more line of 22.33 pt; 2 characters hidden
              to fit at xxxLarge it needs 223.33 pt of width (has 210); one more line does not help
            """
        // (10 characters of 22⅓ pt: one word, which a second line would only break.)
        let line = #line + 2
        withKnownIssue {
            expectFits("abcdefghij", font: FitFailureMessageTests.oneEmBody, width: 210, through: .xxxLarge, engine: engine)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [expected] && issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileName == "ExpectFitsTests.swift"
        }
    }

    @Test func fittingTextRecordsNothing() throws {
        // Through xxLarge the same label fits (200 pt of 210): no issue, and the report is returned.
        let engine = try TestSupport.engine()
        let report = expectFits("abcdefghij", font: FitFailureMessageTests.oneEmBody, width: 210, through: .xxLarge, engine: engine)
        #expect(report?.results.count == 6)
        #expect(report?.fitsThrough == .xxLarge)
    }

    @Test func systemFontInATextStyle() throws {
        // The README's first example: German, headline, 1 line in 240 pt fits through large, truncated from xLarge.
        let engine = try TestSupport.engine()
        expectFits("Geschwindigkeitsbegrenzung", style: .headline, width: 240, through: .large, language: "de", engine: engine)
        withKnownIssue {
            expectFits("Geschwindigkeitsbegrenzung", style: .headline, width: 240, through: .xLarge, language: "de", engine: engine)
        } matching: { issue in
            let text = issue.comments.first?.rawValue ?? ""
            return text.hasPrefix("\"Geschwindigkeitsbegrenzung\" must fit through xLarge: truncated at xLarge (fits through large)\n")
        }
    }

    @Test func badRequestIsRecordedNotThrown() throws {
        let engine = try TestSupport.engine()
        withKnownIssue {
            expectFits("x", width: -1, engine: engine)
        } matching: { issue in
            (issue.comments.first?.rawValue ?? "").hasPrefix("layoutsim could not lay out \"x\": ")
        }
    }

    /// A catalog of two keys in OneEm, each placed by the spec: "fits" (8 em, 178.67 pt at xxxLarge, in 200 pt) and
    /// "long" (the label above). One issue for "long", with its key, locale and place, then the summary.
    @Test func catalogExpectationRecordsEveryFailureAndASummary() throws {
        let dir = try TestSupport.temporaryDirectory("expect-catalog")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lproj = dir.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let strings = lproj.appendingPathComponent("Localizable.strings")
        try Data("\"fits\" = \"abcdefgh\";\n\"long\" = \"abcdefghij\";\n".utf8).write(to: strings)
        let spec = dir.appendingPathComponent("layout.yaml")
        try Data("""
            defaults:
              font: \(TestSupport.oneEm)
              style: body
              lines: 1
              mustFitThrough: xxxLarge
            elements:
              - key: fits
                width: 200
              - key: long
                width: 210

            """.utf8).write(to: spec)
        let expected = [
            """
            long [en] "abcdefghij" must fit through xxxLarge: truncated at xxxLarge (fits through xxLarge)
              shows: "abcdefgh…"
              missing room: 2 characters hidden
              to fit at xxxLarge it needs 223.33 pt of width (has 210); one more line does not help
              at \(strings.path):2:1
            """,
            "1 of 2 strings does not fit (2 keys in 1 locale)",
        ]
        let line = #line + 2
        withKnownIssue {
            expectCatalogFits([strings.path], spec: spec.path)
        } matching: { issue in
            expected.contains(issue.comments.first?.rawValue ?? "") && issue.sourceLocation?.line == line
        }
        // Both messages, in order, from the report itself.
        var options = CheckOptions(catalogs: [strings.path], spec: spec.path)
        options.workers = 1
        let report = try CheckRunner.run(options)
        #expect(CatalogExpectation.messages(for: report) == expected)
    }

    @Test func catalogWithNothingToCheckFails() throws {
        let dir = try TestSupport.temporaryDirectory("expect-empty")
        defer { try? FileManager.default.removeItem(at: dir) }
        let strings = dir.appendingPathComponent("Localizable.strings")
        try Data("/* no strings yet */\n".utf8).write(to: strings)
        let spec = dir.appendingPathComponent("layout.yaml")
        try Data("defaults:\n  width: 200\n".utf8).write(to: spec)
        withKnownIssue {
            expectCatalogFits([strings.path], spec: spec.path)
        } matching: { issue in
            (issue.comments.first?.rawValue ?? "").hasPrefix("layoutsim check found no string to check in \(strings.path)")
        }
    }

    /// Relative paths are taken from the calling file's folder (under Xcode the working directory is not the
    /// package): from here, `../Fixtures/…` names the fixtures; from the package root it names nothing.
    @Test func relativePathsAreFromTheCallersFile() throws {
        #expect(!FileManager.default.fileExists(atPath: "../Fixtures/Check/devices.xcstrings"))
        var report: CheckReport?
        withKnownIssue(isIntermittent: true) {  // whether the fixture's strings fit is not what this test is about
            report = expectCatalogFits(["../Fixtures/Check/devices.xcstrings"], spec: "../Fixtures/Check/devices.yaml")
        }
        let checked = try #require(report)
        #expect(!checked.results.isEmpty)
        #expect(checked.catalogs.first?.hasSuffix("/Tests/Fixtures/Check/devices.xcstrings") == true)
    }
}
