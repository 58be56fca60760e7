@testable import LayoutSimShaping
import Testing

/// The table of code point facts is a memo: what it answers, the first time (worked out and kept) and every time after
/// (looked up), must be the function it memoizes, for code points on new pages and on pages already made, and for
/// values past the code space (taken as U+FFFD).
struct CodePointTableTests {
    @Test func answersAreTheFunctionsOwnFirstAndAfter() {
        var table = CodePointTable()
        // Every 97th code point (new pages and pages met before), surrogates, the last one and values beyond it.
        let values = Array(stride(from: UInt32(0), through: 0x10FFFF, by: 97))
            + [0xD800, 0xDFFF, 0x10FFFF, 0x110000, 0xFFFF_FFFF]
        for round in 0..<2 {
            for value in values {
                let expected = CodePointTable.Facts.compute(value < 0x110000 ? value : 0xFFFD)
                #expect(table.facts(value).bits == expected, "U+\(String(value, radix: 16)) round \(round)")
            }
        }
        // A few of the facts, against Unicode's own properties as Swift reads them.
        #expect(table.facts(0x20).isWhitespace && !table.facts(0x41).isWhitespace)
        #expect(!table.facts(0x0A).needsGlyph && table.facts(0x0627).needsGlyph)
        #expect(table.facts(0x064E).isMark && !table.facts(0x0627).isMark)
        #expect(table.facts(0x41).script == .latin && table.facts(0x0627).script != .latin)
        #expect(table.facts(0x20).script == .common && table.facts(0x064E).script == .inherited)
    }
}
