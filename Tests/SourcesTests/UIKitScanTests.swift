import LayoutSimModel
import LayoutSimSources
import LayoutSimTestSupport
import Testing

/// UIKit code: what one receiver is given within a type (ProfileViewController.swift, read by hand).
@Suite struct UIKitScanTests {
    @Test func assignmentsToOneReceiverMakeOnePlace() throws {
        let result = SourceScanner.scan(paths: [TestSupport.fixture("Sources/UIKitApp/ProfileViewController.swift").path])
        let byKey = Dictionary(grouping: result.places, by: \.key)
        #expect(result.places.map(\.key) == ["profile.title", "profile.name", "profile.bio", "profile.save"])
        let title = try #require(byKey["profile.title"]?.first)
        #expect(title.view == .navigationTitle && title.location.line == 16)
        let name = try #require(byKey["profile.name"]?.first)
        #expect(name.view == .uiLabel && name.font?.value == .style(.headline) && name.lines?.value == 1)
        #expect(name.font?.evidence.confidence == .exact && name.font?.evidence.location.line == 18)
        // bioLabel's closure initializer (lines 5-11) names it `label`: UIFontMetrics(forTextStyle: .body) over 15 pt.
        let bio = try #require(byKey["profile.bio"]?.first)
        #expect(bio.font?.value == .scaled(size: 15, relativeTo: .body))
        #expect(bio.lines?.value == 0)
        #expect(bio.adjustsFontForContentSizeCategory?.value == true)
        let save = try #require(byKey["profile.save"]?.first)
        #expect(save.view == .uiButton)
        #expect(save.font?.value == .fixed(size: 17) && save.weight?.value == .semibold)
        #expect(save.width?.value == 120 && save.width?.evidence.location.line == 23)
        #expect(result.notes.isEmpty)
    }
}
