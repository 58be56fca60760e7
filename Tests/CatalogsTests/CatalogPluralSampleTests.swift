import Foundation
@testable import LayoutSimCatalogs
import LayoutSimICU
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Plural variants get numbers of their own category: each sample is checked against CLDR's rules written by hand
/// (``CLDRPluralRulesByHand``), not against ICU.
@Suite struct CatalogPluralSampleTests {
    let maximum = 1_000_000
    /// U+00A0 NO-BREAK SPACE (ru), U+202F NARROW NO-BREAK SPACE (fr).
    let nbsp = "\u{A0}", nnbsp = "\u{202F}"

    func sample(_ category: PluralCategory, _ locale: String, upTo maximum: Int = 1_000_000) -> PluralSample {
        NumberSampleCache.shared.pluralSample(category, upTo: maximum, locale: locale).sample
    }

    /// The categories with integers, per language, from the rules as published.
    static let integerCategories: [String: [PluralCategory]] = [
        "en": [.one, .other], "de": [.one, .other], "fr": [.one, .many, .other], "ru": [.one, .few, .many],
        "ar": [.zero, .one, .two, .few, .many, .other], "hi": [.one, .other],
    ]

    /// The chosen number has the category, and no larger number up to the maximum has it. Formatted widths grow
    /// with the number (digits plus grouping separators, counted by hand), so no number with more characters has
    /// it either, and among those as wide it is the largest.
    @Test(arguments: CLDRPluralRulesByHand.languages)
    func sampleIsTheWidestNumberOfItsCategory(language: String) throws {
        let categories = try #require(Self.integerCategories[language])
        for category in categories {
            let chosen = sample(category, language)
            #expect(chosen.selectsCategory, "\(language) \(category)")
            #expect(CLDRPluralRulesByHand.category(of: chosen.value, language: language) == category.rawValue)
            let larger = stride(from: chosen.value + 1, through: maximum, by: 1).first {
                CLDRPluralRulesByHand.category(of: $0, language: language) == category.rawValue
            }
            #expect(larger == nil, "\(language) \(category): \(chosen.value) is not the largest, \(String(describing: larger)) is")
            let text = try #require(PlaceholderSamples().sample(for: "%lld", locale: language, plural: category))
            #expect(text.count == CLDRPluralRulesByHand.formattedWidth(of: chosen.value, language: language))
        }
    }

    @Test func chosenNumbers() {
        let samples = PlaceholderSamples()
        func text(_ locale: String, _ category: PluralCategory) -> String? {
            samples.sample(for: "%lld", locale: locale, plural: category)
        }
        #expect(text("de", .one) == "1")
        #expect(text("de", .other) == "1.000.000")
        #expect(text("en", .one) == "1")
        #expect(text("en", .other) == "1,000,000")
        #expect(text("hi", .one) == "1")
        #expect(text("hi", .other) == "10,00,000")
        #expect(text("fr", .one) == "1")
        #expect(text("fr", .many) == "1\(nnbsp)000\(nnbsp)000")
        #expect(text("fr", .other) == "999\(nnbsp)999")
        #expect(text("ru", .one) == "999\(nbsp)991")
        #expect(text("ru", .few) == "999\(nbsp)994")
        #expect(text("ru", .many) == "1\(nbsp)000\(nbsp)000")
        #expect(sample(.zero, "ar").value == 0)
        #expect(sample(.one, "ar").value == 1)
        #expect(sample(.two, "ar").value == 2)
        #expect(sample(.few, "ar").value == 999_910)
        #expect(sample(.many, "ar").value == 999_999)
        #expect(sample(.other, "ar").value == 1_000_000)
        // Not a plural variant: the configured integer.
        #expect(samples.substitute("%lld Tag Vorhersage", locale: "de") == "1.000.000 Tag Vorhersage")
        #expect(samples.substitute("%lld Tag Vorhersage", locale: "de", plural: .one) == "1 Tag Vorhersage")
        // Every integer placeholder of the string gets the sample; hex and octal too.
        #expect(samples.substitute("%1$lld/%2$d %x", locale: "de", plural: .one) == "1/1 1")
    }

    @Test func theConfiguredIntegerIsTheMaximum() {
        #expect(sample(.few, "ru", upTo: 42).value == 42)
        #expect(sample(.few, "ru", upTo: 41).value == 34)
        #expect(sample(.few, "ar", upTo: 42).value == 10)
        #expect(sample(.other, "de", upTo: 42).value == 42)
        #expect(sample(.one, "de", upTo: 0).selectsCategory == false)
        // Multiples of a million below the top window: fr `many` is i % 1000000 = 0.
        #expect(sample(.many, "fr", upTo: 4_999_999).value == 4_000_000)
        #expect(sample(.many, "fr", upTo: 5_000_000).value == 5_000_000)
        #expect(sample(.other, "fr", upTo: 5_000_000).value == 4_999_999)
        let configured = PlaceholderSamples(integer: 42)
        #expect(configured.substitute("%lld", locale: "de", plural: .one) == "1")
        #expect(configured.substitute("%lld", locale: "de", plural: .other) == "42")
    }

    /// The languages ICU has locales for (its plural rules are per language).
    static let icuLanguages: [String] = Set(Locale.availableIdentifiers.compactMap { identifier in
        Locale(identifier: identifier).language.languageCode?.identifier
    }).sorted()

