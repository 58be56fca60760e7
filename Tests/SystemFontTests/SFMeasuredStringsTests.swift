import Foundation
import LayoutSimModel
import LayoutSimSystemFont
import LayoutSimTestSupport
import Testing

/// SF's measured line heights and string widths (`layoutsim doctor`'s reference) are generated Swift source
/// (Scripts/gen_sf_strings.py); these tests hold them to the fixture they came from, value by value.
struct SFMeasuredStringsTests {
    struct Measured: Decodable { let nsString: Double }
    struct Entry: Decodable { let size: Int; let weight: String; let lineHeight: Double; let strings: [String: Measured] }
    struct Reference: Decodable { let fonts: [Entry] }

    /// Every row, at every weight and size 8–40 pt, is the JSON's line height and widths exactly, in the order of
    /// `sfMeasuredStrings`.
    @Test func generatedRowsEqualTheMeasuredData() throws {
        let data = try Data(contentsOf: TestSupport.fixture("sf-metrics-ios26.json"))
        let reference = try JSONDecoder().decode(Reference.self, from: data)
        #expect(reference.fonts.count == FontWeight.allCases.count * SFMeasuredStrings.sizes.count)
        for entry in reference.fonts {
            let weight = try #require(FontWeight(rawValue: entry.weight))
            #expect(Set(entry.strings.keys) == Set(sfMeasuredStrings))
            let expected = [entry.lineHeight] + sfMeasuredStrings.map { entry.strings[$0]?.nsString ?? .nan }
            #expect(Array(SFMeasuredStrings.row(weight: weight, size: entry.size)) == expected, "\(entry.weight) \(entry.size) pt")
        }
    }

    /// Sizes outside the measured range have no row.
    @Test func noRowOutsideTheMeasuredSizes() {
        #expect(SFMeasuredStrings.row(weight: .regular, size: 7).isEmpty)
        #expect(SFMeasuredStrings.row(weight: .bold, size: 41).isEmpty)
    }
}
