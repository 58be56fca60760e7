import Foundation
import LayoutSim
import LayoutSimTestSupport
import Testing

/// `layoutsim budgets` as a user runs it: a report from `check`, catalogs in, copies with budgets out, the input
/// never replaced unless `--in-place`, every problem an error naming its file and status 2, the other catalogs
/// still written.
struct BudgetsCLITests {
    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// The bundled `.xcloc` fixture (French: Settings, `%lld files` one/other, untranslated "Sign in") checked on
    /// OneEm at 10 pt in 150 pt × 1 line: with --unit pixel each unit gets 150 (the untranslated one the source
    /// language's, the same width).
    @Test func xclocCopyGetsBudgetsAndTheInputStays() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bundle = dir.appendingPathComponent("fr.xcloc").path
        try FileManager.default.copyItem(atPath: TestSupport.fixture("Catalogs/App.xcloc").path, toPath: bundle)
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults:\n  font: \(TestSupport.oneEm)\n  size: 10\n  width: 150\n  lines: 1\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let report = dir.appendingPathComponent("r.json").path
        let checked = try CLIRunner.run(["check", bundle, "--spec", spec, "--format", "json", "--output", report])
        #expect(checked.status == 1)  // "1 000 000 fichiers" is 18 characters
        let xliff = "Localized Contents/fr.xliff"
        let original = try String(contentsOfFile: bundle + "/" + xliff, encoding: .utf8)

        let out = dir.appendingPathComponent("out.xcloc").path
        let run = try CLIRunner.run(["budgets", bundle, "--report", report, "--output", out, "--unit", "pixel"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "\(out): 4 of 4 units given a budget (pixel)\n")
        #expect(try String(contentsOfFile: bundle + "/" + xliff, encoding: .utf8) == original)
        let written = try String(contentsOfFile: out + "/" + xliff, encoding: .utf8)
        #expect(written == original.replacingOccurrences(of: "xml:space=\"preserve\">", with: "xml:space=\"preserve\" maxwidth=\"150\" size-unit=\"pixel\">"))
        #expect(FileManager.default.contentsEqual(atPath: bundle + "/contents.json", andPath: out + "/contents.json"))
        // Read back: the same strings; the same check.
        let again = dir.appendingPathComponent("r2.json").path
        #expect(try CLIRunner.run(["check", out, "--spec", spec, "--format", "json", "--output", again]).status == 1)
        let strip: (CheckReport) -> [CheckResult] = { $0.results.map { var r = $0; r.file = ""; return r } }
        #expect(strip(try CheckReport.read(path: again)) == strip(try CheckReport.read(path: report)))
        #expect(CatalogReader.read(URL(fileURLWithPath: out)).entries.map(\.value) == CatalogReader.read(URL(fileURLWithPath: bundle)).entries.map(\.value))

        // The output folder exists now: refused, not replaced. The input itself only with --in-place.
        let twice = try CLIRunner.run(["budgets", bundle, "--report", report, "--output", out])
        #expect(twice.status == 2)
        #expect(lines(twice.stderr).last == "error: \(out): already exists; give a new folder for the .xcloc with budgets (or --in-place)")
        let onInput = try CLIRunner.run(["budgets", bundle, "--report", report, "--output", bundle])
        #expect(onInput.status == 2)
        #expect(lines(onInput.stderr) == ["error: \(bundle): is the input catalog \(bundle); give --in-place to write the budgets into it"])
        let inPlace = try CLIRunner.run(["budgets", bundle, "--report", report, "--in-place", "--unit", "pixel"])
        #expect(inPlace.status == 0)
        #expect(try String(contentsOfFile: bundle + "/" + xliff, encoding: .utf8) == written)
    }

