import LayoutSimModel
import LayoutSimSources
import Testing

@Suite struct ScanResultTests {
    @Test func appendingRenumbersRowsAndTheirPlaces() {
        func result(file: String) -> ScanResult {
            var result = ScanResult()
            let at = SourceLocation(file: file, line: 3, column: 5)
            var place = SourcePlace(key: "k.\(file)", location: at, view: .text)
            place.row = 0
            result.places = [SourcePlace(key: "lone", location: at, view: .text), place]
            result.rows = [SourceRow(id: 0, location: at, members: [.fixed(width: 24), .place(1)])]
            result.files = [file]
            return result
        }
        var all = result(file: "A.swift")
        all.append(result(file: "B.swift"))
        #expect(all.places.count == 4)
        #expect(all.rows.map(\.id) == [0, 1])
        #expect(all.places[3].row == 1)
        #expect(all.rows[1].members == [.fixed(width: 24), .place(3)])
        #expect(all.files == ["A.swift", "B.swift"])
    }
}
