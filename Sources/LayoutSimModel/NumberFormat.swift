/// The one place numbers become report values and text, so every report and picture rounds the same way and
/// reports are byte-identical on every machine.
package enum ReportNumber {
    /// `value` rounded to three decimals (−0 becomes 0): every number in JSON reports, 1/1000 pt.
    package static func rounded(_ value: Double) -> Double {
        guard value.isFinite, abs(value) < 1e12 else { return value.isFinite ? value : 0 }
        let r = (value * 1000).rounded() / 1000
        return r == 0 ? 0 : r
    }

    /// A finite double as JSON reports write it, the text `JSONEncoder` gives: Swift's shortest round-trip form
    /// with a trailing `.0` dropped ("17", "16.333", "1e-05", "1e+21", "-0").
    package static func jsonText(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// Whether ``jsonText(_:)`` of `value` is n/1000 in plain decimals (``writeThousandths(_:into:at:)`` writes it):
    /// for the values reports hold (multiples of 1/1000 from 0.001 to a billion, what ``rounded(_:)`` gives), `value`
    /// is the nearest double to n/1000 for an integer n of at most 12 digits, and a decimal of at most 15
    /// significant digits is the only one of its length or shorter to round to its double; so the shortest
    /// round-trip form `description` gives is n/1000 itself, which Swift writes in plain notation (it does from
    /// 1e-4 up to 2^53).
    package static func isPlainThousandths(_ value: Double) -> Bool {
        let magnitude = abs(value)
        return magnitude >= 0.001 && magnitude < 1e9 && (magnitude * 1000).rounded() / 1000 == magnitude
    }

    /// Text of a number rounded to three decimals, without trailing zeros ("17", "16.333"): messages and SVG.
    package static func text(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let r = rounded(value)
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    /// Text of a number with at most two decimals, trailing zeros dropped ("17", "16.33", "20.29"): the `fit` table.
    package static func twoDecimals(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100
        let fraction = abs(hundredths % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits)"
    }

    /// An integer with a comma every three digits ("100,000"): limits and lengths in messages.
    package static func integer(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// Text of a number rounded to six decimals: scale factors in SVG transforms.
    package static func sixDecimals(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return String((value * 1_000_000).rounded() / 1_000_000)
    }
}
