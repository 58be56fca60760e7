import Foundation
import LayoutSimModel

/// Sample values for the placeholders of a format string, chosen as realistic worst cases for width, so that a
/// string is laid out as long as users will see it.
///
/// | placeholder | sample (defaults) |
/// |---|---|
/// | `%@`, `%1$@`, `%s` | ``name``: "Maximilian Alexander" |
/// | `%d %i %ld %lld %u %lu %llu` (any length modifier, any position) | ``integer`` 1000000 formatted for the locale with grouping; in a plural variant, a number of that plural category (below) |
/// | `%x %X %o` | the same integer in hexadecimal / octal |
/// | `%f %.1f %.2f` | ``decimal`` 1234567.89 formatted for the locale, with the precision's fraction digits (6 without one, as printf) |
/// | `%e %g %a` | ``decimal`` through printf (no locale) |
/// | `%c %C` | ``character``: "W", the widest Latin letter |
/// | `%%` | "%" |
/// | `%#@name@` | left as is: substitutions are expanded by the readers |
///
/// **Plural variants.** A string of a plural variant (``CatalogEntry/pluralCategory``, the last `plural:<category>`
/// of its variant path) is only shown for numbers of that category, so its integer placeholders get such a number:
/// among `0…integer` the one that selects the category under CLDR's cardinal rules for the locale (ICU's
/// `uplrules_select`) and is widest when formatted for the locale, ties going to the larger number. So the worst
/// case stays the worst case: `one` in `de` is 1, `few` in `ar` 999,910 (`n % 100` in 3…10), `other` in `en`
/// 1,000,000. A category no integer up to ``integer`` selects (Czech `many`, Russian `other`: decimals only) gets
/// the `other` sample, with a warning in ``FilledString/warnings``; `zero` with no CLDR integer gets 0 (Apple uses
/// a `zero` variant for 0 in every language). When substitutions nest (`%#@photos@ in %#@albums@`), every integer
/// placeholder of the string gets the sample of the last plural category in the path. Strings that are not a
/// plural variant keep ``integer``. Overrides win over all of this.
///
/// **Formatting.** Numbers are formatted by ICU for the locale (`LocaleNumbers` in the ICU stage, the `UNUM_DECIMAL` style:
/// the locale's numbering system, grouping and separators). With the system's ICU 72 (CLDR 42): `en`, `th`
/// "1,000,000"; `de` "1.000.000"; `fr` "1 000 000" with U+202F NARROW NO-BREAK SPACE; `ru` U+00A0 NO-BREAK SPACE;
/// `hi` "10,00,000" (Indian grouping); `bn` "১০,০০,০০০"; `ar`, `ar-EG`, `ar-SA` "١٬٠٠٠٬٠٠٠" (Arabic-Indic digits,
/// U+066C ARABIC THOUSANDS SEPARATOR); `fa` "۱٬۰۰۰٬۰۰۰" (Extended Arabic-Indic digits). A locale tag ICU cannot use
/// is formatted as ICU's root locale, with a warning.
///
/// A width (`%8d`) pads the sample with spaces (on the right with the `-` flag) when it is shorter.
public struct PlaceholderSamples: Sendable, Hashable {
    /// For `%@` (and `%s`): a long personal name by default.
    public var name: String
    /// For the integer conversions, and the largest number a plural variant's sample is chosen from.
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

    /// A string with its placeholders filled, and what the caller should warn about.
    public struct FilledString: Sendable, Hashable {
        /// The string with every placeholder replaced by its sample.
        public var text: String
        /// Problems met, each once: a plural category no integer selects, a locale ICU cannot format for.
        public var warnings: [String]
        /// Why no user sees this string, when none does: a plural variant whose category no whole number selects
        /// in the locale (Russian `other`, Czech `many` are for fractions), in a string whose numbers are all
        /// whole (`%d`, `%lld`): iOS picks the variant from the number, so it never picks this one.
        public var neverShown: String?
        /// The string, or the string with its samples, is longer than ``FitRequest/maximumTextLength``: it is not
        /// filled (``text`` is empty) and must not be laid out.
        public var tooLong = false
        /// Where each sample is in ``text`` (UTF-16 offsets, in order): text no translator writes, left out of the
        /// characters a translator is told fit.
        public var samples: [Range<Int>] = []
    }

