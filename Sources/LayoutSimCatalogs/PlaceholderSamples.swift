import Foundation
import LayoutSimModel

/// Sample values for the placeholders of a format string, chosen as realistic worst cases for width, so that a
/// string is laid out as long as users will see it.
///
/// | placeholder | sample (defaults) |
/// |---|---|
/// | `%@`, `%1$@`, `%s` | ``name``: "Maximilian Alexander" |
/// | `%d %i %ld %lld %u %lu %llu` (any length modifier, any position) | ``integer`` 1000000 formatted for the locale with grouping (below) |
/// | `%x %X %o` | ``integer`` in hexadecimal / octal |
/// | `%f %.1f %.2f` | ``decimal`` 1234567.89 formatted for the locale, with the precision's fraction digits (6 without one, as printf) |
/// | `%e %g %a` | ``decimal`` through printf (no locale) |
/// | `%c %C` | ``character``: "W", the widest Latin letter |
/// | `%%` | "%" |
/// | `%#@name@` | left as is: substitutions are expanded by the readers |
///
/// Numbers are formatted by Foundation's `NumberFormatter` (`.decimal` style, `Locale(identifier:)` of the
/// entry's locale). What it returns is whatever the platform's ICU/CLDR data says; measured with Swift 6.3.1 on
/// Linux: `en` "1,000,000"; `de`, `es`, `it`, `pt-BR` "1.000.000"; `fr` "1 000 000" with U+202F NARROW NO-BREAK
/// SPACE; `ru`, `pl`, `sv`, `nb`, `fi` U+00A0 NO-BREAK SPACE; `ar` "1,000,000" with Latin digits (CLDR 42 made
/// Latin digits the default for `ar`), while `ar-EG` and `ar-SA` give Arabic-Indic digits "١٬٠٠٠٬٠٠٠"; `hi`,
/// `th`, `ja`, `zh-Hans` "1,000,000".
///
/// A width (`%8d`) pads the sample with spaces (on the right with the `-` flag) when it is shorter.
public struct PlaceholderSamples: Sendable, Hashable {
    /// For `%@` (and `%s`): a long personal name by default.
    public var name: String
    /// For the integer conversions.
    public var integer: Int
    /// For the floating-point conversions.
    public var decimal: Double
    /// For `%c` and `%C`.
    public var character: String
    /// Fixed replacements by spelling, which win over the samples above. A placeholder looks itself up as written
    /// (`%1$lld`), then without position, flags and width (`%lld`, `%.2f`), then as `%` + length + conversion
    /// (`%lld`, `%f`), then as `%` + conversion (`%d`): so an override for `%d` also covers `%lld` unless `%lld`
    /// has its own. Override values are used as they are (not formatted for the locale).
    public var overrides: [String: String]

    /// Creates samples; every argument has the documented default.
    public init(
        name: String = "Maximilian Alexander", integer: Int = 1_000_000, decimal: Double = 1_234_567.89,
        character: String = "W", overrides: [String: String] = [:]
    ) {
        self.name = name
        self.integer = integer
        self.decimal = decimal
        self.character = character
        self.overrides = overrides
    }

    /// Default samples with fixed replacements for some placeholders, e.g. `["%@": "Jo", "%lld": "12"]`.
    public init(overrides: [String: String]) {
        self.init(name: "Maximilian Alexander", overrides: overrides)
    }

    /// `value` with every placeholder replaced by its sample for `locale` (a BCP 47 tag); substitution tokens
    /// (`%#@name@`) and text that is not a placeholder are kept as they are.
    public func substitute(_ value: String, locale: String) -> String {
        let formatters = Formatters(locale: locale)
        var result = ""
        for segment in FormatString.segments(value) {
            switch segment {
            case .text(let text):
                result += text
            case .placeholder(let specifier):
                result += sample(for: specifier, formatters: formatters)
            }
        }
        return result
    }

    /// The sample for one placeholder spelled `placeholder` (e.g. `%lld`, `%2$@`) in `locale`, or `nil` when
    /// `placeholder` is not exactly one placeholder.
    public func sample(for placeholder: String, locale: String) -> String? {
        let segments = FormatString.segments(placeholder)
        guard segments.count == 1, case .placeholder(let specifier) = segments[0] else { return nil }
        let formatters = Formatters(locale: locale)
        return sample(for: specifier, formatters: formatters)
    }

