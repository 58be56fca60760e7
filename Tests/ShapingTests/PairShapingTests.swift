import LayoutSimFitting
import LayoutSimModel
@testable import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// The SF stand-in's Latin runs made from the glyphs and pair kernings HarfBuzz gave before (``PairShaping``) are
/// HarfBuzz's own results: compared with an engine that shapes every run with HarfBuzz, after the model has learned
/// every ordered pair of the 190 characters it takes, on random texts of those characters (any pair, any context)
/// in every bundled weight, in languages whose language system is plain and in Catalan, whose `locl` turns the model
/// off.
struct PairShapingTests {
    /// The characters the model takes: U+0020–U+007E, U+00A0–U+00FF but the soft hyphen.
    static let characters: [Character] = (0x20...0x7E).map { Character(Unicode.Scalar($0)!) }
        + (0xA0...0xFF).filter { $0 != 0xAD }.map { Character(Unicode.Scalar($0)!) }

    /// A text that holds every ordered pair of `characters` (a de Bruijn sequence of order 2), cut into pieces of
    /// up to 400 characters that overlap by one.
    static func allPairs() -> [String] {
        let alphabet = characters
        var sequence: [Character] = []
        for (i, a) in alphabet.enumerated() {
            sequence.append(a)
            for b in alphabet[(i + 1)...] {
                sequence.append(a)
                sequence.append(b)
            }
        }
        sequence.append(alphabet[0])
        var pieces: [String] = []
        var start = 0
        while start < sequence.count - 1 {
            let end = min(sequence.count, start + 400)
            pieces.append(String(sequence[start..<end]))
            start = end - 1
        }
        return pieces
    }

    @Test func modelledRunsAreHarfBuzzs() throws {
        let modelled = try TestSupport.engine()
        let harfBuzz = try TestSupport.engine()
        harfBuzz.measurer.shaper.reusesRuns = false
        let pieces = Self.allPairs()
        // Every pair is in a piece: 190 × 190 = 36,100 of them.
        var pairs = Set<String>()
        for piece in pieces {
            let chars = Array(piece)
            for k in chars.indices.dropLast() { pairs.insert(String(chars[k...k + 1])) }
        }
        #expect(pairs.count == Self.characters.count * Self.characters.count)
        var state: UInt64 = 0x9A17
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for weight in [FontWeight.regular, .medium, .semibold, .bold] {
            for language in ["en", "de", nil] as [String?] {
                for piece in pieces {
                    _ = try modelled.measure(piece, font: .textStyle(.body), weight: weight, language: language)
                }
                let before = modelled.measurer.shaper.modelledRuns
                for _ in 0..<150 {
                    let text = String((0..<(1 + next(40))).map { _ in Self.characters[next(Self.characters.count)] })
                    let a = try modelled.measure(text, font: .textStyle(.body), weight: weight, language: language)
                    let b = try harfBuzz.measure(text, font: .textStyle(.body), weight: weight, language: language)
                    #expect(a.runs == b.runs, "\(text)")
                    #expect(a.advanceUnits == b.advanceUnits && a.kerningUnits == b.kerningUnits, "\(text)")
                    #expect(a.inkUnits == b.inkUnits, "\(text)")
                }
                // Texts of spaces alone, or that break into several runs, are fewer than one in ten.
                #expect(modelled.measurer.shaper.modelledRuns - before > 135, "\(weight) \(language ?? "none")")
            }
        }
        #expect(harfBuzz.measurer.shaper.modelledRuns == 0)
    }

    /// Learning as a check does, from the pairs of each text not seen yet (shaped on their own, the text then made):
    /// random words of a small alphabet, so that pairs recur, each text compared with HarfBuzz's.
    @Test func pairsLearnedTextByTextAreHarfBuzzs() throws {
        let modelled = try TestSupport.engine()
        // Learning from HarfBuzz, not from the generated tables (``PairTablesTests``), whatever other tests hashed.
        modelled.measurer.shaper.usesPrelearnedPairs = false
        let harfBuzz = try TestSupport.engine()
        harfBuzz.measurer.shaper.reusesRuns = false
        let alphabet = Array("AVTWYaeorvwyf.,:;-'\"Äöüß 0147()é«»")
        var state: UInt64 = 0x51DE
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<800 {
            let text = String((0..<(2 + next(24))).map { _ in alphabet[next(alphabet.count)] })
            let a = try modelled.measure(text, font: .textStyle(.body), weight: .regular, language: "de")
            let b = try harfBuzz.measure(text, font: .textStyle(.body), weight: .regular, language: "de")
            #expect(a.runs == b.runs, "\(text)")
            #expect(a.advanceUnits == b.advanceUnits && a.kerningUnits == b.kerningUnits, "\(text)")
        }
        // Most texts were made, not shaped: their pairs had been seen, or only a few were new.
        #expect(modelled.measurer.shaper.modelledRuns > 600)
        #expect(modelled.measurer.shaper.shapeCalls < harfBuzz.measurer.shaper.shapeCalls)
    }

    /// Languages share the model of the language system HarfBuzz selects for them (Inter's default one for nearly
    /// all): 60 languages, more than there are models, are all made by the model once it has learned the pairs.
    @Test func languagesShareTheirLanguageSystemsModel() throws {
        let engine = try TestSupport.engine()
        let languages = ["en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "is", "ga", "cy", "eu",
                         "gl", "oc", "br", "lb", "fy", "af", "sw", "id", "ms", "tl", "so", "ha", "yo", "ig", "zu",
                         "xh", "st", "tn", "wo", "ff", "mg", "sm", "to", "fj", "haw", "mi", "qu", "ay", "gn", "nah",
                         "en-GB", "en-AU", "de-AT", "de-CH", "fr-CA", "fr-BE", "es-MX", "es-AR", "pt-BR", "pt-PT",
                         "nl-BE", "it-CH", "sv-FI", "da-GL", "nn"]
        _ = try engine.measure("Hello, World", font: .textStyle(.body), weight: .regular, language: "en")
        let before = engine.measurer.shaper.modelledRuns
        for language in languages {
            _ = try engine.measure("World, Hello \(language)", font: .textStyle(.body), weight: .regular, language: language)
        }
        #expect(engine.measurer.shaper.modelledRuns - before >= languages.count)
    }

    /// The model is pinned to the fonts whose tables were read for it: the four bundled Inter weights, by the
    /// digests `sha256sum` gives (another version of Inter is shaped by HarfBuzz).
    @Test func theModelsFontsAreTheBundledInter() throws {
        let bundled = try ["Regular", "Medium", "SemiBold", "Bold"].map {
            try TestSupport.sha256sum(TestSupport.bundledFont("Inter-\($0).otf"))
        }
        #expect(Shaper.pairModelFonts == Set(bundled))
    }

    /// Catalan's language system has `locl` (l·l): the model stays off, and HarfBuzz shapes every run.
    @Test func aLanguageWithLocalFormsIsShapedByHarfBuzz() throws {
        let engine = try TestSupport.engine()
        for _ in 0..<3 {
            _ = try engine.measure("Col·lecció de l·l", font: .textStyle(.body), weight: .regular, language: "ca")
            _ = try engine.measure("Col·lecció", font: .textStyle(.body), weight: .regular, language: "ca")
        }
        #expect(engine.measurer.shaper.modelledRuns == 0)
        for _ in 0..<3 {
            _ = try engine.measure("Col·lecció", font: .textStyle(.body), weight: .regular, language: "es")
        }
        #expect(engine.measurer.shaper.modelledRuns > 0)
    }
}
