import Foundation
import LayoutSimCheck
import LayoutSimFitting
import LayoutSimModel
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
