import CHarfBuzz
import LayoutSimFaces
import LayoutSimModel
import LayoutSimSupport

/// Shapes text with HarfBuzz in font units. Owned by a ``LayoutEngine``; counts its work for `--stats`.
package final class Shaper {
    /// Everything a call reads and changes, in one stored value that a call reaches once. Not checked for exclusive
    /// access at run time: it is private, and nothing called while it changes comes back to this shaper (HarfBuzz
    /// and the font faces know nothing of it).
    private var state = State()

    /// Number of HarfBuzz shaping calls made.
    package var shapeCalls: Int { state.shapeCalls }

    /// Runs made from the glyphs and pairs HarfBuzz gave before, without a call (``PairShaping``).
    package var modelledRuns: Int { state.pairs.modelled }
    /// The SHA-256 digests of the font files whose runs ``PairShaping`` may make.
    package static var pairModelFonts: Set<String> { PairShaping.verifiedFonts }

    /// Whether short runs are shaped once (``State/runs``) and the SF stand-in's Latin runs made from the pairs
    /// HarfBuzz gave before (``State/pairs``); tests turn it off to compare with HarfBuzz's own results.
    package var reusesRuns: Bool {
        get { state.reusesRuns }
        set { state.reusesRuns = newValue }
    }

    /// Whether ``PairShaping`` starts from the tables generated for the bundled Inter; tests turn it off.
    package var usesPrelearnedPairs: Bool {
        get { state.pairs.usesPrelearned }
        set { state.pairs.usesPrelearned = newValue }
    }

    /// What ``PairShaping`` has learned, for the generated tables and their test.
    func learnedPairs() throws(FontError) -> [PairShaping.Prelearned] { try state.pairs.learned() }

    package init() {}

    /// Shapes `utf16[range]` in `face`; clusters in the result are offsets into `utf16`.
    ///
    /// - Parameter contextualAlternates: false turns the font's `calt` feature off. The SF stand-in shapes with it
    ///   off: Inter's `calt` makes one arrow glyph of "->", which SF does not, and that glyph would hide the break
    ///   opportunity after the hyphen.
    /// - Parameter tracking: false turns HarfBuzz's `trak` support off (Apple's fonts: their tracking is applied per
    ///   size, ``OpticalSizeAdvances``' neighbour in `AdvanceSource`). `ink`: false skips the ink extents.
    package func shape(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?,
        rightToLeft: Bool? = nil, script: String? = nil, contextualAlternates: Bool = true, tracking: Bool = true,
        ink: Bool = true
    ) -> ShapedRun {
        state.shapeCalls += 1
        return state.buffer.shape(
            utf16, range: range, face: face, language: language, rightToLeft: rightToLeft, script: script,
            contextualAlternates: contextualAlternates, tracking: tracking, ink: ink
        )
    }

    /// ``shape(_:range:face:language:rightToLeft:script:contextualAlternates:tracking:ink:)`` with HarfBuzz's script.
    package func shape(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?,
        harfBuzzScript script: hb_script_t?, contextualAlternates: Bool = true, tracking: Bool = true, ink: Bool = true
    ) -> ShapedRun {
        state.shape(utf16, range: range, face: face, language: language, rightToLeft: rightToLeft,
                    harfBuzzScript: script, contextualAlternates: contextualAlternates, tracking: tracking, ink: ink)
    }

    /// ``shape(_:range:face:language:rightToLeft:harfBuzzScript:contextualAlternates:tracking:ink:)``, a run of up to
    /// ``RunKey/maximumUnits`` code units (not the whole text) shaped once per face, setting and context class
    /// (``State/runs``). Not while the face's variations are changed for a moment (`FontFace.withVariations`): its
    /// identity does not say them.
    package func shapeRun(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?,
        harfBuzzScript script: hb_script_t?, contextualAlternates: Bool = true, tracking: Bool = true
    ) -> ShapedRun {
        state.shapeRun(utf16, range: range, face: face, language: language, rightToLeft: rightToLeft,
                       harfBuzzScript: script, contextualAlternates: contextualAlternates, tracking: tracking)
    }

    /// The total advance of `utf16[range]` shaped in `face` (the rest of `utf16` as context), font units.
    package func advance(
        _ utf16: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, language: String?,
        harfBuzzScript script: hb_script_t?
    ) -> Int32 {
        state.shapeCalls += 1
        return state.buffer.advance(utf16, range: range, face: face, language: language, script: script)
    }

    private struct State: ~Copyable {
        var buffer = ShapingBuffer()
        var shapeCalls = 0
        /// Short runs shaped so far (words between spaces, spaces, punctuation), by face, code units, setting and the
        /// classes of their contexts, with their face (kept, so that its identity is never another face's); bounded.
        /// A run shapes the same in every context of one class: HarfBuzz reads the text around a run only in its
        /// Arabic joining, which reads the joining type of the nearest code point that is not transparent on each
        /// side (the class, ``JoiningClasses``), and for a dotted circle at the beginning of a text
        /// (`HB_BUFFER_FLAG_BOT`, never set). A run found here at another offset shares its glyphs, their clusters
        /// shifted to its offset (``ShapedRun/clusterShift``: clusters are offsets into the whole text; HarfBuzz only
        /// compares them).
        /// Room for every entry made at once (a few hundred kilobytes of address space, used as entries come), so
        /// that the slots are never moved to larger storage on the way to 4096.
        var runs = LRUCache<RunKey, KeptRun>(capacity: 4096, reserved: true)
        var joining = JoiningClasses()
        /// The language of the last run kept and its ``RunKey/languageWord(_:)``.
        var lastLanguage: (language: String?, word: UInt64) = (nil, 0)
        var reusesRuns = true
        /// Latin runs of the SF stand-in made from the glyphs and pairs HarfBuzz gave before (``PairShaping``).
        var pairs = PairShaping()

        mutating func shape(
            _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?,
            harfBuzzScript script: hb_script_t?, contextualAlternates: Bool, tracking: Bool, ink: Bool = true
        ) -> ShapedRun {
            shapeCalls += 1
            return buffer.shape(
                utf16, range: range, face: face, language: language, rightToLeft: rightToLeft, script: script,
                contextualAlternates: contextualAlternates, tracking: tracking, ink: ink
            )
        }

        mutating func shapeRun(
            _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?,
            harfBuzzScript script: hb_script_t?, contextualAlternates: Bool, tracking: Bool
        ) -> ShapedRun {
            // The SF stand-in's Latin runs, whole texts included, from the model when it knows their pairs.
            if reusesRuns && !contextualAlternates && tracking, let made = pairs.run(
                utf16, range: range, face: face, language: language, rightToLeft: rightToLeft, script: script,
                buffer: &buffer, shapeCalls: &shapeCalls
            ) {
                return made
            }
            // A run that is the whole text is not kept: the engine keeps whole texts shaped.
            guard reusesRuns, range.count <= RunKey.maximumUnits, !range.isEmpty, range.count < utf16.count else {
                return shape(utf16, range: range, face: face, language: language, rightToLeft: rightToLeft,
                             harfBuzzScript: script, contextualAlternates: contextualAlternates, tracking: tracking)
            }
            if language != lastLanguage.language { lastLanguage = (language, RunKey.languageWord(language)) }
            let key = RunKey(
                utf16, range: range, face: face, language: language, languageWord: lastLanguage.word,
                rightToLeft: rightToLeft, script: script,
                flags: (contextualAlternates ? 1 : 0) | (tracking ? 2 : 0),
                before: joining.contextClass(utf16, 0..<range.lowerBound, before: true),
                after: joining.contextClass(utf16, range.upperBound..<utf16.count, before: false)
            )
            // The run kept read where it is (copied out, the kept run and its face would be retained and released).
            let (found, probe) = runs.lookUp(key, hash: key.foldedHash) { known -> ShapedRun? in
                guard known.face === face else { return nil }
                // At the same offset (a text's first word…), the run kept is this run; elsewhere, it shares its
                // glyphs.
                if range.lowerBound == known.run.range.lowerBound { return known.run }
                return ShapedRun(known.run, movedTo: range)
            }
            if let found, let run = found { return run }
            let run = shape(utf16, range: range, face: face, language: language, rightToLeft: rightToLeft,
                            harfBuzzScript: script, contextualAlternates: contextualAlternates, tracking: tracking)
            // (The key hashed once: the lookup's probe.)
            runs.insert(KeptRun(face: face, run: run), at: probe)
            return run
        }
    }
}

