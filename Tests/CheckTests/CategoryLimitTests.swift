import Foundation
import LayoutSimCheck
import LayoutSimFitting
import LayoutSimModel
import LayoutSimReports
import LayoutSimTestSupport
import Testing

/// Category limits (`minimumContentSizeCategory`, `maximumContentSizeCategory`, `.dynamicTypeSize(range)`) from
/// the spec and on a request: each requested category is laid out at the category the limits apply. Point sizes
/// are Apple's body sizes (HIG table: xSmall 14, large 17, xLarge 19, xxLarge 21, accessibility5 53).
struct CategoryLimitTests {
    func fit(_ limits: CategoryLimits) throws -> FitReport {
        try TestSupport.engine().fit(FitRequest(
            text: "Hi", font: .textStyle(.body), container: Container(width: 1000, lineLimit: 1), categoryLimits: limits
        ))
    }

    @Test func requestedCategoriesAreLaidOutAtTheAppliedOne() throws {
        let report = try fit(CategoryLimits(minimum: .large, maximum: .xLarge))
        let byCategory = Dictionary(uniqueKeysWithValues: report.results.compactMap { r in r.category.map { ($0, r) } })
        #expect(byCategory[.xSmall]?.appliedCategory == .large)
        #expect(byCategory[.xSmall]?.pointSize == 17)
        #expect(byCategory[.large]?.appliedCategory == .large)
        #expect(byCategory[.accessibility5]?.appliedCategory == .xLarge)
        #expect(byCategory[.accessibility5]?.pointSize == 19)
        #expect(report.summary == "fits at every category; xSmall to medium shown at large; xxLarge to accessibility5 shown at xLarge")
        // No limits: every category is its own.
        #expect(try fit(.unlimited).results.allSatisfy { $0.appliedCategory == $0.category })
    }

