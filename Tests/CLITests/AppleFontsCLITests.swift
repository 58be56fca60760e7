import Foundation
import LayoutSim
import LayoutSimTestSupport
import Testing

/// `--apple-fonts`, the spec's `appleFonts`, `--require-fonts`, and finding iOS runtimes (on a made-up tree).
struct AppleFontsCLITests {
    static let folder = "Tests/Fixtures/AppleFonts"

    /// fit: "AVai" at 10 pt is 21 pt in the test system font (AppleFontsTests has the arithmetic); the table says
    /// where the system font came from. A folder that is not one is bad input.
    @Test func fitWithAppleFonts() throws {
        let run = try CLIRunner.run(["fit", "AVai", "--size", "10", "--width", "100", "--apple-fonts", Self.folder])
        #expect(run.status == 0)
        #expect(run.stdout.contains("(fixed)   10  regular      1      12      21  fits"))
        #expect(run.stdout.contains("system font: apple-fonts \(Self.folder)\n"))
        let standIns = try CLIRunner.run(["fit", "AVai", "--size", "10", "--width", "100"])
        #expect(!standIns.stdout.contains("system font:"))
        let off = try CLIRunner.run(["fit", "AVai", "--size", "10", "--width", "100", "--apple-fonts", "off"])
        #expect(off.stdout == standIns.stdout)
        let missing = try CLIRunner.run(["fit", "x", "--size", "10", "--width", "100", "--apple-fonts", "Tests/Nowhere"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Tests/Nowhere: Apple's fonts cannot be used from here: not a folder"))
    }

    /// check: the report records the source; --require-fonts refuses the other one (status 2).
    @Test func checkRecordsAndRequiresTheSource() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = ["check", "Examples/App/Localizable.xcstrings", "--spec", "Examples/App/layout.yaml", "--locales", "de"]
        let json = dir.appendingPathComponent("r.json").path
        let apple = try CLIRunner.run(base + ["--apple-fonts", Self.folder, "--require-fonts", "apple", "--format", "json", "--output", json])
        #expect(apple.status != 2)
        #expect(apple.stdout.contains("; system font: apple-fonts \(Self.folder)"))
        let report = try CheckReport.read(path: json)
        #expect(report.systemFontSource == "apple-fonts " + Self.folder)
        #expect(report.fonts.contains { $0.name == Self.folder + "/Core-A.ttf" })

        // A script without its Apple font in the folder: said once for the run, at the folder, not per string.
        let arabic = try CLIRunner.run(["check", "Examples/App/Localizable.xcstrings", "--spec", "Examples/App/layout.yaml",
                                        "--locales", "ar", "--apple-fonts", Self.folder])
        // The spec's headline (semibold) takes the Bold stand-in, the other styles the Regular one.
        let notes = arabic.stderr.split(separator: "\n").filter { $0.hasPrefix(Self.folder + ":1:1: warning: ") }
        #expect(notes == ["Bold", "Regular"].map {
            "\(Self.folder):1:1: warning: has no SF Arabic or Geeza Pro (Arabic): Fonts/NotoSansArabic-\($0).ttf stands in for it (calibrated)"
        })

