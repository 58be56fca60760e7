/// CLDR's published cardinal plural rules (CLDR 42, `plurals.xml`) for a few languages, written by hand for
/// integers (`n = i`, `v = 0`, `e = 0`), so that tests judge ICU's choices against the published text and not
/// against ICU itself.
///
/// | language | rules as published |
/// |---|---|
/// | en, de | one: `i = 1 and v = 0` |
/// | fr | one: `i = 0,1`; many: `e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5` |
/// | ru | one: `v = 0 and i % 10 = 1 and i % 100 != 11`; few: `v = 0 and i % 10 = 2..4 and i % 100 != 12..14`; many: `v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14`; other: decimals only |
/// | ar | zero: `n = 0`; one: `n = 1`; two: `n = 2`; few: `n % 100 = 3..10`; many: `n % 100 = 11..99` |
/// | hi | one: `i = 0 or n = 1` |
package enum CLDRPluralRulesByHand {
    /// The languages written here.
    package static let languages = ["en", "de", "fr", "ru", "ar", "hi"]

    /// The category name of the integer `n ≥ 0` in `language` (one of ``languages``).
    package static func category(of n: Int, language: String) -> String {
        switch language {
        case "en", "de":
            return n == 1 ? "one" : "other"
        case "fr":
            if n == 0 || n == 1 { return "one" }
            return n % 1_000_000 == 0 ? "many" : "other"
        case "ru":
            if n % 10 == 1 && n % 100 != 11 { return "one" }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return "few" }
            return "many"  // every other integer: i % 10 = 0, 5..9, or i % 100 = 11..14
        case "ar":
            if n == 0 { return "zero" }
            if n == 1 { return "one" }
            if n == 2 { return "two" }
            if (3...10).contains(n % 100) { return "few" }
            if (11...99).contains(n % 100) { return "many" }
            return "other"
        case "hi":
            return n == 0 || n == 1 ? "one" : "other"
        default:
            return "other"
        }
    }

    /// Characters of `n ≥ 0` formatted with the locale's grouping, counted by hand: groups of three
    /// (`1,000,000`: 9) for en, de, fr, ru, ar; Indian grouping for hi, three then twos (`10,00,000`: 9).
    package static func formattedWidth(of n: Int, language: String) -> Int {
        let digits = String(n).count
        if language == "hi" { return digits <= 3 ? digits : digits + 1 + (digits - 4) / 2 }
        return digits + (digits - 1) / 3
    }
}