    /// `value` with every placeholder replaced by its sample for `locale` (a BCP 47 tag) and, when `value` is a
    /// plural variant, its category; substitution tokens (`%#@name@`) and text that is not a placeholder are kept.
    public func fill(_ value: String, locale: String, plural: PluralCategory? = nil) -> FilledString {
        let limit = FitRequest.maximumTextLength
        // A string has no more UTF-16 code units than UTF-8 bytes (counted at once, where UTF-16 is counted by reading).
        guard value.utf8.count <= limit || value.utf16.count <= limit else {
            return FilledString(text: "", warnings: [], neverShown: nil, tooLong: true)
        }
        // Most UI strings have no placeholder: the text as it is (what the loop below gives for one text segment).
        if !FormatString.mayHavePlaceholder(value) { return FilledString(text: value, warnings: [], neverShown: nil) }
        var filler = Filler(samples: self, locale: locale, plural: plural)
        var result = ""
        var length = 0
        var hasFraction = false
        var samples: [Range<Int>] = []
        for segment in FormatString.segments(value) {
            let piece: String
            var isSample = false
            switch segment {
            case .text(let text):
                piece = text
            case .placeholder(let specifier):
                piece = filler.sample(for: specifier, budget: limit - length)
                switch specifier.kind {
                case .fixedPoint, .scientific: hasFraction = true
                default: break
                }
                switch specifier.kind {
                case .percent, .substitution: break
                default: isSample = true
                }
            }
            let start = length
            length += piece.utf16.count
            // Filling stops at the limit: 1 MB of `%@` would otherwise become 10 M characters.
            if length > limit { return FilledString(text: "", warnings: filler.warnings, neverShown: nil, tooLong: true) }
            result += piece
            if isSample && length > start { samples.append(start..<length) }
        }
        if let plural, filler.pluralUnreachable, !hasFraction {
            let reason = "no whole number selects plural category '\(plural.rawValue)' in '\(locale)' (CLDR), so iOS "
                + "never shows this variant for a whole-number count"
            return FilledString(text: result, warnings: [], neverShown: reason)
        }
        return FilledString(text: result, warnings: filler.warnings, neverShown: nil, samples: samples)
    }

    /// ``fill(_:locale:plural:)``'s text, without its warnings.
    public func substitute(_ value: String, locale: String, plural: PluralCategory? = nil) -> String {
        fill(value, locale: locale, plural: plural).text
    }

    /// The sample for one placeholder spelled `placeholder` (e.g. `%lld`, `%2$@`) in `locale` (and plural
    /// category), or `nil` when `placeholder` is not exactly one placeholder.
    public func sample(for placeholder: String, locale: String, plural: PluralCategory? = nil) -> String? {
        let segments = FormatString.segments(placeholder)
        guard segments.count == 1, case .placeholder(let specifier) = segments[0] else { return nil }
        var filler = Filler(samples: self, locale: locale, plural: plural)
        return filler.sample(for: specifier)
    }

    /// Fills the placeholders of one string: the integer sample is chosen once, warnings are collected.
    private struct Filler {
        let samples: PlaceholderSamples
        let locale: String
        let plural: PluralCategory?
        private(set) var warnings: [String] = []
        /// The string's plural category selects no whole number up to the maximum.
        private(set) var pluralUnreachable = false
        private var integerSample: Int?

        init(samples: PlaceholderSamples, locale: String, plural: PluralCategory?) {
            self.samples = samples
            self.locale = locale
            self.plural = plural
        }

        /// The sample; a width (`%99999999d`) pads it at most to `budget` + 1 characters, enough to tell the
        /// caller the string is too long without building a huge string.
        mutating func sample(for specifier: FormatSpecifier, budget: Int = FitRequest.maximumTextLength) -> String {
            if case .substitution = specifier.kind { return specifier.raw }
            let keys = [
                specifier.raw, specifier.normalized, "%" + specifier.length + String(specifier.conversion),
                "%" + String(specifier.conversion),
            ]
            let overrides = samples.overrides
            if let override = keys.lazy.compactMap({ overrides[$0] }).first { return override }
            // A precision longer than the whole budget (`%.99999999f`) makes the string too long by itself.
            if let precision = specifier.precision, precision > budget {
                return String(repeating: "0", count: max(0, budget) + 1)
            }
            let text: String
            switch specifier.kind {
            case .percent:
                return "%"
            case .substitution:
                return specifier.raw
            case .object, .cString:
                text = samples.name
            case .character:
                text = samples.character
            case .integer, .unsignedInteger:
                text = note(NumberSampleCache.shared.integer(integer(), locale: locale))
            case .radixInteger:
                let radix = specifier.conversion == "o" || specifier.conversion == "O" ? 8 : 16
                text = String(integer(), radix: radix, uppercase: specifier.conversion == "X")
            case .fixedPoint:
                let digits = specifier.precision ?? 6
                text = note(NumberSampleCache.shared.decimal(samples.decimal, fractionDigits: digits, locale: locale))
            case .scientific:
                let format = "%" + (specifier.precision.map { ".\($0)" } ?? "") + String(specifier.conversion)
                text = String(format: format, samples.decimal)
            case .pointer:
                text = "0x600000c04000"
            }
            guard let width = specifier.width, text.count < width else { return text }
            let padding = String(repeating: " ", count: min(width - text.count, max(0, budget) + 1))
            return specifier.flags.contains("-") ? text + padding : padding + text
        }

        /// The integer for this string: ``PlaceholderSamples/integer``, or a number of the plural category.
        private mutating func integer() -> Int {
            if let integerSample { return integerSample }
            var value = samples.integer
            if let plural {
                let (sample, warning) = NumberSampleCache.shared.pluralSample(plural, upTo: samples.integer, locale: locale)
                value = sample.value
                pluralUnreachable = sample.searched && !sample.selectsCategory
                note(warning)
            }
            integerSample = value
            return value
        }

        private mutating func note(_ made: (text: String, warning: String?)) -> String {
            note(made.warning)
            return made.text
        }

        private mutating func note(_ warning: String?) {
            if let warning, !warnings.contains(warning) { warnings.append(warning) }
        }
    }
}