    private func sample(for specifier: FormatSpecifier, formatters: Formatters) -> String {
        if case .substitution = specifier.kind { return specifier.raw }
        let keys = [
            specifier.raw, specifier.normalized, "%" + specifier.length + String(specifier.conversion),
            "%" + String(specifier.conversion),
        ]
        if let override = keys.lazy.compactMap({ self.overrides[$0] }).first { return override }
        let text: String
        switch specifier.kind {
        case .percent:
            return "%"
        case .substitution:
            return specifier.raw
        case .object, .cString:
            text = name
        case .character:
            text = character
        case .integer, .unsignedInteger:
            text = formatters.integer(integer)
        case .radixInteger:
            let radix = specifier.conversion == "o" || specifier.conversion == "O" ? 8 : 16
            text = String(integer, radix: radix, uppercase: specifier.conversion == "X")
        case .fixedPoint:
            text = formatters.decimal(decimal, fractionDigits: specifier.precision ?? 6)
        case .scientific:
            let format = "%" + (specifier.precision.map { ".\($0)" } ?? "") + String(specifier.conversion)
            text = String(format: format, decimal)
        case .pointer:
            text = "0x600000c04000"
        }
        guard let width = specifier.width, text.count < width else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return specifier.flags.contains("-") ? text + padding : padding + text
    }

    /// Formats the numeric samples of one `substitute` call, through ``NumberSampleCache``.
    private struct Formatters {
        let locale: String

        init(locale: String) { self.locale = locale }

        func integer(_ value: Int) -> String {
            NumberSampleCache.shared.string(locale: locale, integer: value, decimal: 0, kind: 0) {
                let formatter = Self.make(locale: locale, fractionDigits: 0)
                return formatter.string(from: NSNumber(value: value)) ?? String(value)
            }
        }

        /// swift-corelibs-foundation (Swift 6.3.1) ignores `maximumFractionDigits` once `minimumFractionDigits` is
        /// set (1234567.89 with both at 1 gives "1,234,567.89"), so the value is rounded to the precision first.
        func decimal(_ value: Double, fractionDigits: Int) -> String {
            let digits = min(max(fractionDigits, 0), 15)
            return NumberSampleCache.shared.string(locale: locale, integer: 0, decimal: value, kind: digits + 1) {
                let formatter = Self.make(locale: locale, fractionDigits: digits)
                let scale = pow(10, Double(digits))
                let rounded = (value * scale).rounded() / scale
                return formatter.string(from: NSNumber(value: rounded.isFinite ? rounded : value)) ?? String(value)
            }
        }

        static func make(locale: String, fractionDigits: Int) -> NumberFormatter {
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: locale)
            formatter.numberStyle = .decimal
            formatter.usesGroupingSeparator = true
            formatter.minimumFractionDigits = fractionDigits
            formatter.maximumFractionDigits = fractionDigits
            return formatter
        }
    }
}

/// Formatted sample numbers by locale, value and precision, shared by all ``PlaceholderSamples``: making a
/// `NumberFormatter` costs tens of microseconds and a catalog check formats the same few numbers for each of tens
/// of thousands of strings. Only strings are cached (formatters are not `Sendable`); bounded, thread-safe.
package final class NumberSampleCache: @unchecked Sendable {
    package static let shared = NumberSampleCache()

    private struct Key: Hashable {
        var locale: String
        var integer: Int
        var decimal: Double
        /// 0 for an integer; fraction digits + 1 for a decimal (so `%d` and `%.0f` do not share an entry).
        var kind: Int
    }

    private let lock = NSLock()
    private var cache = LRUCache<Key, String>(capacity: 1024)

    package func string(locale: String, integer: Int, decimal: Double, kind: Int, make: () -> String) -> String {
        let key = Key(locale: locale, integer: integer, decimal: decimal, kind: kind)
        // lock()/unlock() rather than `withLock`, which needs macOS 14 (the package supports macOS 13).
        lock.lock()
        let cached = cache[key]
        lock.unlock()
        if let cached { return cached }
        let made = make()
        lock.lock()
        cache[key] = made
        lock.unlock()
        return made
    }
}
