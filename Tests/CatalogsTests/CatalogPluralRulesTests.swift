@testable import LayoutSimCatalogs
import LayoutSimModel
import LayoutSimTestSupport
import Testing

@Suite struct CatalogPluralRulesTests {
    @Test(arguments: [
        ("en", "one other"), ("de", "one other"), ("fr", "one many other"), ("es", "one many other"),
        ("it", "one many other"), ("pt", "one many other"), ("pt-BR", "one many other"), ("nl", "one other"),
        ("sv", "one other"), ("da", "one other"), ("nb", "one other"), ("fi", "one other"),
        ("pl", "one few many other"), ("ru", "one few many other"), ("uk", "one few many other"),
        ("cs", "one few many other"), ("sk", "one few many other"), ("ar", "zero one two few many other"),
        ("he", "one two other"), ("hi", "one other"), ("th", "other"), ("ja", "other"), ("ko", "other"),
        ("zh", "other"), ("zh-Hans", "other"), ("zh_Hant_TW", "other"), ("tr", "one other"), ("vi", "other"),
        ("id", "other"), ("ms", "other"), ("ro", "one few other"), ("hu", "one other"), ("el", "one other"),
        ("iw", "one two other"), ("no", "one other"),
    ])
    func categories(locale: String, expected: String) {
        #expect(PluralRules.categories(for: locale).map(\.rawValue).joined(separator: " ") == expected)
        #expect(PluralRules.isKnown(locale))
    }

    @Test func unknownLanguagesAreOneOtherWithNothingRequired() {
        #expect(PluralRules.categories(for: "x-pseudo") == [.one, .other])
        #expect(PluralRules.categories(for: "tlh") == [.one, .other])
        #expect(!PluralRules.isKnown("tlh"))
        #expect(PluralRules.requiredCategories(for: "tlh").isEmpty)
    }

    @Test func decimalOnlyCategoriesAreNotRequired() {
        #expect(PluralRules.requiredCategories(for: "fr") == [.one, .other])
        #expect(PluralRules.requiredCategories(for: "cs") == [.one, .few, .other])
        #expect(PluralRules.requiredCategories(for: "ru") == [.one, .few, .many, .other])
        #expect(PluralRules.requiredCategories(for: "ar") == Set(PluralCategory.allCases))
    }

    @Test func categoryOrder() {
        #expect(PluralCategory.allCases.sorted() == [.zero, .one, .two, .few, .many, .other])
        #expect(PluralCategory.few < PluralCategory.many)
    }

    /// Expands a plural with only `other` (and a `zero`) in several locales, as a catalog would.
    @Test func expansionPerLocale() {
        let node = VariationNode.plural(["other": .unit(value: "n", state: nil), "zero": .unit(value: "none", state: nil)])
        let location = CatalogSourceLocation(file: "f", line: 1, column: 1)
        func paths(_ locale: String) -> ([String], Int) {
            var expander = VariationExpander(key: "k", locale: locale, location: location)
            let variants = expander.expand(Localization(node: node))
            return (variants.map { $0.path.joined() }, expander.diagnostics.count)
        }
        // Thai has only `other`; `zero` is kept (Apple uses it for 0 in any language).
        #expect(paths("th") == (["plural:zero", "plural:other"], 0))
        #expect(paths("de") == (["plural:zero", "plural:one", "plural:other"], 1))
        #expect(paths("ru") == (["plural:zero", "plural:one", "plural:few", "plural:many", "plural:other"], 3))
        #expect(paths("ar") == (["plural:zero", "plural:one", "plural:two", "plural:few", "plural:many", "plural:other"], 4))
        // Unknown language: one/other, no warning.
        #expect(paths("tlh") == (["plural:zero", "plural:one", "plural:other"], 0))
    }
}
