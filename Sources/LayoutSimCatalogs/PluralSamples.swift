import Foundation
import LayoutSimModel
import LayoutSimICU
import LayoutSimSupport

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
/// `n % 10`, `n % 100` and `n % 1000`, and at a multiple of 1,000 through `n % 1000000` too (French `many`; Cornish
/// `two` through `n % 100000`, whose other `two`s, ending in 02, 22, 42…, are larger), so this finds the largest
/// number of each digit count that selects the category: at most about 1,000 rule evaluations per digit count. From
/// 1,000 up they are learnt by residue (``PluralResidues``): ICU is asked about one number per last three digits.
package enum PluralSampleSearch {
    /// Numbers tried below the top of each digit count (every residue modulo 1000).
    static let window = 1_000
    /// Numbers above this are not searched (a `Double`, which ICU's rules take, holds every integer up to 2^53).
    package static let largestSearched = 999_999_999_999_999

    /// The widest number in `0…maximum` whose keyword is `keyword`, or `nil` when none is.
    package static func widest(
        selecting keyword: String, upTo maximum: Int, in numbers: LocaleNumbers, residues: PluralResidues? = nil
    ) throws(SegmentationError) -> Int? {
        // A keyword the rules do not have is no number's (English has no `two`): nothing to search.
        guard numbers.pluralKeywords.contains(keyword) else { return nil }
        let target = Target(keyword: keyword)
        let limit = min(max(maximum, 0), largestSearched)
        var best: (width: Int, value: Int)?
        var top = limit
        var lowest = power(of: 10, digits(limit) - 1)
        while true {
            let low = lowest == 1 ? 0 : lowest
            if let found = try largest(selecting: target, from: top, downTo: low, in: numbers, residues: residues) {
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

    /// The keyword searched for: its UTF-16 code units for ICU, and its category for ``PluralResidues``.
    struct Target {
        var units: [UInt16]
        /// The category's index in ``PluralCategory/allCases``.
        var index: Int?

        init(keyword: String) {
            units = Array(keyword.utf16)
            index = PluralCategory(rawValue: keyword).flatMap { PluralCategory.allCases.firstIndex(of: $0) }
        }
    }

    /// The largest number in `low…top` (numbers of one digit count) selecting `target` among those searched. With
    /// `residues`, most answers are learnt from another number with the same last three digits, and a number so
    /// found is asked of ICU itself: should ICU disagree (rules that look at more digits than ``PluralResidues``
    /// assumes), the digit count is searched again asking ICU about every number, as without `residues`.
    private static func largest(
        selecting target: Target, from top: Int, downTo low: Int, in numbers: LocaleNumbers, residues: PluralResidues?
    ) throws(SegmentationError) -> Int? {
        let windowLow = max(low, top - (window - 1))
        // nil: a learnt answer ICU does not confirm.
        func selects(_ n: Int) throws(SegmentationError) -> Bool? {
            guard let residues else { return try numbers.pluralKeyword(for: n, is: target.units) }
            let (answer, learnt) = try residues.selects(n, target, in: numbers)
            guard answer && learnt else { return answer }
            return try numbers.pluralKeyword(for: n, is: target.units) ? true : nil
        }
        var n = top
        while n >= windowLow {
            switch try selects(n) {
            case true?: return n
            case false?: n -= 1
            case nil: return try largest(selecting: target, from: top, downTo: low, in: numbers, residues: nil)
            }
        }
        // Below the window: `top` with its last digits zeroed, largest first.
        var scale = 10
        while scale <= top {
            let rounded = top / scale * scale
            if rounded < windowLow, rounded >= low {
                switch try selects(rounded) {
                case true?: return rounded
                case false?: break
                case nil: return try largest(selecting: target, from: top, downTo: low, in: numbers, residues: nil)
                }
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

/// The plural keyword of the integers from 1,000 up, learnt per locale by their last three digits. CLDR's cardinal
/// rules see such an integer only through `n % 10`, `n % 100` and `n % 1000` unless it is a multiple of 1,000 (French
/// `many` looks at `n % 1000000`, Cornish `two` at `n % 100000`); a test holds every language ICU has to this. So ICU
/// is asked about the first number of each residue the search meets and the others are answered from it, and about
/// every multiple of 1,000. A search for a rare category (English `one`) would otherwise ask ICU about some 7,000
/// numbers per category and locale, most of them again for the next category.
package final class PluralResidues {
    /// Per residue: 0 not yet asked, 1 + the category's index in ``PluralCategory/allCases``, or `unknown`.
    private var learnt = [UInt8](repeating: 0, count: 1_000)
    private static let unknown = UInt8.max
    /// The keywords of ``PluralCategory/allCases``, as UTF-16 code units.
    private static let categories = PluralCategory.allCases.map { Array($0.rawValue.utf16) }

    package init() {}

    /// Records `category` for `residue`, as if learnt (for tests: a residue learnt wrong).
    func teach(residue: Int, _ category: PluralCategory) {
        learnt[residue] = UInt8((PluralCategory.allCases.firstIndex(of: category) ?? 0) + 1)
    }

    /// Whether `n` selects `target`, and whether that was learnt from another number with its last three digits
    /// rather than asked of ICU (below 1,000, a multiple of 1,000, or the first number of its residue).
    func selects(
        _ n: Int, _ target: PluralSampleSearch.Target, in numbers: LocaleNumbers
    ) throws(SegmentationError) -> (answer: Bool, learnt: Bool) {
        guard n >= 1_000, n % 1_000 != 0, let index = target.index else {
            return (try numbers.pluralKeyword(for: n, is: target.units), false)
        }
        let residue = n % 1_000
        switch learnt[residue] {
        case 0:
            let found = try numbers.pluralKeyword(for: n, among: Self.categories)
            learnt[residue] = found.map { UInt8($0 + 1) } ?? Self.unknown
            return (found == index, false)
        case Self.unknown:
            return (try numbers.pluralKeyword(for: n, is: target.units), false)
        case let code:
            return (Int(code) - 1 == index, true)
        }
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
        /// What the plural sample searches learnt of its rules.
        var residues = PluralResidues()
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
            let residues = opened[locale]?.residues
            result = services.numbers.flatMap { numbers in
                Result { () throws(SegmentationError) -> PluralSample in
                    try Self.search(category, upTo: maximum, in: numbers, residues: residues)
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
        _ category: PluralCategory, upTo maximum: Int, in numbers: LocaleNumbers, residues: PluralResidues?
    ) throws(SegmentationError) -> PluralSample {
        if let value = try PluralSampleSearch.widest(
            selecting: category.rawValue, upTo: maximum, in: numbers, residues: residues
        ) {
            return PluralSample(value: value, selectsCategory: true)
        }
        // Apple uses a `zero` variant for 0 in every language, whatever CLDR says.
        if category == .zero { return PluralSample(value: 0, selectsCategory: true) }
        if category != .other,
           let other = try PluralSampleSearch.widest(
               selecting: PluralCategory.other.rawValue, upTo: maximum, in: numbers, residues: residues
           ) {
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
