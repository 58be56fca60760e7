import Foundation
import LayoutSimTesting
import Testing

/// The example app (Examples/App), found from this file.
let app = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("App")

/// Single strings, one line each: the label's text style, its width and the largest size it must fit at.
@Test func settingsTitleFits() {
    expectFits("Einstellungen", style: .body, width: 200, through: .xxxLarge, language: "de")
}

@Test func continueButtonFitsOnTwoLines() {
    expectFits("Fortfahren", style: .headline, width: 168, lines: 2, through: .accessibility2, language: "de")
}

/// A label known not to fit yet: the failure is expected, and the test fails the day it fits (then drop
/// `withKnownIssue`).
@Test func speedLimitWarningDoesNotFitYet() {
    withKnownIssue("the German title needs a second line") {
        expectFits("Geschwindigkeitsbegrenzungswarnung", style: .body, width: 288, through: .xxxLarge, language: "de")
    }
}

/// The whole catalog against its layout spec, in every locale and category, as `layoutsim check` does. The failures
/// the app already had when it adopted layoutsim are in the baseline (written by `layoutsim check
/// --update-baseline`); any other failure, or one of these whose text changes, fails the test.
@Test func catalogFitsItsSpec() {
    expectCatalogFits(
        [app.appendingPathComponent("Localizable.xcstrings").path],
        spec: app.appendingPathComponent("layout.yaml").path,
        baseline: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("layout-baseline.json").path
    )
}
