import Foundation
@testable import LayoutSimCatalogs
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Expected numbers are written out by hand (checked against CLDR's charts), not computed with a formatter in the
/// test: see ``PlaceholderSamples`` for the behaviour they document (ICU 72, CLDR 42, on the test machine).
@Suite struct CatalogPlaceholderTests {
    let samples = PlaceholderSamples()
    /// U+202F NARROW NO-BREAK SPACE, French grouping.
    let nnbsp = "\u{202F}"

    @Test func namesAndNumbersInEnglish() {
        #expect(samples.substitute("Welcome back, %@!", locale: "en") == "Welcome back, Maximilian Alexander!")
        #expect(samples.substitute("%lld files", locale: "en") == "1,000,000 files")
        #expect(samples.substitute("%d %i %ld %lld %u %lu %llu", locale: "en")
            == "1,000,000 1,000,000 1,000,000 1,000,000 1,000,000 1,000,000 1,000,000")
        #expect(samples.substitute("100%% done", locale: "en") == "100% done")
        #expect(samples.substitute("Press %c or %C", locale: "en") == "Press W or W")
        #expect(samples.substitute("%s", locale: "en") == "Maximilian Alexander")
    }

    /// A string without `%` is its own text, without warnings, whatever its plural category (the path that does not
    /// split it into segments gives what splitting gives).
    @Test func textWithoutPlaceholdersIsKept() {
        for text in ["", "Einstellungen", "ไทย", "e\u{301}", "50 percent"] {
            for plural in [nil, PluralCategory.one, .few, .many] {
                let filled = samples.fill(text, locale: "ru", plural: plural)
                #expect(filled.text == text && filled.warnings.isEmpty && filled.neverShown == nil && !filled.tooLong)
            }
        }
        #expect(samples.fill("%lld files", locale: "ja", plural: .one).neverShown != nil)
    }

    @Test func groupingPerLocale() {
        #expect(samples.substitute("%lld", locale: "de") == "1.000.000")
        #expect(samples.substitute("%lld", locale: "fr") == "1\(nnbsp)000\(nnbsp)000")
        #expect(samples.substitute("%lld", locale: "pt-BR") == "1.000.000")
        #expect(samples.substitute("%lld", locale: "ru") == "1\u{00A0}000\u{00A0}000")
        // Egyptian Arabic: Arabic-Indic digits with U+066C ARABIC THOUSANDS SEPARATOR.
        #expect(samples.substitute("%lld", locale: "ar-EG") == "١٬٠٠٠٬٠٠٠")
        #expect(samples.substitute("%lld", locale: "ar-EG").unicodeScalars.map(\.value)
            == [0x661, 0x66C, 0x660, 0x660, 0x660, 0x66C, 0x660, 0x660, 0x660])
        // Plain `ar`: Arabic-Indic digits with ICU 72's data; later CLDR (as in Swift 6.3's Foundation) defaults
        // to Latin digits. Either is what users of that system see.
        #expect(["1,000,000", "١٬٠٠٠٬٠٠٠"].contains(samples.substitute("%lld", locale: "ar")))
    }

    @Test func decimals() {
        #expect(samples.substitute("%.2f", locale: "en") == "1,234,567.89")
        #expect(samples.substitute("%.1f", locale: "en") == "1,234,567.9")
        #expect(samples.substitute("%f", locale: "en") == "1,234,567.890000")
        #expect(samples.substitute("%.0f", locale: "en") == "1,234,568")
        #expect(samples.substitute("%.2f", locale: "de") == "1.234.567,89")
        #expect(samples.substitute("%.1f", locale: "fr") == "1\(nnbsp)234\(nnbsp)567,9")
        #expect(samples.substitute("%.2f", locale: "ar-EG") == "١٬٢٣٤٬٥٦٧٫٨٩")
        #expect(samples.substitute("%e", locale: "en") == "1.234568e+06")
        #expect(samples.substitute("%x %X %o", locale: "en") == "f4240 F4240 3641100")
    }

    @Test func positionalAndSubstitutionTokens() {
        #expect(samples.substitute("%2$@ sent %1$lld photos", locale: "de") == "Maximilian Alexander sent 1.000.000 photos")
        #expect(samples.substitute("%#@files@ in %1$#@folders@", locale: "en") == "%#@files@ in %1$#@folders@")
        #expect(samples.substitute("%5d|%-12@|", locale: "en") == "1,000,000|Maximilian Alexander|")
        #expect(samples.substitute("%12d|%-4c|", locale: "en") == "   1,000,000|W   |")
    }

    @Test func textThatIsNotAPlaceholderIsKept() {
        #expect(samples.substitute("100% sure", locale: "en") == "100% sure")
        #expect(samples.substitute("50 %", locale: "fr") == "50 %")
        #expect(samples.substitute("%", locale: "en") == "%")
        #expect(samples.substitute("%#@unclosed", locale: "en") == "%#@unclosed")
        #expect(samples.substitute("%k", locale: "en") == "%k")
    }

    @Test func overridesBySpelling() {
        let custom = PlaceholderSamples(overrides: ["%@": "Jo", "%lld": "12", "%d": "7", "%1$@": "First"])
        #expect(custom.substitute("%@, %1$@, %2$@", locale: "en") == "Jo, First, Jo")
        #expect(custom.substitute("%lld %d %ld %2$lld", locale: "en") == "12 7 7 12")
        #expect(custom.substitute("%.2f", locale: "en") == "1,234,567.89")
        let configured = PlaceholderSamples(name: "Ana", integer: 42, decimal: 0.5, character: "M")
        #expect(configured.substitute("%@ %lld %.1f %c", locale: "de") == "Ana 42 0,5 M")
        #expect(configured.sample(for: "%lld", locale: "en") == "42")
        #expect(configured.sample(for: "a %@", locale: "en") == nil)
    }

    @Test func formatStringTokenizer() {
        let placeholders = FormatString.placeholders("%1$@ %2$#@files@ %#@x@ %%%.2f %-5lld %'d %hhu")
        #expect(placeholders.map(\.raw) == ["%1$@", "%2$#@files@", "%#@x@", "%%", "%.2f", "%-5lld", "%'d", "%hhu"])
        #expect(placeholders.map(\.normalized) == ["%@", "%#@files@", "%#@x@", "%%", "%.2f", "%lld", "%d", "%hhu"])
        #expect(placeholders[0].position == 1)
        #expect(placeholders[1].kind == .substitution(name: "files"))
        #expect(placeholders[1].position == 2)
        #expect(placeholders[5].width == 5)
        #expect(placeholders[5].flags == "-")
        #expect(FormatString.segments("a%@b") == [
            .text("a"), .placeholder(placeholders[0].withRaw("%@")), .text("b"),
        ])
        // Without a `%`: the whole string as one text segment (combining marks and emoji kept), nothing for "".
        #expect(FormatString.segments("Größe e\u{301} 👍🏽 ไทย") == [.text("Größe e\u{301} 👍🏽 ไทย")])
        #expect(FormatString.segments("").isEmpty)
        #expect(FormatString.segments("100 %") == [.text("100 %")])
    }
}

extension FormatSpecifier {
    /// The same object placeholder without position, for comparing segments.
    fileprivate func withRaw(_ raw: String) -> FormatSpecifier {
        FormatSpecifier(
            raw: raw, position: nil, flags: "", width: nil, precision: nil, length: "", conversion: "@", kind: .object
        )
    }
}
