import Foundation
import LayoutSimModel
import LayoutSimSystemFont
import LayoutSimTestSupport
import Testing

/// The SF advance table is generated Swift source (Scripts/gen_sf_metrics.py); these tests hold it to the measured
/// data it came from (Tests/Fixtures/sf-metrics-ios26.json), value by value, so it cannot silently go stale.
struct SFAdvanceTableTests {
    struct Entry: Decodable { let size: Int; let weight: String; let advances: [Double] }
    struct Reference: Decodable { let characters: String; let fonts: [Entry] }

    /// Every measured row, at every weight and integer size 8–40 pt, is the JSON's doubles exactly.
    @Test func generatedTableEqualsTheMeasuredData() throws {
        let data = try Data(contentsOf: TestSupport.fixture("sf-metrics-ios26.json"))
        let reference = try JSONDecoder().decode(Reference.self, from: data)
        #expect(reference.characters == String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }))
        #expect(reference.fonts.count == FontWeight.allCases.count * SFAdvanceTable.measuredSizes.count)
        let table = SFAdvanceTable.measured
        var seen = Set<String>()
        for entry in reference.fonts {
            let weight = try #require(FontWeight(rawValue: entry.weight))
            seen.insert("\(entry.weight) \(entry.size)")
            #expect(entry.advances.count == SFAdvanceTable.characterCount)
            #expect(table.measuredRow(weight: weight, size: entry.size) == entry.advances, "\(entry.weight) \(entry.size) pt")
            // At an integer size the interpolation is the row itself.
            #expect(table.advances(atSize: Double(entry.size), weight: weight) == entry.advances)
        }
        #expect(seen.count == reference.fonts.count)
    }

    /// Sizes outside the measured range have no measured row (the extension rule covers them).
    @Test func noRowOutsideTheMeasuredSizes() {
        #expect(SFAdvanceTable.measured.measuredRow(weight: .regular, size: 7).isEmpty)
        #expect(SFAdvanceTable.measured.measuredRow(weight: .bold, size: 41).isEmpty)
    }
}