/// A run kept by the shaper (``Shaper/runs``) with its face. A struct, not a tuple: an optional tuple of a class and
/// a struct is copied out of the cache through the run-time's generic tuple copy.
struct KeptRun {
    let face: FontFace
    let run: ShapedRun
}

/// What a run shapes with (``Shaper/runs``): its face, code units (up to 32, packed), language, direction, script,
/// features and the classes of its contexts.
struct RunKey: Hashable {
    static let maximumUnits = 32

    /// The face's ``FontFace/serial``.
    let face: UInt64
    let variations: [FontVariation]
    let language: String?
    /// Count, direction (0 guessed, 1 left to right, 2 right to left), features, context classes before and after.
    let shape: UInt64
    let script: UInt32
    let units: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    /// ``languageWord(_:)`` of ``language``, given, not read again a byte at a time for each run's key (the runs of
    /// a text, and of the texts after it, have the same language).
    let languageWord: UInt64

    init(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, languageWord: UInt64,
        rightToLeft: Bool?, script: hb_script_t?, flags: UInt8, before: UInt8, after: UInt8
    ) {
        self.face = face.serial
        variations = face.id.variations
        self.language = language
        self.languageWord = languageWord
        let direction: UInt64 = rightToLeft.map { $0 ? 2 : 1 } ?? 0
        shape = UInt64(range.count) | direction << 8 | UInt64(flags) << 16 | UInt64(before) << 24 | UInt64(after) << 32
        self.script = script.map { UInt32($0.rawValue) } ?? 0
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { bytes in
            let slots = bytes.bindMemory(to: UInt16.self)
            for k in range { slots[k - range.lowerBound] = utf16[k] }
        }
        units = words
    }

