import Foundation
import LayoutSimTestSupport
import Testing

/// The bundled fonts are found next to the executable it really is: run through a symlink from another folder (as
/// an install's `bin/layoutsim` linked from elsewhere), the `Fonts/` beside the link's target is the one used.
@Suite struct FontsDirectoryTests {
    @Test func fontsBesideASymlinkedExecutablesTargetAreUsed() throws {
        let binary = try #require(CLIRunner.binary)
        let root = try TestSupport.temporaryDirectory("symlinked-executable")
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        let real = root.appendingPathComponent("real"), links = root.appendingPathComponent("links")
        let fonts = real.appendingPathComponent("Fonts")
        try manager.createDirectory(at: fonts, withIntermediateDirectories: true)
        try manager.createDirectory(at: links, withIntermediateDirectories: true)
        try manager.copyItem(at: binary, to: real.appendingPathComponent("layoutsim"))
        try manager.createSymbolicLink(atPath: links.appendingPathComponent("layoutsim").path, withDestinationPath: "../real/layoutsim")
        // Every bundled font, but Inter-Regular.otf is Inter Bold: only this folder gives that file that digest.
        let bundled = TestSupport.packageRoot.appendingPathComponent("Fonts")
        for file in try manager.contentsOfDirectory(atPath: bundled.path) where file != "Inter-Regular.otf" {
            try manager.createSymbolicLink(at: fonts.appendingPathComponent(file), withDestinationURL: bundled.appendingPathComponent(file))
        }
        try manager.copyItem(at: bundled.appendingPathComponent("Inter-Bold.otf"), to: fonts.appendingPathComponent("Inter-Regular.otf"))

        let output = try CIExamplesTests.run(
            links.appendingPathComponent("layoutsim").path, ["fit", "Hi", "--width", "100", "--json"], env: ["LAYOUTSIM_FONTS": ""]
        )
        #expect(output.status == 0, "\(output.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let font = try #require(report["font"] as? [String: Any])
        #expect(font["files"] as? [String] == ["Fonts/Inter-Regular.otf"])
        let boldDigest = try TestSupport.sha256sum(bundled.appendingPathComponent("Inter-Bold.otf").path)
        #expect(font["sha256"] as? [String] == [boldDigest])
    }
}
