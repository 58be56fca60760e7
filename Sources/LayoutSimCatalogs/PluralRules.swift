import LayoutSimModel

/// A CLDR plural category (cardinal), the keys of `.xcstrings` plural variations and `.stringsdict` plural rules.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// `zero`: Arabic, Latvian, Welsh… (Apple also uses it for exactly 0 in any language when present).
    case zero
    /// `one`.
    case one
    /// `two`.
    case two
    /// `few`.
    case few
    /// `many`.
    case many
    /// `other`: every language has it; the fallback for a missing category.
    case other

    /// CLDR order: zero, one, two, few, many, other.
    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        let order = PluralCategory.allCases
        return order.firstIndex(of: a) ?? 0 < order.firstIndex(of: b) ?? 0
    }
}

/// The CLDR cardinal plural categories each language has (CLDR 42 and later), by language subtag.
///
/// Only the categories matter here, not the rules that pick one for a number: every category a locale has is a
/// string some user sees, so each becomes a ``CatalogEntry``.
///
/// Some categories apply only to decimals or to compact exponents (`1 M`), never to an integer count below a
/// million: French/Spanish/Italian/Portuguese/Catalan `many` (1 000 000 and 1e6 forms), Czech/Slovak/Lithuanian
/// `many` (decimals). Translations routinely omit them and iOS then uses `other`, so they are listed in
/// ``categories(for:)`` but not in ``requiredCategories(for:)``: a missing one falls back to `other` silently.
public enum PluralRules {
    /// The categories of `locale` (a BCP 47 tag such as `pt-BR` or `zh-Hant`; only the language subtag counts),
    /// in CLDR order. Unknown languages get `[one, other]` (see ``isKnown(_:)``).
    public static func categories(for locale: String) -> [PluralCategory] {
        table[language(of: locale)] ?? [.one, .other]
    }

    /// The categories a translation into `locale` must have: ``categories(for:)`` minus those that only apply to
    /// decimals or compact exponents. Empty for an unknown language (nothing to warn about).
    public static func requiredCategories(for locale: String) -> Set<PluralCategory> {
        let language = language(of: locale)
        guard let categories = table[language] else { return [] }
        return Set(categories).subtracting(optional[language] ?? [])
    }

    /// `true` when the table has the language of `locale`.
    public static func isKnown(_ locale: String) -> Bool {
        table[language(of: locale)] != nil
    }

    /// The lowercased language subtag, with deprecated codes replaced (`iw` → `he`, `in` → `id`, `no` → `nb`).
    package static func language(of locale: String) -> String {
        let first = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? locale
        let lowered = first.lowercased()
        return aliases[lowered] ?? lowered
    }

    private static let aliases = ["iw": "he", "in": "id", "no": "nb", "ji": "yi", "tl": "fil", "mo": "ro"]

    private static let oneOther: [PluralCategory] = [.one, .other]
    private static let otherOnly: [PluralCategory] = [.other]
    private static let oneManyOther: [PluralCategory] = [.one, .many, .other]
    private static let oneFewManyOther: [PluralCategory] = [.one, .few, .many, .other]
    private static let oneFewOther: [PluralCategory] = [.one, .few, .other]

    /// Cardinal categories from CLDR's `plurals.xml` (v42+; Hebrew lost `many` in v42).
    private static let table: [String: [PluralCategory]] = {
        var table: [String: [PluralCategory]] = [:]
        for language in [
            "en", "de", "nl", "sv", "da", "nb", "nn", "fi", "et", "el", "hu", "tr", "hi", "bn", "gu", "kn", "mr",
            "ta", "te", "ml", "ur", "fa", "pa", "or", "as", "ne", "si", "af", "sq", "bg", "eu", "gl", "is", "ka",
            "kk", "ky", "mn", "az", "uz", "hy", "am", "zu", "sw", "fil", "mk", "ps", "ku", "fo", "lb", "fy", "rm",
        ] {
            table[language] = oneOther
        }
        for language in ["ja", "ko", "zh", "yue", "th", "vi", "id", "ms", "lo", "km", "my", "jv", "su", "to", "bo"] {
            table[language] = otherOnly
        }
        for language in ["fr", "es", "it", "pt", "ca"] { table[language] = oneManyOther }
        for language in ["pl", "ru", "uk", "be", "cs", "sk", "lt"] { table[language] = oneFewManyOther }
        for language in ["ro", "hr", "sr", "bs"] { table[language] = oneFewOther }
        table["sl"] = [.one, .two, .few, .other]
        table["he"] = [.one, .two, .other]
        table["lv"] = [.zero, .one, .other]
        table["ar"] = [.zero, .one, .two, .few, .many, .other]
        table["cy"] = [.zero, .one, .two, .few, .many, .other]
        table["ga"] = [.one, .two, .few, .many, .other]
        table["mt"] = [.one, .two, .few, .many, .other]
        table["gd"] = [.one, .two, .few, .other]
        return table
    }()

    /// Categories that apply only to decimals or compact exponents (see the type's documentation).
    private static let optional: [String: Set<PluralCategory>] = [
        "fr": [.many], "es": [.many], "it": [.many], "pt": [.many], "ca": [.many],
        "cs": [.many], "sk": [.many], "lt": [.many],
    ]
}
