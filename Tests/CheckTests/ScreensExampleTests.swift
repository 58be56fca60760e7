import Foundation
import LayoutSimCheck
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// The bundled screens example (`Examples/Screens`) stays valid: its spec reads without errors, and its value cells
/// switch to the stacked layout exactly from AX1 (`isAccessibilitySize`), whatever the text.
struct ScreensExampleTests {
    @Test func screensExampleChecks() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent("Examples/Screens")
        var options = CheckOptions(
            catalogs: ["Settings.xcstrings", "Onboarding.xcstrings"].map { folder.appendingPathComponent($0).path },
            spec: folder.appendingPathComponent("screens.yaml").path
        )
        options.locales = ["en", "de"]
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let report = try CheckRunner.run(options)
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(report.diagnostics)")
        #expect(report.results.allSatisfy { $0.error == nil })
        let value = try #require(report.results.first { $0.key == "settings.value.on" && $0.locale == "de" })
        // Shown in two rows: two places.
        #expect(report.results.filter { $0.key == "settings.value.on" && $0.locale == "de" }.count == 2)
        let layouts = try #require(value.placement).at.map(\.layout)
        #expect(layouts == Array(repeating: "1: row", count: 7) + Array(repeating: "2: column", count: 5))
    }
}
