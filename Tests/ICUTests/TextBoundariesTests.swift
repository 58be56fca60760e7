import LayoutSimFaces
import LayoutSimFitting
import LayoutSimICU
import LayoutSimModel
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// ICU line-break opportunities, against word boundaries known independently (dictionary words, UAX #14 rules).
struct TextBoundariesTests {
    let boundaries = TextBoundaries()

    func breaks(_ text: String, _ tag: String) throws -> [Int] {
        let locale = try TextBoundaries.icuLocale(forLanguageTag: tag)
        return try boundaries.lineBreaks(Array(text.utf16), locale: locale).map(\.offset)
    }

    @Test func thaiBreaksBetweenDictionaryWords() throws {
        // สวัสดี (6 code units) | ครับ (4): Thai has no spaces; ICU's dictionary finds the words.
        #expect(try breaks("สวัสดีครับ", "th") == [6, 10])
        // ภาษา (4) | ไทย (3)
        #expect(try breaks("ภาษาไทย", "th") == [4, 7])
    }

    @Test func germanBreaksAfterSpacesAndHyphensNotInsideCompounds() throws {
        // "Geschwindigkeitsbegrenzung " = 27 code units; no break inside the compound.
        #expect(try breaks("Geschwindigkeitsbegrenzung aufheben", "de") == [27, 35])
        // "Home-" | "Bildschirm"
        #expect(try breaks("Home-Bildschirm", "de") == [5, 15])
    }

    @Test func newlinesAreMandatoryBreaks() throws {
        let opportunities = try boundaries.lineBreaks(Array("ab\ncd ef".utf16), locale: "en")
        #expect(opportunities.map(\.offset) == [3, 6, 8])
        // The end of the text is a soft break, not a mandatory line end.
        #expect(opportunities.map(\.isMandatory) == [true, false, false])
    }

    /// Words ICU's dictionary finds (Thai, Japanese, Khmer…) are soft opportunities whatever follows them: a text
    /// ending with "\n" (gettext's strings often do) once made every one of them mandatory, ICU giving a dictionary
    /// break the rule status of the end of its range, so each word went on a line of its own. A mandatory break is
    /// one after a line break character (UAX #14 BK, CR, LF, NL), read here from the text itself.
    @Test func dictionaryWordsBeforeANewlineAreSoftBreaks() throws {
        func opportunities(_ text: String, _ tag: String) throws -> [BreakOpportunity] {
            try boundaries.lineBreaks(Array(text.utf16), locale: TextBoundaries.icuLocale(forLanguageTag: tag))
        }
        // สวัสดี (6) | ครับ (4) "\n" (1), as without the newline (above).
        let greeting = try opportunities("สวัสดีครับ\n", "th")
        #expect(greeting.map(\.offset) == [6, 11])
        #expect(greeting.map(\.isMandatory) == [false, false])
        // ภาษา (4) | ไทย (3) "\n" | สวัสดี (6) | ครับ (4) "\n": mandatory after the first newline only (the end of
        // the text is not a line end).
        let two = try opportunities("ภาษาไทย\nสวัสดีครับ\n", "th")
        #expect(two.map(\.offset) == [4, 8, 14, 19])
        #expect(two.map(\.isMandatory) == [false, true, false, false])
        // Any text: mandatory exactly after a line break character, read from the text.
        let lineEnds: Set<UInt16> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        for (text, tag) in [("パッケージが完全に削除されていません。\n", "ja"), ("ภาษาไทย\u{2028}สวัสดี\r\nครับ\n", "th"),
                            ("设置和隐私\n", "zh")] {
            let utf16 = Array(text.utf16)
            let found = try opportunities(text, tag)
            #expect(found.count >= 3, "\(text)")
            for opportunity in found {
                let afterLineEnd = opportunity.offset < utf16.count && lineEnds.contains(utf16[opportunity.offset - 1])
                #expect(opportunity.isMandatory == afterLineEnd, "\(text) at \(opportunity.offset)")
            }
        }
    }

    @Test func iteratorsAreReusedAcrossTexts() throws {
        // The same iterator, pointed at a new text each time, gives each text's own breaks.
        #expect(try breaks("ab cd", "en") == [3, 5])
        #expect(try breaks("ภาษาไทย", "th") == [4, 7])
        #expect(try breaks("ab cd", "en") == [3, 5])
        #expect(try boundaries.graphemeBoundaries(Array("ab".utf16)) == [0, 1, 2])
    }

    /// A catalog check takes each key's locales in turn: 40 locales, three keys each, open 40 line iterators (an LRU
    /// cache of 16 opened one for every text), and each text still gets its locale's breaks.
    @Test func manyLocalesInTurnOpenEachLineIteratorOnce() throws {
        let boundaries = TextBoundaries()
        let locales = ["af", "am", "ar", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "es",
                       "et", "eu", "fa", "fi", "fr", "ga", "gl", "gu", "he", "hi", "hr", "hu", "hy", "id", "is", "it",
                       "ja", "ka", "kk", "km", "ko", "lo", "th", "zh"]
        for _ in 0..<3 {
            for locale in locales {
                let text = locale == "th" ? "ภาษาไทย" : "ab cd"
                let expected = locale == "th" ? [4, 7] : [3, 5]
                #expect(try boundaries.lineBreaks(Array(text.utf16), locale: locale).map(\.offset) == expected, "\(locale)")
            }
        }
        #expect(boundaries.lineIteratorsOpened == locales.count)
    }

    @Test func languageTagsConvertToICULocales() throws {
        #expect(try TextBoundaries.icuLocale(forLanguageTag: "zh-Hant-TW") == "zh_Hant_TW")
        #expect(try TextBoundaries.icuLocale(forLanguageTag: "de") == "de")
        #expect(throws: SegmentationError.self) { _ = try TextBoundaries.icuLocale(forLanguageTag: "not a tag!") }
    }

    @Test func graphemeBoundariesKeepClustersWhole() throws {
        // e + combining acute, a flag (two regional indicators, 4 code units), then "x".
        #expect(try boundaries.graphemeBoundaries(Array("e\u{301}🇩🇪x".utf16)) == [0, 2, 6, 7])
    }
}
