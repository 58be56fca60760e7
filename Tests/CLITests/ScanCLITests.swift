import Foundation
import LayoutSimTestSupport
import Testing

/// `layoutsim scan` and `check --sources` as users run them, on the example app's SwiftUI code
/// (Examples/App/Sources), whose places are read off its lines by hand.
@Suite struct ScanCLITests {
    func run(_ arguments: [String]) throws -> CLIRunner.Output { try CLIRunner.run(arguments) }

    @Test func scanListsThePlacesAndTheCoverage() throws {
        let out = try run(["scan", "Examples/App/Sources", "--catalog", "Examples/App/Localizable.xcstrings", "--format", "json"])
        #expect(out.status == 1, "\(out.stderr)")   // the forecast row has no layout for accessibility sizes
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let places = try #require(json["places"] as? [[String: Any]])
        // OnboardingView.swift:19 Text("button.continue").font(.headline).lineLimit(1).padding(.horizontal, 16).frame(width: 200)
        let button = try #require(places.first { $0["key"] as? String == "button.continue" && $0["line"] as? Int == 19 })
        #expect(button["style"] as? String == "headline")
        #expect(button["width"] as? Double == 200 && button["horizontalPadding"] as? Double == 32)
        #expect(button["lines"] as? Int == 1 && button["maximumCategory"] as? String == "accessibility3")
        #expect(places.count == 9)
        for field in ["places", "rows", "findings", "keysWithoutPlace", "placesWithoutKey", "unresolved"] {
            #expect(json[field] is [Any], "\(field)")
        }
        // The catalog's 8 keys: legacy.banner is stale (not counted); the other 7 are placed.
        let coverage = try #require(json["coverage"] as? [String: Int])
        #expect(coverage == ["catalogKeys": 7, "placedKeys": 7])
    }

    @Test func theDraftChecksLikeTheSourcesDo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-scan-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let draft = folder.appendingPathComponent("layout.yaml").path
        let scan = try run(["scan", "Examples/App/Sources", "--write-spec", draft])
        #expect(scan.status == 0)   // without the catalog the row cannot be laid out: no error finding
        let viaDraft = try run(["check", "Examples/App/Localizable.xcstrings", "--spec", draft, "--format", "json"])
        let viaSources = try run(["check", "Examples/App/Localizable.xcstrings", "--sources", "Examples/App/Sources", "--format", "json"])
        #expect(viaDraft.status == viaSources.status)
        func results(_ text: String) throws -> [String] {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let results = try #require(json["results"] as? [[String: Any]])
            return results.map { "\($0["key"] ?? "") \($0["locale"] ?? "") \($0["place"] ?? "-") \($0["passed"] ?? "")" }
        }
        #expect(try results(viaDraft.stdout) == results(viaSources.stdout))
        // button.continue is shown twice (OnboardingView.swift:19 and the alert's button at :29): checked in both.
        let places = try results(viaSources.stdout).filter { $0.hasPrefix("button.continue de ") }
        #expect(places.count == 2)
        #expect(places.contains { $0.contains("OnboardingView.swift:19") } && places.contains { $0.contains("OnboardingView.swift:29") })
    }

    @Test func aBaselineAcceptsTodaysFindings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-scan-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let baseline = folder.appendingPathComponent("scan-baseline.json").path
        let arguments = ["scan", "Examples/App/Sources", "--catalog", "Examples/App/Localizable.xcstrings"]
        let update = try run(arguments + ["--update-baseline", baseline])
        #expect(update.status == 0)
        let known = try run(arguments + ["--baseline", baseline])
        #expect(known.status == 0, "\(known.stdout)")
        #expect(known.stdout.contains("[row-without-switch] [baseline]"))
        #expect(known.stdout.contains("2 findings (1 errors, 2 in the baseline)"))
    }

    @Test func badInputIsSaidWithItsPlaceAndTheRestIsScanned() throws {
        let missing = try run(["scan", "Examples/App/Sources", "no/such/dir"])
        #expect(missing.status == 2)
        #expect(missing.stdout.contains("no/such/dir:1:1: error: no such file or folder"))
        #expect(missing.stdout.contains("Text \"onboarding.title\""))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-scan-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("scan.yaml")
        try Data("fontAliases:\n  brand: {size: big}\n".utf8).write(to: config)
        let bad = try run(["scan", "Examples/App/Sources", "--config", config.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("\(config.path):2:"))
        #expect(bad.stderr.contains("a size is a number of points"))
        let neither = try run(["check", "Examples/App/Localizable.xcstrings"])
        #expect(neither.status == 2 && neither.stderr.contains("--sources"))
    }
}