        let wantsApple = try CLIRunner.run(base + ["--require-fonts", "apple"])
        #expect(wantsApple.status == 2)
        #expect(wantsApple.stderr.contains("--require-fonts apple: the system font would come from stand-ins"))
        let wantsStandIns = try CLIRunner.run(base + ["--apple-fonts", Self.folder, "--require-fonts", "stand-ins"])
        #expect(wantsStandIns.status == 2)
        #expect(try CLIRunner.run(base + ["--require-fonts", "stand-ins"]).status != 2)
        #expect(try CLIRunner.run(base + ["--require-fonts", "mac"]).status == 2)
        // A folder without SF: the system font would still be its stand-in, so Apple's fonts are not what it is.
        let noSF = dir.appendingPathComponent("NoSF")
        try FileManager.default.createDirectory(at: noSF, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "Fonts/NotoSansThai-Regular.ttf", toPath: noSF.path + "/Thai.ttf")
        let withoutSF = try CLIRunner.run(base + ["--apple-fonts", noSF.path, "--require-fonts", "apple"])
        #expect(withoutSF.status == 2)
        #expect(withoutSF.stderr.contains("--require-fonts apple: \(noSF.path) has no SF (the system font), so the system "
            + "font would come from the stand-ins"))
        let said = try CLIRunner.run(base + ["--apple-fonts", noSF.path])
        #expect(said.stderr.contains("\(noSF.path):1:1: warning: has no SF (the system font): Fonts/Inter-Regular.otf stands in "
            + "for it (with SF's advances from the bundled table)"))
    }

    /// Shards laid out with different system fonts are not one run: merge refuses them.
    @Test func mergeRefusesMixedSystemFonts() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = ["check", "Examples/App/Localizable.xcstrings", "--spec", "Examples/App/layout.yaml", "--locales", "de", "--format", "json"]
        let first = dir.appendingPathComponent("1.json").path
        let second = dir.appendingPathComponent("2.json").path
        #expect(try CLIRunner.run(base + ["--shard", "1/2", "--output", first, "--apple-fonts", Self.folder]).status != 2)
        #expect(try CLIRunner.run(base + ["--shard", "2/2", "--output", second]).status != 2)
        let merged = try CLIRunner.run(["merge", first, second])
        #expect(merged.status == 2)
        #expect(merged.stderr.contains("the system font (apple-fonts \(Self.folder) and stand-ins)"))
    }

    /// The spec's `appleFonts` is relative to the spec's folder; the option wins over it.
    @Test func specSetting() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fonts = dir.appendingPathComponent("fonts")
        try FileManager.default.copyItem(at: TestSupport.fixture("AppleFonts"), to: fonts)
        var spec = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Examples/App/layout.yaml"), encoding: .utf8)
        spec += "\nappleFonts: fonts\n"
        let specPath = dir.appendingPathComponent("layout.yaml").path
        try spec.write(toFile: specPath, atomically: true, encoding: .utf8)
        let json = dir.appendingPathComponent("r.json").path
        let base = ["check", "Examples/App/Localizable.xcstrings", "--spec", specPath, "--locales", "de", "--format", "json", "--output", json]
        #expect(try CLIRunner.run(base).status != 2)
        #expect(try CheckReport.read(path: json).systemFontSource == "apple-fonts " + fonts.path)
        #expect(try CLIRunner.run(base + ["--apple-fonts", "off"]).status != 2)
        #expect(try CheckReport.read(path: json).systemFontSource == nil)
    }

    /// Option, then spec, then environment; `off` stops the search.
    @Test func settingPrecedence() throws {
        #expect(try AppleFontsSetting.resolve([nil, nil, nil]) == nil)
        #expect(try AppleFontsSetting.resolve([nil, "off", Self.folder]) == nil)
        #expect(try AppleFontsSetting.resolve([nil, " ", TestSupport.fixture("AppleFonts").path])?.entries.count == 7)
    }

    /// `auto` looks in the runtimes' font folders (Xcode 14+ mounted volumes, installed runtimes, old Xcodes) and
    /// takes the newest iOS one; other platforms' runtimes are not iOS.
    @Test func runtimeDiscovery() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let fonts = "Contents/Resources/RuntimeRoot/System/Library/Fonts"
        for runtime in [
            "Library/Developer/CoreSimulator/Volumes/iOS_22A3354/Library/Developer/CoreSimulator/Profiles/Runtimes/iOS 18.0.simruntime",
            "Library/Developer/CoreSimulator/Volumes/iOS_23B80/Library/Developer/CoreSimulator/Profiles/Runtimes/iOS 26.1.simruntime",
            "Library/Developer/CoreSimulator/Profiles/Runtimes/iOS 17.5.simruntime",
            "Library/Developer/CoreSimulator/Profiles/Runtimes/watchOS 11.0.simruntime",
            "Library/Developer/CoreSimulator/Profiles/Runtimes/iOS 16.4.simruntime/NoFontsHere",
        ] {
            let path = root.appendingPathComponent(runtime).appendingPathComponent(runtime.hasSuffix("Here") ? "" : fonts)
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
        }
        let found = AppleFontsSetting.runtimeFontFolders(root: root.path)
        #expect(found.map(\.runtime) == ["iOS 17.5.simruntime", "iOS 18.0.simruntime", "iOS 26.1.simruntime"])
        #expect(found.map(\.version) == [[17, 5], [18, 0], [26, 1]])
        #expect(found.last?.fonts.hasSuffix("iOS_23B80/Library/Developer/CoreSimulator/Profiles/Runtimes/iOS 26.1.simruntime/" + fonts) == true)
        #expect(AppleFontsSetting.runtimeFontFolders(root: root.appendingPathComponent("Library/Developer").path).isEmpty)
    }
}