    /// What ``PluralResidues`` assumes, asked of ICU directly: from 1,000 up, a number that is no multiple of 1,000
    /// has the keyword of 1,000 + its last three digits, in every language ICU has. (Not so for multiples of 1,000:
    /// Cornish `two` is 1,000 but not 345,000, both `n % 1000 = 0`.)
    @Test func fromAThousandUpTheRulesSeeOnlyTheLastThreeDigits() throws {
        #expect(Self.icuLanguages.count > 100)
        for language in Self.icuLanguages {
            let numbers = try LocaleNumbers(locale: language)
            var byResidue: [String] = []
            for residue in 0..<1_000 { byResidue.append(try numbers.pluralKeyword(for: 1_000 + residue)) }
            var tried = Array(2_000..<3_000)
            for thousands in [7, 12, 345, 1_000, 99_999, 1_000_001, 123_456_789, 999_999_999_999] {
                tried += stride(from: 0, to: 1_000, by: 7).map { thousands * 1_000 + $0 }
            }
            for n in tried where n % 1_000 != 0 {
                let keyword = try numbers.pluralKeyword(for: n)
                #expect(keyword == byResidue[n % 1_000], "\(language) \(n): \(keyword), not \(byResidue[n % 1_000])")
            }
        }
        let cornish = try LocaleNumbers(locale: "kw")
        #expect(try cornish.pluralKeyword(for: 1_000) == "two")
        #expect(try cornish.pluralKeyword(for: 345_000) == "other")
    }

    /// The search with residues learnt finds what it finds asking ICU about every number, in every language ICU
    /// has, for every category, up to maxima of several digit counts and alignments.
    @Test func learntResiduesFindTheSameSamples() throws {
        for language in Self.icuLanguages {
            let numbers = try LocaleNumbers(locale: language)
            let residues = PluralResidues()
            for maximum in [42, 1_000_000, 4_999_999, 123_456_789_012] {
                for category in PluralCategory.allCases {
                    let learnt = try PluralSampleSearch.widest(
                        selecting: category.rawValue, upTo: maximum, in: numbers, residues: residues
                    )
                    let asked = try PluralSampleSearch.widest(selecting: category.rawValue, upTo: maximum, in: numbers)
                    #expect(learnt == asked, "\(language) \(category) up to \(maximum)")
                }
            }
        }
    }

    /// A residue learnt wrong (rules that look further than three digits) never gives a sample of another category:
    /// the number found is asked of ICU, which disagrees, and the digit count is searched again asking ICU.
    @Test func aWrongResidueIsAskedAgain() throws {
        let numbers = try LocaleNumbers(locale: "en")
        let residues = PluralResidues()
        residues.teach(residue: 999, .one)
        #expect(try PluralSampleSearch.widest(selecting: "one", upTo: 999_999, in: numbers, residues: residues) == 1)
    }

    @Test func variantsNoWholeNumberSelectsAreNeverShown() {
        // Czech `many` is for decimals only (v != 0): with a whole-number placeholder iOS never picks this variant,
        // so it is reported as never shown (not checked, not warned about); its text still gets the `other` sample.
        let czech = PlaceholderSamples().fill("%lld souboru", locale: "cs", plural: .many)
        #expect(czech.text == "1\(nbsp)000\(nbsp)000 souboru")
        #expect(czech.warnings.isEmpty)
        #expect(czech.neverShown?.contains("plural category 'many' in 'cs'") == true)
        // Russian `other` is for decimals only too.
        let russian = PlaceholderSamples().fill("%lld файла", locale: "ru", plural: .other)
        #expect(russian.text == "1\(nbsp)000\(nbsp)000 файла")
        #expect(russian.neverShown != nil)
        #expect(!sample(.other, "ru").selectsCategory)
        // With a fractional placeholder the variant is shown (1,5 souboru): checked.
        #expect(PlaceholderSamples().fill("%.1f souboru", locale: "cs", plural: .many).neverShown == nil)
        // English has no CLDR `zero`, but Apple shows a `zero` variant for 0.
        let zero = PlaceholderSamples().fill("%lld files", locale: "en", plural: .zero)
        #expect(zero.text == "0 files")
        #expect(zero.warnings.isEmpty)
        #expect(zero.neverShown == nil)
        // No integer placeholder: nothing to decide.
        #expect(PlaceholderSamples().fill("souboru", locale: "cs", plural: .many).neverShown == nil)
    }

    @Test func overridesStillWin() {
        let custom = PlaceholderSamples(overrides: ["%lld": "12"])
        let filled = custom.fill("%lld souboru", locale: "cs", plural: .many)
        #expect(filled.text == "12 souboru")
        #expect(filled.warnings.isEmpty)
        #expect(custom.substitute("%lld Tag", locale: "de", plural: .one) == "12 Tag")
        #expect(custom.substitute("%d Tag", locale: "de", plural: .one) == "1 Tag")
    }

    @Test func aBadLocaleIsFormattedAsTheRootLocaleWithAWarning() {
        let filled = PlaceholderSamples().fill("%lld", locale: "not a tag", plural: .one)
        #expect(filled.text == "1,000,000")
        #expect(filled.warnings.count == 1)
        #expect(filled.warnings.first?.hasPrefix("cannot format numbers for 'not a tag'") == true)
    }

    @Test func theLastPluralOfAPathIsTheEntrysCategory() {
        func category(_ path: [String]) -> PluralCategory? {
            CatalogEntry(key: "k", locale: "en", variantPath: path, value: "", source: CatalogSourceLocation(file: "f", line: 1, column: 1))
                .pluralCategory
        }
        #expect(category(["plural:few"]) == .few)
        #expect(category(["device:iphone", "plural:one"]) == .one)
        #expect(category(["substitution:photos", "plural:one", "substitution:albums", "plural:other"]) == .other)
        #expect(category(["device:ipad"]) == nil)
        #expect(category([]) == nil)
        #expect(category(["plural:sometimes"]) == nil)
    }
}
