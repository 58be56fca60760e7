@testable import LayoutSimCatalogs
import LayoutSimModel
import LayoutSimTestSupport
import Testing

@Suite struct CatalogPseudolocalizerTests {
    let pseudo = Pseudolocalizer()

    /// Characters outside placeholders.
    func textLength(_ string: String) -> Int {
        FormatString.segments(string).reduce(0) { total, segment in
            if case .text(let text) = segment { return total + text.count }
            return total
        }
    }

    @Test(arguments: [
        // (length, expanded): 1–5 +100 %, 6–25 +80 %, 26–40 +60 %, 41–70 +40 %, >70 +30 %, rounded up.
        (1, 2), (4, 8), (5, 10), (6, 11), (8, 15), (10, 18), (25, 45), (26, 42), (40, 64), (41, 58), (70, 98),
        (71, 93), (100, 130), (0, 0),
    ])
    func tierLengths(length: Int, expanded: Int) {
        #expect(pseudo.expandedLength(of: length) == expanded)
        let text = String(repeating: "a", count: length)
        #expect(pseudo.pseudolocalize(text, modes: [.expansion]).count == expanded)
    }

    @Test func expansionPadsWithTheFillerWord() {
        #expect(pseudo.pseudolocalize("Save", modes: [.expansion]) == "Save lor")
        #expect(pseudo.pseudolocalize("Settings", modes: [.expansion]) == "Settings loreml")
        #expect(pseudo.pseudolocalize("OK", modes: [.expansion]) == "OK l")
        #expect(pseudo.pseudolocalize("A", modes: [.expansion]) == "Al")
        #expect(pseudo.padding(count: 7) == " loreml")
        #expect(pseudo.padding(count: 13) == " lorem loreml")
        #expect(!pseudo.padding(count: 19).hasSuffix(" "))
    }

    @Test func expansionCountsOnlyTextAroundPlaceholders() {
        let source = "%lld files in %@"  // 10 characters of text
        let result = pseudo.pseudolocalize(source, modes: [.expansion])
        #expect(result == "%lld files in %@ lorem l")
        #expect(textLength(result) == 18)
    }

    @Test func customTiers() {
        let double = Pseudolocalizer(tiers: [.init(maximumLength: nil, percent: 100)], fillerWord: "x")
        #expect(double.pseudolocalize("Hello world", modes: [.expansion]).count == 22)
        #expect(double.pseudolocalize("Hello", modes: [.expansion]) == "Hello x xx")
    }

    @Test func accents() {
        #expect(pseudo.pseudolocalize("Settings", modes: [.accents]) == "Šéťťíñĝš")
        #expect(pseudo.pseudolocalize("Sign in with %@", modes: [.accents]) == "Šíĝñ íñ ŵíťĥ %@")
        #expect(pseudo.pseudolocalize("box 12", modes: [.accents]) == "bóx 12")
    }

    @Test func tallMarksStackAboveAndBelowEveryLetter() {
        let result = pseudo.pseudolocalize("Ok 1", modes: [.tallMarks])
        #expect(result == "O\u{301}\u{308}\u{323}\u{330}k\u{301}\u{308}\u{323}\u{330} 1")
        #expect(result.count == 4)  // marks join their letter's grapheme cluster
        let three = Pseudolocalizer(markCount: 3)
        #expect(three.pseudolocalize("a", modes: [.tallMarks]) == "a\u{301}\u{308}\u{301}\u{323}\u{330}\u{323}")
    }

    @Test func rightToLeftAndBrackets() {
        #expect(pseudo.pseudolocalize("Save", modes: [.brackets]) == "[Save]")
        #expect(pseudo.pseudolocalize("Hi %@", modes: [.rightToLeft]) == "\u{200F}\u{202E}Hi \u{202C}%@")
        #expect(pseudo.pseudolocalize("Hi", modes: [.rightToLeft, .brackets])
            == "\u{200F}\u{202E}[\u{202C}\u{202E}Hi\u{202C}\u{202E}]\u{202C}")
    }

    @Test func everyModeKeepsPlaceholdersIntact() {
        let source = "%1$lld of %2$@ — %#@files@ at %.2f%% (%d)"
        let placeholders = FormatString.placeholders(source).map(\.raw)
        let modes = Pseudolocalizer.Mode.allCases
        var combinations: [Set<Pseudolocalizer.Mode>] = modes.map { [$0] }
        combinations.append(Set(modes))
        for combination in combinations {
            let result = pseudo.pseudolocalize(source, modes: combination)
            #expect(FormatString.placeholders(result).map(\.raw) == placeholders, "\(combination)")
        }
        let all = pseudo.pseudolocalize("Save %@", modes: Set(modes))
        #expect(all.hasPrefix("\u{200F}"))
        #expect(all.contains("%@"))
    }

    @Test func allModesTogether() {
        let result = pseudo.pseudolocalize("Save", modes: [.expansion, .accents, .brackets])
        #expect(result == "[Šávé ĺóŕ]")
    }

    @Test func entriesOfTheSourceLanguage() {
        let location = CatalogSourceLocation(file: "f", line: 3, column: 5)
        let entries = [
            CatalogEntry(key: "save", locale: "en", value: "Save", source: location, state: "translated"),
            CatalogEntry(key: "save", locale: "de", value: "Sichern", source: location),
            CatalogEntry(key: "brand", locale: "en", value: "LayoutSim", source: location, shouldTranslate: false),
            CatalogEntry(key: "n", locale: "en", variantPath: ["plural:one"], value: "%lld file", source: location),
        ]
        let result = pseudo.pseudolocalize(entries, sourceLanguage: "en", modes: [.brackets])
        #expect(result.map(\.locale) == ["x-pseudo", "x-pseudo", "x-pseudo"])
        #expect(result.map(\.value) == ["[Save]", "LayoutSim", "[%lld file]"])
        #expect(result.map(\.variantPath) == [[], [], ["plural:one"]])
        #expect(result.map(\.state) == [nil, nil, nil])
        #expect(result.map(\.source) == [location, location, location])
        #expect(Pseudolocalizer.locale == "x-pseudo")
    }
}
