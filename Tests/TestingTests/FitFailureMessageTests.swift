import Foundation
import LayoutSimTestSupport
import LayoutSimTesting
import Testing

/// The words of a failed expectation, against messages written out by hand; the numbers come from the OneEm font
/// (every glyph and the ellipsis 1 em, lines 1 em tall) scaled like body from 17 pt: 20 pt at xxLarge and 17 × 29/22
/// = 22.409 → 22.333 pt at xxxLarge.
@Suite struct FitFailureMessageTests {
    static let oneEmBody = FontChoice(
        face: .file(path: TestSupport.oneEm, faceIndex: 0), sizing: .scaled(pointSize: 17, relativeTo: .body, maximumPointSize: nil)
    )

    @Test func truncatedLabelSaysCategoryVisibleTextAndMissingRoom() throws {
        // "abcdefghij" is 10 em: 200 pt at xxLarge fits 210 pt; 223.33 pt at xxxLarge does not. The label shows k
        // characters and the ellipsis while 22.333 × (k + 1) ≤ 210: k = 8. Wrapped, the word needs 2 lines (9
        // characters = 201 pt on the first), so 1 line is hidden, and a OneEm line is 1 em: 22.333 pt.
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: "abcdefghij", font: Self.oneEmBody, container: Container(width: 210, lineLimit: 1),
            categories: ContentSizeCategory.allCases.filter { $0 <= .accessibility1 }
        ))
        let failure = try #require(FitFailure(report: report, mustFitThrough: .accessibility1))
        #expect(failure.message == """
            "abcdefghij" must fit through accessibility1: truncated at xxxLarge (fits through xxLarge)
              shows: "abcdefgh…"
              missing room: 1 more line of 22.33 pt; 2 characters hidden
            """)
        // Required only through xxLarge, it fits: no failure.
        #expect(FitFailure(report: report, mustFitThrough: .xxLarge) == nil)
    }

    @Test func clippedTextViewSaysHowMuchTooTall() throws {
        // Three lines of 10 pt OneEm ("aaaa bbbb cccc" in 45 pt: one word a line) in a 25 pt tall text view: the
        // shown lines are 30 pt, 5 pt too tall. A fixed size has no category.
        let engine = try TestSupport.engine()
        var request = FitRequest(
            text: "aaaa bbbb cccc", font: .file(TestSupport.oneEm, size: 10),
            container: Container(width: 45, height: 25, lineLimit: 0)
        )
        request.label.lineBreakMode = .wordWrapping
        request.label.truncatesToFitHeight = false
        let report = try engine.fit(request)
        let failure = try #require(FitFailure(report: report, mustFitThrough: .accessibility5))
        #expect(failure.category == nil)
        #expect(failure.clippedBy == 5)
        #expect(failure.message.hasPrefix("\"aaaa bbbb cccc\" does not fit at its fixed size: clipped\n"))
        #expect(failure.message.hasSuffix("\n  missing room: 5 pt too tall"))
    }

    @Test func catalogStringNamesKeyLocaleVariantAndPlace() {
        let failure = FitFailure(
            text: "1 Tag Vorhersage", key: "forecast.days", locale: "de", variant: ["plural:one"],
            location: "App/Localizable.xcstrings:40:7", mustFitThrough: .accessibility5, fitsThrough: nil,
            category: .xSmall, verdict: .truncated, visibleText: "1 Tag Vor…", hiddenCharacters: 7
        )
        #expect(failure.message == """
            forecast.days [de, plural:one] "1 Tag Vorhersage" must fit through accessibility5: truncated at xSmall \
            (fails from the smallest size)
              shows: "1 Tag Vor…"
              missing room: 7 characters hidden
              at App/Localizable.xcstrings:40:7
            """)
    }

    @Test func otherVerdictsSayWhatIsMissing() {
        func message(_ verdict: VerdictKind, clippedBy: Double? = nil, missing: [String] = []) -> String {
            FitFailure(
                text: "x", mustFitThrough: .large, fitsThrough: .medium, category: .large, verdict: verdict,
                clippedBy: clippedBy, missingGlyphs: missing
            ).message
        }
        let head = "\"x\" must fit through large: "
        #expect(message(.fitsWithWordBroken) == head + "word broken at large (fits through medium)\n"
            + "  missing room: a word is wider than the line and split mid-word")
        #expect(message(.inkClipped, clippedBy: 1.5) == head + "ink clipped at large (fits through medium)\n"
            + "  missing room: ink cut off by 1.5 pt")
        #expect(message(.inkOverlap, clippedBy: 2.25) == head + "lines overlap at large (fits through medium)\n"
            + "  missing room: lines overlap by 2.25 pt")
        #expect(message(.missingGlyphs, missing: ["U+E000"]) == head + "missing glyphs at large (fits through medium)\n"
            + "  missing room: no font covers U+E000")
    }

    @Test func catalogSummaryCountsStrings() {
        #expect(ExpectationWords.catalogSummary(failures: 1, strings: 2, keys: 2, locales: 1)
            == "1 of 2 strings does not fit (2 keys in 1 locale)")
        #expect(ExpectationWords.catalogSummary(failures: 25, strings: 39, keys: 7, locales: 5)
            == "25 of 39 strings do not fit (7 keys in 5 locales)")
    }
}
