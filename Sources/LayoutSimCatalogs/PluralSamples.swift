import Foundation
import LayoutSimModel
import LayoutSimShaping

/// The integer sample for the placeholders of one plural variant: a number that selects the variant's category in
/// the locale (CLDR cardinal rules, through ICU), chosen as the widest such number when formatted.
package struct PluralSample: Sendable, Hashable {
    /// The number.
    package var value: Int
    /// `false` when no integer up to the maximum selects the category (a category for decimals only, such as Czech
    /// `many` or Russian `other`), so ``value`` is the `other` sample (or the maximum) instead: the caller warns.
    package var selectsCategory: Bool
    /// `false` when the locale's plural rules could not be used at all (so nothing is known about the category).
    package var searched = true
}

/// Finds, for a locale and a plural category, the integer in `0…maximum` that selects the category and is widest
/// when formatted for the locale (most characters; ties go to the larger number), without trying every number.
///
/// A formatted number's width depends only on its digit count (the locale's grouping is by position), so the search
/// goes by digit count, from the most digits down. Within a digit count it tries the 1,000 largest numbers, then the
/// largest ones with trailing zeros (`4,000,000`, `4,900,000`, …). CLDR's cardinal rules look at an integer through
/// `n % 10`, `n % 100`, `n % 1000` and `n % 1000000 = 0` only, so this finds the largest number of each digit count
/// that selects the category: at most about 1,000 rule evaluations per digit count.
package enum PluralSampleSearch {
    /// Numbers tried below the top of each digit count (every residue modulo 1000).
    static let window = 1_000
    /// Numbers above this are not searched (a `Double`, which ICU's rules take, holds every integer up to 2^53).
    package static let largestSearched = 999_999_999_999_999

    /// The widest number in `0…maximum` whose keyword is `keyword`, or `nil` when none is.
    package static func widest(
        selecting keyword: String, upTo maximum: Int, in numbers: LocaleNumbers
    ) throws(SegmentationError) -> Int? {
        // A keyword the rules do not have is no number's (English has no `two`): nothing to search.
        guard numbers.pluralKeywords.contains(keyword) else { return nil }
        let limit = min(max(maximum, 0), largestSearched)
        var best: (width: Int, value: Int)?
        var top = limit
        var lowest = power(of: 10, digits(limit) - 1)
        while true {
            let low = lowest == 1 ? 0 : lowest
            if let found = try largest(selecting: keyword, from: top, downTo: low, in: numbers) {
                let width = try numbers.format(found).count
                // Digit counts come largest first: a later (smaller) number must be strictly wider to win.
                if width > best?.width ?? -1 { best = (width, found) }
            }
            if low == 0 { break }
            top = low - 1
            lowest /= 10
        }
        return best?.value
    }

    /// The largest number in `low…top` (numbers of one digit count) selecting `keyword` among those searched.
    private static func largest(
        selecting keyword: String, from top: Int, downTo low: Int, in numbers: LocaleNumbers
    ) throws(SegmentationError) -> Int? {
        let windowLow = max(low, top - (window - 1))
        let target = Array(keyword.utf16)
        var n = top
        while n >= windowLow {
            if try numbers.pluralKeyword(for: n, is: target) { return n }
            n -= 1
        }
        // Below the window: `top` with its last digits zeroed, largest first.
        var scale = 10
        while scale <= top {
            let rounded = top / scale * scale
            if rounded < windowLow, rounded >= low, try numbers.pluralKeyword(for: rounded, is: target) {
                return rounded
            }
            let (next, overflow) = scale.multipliedReportingOverflow(by: 10)
            if overflow { break }
            scale = next
        }
        return nil
    }

    private static func digits(_ value: Int) -> Int { String(value).count }

    private static func power(of base: Int, _ exponent: Int) -> Int {
        (0..<max(exponent, 0)).reduce(1) { result, _ in result * base }
    }
}