    /// An unknown unit, an unreadable report, an unwritable output: status 2 and the reason; with several
    /// catalogs, a bad one does not stop the others.
    @Test func badInputIsStatus2AndTheOthersAreStillWritten() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("r.json").path
        #expect(try CLIRunner.run(["check", CheckCLITests.catalog, "--spec", CheckCLITests.spec, "--format", "json", "--output", report]).status == 1)
        let unit = try CLIRunner.run(["budgets", CheckCLITests.catalog, "--report", report, "--output-dir", dir.path, "--unit", "em"])
        #expect(unit.status == 2)
        #expect(unit.stderr == "error: unknown --unit 'em'; valid: char, glyph, pixel\n")
        let missing = try CLIRunner.run(["budgets", CheckCLITests.catalog, "--report", dir.path + "/none.json", "--output-dir", dir.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: \(dir.path)/none.json: "))
        let nowhere = try CLIRunner.run(["budgets", CheckCLITests.catalog, "--report", report])
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr == "error: say where to write: --output PATH (one catalog), --output-dir DIR or --in-place (exactly one of them)\n")

        // A strings file cannot take budgets; the catalog after it is still written.
        let strings = TestSupport.fixture("Catalogs/de.lproj/Localizable.strings").path
        let outDir = dir.appendingPathComponent("out").path
        let mixed = try CLIRunner.run(["budgets", strings, CheckCLITests.catalog, "--report", report, "--output-dir", outDir])
        #expect(mixed.status == 2)
        #expect(lines(mixed.stderr).first == "\(strings):1:1: error: cannot write budgets into a '.strings' file (supported: .xcstrings, .xlf, .xliff, .xcloc)")
        #expect(mixed.stdout == "\(outDir)/Localizable.xcstrings: 6 of 8 keys given a budget (a note in the comment)\n")
        let written = try String(contentsOfFile: outDir + "/Localizable.xcstrings", encoding: .utf8)
        #expect(written.contains(#""comment" : "Primary button\nMax width: 168 pt × 1 line (≈ 8 characters in en, 10 in ar, 9 in de, 6 in hi, 4 in ja, 4 in ko, 6 in th, 4 in zh-Hans) [layoutsim]","#))

        // The report of another catalog: none of this one's keys is in it. Said, status 2 (it was "0 of 8", status 0).
        let other = dir.appendingPathComponent("other.xcstrings").path
        try #"{ "sourceLanguage" : "en", "strings" : { "Elsewhere" : { } }, "version" : "1.0" }"#
            .write(toFile: other, atomically: true, encoding: .utf8)
        let otherReport = dir.appendingPathComponent("other.json").path
        #expect(try CLIRunner.run(["check", other, "--spec", CheckCLITests.spec, "--format", "json", "--output", otherReport]).status == 0)
        let wrong = try CLIRunner.run(["budgets", CheckCLITests.catalog, "--report", otherReport, "--output", dir.path + "/wrong.xcstrings"])
        #expect(wrong.status == 2)
        #expect(wrong.stdout == "\(dir.path)/wrong.xcstrings: 0 of 8 keys given a budget (a note in the comment)\n")
        #expect(wrong.stderr == "error: \(CheckCLITests.catalog): none of its keys is in the report \(otherReport), a check of "
            + "'\(other)'; give the report of a check of this catalog\n")

        // An XLIFF for a language not translated yet: its keys are in the report (with no French results), which is
        // said, and is no error.
        let french = dir.appendingPathComponent("fr.xliff").path
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext">
            <body>
              <trans-unit id="button.continue" xml:space="preserve"><source>Continue</source></trans-unit>
            </body>
          </file>
        </xliff>
        """.write(toFile: french, atomically: true, encoding: .utf8)
        let untranslated = try CLIRunner.run(["budgets", french, "--report", report, "--output", dir.path + "/fr.out.xliff"])
        #expect(untranslated.status == 0, "\(untranslated.stderr)")
        #expect(untranslated.stderr.contains("have budgets in the report but no 'fr' results") || untranslated.stderr.contains("has budgets in the report but no 'fr' results"))
        #expect(!untranslated.stderr.contains("error:"))

        // An .xcloc whose 'Localized Contents' is a link elsewhere: copying keeps the link, so writing through it
        // would change the files it points to. Refused, and they stay as they were.
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.copyItem(at: TestSupport.fixture("Catalogs/App.xcloc/Localized Contents"), to: elsewhere)
        let linked = dir.appendingPathComponent("linked.xcloc")
        try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: linked.path + "/Localized Contents", withDestinationPath: elsewhere.path)
        let before = try Data(contentsOf: elsewhere.appendingPathComponent("fr.xliff"))
        for extra in [["--output", dir.path + "/copy.xcloc"], ["--in-place"]] {
            let run = try CLIRunner.run(["budgets", linked.path, "--report", report, "--unit", "pixel"] + extra)
            #expect(run.status == 2)
            #expect(lines(run.stderr).last == "error: \(linked.path)/Localized Contents/fr.xliff: is a symbolic link; budgets are written only into the bundle's own files")
            #expect(try Data(contentsOf: elsewhere.appendingPathComponent("fr.xliff")) == before)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/copy.xcloc"))

        // A folder where the file should go: the reason, status 2.
        let blocked = dir.appendingPathComponent("blocked.xcstrings").path
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: true)
        let folder = try CLIRunner.run(["budgets", CheckCLITests.catalog, "--report", report, "--output", blocked])
        #expect(folder.status == 2)
        #expect(folder.stderr == "error: \(blocked): cannot write the catalog with budgets: is a folder\n")
    }
}
