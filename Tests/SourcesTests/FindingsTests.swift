import Foundation
import LayoutSimCatalogs
import LayoutSimFitting
import LayoutSimModel
import LayoutSimSources
import LayoutSimTestSupport
import Testing

/// A fixture per rule (Tests/Fixtures/Sources/Findings/Findings.swift): a case that fires beside a near case that
/// must not. Lines and numbers are read off the fixture and computed by hand.
@Suite struct FindingsTests {
    static let folder = TestSupport.fixture("Sources/Findings").path
    static let catalog = TestSupport.fixture("Sources/Findings/en.lproj/Localizable.strings")

    func scan(config: ScanConfig = ScanConfig(), baseline: Set<String> = []) throws -> (findings: [Finding], suppressed: Int) {
        let result = SourceScanner.scan(paths: [Self.folder], config: config)
        let texts = ScanCoverage.developmentTexts([CatalogReader.read(Self.catalog)])
        return Suppressions.findings(result, texts: texts, engine: try LayoutEngine(), config: config, baseline: baseline)
    }

    func lines(_ findings: [Finding], _ rule: Finding.Rule) -> [Int] { findings.filter { $0.rule == rule }.map(\.location.line) }

    @Test func fixedFontsButNotScaledOnesHoweverWrapped() throws {
        let (findings, suppressed) = try scan()
        // 18: .system(size: 12); 22: .brandTiny = .system(size: 9). Not 20 (scaledValue), 24 (relativeTo:), 26 (ignored).
        #expect(lines(findings, .fixedFontSize) == [18, 22])
        #expect(findings.first { $0.location.line == 22 }?.message.contains("9 pt") == true)
        #expect(suppressed == 1)
        // 71: [.font: UIFont.systemFont(ofSize: 14)]; not 72 (UIFontMetrics over it), not 100 (blank lines).
        #expect(lines(findings, .attributedFixedFont) == [71])
    }

    @Test func aFixedHeightSaysFromWhichCategoryTheTextNeedsMore() throws {
        let (findings, _) = try scan()
        let tall = try #require(findings.first { $0.rule == .fixedFrameHeight })
        #expect(tall.location.line == 29 && tall.keys == ["findings.tall"] && tall.severity == .error)
        // body at xLarge is 19 pt; a line is 19 × 1.193359375 = 22.67 pt, 23 on the @3x grid: more than 22.
        // At Large, 17 × 1.193359375 = 20.29 (20.33): it fits.
        #expect(tall.message.hasSuffix("\"Turn on notifications\" needs 23 pt from xLarge"))
    }

    @Test func iconsWithLiteralFramesButNotScaledOnes() throws {
        let (findings, _) = try scan()
        #expect(lines(findings, .unscaledIcon) == [32])   // not 38 (@ScaledMetric), not 92 (an asset image)
    }

    @Test func aRowWithNoAccessibilityLayoutAndNotOneWithIt() throws {
        let (findings, _) = try scan()
        let row = try #require(findings.first { $0.rule == .rowWithoutSwitch })
        #expect(row.location.line == 30 && row.keys == ["findings.rowTitle", "findings.rowValue"])
        #expect(lines(findings, .rowWithoutSwitch) == [30])   // 46 has an isAccessibilitySize switch; 82 scrolls
        // Independently: each text's one-line width at each category from the engine alone, plus the 20 pt icon and
        // two gaps of 8 pt, against the 393 pt screen.
        let engine = try LayoutEngine()
        func width(_ text: String, _ category: ContentSizeCategory) throws -> Double {
            let request = FitRequest(text: text, font: .textStyle(.body), container: Container(width: 100_000, lineLimit: 1),
                                     categories: [category], lineSpacing: .leading)
            return try #require(try engine.fit(request).results.first).width
        }
        let first = try #require(try ContentSizeCategory.allCases.first { category in
            try width("Notifications", category) + width("Allowed, with sounds", category) + 20 + 16 > 393
        })
        #expect(row.message.hasPrefix("from \(first.swiftUIName) "))
    }

    @Test func labelsThatDoNotFollowTheUsersSizeCapsAndShrinking() throws {
        let (findings, _) = try scan()
        #expect(lines(findings, .noContentSizeAdjustment) == [66])   // `plain`; `adjusted` sets it
        let cap = try #require(findings.first { $0.rule == .cappedTypeSize })
        #expect(cap.location.line == 52 && cap.severity == .note && cap.message.contains("xxLarge"))
        let shrink = try #require(findings.first { $0.rule == .minimumScaleHidesTruncation })
        #expect(shrink.location.line == 55 && shrink.severity == .note)
        #expect(shrink.message.contains("of 53"))   // body at accessibility5 is 53 pt
    }

    @Test func theConfigIgnoresAndTheBaselineAcceptsByStableIDs() throws {
        var config = ScanConfig()
        config.ignore = ["unscaled-icon", "fixed-font-size Tests/Fixtures/Sources/Findings/*"]
        let (ignored, suppressed) = try scan(config: config)
        #expect(lines(ignored, .unscaledIcon).isEmpty && lines(ignored, .fixedFontSize).isEmpty)
        #expect(suppressed == 4)   // 2 fixed fonts, 1 icon, and the comment-ignored font
        let (all, _) = try scan()
        let ids = Set(all.filter { $0.rule == .fixedFontSize }.map(\.id))
        #expect(ids.count == 2 && ids.allSatisfy { $0.hasPrefix("fixed-font-size:") })
        let (again, _) = try scan(baseline: ids)
        #expect(again.filter(\.known).map(\.location.line) == [18, 22])
    }
}