    /// A spec's `defaults` are the screen, an element a view inside it: limits intersect. The screen allows at most
    /// accessibility1, the element `...xxLarge` and at least xLarge: accessibility5 is shown at xxLarge (21 pt),
    /// xSmall at xLarge (19 pt).
    @Test func nestedLimitsInASpecIntersect() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("spec.yaml").path
        try """
        defaults:
          width: 300
          maximumContentSizeCategory: AX1
        elements:
          - key: title
            dynamicTypeSize: "...xxLarge"
            minimumContentSizeCategory: xLarge
          - key: bad
            dynamicTypeSize: "AX2...large"
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let (spec, diagnostics) = LayoutSpecReader.read(path: path)
        #expect(diagnostics.map(\.message) == ["'dynamicTypeSize': AX2...large is an empty range"])
        let element = try #require(spec?.element(forKey: "title").spec)
        #expect(element.categoryLimits == CategoryLimits(minimum: .xLarge, maximum: .xxLarge))
        let request = try element.request(text: "Hi", language: nil, categories: nil, usesSystemFonts: false, displayScale: 3, faceIndex: 0)
        let report = try TestSupport.engine().fit(request)
        #expect(report.results.first { $0.category == .accessibility5 }?.pointSize == 21)
        #expect(report.results.first { $0.category == .xSmall }?.pointSize == 19)
        // An element with no limits of its own gets the screen's.
        #expect(spec?.element(forKey: "other").spec.categoryLimits == CategoryLimits(maximum: .accessibility1))
    }
}

/// `check` says what would make each failing string fit: on OneEm at 10 pt (every character 10 pt wide, every line
/// 10 pt tall), "abcde fghij" in a 60 pt, one-line label needs 110 pt of width, or 2 lines.
struct CheckRemedyTests {
    /// A check of an English `.strings` file holding `strings` against the YAML `spec`, in a folder removed after.
    func check(strings: String, spec: String) throws -> CheckReport {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lproj = dir.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let file = lproj.appendingPathComponent("Localizable.strings").path
        try strings.write(toFile: file, atomically: true, encoding: .utf8)
        let specFile = dir.appendingPathComponent("spec.yaml").path
        try spec.write(toFile: specFile, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [file], spec: specFile)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        return try CheckRunner.run(options)
    }

    @Test func failuresCarryTheirRemedy() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lproj = dir.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let strings = lproj.appendingPathComponent("Localizable.strings").path
        try "\"k\" = \"abcde fghij\";\n\"short\" = \"abc\";\n".write(toFile: strings, atomically: true, encoding: .utf8)
        let spec = dir.appendingPathComponent("spec.yaml").path
        try "defaults:\n  font: \(TestSupport.oneEm)\n  size: 10\n  width: 60\n  lines: 1\n".write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [strings], spec: spec)
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        let report = try CheckRunner.run(options)
        let failing = try #require(report.results.first { $0.key == "k" }?.failure?.remedy)
        #expect(failing.neededWidth == 110)
        #expect(failing.neededLines == 2)
        #expect(failing.words == "to fit it needs 110 pt of width (has 60), or 2 lines (1 allowed)")
        #expect(report.results.first { $0.key == "short" }?.failure == nil)
        // The JSON report keeps it, and reads it back.
        let read = try JSONDecoder().decode(CheckReport.self, from: try report.jsonData())
        #expect(read.results.first { $0.key == "k" }?.failure?.remedy == failing)

        // Budgets: 60 pt on one line; the locale's mean character is (110 + 30) pt ÷ (11 + 3) characters = 10 pt, so
        // 6 characters fit.
        let budget = try #require(report.results.first { $0.key == "k" }?.budget)
        #expect(budget.width == 60 && budget.lines == 1 && budget.characters == 11 && budget.textWidth == 110)
        #expect(budget.averageAdvance == 10)
        #expect(budget.maxCharacters == 6)
        #expect(read.results.first { $0.key == "k" }?.budget == budget)
        let csv = BudgetCSV.render(report).components(separatedBy: "\r\n")
        #expect(csv[0] == BudgetCSV.header.joined(separator: ","))
        #expect(csv[1] == "k,en,,,fixed,10,60,1,11,6,10,110,no,\(strings):1")
        #expect(csv[2] == "short,en,,,fixed,10,60,1,3,6,10,30,yes,\(strings):2")
    }

    /// With insets scaled like the text (`scaledInsets`), a budget's room is the width less the insets there: 12 pt at
    /// Large is 12 × 62 ÷ 22 (body's leading at AX5 and Large, Apple's table) = 33.82, 33.667 on the ⅓ pt grid, so a
    /// 200 pt label leaves 200 − 2 × 33.667 = 132.667 at AX5 (it said 176, the Large insets').
    @Test func aBudgetTakesTheScaledInsets() throws {
        let report = try check(strings: "\"k\" = \"OK\";\n",
                               spec: "defaults:\n  style: body\n  width: 200\n  lines: 1\n  insets: [0, 12, 0, 12]\n  scaledInsets: true\n")
        let budget = try #require(report.results.first?.budget)
        #expect(budget.category == .accessibility5)
        #expect(budget.width == 132.667)
    }

    /// A frame sized with @ScaledMetric that grows past its device's screen is said: footnote's leading goes from 18 at
    /// Large to 52 at AX5 (Apple's table), so 200 pt becomes 577.667 there, wider than the iPhone 15's 393 pt; 100 pt
    /// (289) is not.
    @Test func aScaledFrameWiderThanTheScreenIsSaid() throws {
        func warnings(_ width: Int) throws -> [String] {
            try check(strings: "\"hint\" = \"OK\";\n",
                      spec: "defaults:\n  device: iphone-15\nelements:\n  - key: hint\n    style: footnote\n    scaledWidth: \(width)\n")
                .diagnostics.map(\.message)
        }
        #expect(try warnings(200) == [
            "the frame of 'hint' (scaledWidth 200 pt) is 577.667 pt wide at accessibility5, wider than the iphone-15's "
                + "393 pt screen: an iPhone shows it cut at the screen's edge, whatever fits in it",
        ])
        #expect(try warnings(100).isEmpty)
    }

    /// A placeholder's sample is no translator's text: it is left out of the locale's mean character, and its width out
    /// of the room. On OneEm at 10 pt the sample "AVAVAV" is 6 characters in 54 pt (3 kerned pairs of −2 pt: the
    /// font's `kern`). With it the mean would be (40 + 54 + 30) ÷ (4 + 6 + 3) = 9.54 pt and 12 characters would
    /// "fit" 120 pt; without it the mean is (40 + 30) ÷ (4 + 3) = 10 pt, and "abc %@" leaves (120 − 54) ÷ 10 = 6.
    @Test func samplesAreLeftOutOfTheMeanCharacter() throws {
        let sample = String(repeating: "AV", count: 3)
        let report = try check(
            strings: "\"k\" = \"abc %@\";\n\"short\" = \"abc\";\n",
            spec: "defaults:\n  font: \(TestSupport.oneEm)\n  size: 10\n  width: 120\n  lines: 1\nplaceholders:\n  \"%@\": \"\(sample)\"\n"
        )
        let budget = try #require(report.results.first { $0.key == "k" }?.budget)
        #expect(budget.characters == 10 && budget.textWidth == 94)
        #expect(budget.samples == CheckResult.Budget.Samples(characters: 6, codePoints: 6, width: 54))
        #expect(budget.averageAdvance == 10)
        #expect(budget.maxCharacters == 6)
        let short = try #require(report.results.first { $0.key == "short" }?.budget)
        #expect(short.samples == nil && short.averageAdvance == 10 && short.maxCharacters == 12)
        let read = try JSONDecoder().decode(CheckReport.self, from: try report.jsonData())
        #expect(read.results.first { $0.key == "k" }?.budget == budget)
    }
}