/// ICU number services shared by all ``PlaceholderSamples``: one ``LocaleNumbers`` per locale (bounded), the
/// formatted samples, and the plural samples per (locale, category, maximum). ICU handles are not `Sendable`, so
/// every use is under one lock; a catalog check asks for the same few numbers for each of thousands of strings.
package final class NumberSampleCache: @unchecked Sendable {
    package static let shared = NumberSampleCache()

    private struct Key: Hashable {
        var locale: String
        var integer: Int
        var decimal: Double
        /// 0 for an integer; fraction digits + 1 for a decimal (so `%d` and `%.0f` do not share an entry).
        var kind: Int
    }

    private struct PluralKey: Hashable {
        var locale: String
        var category: PluralCategory
        var maximum: Int
    }

    /// The number services of a locale, and the warning when they are the root locale's instead.
    private struct Opened {
        var numbers: LocaleNumbers
        var warning: String?
    }

    private let lock = NSLock()
    /// One per locale (``CacheBounds/locales``).
    private var opened = LRUCache<String, Opened>(capacity: CacheBounds.locales)
    /// The formatted samples and the plural sample of each category, per locale: up to 32 of each per locale (a miss
    /// on a plural sample is a search of thousands of numbers).
    private var strings = LRUCache<Key, Result<String, SegmentationError>>(capacity: 32 * CacheBounds.locales)
    private var plurals = LRUCache<PluralKey, Result<PluralSample, SegmentationError>>(capacity: 32 * CacheBounds.locales)

    /// `value` formatted for `locale`; a warning when the locale's services could not be used.
    package func integer(_ value: Int, locale: String) -> (text: String, warning: String?) {
        string(Key(locale: locale, integer: value, decimal: 0, kind: 0), fallback: String(value)) { numbers throws(SegmentationError) in
            try numbers.format(value)
        }
    }

    /// `value` formatted for `locale` with `fractionDigits` fraction digits (0…15).
    package func decimal(_ value: Double, fractionDigits: Int, locale: String) -> (text: String, warning: String?) {
        let digits = min(max(fractionDigits, 0), 15)
        let fallback = String(format: "%.\(digits)f", value)
        return string(Key(locale: locale, integer: 0, decimal: value, kind: digits + 1), fallback: fallback) {
            numbers throws(SegmentationError) in try numbers.format(value, fractionDigits: digits)
        }
    }

    /// The integer sample for `category` in `locale` (see ``PlaceholderSamples``), and a warning when the
    /// category has no integer up to `maximum` or the locale's services could not be used.
    package func pluralSample(
        _ category: PluralCategory, upTo maximum: Int, locale: String
    ) -> (sample: PluralSample, warning: String?) {
        lock.lock()
        defer { lock.unlock() }
        let key = PluralKey(locale: locale, category: category, maximum: maximum)
        let fallback = PluralSample(value: maximum, selectsCategory: false, searched: false)
        let result: Result<PluralSample, SegmentationError>
        var warning: String?
        if let cached = plurals[key] {
            result = cached
            warning = opened[locale]?.warning
        } else {
            let services = numbers(for: locale)
            warning = services.warning
            result = services.numbers.flatMap { numbers in
                Result { () throws(SegmentationError) -> PluralSample in
                    try Self.search(category, upTo: maximum, in: numbers)
                }
            }
            plurals[key] = result
        }
        switch result {
        case .success(var sample):
            // Rules of ICU's root locale, standing in for a locale it could not open, say nothing about this one.
            if warning != nil { sample.searched = false }
            if !sample.selectsCategory {
                warning = warning ?? Self.noIntegerWarning(category, maximum: maximum, sample: sample.value, locale: locale)
            }
            return (sample, warning)
        case .failure(let error):
            return (fallback, warning ?? "cannot choose plural samples for '\(locale)': \(error.description)")
        }
    }

    private static func search(
        _ category: PluralCategory, upTo maximum: Int, in numbers: LocaleNumbers
    ) throws(SegmentationError) -> PluralSample {
        if let value = try PluralSampleSearch.widest(selecting: category.rawValue, upTo: maximum, in: numbers) {
            return PluralSample(value: value, selectsCategory: true)
        }
        // Apple uses a `zero` variant for 0 in every language, whatever CLDR says.
        if category == .zero { return PluralSample(value: 0, selectsCategory: true) }
        if category != .other,
           let other = try PluralSampleSearch.widest(selecting: PluralCategory.other.rawValue, upTo: maximum, in: numbers) {
            return PluralSample(value: other, selectsCategory: false)
        }
        return PluralSample(value: maximum, selectsCategory: false)
    }

    private static func noIntegerWarning(_ category: PluralCategory, maximum: Int, sample: Int, locale: String) -> String {
        let instead = category == .other ? "the largest sample, \(sample)" : "the 'other' sample, \(sample)"
        return "no integer from 0 to \(maximum) is plural category '\(category.rawValue)' in '\(locale)' "
            + "(CLDR uses it for decimals only); its integer placeholders get \(instead)"
    }

    /// A formatted number from the cache, or made with the locale's services (under the lock).
    private func string(
        _ key: Key, fallback: String, make: (LocaleNumbers) throws(SegmentationError) -> String
    ) -> (text: String, warning: String?) {
        lock.lock()
        defer { lock.unlock() }
        let result: Result<String, SegmentationError>
        let services = numbers(for: key.locale)
        if let cached = strings[key] {
            result = cached
        } else {
            result = services.numbers.flatMap { numbers in
                Result { () throws(SegmentationError) -> String in try make(numbers) }
            }
            strings[key] = result
        }
        switch result {
        case .success(let text): return (text, services.warning)
        case .failure(let error):
            return (fallback, services.warning ?? "cannot format numbers for '\(key.locale)': \(error.description)")
        }
    }

    /// The number services of `locale`, opened once; ICU's root locale (with a warning) when the tag is not one
    /// ICU can use. Call with the lock held.
    private func numbers(for locale: String) -> (numbers: Result<LocaleNumbers, SegmentationError>, warning: String?) {
        if let cached = opened[locale] { return (.success(cached.numbers), cached.warning) }
        do throws(SegmentationError) {
            let numbers = try LocaleNumbers(locale: locale)
            opened[locale] = Opened(numbers: numbers, warning: nil)
            return (.success(numbers), nil)
        } catch {
            let warning = "cannot format numbers for '\(locale)' (\(error.description)); using ICU's root locale"
            do throws(SegmentationError) {
                let root = try LocaleNumbers(locale: "")
                opened[locale] = Opened(numbers: root, warning: warning)
                return (.success(root), warning)
            } catch {
                return (.failure(error), warning)
            }
        }
    }
}
