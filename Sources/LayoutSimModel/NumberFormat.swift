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
