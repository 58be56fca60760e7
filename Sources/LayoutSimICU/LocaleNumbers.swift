import CICU

/// ICU's number services for one locale: its CLDR cardinal plural rules (`UPluralRules`) and its decimal number
/// format (`UNumberFormat`: the locale's numbering system, grouping and separators, as iOS formats numbers).
///
/// Owns both ICU handles and closes them in `deinit`. Not thread-safe (the decimal format's fraction digits are
/// set per call): use one per thread, or guard it with a lock (``PlaceholderSamples`` does).
///
/// This is how the later `Catalogs` stage gets plural rules and number formats without C of its own: C stays in
/// `Faces` and `Shaping`.
package final class LocaleNumbers {
    /// The BCP 47 tag it was made for.
    package let languageTag: String
    /// The ICU locale ID used (`""`, ICU's root locale, for `und`).
    package let icuLocale: String
    /// `UPluralRules *`.
    private let rules: UnsafeMutableRawPointer
    /// `UNumberFormat *` (`UNUM_DECIMAL`).
    private let formatter: UnsafeMutableRawPointer
    /// Every keyword the plural rules can give (`other` among them): no number is any other category.
    package let pluralKeywords: Set<String>

    /// Opens the plural rules and decimal format of `locale`, a BCP 47 tag (`de`, `ar-EG`, `zh-Hant-TW`);
    /// `und` and the empty tag mean ICU's root locale.
    ///
    /// - Throws: ``SegmentationError/invalidLanguageTag(_:)`` when `locale` is not a BCP 47 tag;
    ///   ``SegmentationError/icu(_:)`` when ICU cannot open the rules or the format.
    package init(locale: String) throws(SegmentationError) {
        let id = locale.lowercased() == "und" ? "" : try TextBoundaries.icuLocale(forLanguageTag: locale)
        var status: Int32 = 0
        guard let rules = cicu_uplrules_open(id, &status), cicu_failure(status) == 0 else {
            throw .icu(String(cString: cicu_u_errorName(status)))
        }
        guard let formatter = cicu_unum_open_decimal(id, &status), cicu_failure(status) == 0 else {
            cicu_uplrules_close(rules)
            throw .icu(String(cString: cicu_u_errorName(status)))
        }
        guard let keywords = Self.keywords(of: rules) else {
            cicu_uplrules_close(rules)
            cicu_unum_close(formatter)
            throw .icu("U_ILLEGAL_ARGUMENT_ERROR")
        }
        self.languageTag = locale
        self.icuLocale = id
        self.rules = rules
        self.formatter = formatter
        self.pluralKeywords = keywords
    }

    /// The keywords of `rules` (`uplrules_getKeywords`), or nil when ICU cannot list them.
    private static func keywords(of rules: UnsafeMutableRawPointer) -> Set<String>? {
        var status: Int32 = 0
        guard let enumeration = cicu_uplrules_getKeywords(rules, &status), cicu_failure(status) == 0 else { return nil }
        defer { cicu_uenum_close(enumeration) }
        var keywords = Set<String>()
        while true {
            var length: Int32 = 0
            guard let next = cicu_uenum_next(enumeration, &length, &status) else { break }
            guard cicu_failure(status) == 0 else { return nil }
            keywords.insert(String(cString: next))
        }
        return cicu_failure(status) == 0 ? keywords : nil
    }

    /// Closes the ICU handles.
    deinit {
        cicu_uplrules_close(rules)
        cicu_unum_close(formatter)
    }

    /// The CLDR cardinal plural keyword (`zero`, `one`, `two`, `few`, `many` or `other`) for the integer `value`.
    package func pluralKeyword(for value: Int) throws(SegmentationError) -> String {
        try pluralKeyword(forDouble: Double(value))
    }

    /// The keyword for `value` as a number with no visible fraction digits when it is integral (CLDR `v = 0`).
    package func pluralKeyword(forDouble value: Double) throws(SegmentationError) -> String {
        let length = try select(value)
        return String(decoding: keywordUnits[..<length], as: UTF16.self)
    }

    /// Whether the keyword for the integer `value` is `keyword` (its UTF-16 code units): what ``pluralKeyword(for:)``
    /// gives, compared where ICU wrote it, without a `String` made for each answer: a search for a plural sample asks
    /// thousands.
    package func pluralKeyword(for value: Int, is keyword: [UInt16]) throws(SegmentationError) -> Bool {
        lastKeyword(is: keyword, length: try select(Double(value)))
    }

    /// The index in `keywords` (each its UTF-16 code units) of the keyword for the integer `value`, or nil when it is
    /// none of them: one answer of ICU's compared where ICU wrote it, as ``pluralKeyword(for:is:)`` does.
    package func pluralKeyword(for value: Int, among keywords: [[UInt16]]) throws(SegmentationError) -> Int? {
        let length = try select(Double(value))
        return keywords.firstIndex { lastKeyword(is: $0, length: length) }
    }

    /// Whether the keyword ICU last wrote (`length` code units of ``keywordUnits``) is `keyword`.
    private func lastKeyword(is keyword: [UInt16], length: Int) -> Bool {
        guard length == keyword.count else { return false }
        for index in keyword.indices where keywordUnits[index] != keyword[index] { return false }
        return true
    }

    /// ICU's keyword for `value` into ``keywordUnits``; returns its length.
    private func select(_ value: Double) throws(SegmentationError) -> Int {
        var status: Int32 = 0
        let capacity = keywordUnits.count
        let length = cicu_uplrules_select(rules, value, &keywordUnits, Int32(capacity), &status)
        guard cicu_failure(status) == 0, length >= 0, Int(length) <= capacity else {
            throw .icu(String(cString: cicu_u_errorName(status)))
        }
        return Int(length)
    }

    /// The code units of the last plural keyword, one buffer for every call.
    private var keywordUnits = [UInt16](repeating: 0, count: 32)

    /// `value` in the locale's decimal format, with grouping (`1,000,000` en, `10,00,000` hi, `١٬٠٠٠٬٠٠٠` ar-EG).
    package func format(_ value: Int) throws(SegmentationError) -> String {
        let number = Int64(value)
        // The fraction digits of the last decimal stay set on the format, and integers would get them too.
        cicu_unum_setFractionDigits(formatter, 0)
        return try formatted { buffer, capacity, status in cicu_unum_formatInt64(formatter, number, buffer, capacity, status) }
    }

    /// `value` in the locale's decimal format with exactly `fractionDigits` fraction digits (clamped to 0…15),
    /// rounded half-even as ICU does (`1234567.89` with 1 → `1,234,567.9` en, `1.234.567,9` de).
    package func format(_ value: Double, fractionDigits: Int) throws(SegmentationError) -> String {
        cicu_unum_setFractionDigits(formatter, Int32(min(max(fractionDigits, 0), 15)))
        return try formatted { buffer, capacity, status in cicu_unum_formatDouble(formatter, value, buffer, capacity, status) }
    }

    /// Runs an ICU format call into a buffer, once more with the length ICU asked for when it did not fit.
    private func formatted(
        _ call: (UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Int32
    ) throws(SegmentationError) -> String {
        var capacity = 64
        for _ in 0..<2 {
            var buffer = [UInt16](repeating: 0, count: capacity)
            var status: Int32 = 0
            let length = buffer.withUnsafeMutableBufferPointer { text in
                guard let base = text.baseAddress else { return Int32(0) }
                return call(base, Int32(text.count), &status)
            }
            if status == Int32(CICU_BUFFER_OVERFLOW), Int(length) > capacity {
                capacity = Int(length)
                continue
            }
            guard cicu_failure(status) == 0, length >= 0, Int(length) <= buffer.count else {
                throw .icu(String(cString: cicu_u_errorName(status)))
            }
            return String(decoding: buffer.prefix(Int(length)), as: UTF16.self)
        }
        throw .icu(String(cString: cicu_u_errorName(Int32(CICU_BUFFER_OVERFLOW))))
    }
}