    static func == (a: RunKey, b: RunKey) -> Bool {
        a.face == b.face && a.shape == b.shape && a.script == b.script
            && a.units.0 == b.units.0 && a.units.1 == b.units.1 && a.units.2 == b.units.2 && a.units.3 == b.units.3
            && a.units.4 == b.units.4 && a.units.5 == b.units.5 && a.units.6 == b.units.6 && a.units.7 == b.units.7
            && a.language == b.language && a.variations == b.variations
    }

    /// The hash value the cache of runs files a key under (``LRUCache/lookUp(_:hash:)``): the face's serial, the
    /// count, direction, features and contexts, the script, the code units and the language's bytes, folded
    /// (multiply and shift), with no `Hasher` round (for the face's identity, the fold or the language): a text
    /// looks up several keys.
    var foldedHash: Int {
        var h = face &* 0x9E37_79B9_7F4A_7C15 ^ shape ^ UInt64(script) << 40
        @inline(__always) func fold(_ word: UInt64) {
            h = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
        }
        fold(units.0)
        fold(units.1)
        fold(units.2)
        fold(units.3)
        fold(units.4)
        fold(units.5)
        fold(units.6)
        fold(units.7)
        fold(languageWord)
        return Int(bitPattern: UInt(truncatingIfNeeded: h))
    }

    /// The bytes of `language` folded into one word (0 for none), as ``foldedHash`` folds words.
    static func languageWord(_ language: String?) -> UInt64 {
        guard let language else { return 0 }
        var h: UInt64 = 0x243F_6A88_85A3_08D3
        var word: UInt64 = 0
        var shift: UInt64 = 0
        func fold(_ word: UInt64) {
            h = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
        }
        for byte in language.utf8 {
            word |= UInt64(byte) << shift
            shift += 8
            if shift == 64 {
                fold(word)
                word = 0
                shift = 0
            }
        }
        fold(word ^ 0xFF << 56 ^ shift)
        return h
    }

    /// ``foldedHash``, for `Hashable` (the cache files keys under ``foldedHash`` itself).
    func hash(into hasher: inout Hasher) {
        hasher.combine(foldedHash)
    }
}

