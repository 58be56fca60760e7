import LayoutSimICU
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// ICU's plural rules and number formats (ICU 72 / CLDR 42 on the test machine), against CLDR's rules written by
/// hand and numbers written out by hand.
struct LocaleNumbersTests {
    @Test func pluralKeywordsFollowCLDRsPublishedRules() throws {
        for language in CLDRPluralRulesByHand.languages {
            let numbers = try LocaleNumbers(locale: language)
            for n in Array(0...1_200) + [999_910, 999_991, 999_994, 999_999, 1_000_000, 2_000_000] {
                let expected = CLDRPluralRulesByHand.category(of: n, language: language)
                #expect(try numbers.pluralKeyword(for: n) == expected, "\(language) \(n)")
                // The comparison in place (what the search for a plural sample asks) agrees, for every keyword.
                for keyword in ["zero", "one", "two", "few", "many", "other", "", "otherwise"] {
                    #expect(try numbers.pluralKeyword(for: n, is: Array(keyword.utf16)) == (keyword == expected))
                }
            }
        }
    }

    /// The keywords each locale's rules have (CLDR 42's plurals.xml, written out by hand), and every keyword the rules
    /// by hand give among them: a keyword the rules lack is no number's, so a search for it is skipped.
    @Test func pluralKeywordsAreTheRulesOwn() throws {
        #expect(try LocaleNumbers(locale: "en").pluralKeywords == ["one", "other"])
        #expect(try LocaleNumbers(locale: "ja").pluralKeywords == ["other"])
        #expect(try LocaleNumbers(locale: "ru").pluralKeywords == ["one", "few", "many", "other"])
        #expect(try LocaleNumbers(locale: "pl").pluralKeywords == ["one", "few", "many", "other"])
        #expect(try LocaleNumbers(locale: "ar").pluralKeywords == ["zero", "one", "two", "few", "many", "other"])
        for language in CLDRPluralRulesByHand.languages {
            let keywords = try LocaleNumbers(locale: language).pluralKeywords
            for n in 0...1_200 {
                #expect(keywords.contains(CLDRPluralRulesByHand.category(of: n, language: language)), "\(language) \(n)")
            }
        }
    }

    @Test func groupingAndDigitsPerLocale() throws {
        #expect(try LocaleNumbers(locale: "en").format(1_000_000) == "1,000,000")
        #expect(try LocaleNumbers(locale: "de").format(1_000_000) == "1.000.000")
        #expect(try LocaleNumbers(locale: "hi").format(1_000_000) == "10,00,000")
        #expect(try LocaleNumbers(locale: "hi").format(123_456_789) == "12,34,56,789")
        #expect(try LocaleNumbers(locale: "th").format(1_000_000) == "1,000,000")
        // U+202F NARROW NO-BREAK SPACE (fr), U+00A0 NO-BREAK SPACE (ru).
        #expect(try LocaleNumbers(locale: "fr").format(1_000_000) == "1\u{202F}000\u{202F}000")
        #expect(try LocaleNumbers(locale: "ru").format(1_000_000) == "1\u{A0}000\u{A0}000")
        // Arabic-Indic digits ١ U+0661, ٠ U+0660 and U+066C ARABIC THOUSANDS SEPARATOR.
        let arabic = "\u{661}\u{66C}\u{660}\u{660}\u{660}\u{66C}\u{660}\u{660}\u{660}"
        #expect(try LocaleNumbers(locale: "ar-EG").format(1_000_000) == arabic)
        #expect(try LocaleNumbers(locale: "ar-SA").format(1_000_000) == arabic)
        // Plain `ar`: Arabic-Indic digits in ICU 72's data; later CLDR made Latin digits the default.
        #expect([arabic, "1,000,000"].contains(try LocaleNumbers(locale: "ar").format(1_000_000)))
        // Persian: Extended Arabic-Indic digits ۱ U+06F1, ۰ U+06F0.
        #expect(try LocaleNumbers(locale: "fa").format(1_000_000)
            == "\u{6F1}\u{66C}\u{6F0}\u{6F0}\u{6F0}\u{66C}\u{6F0}\u{6F0}\u{6F0}")
        // Bengali digits ১ U+09E7, ০ U+09E6, Indian grouping.
        #expect(try LocaleNumbers(locale: "bn").format(1_000_000)
            == "\u{9E7}\u{9E6},\u{9E6}\u{9E6},\u{9E6}\u{9E6}\u{9E6}")
    }

    @Test func decimalsHaveExactlyTheFractionDigitsAsked() throws {
        let english = try LocaleNumbers(locale: "en")
        #expect(try english.format(1_234_567.89, fractionDigits: 2) == "1,234,567.89")
        #expect(try english.format(1_234_567.89, fractionDigits: 1) == "1,234,567.9")
        #expect(try english.format(1_234_567.89, fractionDigits: 6) == "1,234,567.890000")
        #expect(try english.format(1_234_567.89, fractionDigits: 0) == "1,234,568")
        // The fraction digits of a decimal do not leak into the next integer.
        #expect(try english.format(42) == "42")
        #expect(try LocaleNumbers(locale: "de").format(1_234_567.89, fractionDigits: 2) == "1.234.567,89")
        #expect(try LocaleNumbers(locale: "hi").format(1_234_567.89, fractionDigits: 2) == "12,34,567.89")
    }

    @Test func rootLocaleAndBadTags() throws {
        #expect(try LocaleNumbers(locale: "und").icuLocale == "")
        #expect(try LocaleNumbers(locale: "und").pluralKeyword(for: 1) == "other")
        #expect(try LocaleNumbers(locale: "zh-Hant-TW").icuLocale == "zh_Hant_TW")
        #expect(throws: SegmentationError.invalidLanguageTag("not a tag")) { try LocaleNumbers(locale: "not a tag") }
    }
}
