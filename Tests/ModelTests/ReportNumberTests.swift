import LayoutSimModel
import LayoutSimSupport
import Testing

@Suite("Report numbers")
struct ReportNumberTests {
    /// The JSON writer's number (``ReportNumber/writeThousandths(_:into:at:)`` when it can) against `description`
    /// (with ".0" dropped), the formatter it stands in for.
    static func reference(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    static func fast(_ value: Double) -> String {
        var writer = JSONWriter()
        do {
            try writer.double(value)
            return String(decoding: try writer.finish(), as: UTF8.self)
        } catch {
            return "\(error)"
        }
    }

    @Test("hand-written values")
    func handWritten() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "-0"), (17, "17"), (16.333, "16.333"), (0.5, "0.5"), (0.05, "0.05"), (0.001, "0.001"),
            (-2.5, "-2.5"), (1e-05, "1e-05"), (0.0001, "0.0001"), (1e21, "1e+21"), (123_456_789.125, "123456789.125"),
            (999_999_999.999, "999999999.999"), (1e9, "1000000000"), (0.1 + 0.2, "0.30000000000000004"), (1.0 / 3, "0.3333333333333333"),
        ]
        for (value, text) in cases {
            #expect(Self.fast(value) == text, "\(value)")
            #expect(Self.reference(value) == text, "\(value)")
        }
    }

    @Test("every thousandth the reports hold writes as description does")
    func thousandths() {
        // Every n/1000 below 20, a sweep of larger ones, and their rounded forms.
        var values: [Double] = []
        for n in 0..<20_000 { values.append(Double(n) / 1000) }
        var n = 20_000
        while n < 999_999_999_999 {
            values.append(Double(n) / 1000)
            n = n * 3 / 2 + 7
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let raw = Double.random(in: -2_000...2_000, using: &generator)
            values.append(raw)
            values.append(ReportNumber.rounded(raw))
            values.append(ReportNumber.rounded(raw / 1e6))
        }
        for value in values + values.map({ -$0 }) {
            #expect(Self.fast(value) == Self.reference(value), "\(value)")
        }
    }

    @Test("integers write as String(_:) does")
    func integers() throws {
        for value in [0, 1, 9, 10, 99, 100, -1, -10, 123_456, Int.max, Int.min, Int.min + 1] {
            var writer = JSONWriter()
            try writer.int(value)
            #expect(String(decoding: try writer.finish(), as: UTF8.self) == String(value))
            // Written where asked, the bytes around left alone.
            var bytes = [UInt8](repeating: 0xFF, count: 25)
            let end = ReportNumber.writeDecimal(value, into: &bytes, at: 2)
            #expect(Array(bytes[2..<end]) == Array(String(value).utf8))
            #expect(bytes[..<2].allSatisfy { $0 == 0xFF } && bytes[end...].allSatisfy { $0 == 0xFF })
        }
    }
}

@Suite("Text shown on one line")
struct OneLineTests {
    /// Every U+000A becomes the mark, whatever is around it (the one of "\r\n", one before a combining mark); nothing
    /// else changes, scalar for scalar.
    @Test func everyLineFeedIsShown() {
        let shown = "a\r\nb\n\nc\n\u{301}d\n".withLineFeedsShown(as: "⏎")
        let expected: [UInt32] = [0x61, 0x0D, 0x23CE, 0x62, 0x23CE, 0x23CE, 0x63, 0x23CE, 0x301, 0x64, 0x23CE]
        #expect(shown.unicodeScalars.map(\.value) == expected)
        #expect("two\nlines".withLineFeedsShown(as: " / ") == "two / lines")
        #expect("Käse\u{2028}Brot".withLineFeedsShown(as: "⏎") == "Käse\u{2028}Brot")
        #expect("".withLineFeedsShown(as: "⏎") == "")
    }
}
