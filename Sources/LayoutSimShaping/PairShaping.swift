import CHarfBuzz
import LayoutSimFaces
import LayoutSimSupport

/// Shaping a run of Latin-1 characters in the SF stand-in without a HarfBuzz call, from what HarfBuzz gave for the
/// same characters and pairs before.
///
/// A whole German text is one run in the SF stand-in (Inter), shaped by one HarfBuzz call, whose work is mostly the
/// call's own (Inter has some 200 lookups, each looked at for every text), not the glyphs'. For the runs this model
/// takes, HarfBuzz's result is each character's glyph and advance plus a kerning value per adjacent pair:
/// - the characters are U+0020–U+007E and U+00A0–U+00FF but U+00AD: one code unit each, no combining marks, left to
///   right, in the Latin or the common script;
/// - the face is one of the font files whose tables this was read from (``verifiedFonts``: the bundled Inter, by its
///   SHA-256), static (no variations), shaped as the SF stand-in is (`calt` off, `trak` on), and the language
///   system HarfBuzz selects for the run's script and language has no substitution that is on by default and can
///   change such characters (`locl`, `liga`, `clig`, `rlig`, `rclt`, `rvrn`, …; ``plainSystem(_:script:language:)``),
///   nor positioning beyond pairs (`dist`, `curs`, a required feature). `ccmp` and `mark` act on marks, which the
///   characters here are not.
/// - Inter's `kern` is one pair-positioning lookup that moves the first glyph only (value format 2 empty), so each
///   pair's kerning is independent of the pairs around it (a test teaches the model every ordered pair of the 190
///   characters in each bundled weight and compares random texts with HarfBuzz's; the bench corpora and real
///   catalogs give the same report, byte for byte).
///
/// Nothing is assumed of a glyph: each character's glyph, nominal advance and each pair's kerning are learned from
/// what HarfBuzz gives (under the same face, script and language system). A run with a character or a pair not seen
/// yet has only the characters around those pairs shaped by HarfBuzz (its cost grows with the glyphs), learns them, and
/// is then made. A result HarfBuzz gives that does not fit the model (not one glyph per character, an offset, a pair
/// whose kerning changed, kerning after a run's last glyph) turns the model off for that face, script and language
/// system; so does a run the model made that HarfBuzz shapes otherwise (every ``auditInterval``th run it makes is shaped
/// by HarfBuzz as well and compared). Owned by the ``Shaper``, so by one worker.
///
/// For the bundled Inter, what HarfBuzz gives for every pair is generated ahead (``prelearned``, `make pair-tables`,
/// checked against HarfBuzz by `make test`): once a check has hashed the font for its report, a model starts from it
/// instead of asking HarfBuzz pair by pair as texts bring new ones.
struct PairShaping {
    /// The model of each face, script and language: that of the language system HarfBuzz selects for them (most
    /// languages share the default one); nil where the system is not plain. Both are bounded (``maximumTables``,
    /// ``maximumLanguages``): past them, runs are HarfBuzz's, as before.
    private var languages: [Key: Table?] = [:]
    private var tables: [System: Table] = [:]
    static let maximumTables = 32
    static let maximumLanguages = 4_096

    /// Runs made without HarfBuzz (every ``auditInterval``th of them shaped by HarfBuzz too, to check the model).
    private(set) var modelled = 0

    /// Whether a model starts from the tables generated for its face (``prelearned``); tests turn it off to learn
    /// every pair from HarfBuzz.
    var usesPrelearned = true

    /// What each model has learned, under its font file's digest: what the generated tables are made from, and what
    /// their test compares them with.
    func learned() throws(FontError) -> [Prelearned] {
        let usable = tables.values.filter(\.usable)
        let ordered = usable.sorted { ($0.face.id.path, $0.script) < ($1.face.id.path, $1.script) }
        return try ordered.map { table throws(FontError) in
            var codes: [UInt8] = []
            var kerning: [UInt32] = []
            for code in 0..<256 where table.glyph[code] != 0 { codes.append(UInt8(code)) }
            for a in codes {
                for b in codes {
                    let kern = table.kerning[Int(a) << 8 | Int(b)]
                    guard kern != 0 && kern != Int32.min else { continue }
                    kerning.append(UInt32(a) << 24 | UInt32(b) << 16 | UInt32(UInt16(truncatingIfNeeded: kern)))
                }
            }
            return Prelearned(
                sha256: try FileDigests.shared.hexDigest(ofFileAt: table.face.id.path), script: table.script,
                indices: table.indices, codes: codes,
                glyphs: codes.map { UInt16(truncatingIfNeeded: table.glyph[Int($0)]) },
                nominal: codes.map { Int16(truncatingIfNeeded: table.nominal[Int($0)]) }, kerning: kerning
            )
        }
    }

    /// Every this many runs a model makes, HarfBuzz shapes the run too and the two are compared.
    static let auditInterval = 128

    private struct Key: Hashable {
        let face: UInt64
        let script: UInt32
        let language: String?
    }

    /// A face, a script and the language systems HarfBuzz selects in its GSUB and GPOS (script and language indices).
    private struct System: Hashable {
        let face: UInt64
        let script: UInt32
        let indices: UInt64
    }

    /// What a model has learned. A class: the dictionary's value is changed in place without copying its arrays.
    private final class Table {
        let face: FontFace
        /// The run's script and the language systems HarfBuzz selects (``System``): what ``prelearned`` tables are for.
        let script: UInt32
        let indices: UInt64
        /// Whether ``PairShaping/prelearn(_:)`` has looked for this face's generated tables (once its digest is known).
        var prelearnTried = false
        /// False once a result did not fit the model: HarfBuzz shapes every run of this system from then on.
        var usable: Bool
        /// Whether the face is one of ``PairShaping/verifiedFonts``; nil until the model could first make a run.
        var verified: Bool?
        /// Per character (the code, 0–255): its glyph and nominal advance, once learned (glyph 0, `.notdef`, is never
        /// learned: 0 is a character not known yet).
        var glyph = [UInt32](repeating: 0, count: 256)
        var nominal = [Int32](repeating: 0, count: 256)
        /// Per pair (first × 256 + second): the kerning of the first glyph before the second; `Int32.min` unknown.
        var kerning = [Int32](repeating: Int32.min, count: 65_536)

        init(face: FontFace, system: System) {
            self.face = face
            script = system.script
            indices = system.indices
            usable = true
        }
    }

    /// Whether `utf16[range]` is made of characters the model takes.
    @inline(__always)
    static func takes(_ utf16: [UInt16], _ range: Range<Int>) -> Bool {
        for k in range {
            let unit = utf16[k]
            if unit < 0x20 || (unit > 0x7E && unit < 0xA0) || unit > 0xFF || unit == 0xAD { return false }
        }
        return true
    }

    /// The run made by the model, or HarfBuzz's (through `buffer`, counted in `shapeCalls`) when the model has to
    /// learn or to check; nil when the model does not take the run (HarfBuzz shapes it as before).
    mutating func run(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?,
        script: hb_script_t?, buffer: inout ShapingBuffer, shapeCalls: inout Int
    ) -> ShapedRun? {
        guard let script, script == HB_SCRIPT_LATIN || script == HB_SCRIPT_COMMON, rightToLeft != true,
              !range.isEmpty, face.id.variations.isEmpty, Self.takes(utf16, range) else { return nil }
        let key = Key(face: face.serial, script: script.rawValue, language: language)
        let found: Table?
        if let known = languages[key] {
            found = known
        } else {
            guard languages.count < Self.maximumLanguages else { return nil }
            if let indices = Self.plainSystem(face, script: script, language: language) {
                let system = System(face: face.serial, script: script.rawValue, indices: indices)
                if let shared = tables[system] {
                    found = shared
                } else if tables.count < Self.maximumTables {
                    let table = Table(face: face, system: system)
                    tables[system] = table
                    found = table
                } else {
                    found = nil
                }
            } else {
                found = nil
            }
            languages[key] = found
        }
        // (A face is kept by its tables, so its identifier is never another face's.)
        guard let table = found, table.face === face, table.usable else { return nil }
        func shape(_ utf16: [UInt16], _ range: Range<Int>) -> ShapedRun {
            shapeCalls += 1
            return buffer.shape(utf16, range: range, face: face, language: language, rightToLeft: rightToLeft,
                                script: script, contextualAlternates: false, tracking: true, ink: true)
        }
        /// A run the model made, or, every ``auditInterval``th, HarfBuzz's, compared with it; nil when the face is not
        /// one the model may make runs for (``verify(_:)``).
        func audit(_ made: ShapedRun) -> ShapedRun? {
            guard Self.verify(table) else { return nil }
            modelled += 1
            guard modelled % Self.auditInterval == 0 else { return made }
            let shaped = shape(utf16, range)
            if shaped != made { table.usable = false }
            return shaped
        }
        if let made = Self.make(table, utf16, range) { return audit(made) }
        // Before asking HarfBuzz: the tables generated for the bundled Inter, once the face's digest is known.
        if usesPrelearned, !table.prelearnTried, Self.prelearn(table), let made = Self.make(table, utf16, range) {
            return audit(made)
        }
        // HarfBuzz's cost grows with the glyphs (each of Inter's lookups looks at each glyph): only the characters
        // around the pairs not learned yet are shaped, one after the other, and the run is then made.
        let unknown = Self.unknownPairs(table, utf16, range)
        if !unknown.isEmpty && unknown.count < range.count {
            Self.learn(table, shape(unknown, 0..<unknown.count), unknown, 0..<unknown.count)
            if table.usable, let made = Self.make(table, utf16, range) { return audit(made) }
        }
        let shaped = shape(utf16, range)
        Self.learn(table, shaped, utf16, range)
        return shaped
    }

    /// The characters of `utf16[range]` around each pair (and each character alone) `table` has not learned, in
    /// order: each stretch of unknown pairs whole, stretches one after the other (the pair where two meet is learned
    /// too, as any other).
    private static func unknownPairs(_ table: Table, _ utf16: [UInt16], _ range: Range<Int>) -> [UInt16] {
        /// Whether the pair of characters `i` and `i + 1` is in the run and not learned.
        func unknownPair(_ i: Int) -> Bool {
            i + 1 < range.upperBound && table.kerning[Int(utf16[i]) << 8 | Int(utf16[i + 1])] == Int32.min
        }
        var out: [UInt16] = []
        var k = range.lowerBound
        while k < range.upperBound {
            let code = Int(utf16[k])
            if unknownPair(k) {
                var end = k + 1
                while unknownPair(end) { end += 1 }
                out.append(contentsOf: utf16[k...end])
                k = end
            } else if table.glyph[code] == 0 {
                out.append(utf16[k])
            }
            k += 1
        }
        return out
    }

    /// The run from what `table` has learned, or nil when a character or a pair is not known yet.
    private static func make(_ table: Table, _ utf16: [UInt16], _ range: Range<Int>) -> ShapedRun? {
        let glyph = table.glyph, nominal = table.nominal, kerning = table.kerning
        for k in range where glyph[Int(utf16[k])] == 0 { return nil }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(range.count)
        let face = table.face
        for k in range {
            let code = Int(utf16[k])
            var kern: Int32 = 0
            if k + 1 < range.upperBound {
                kern = kerning[code << 8 | Int(utf16[k + 1])]
                if kern == Int32.min { return nil }
            }
            let id = glyph[code]
            let ink = face.inkExtents(ofGlyph: id)
            glyphs.append(ShapedGlyph(
                glyphID: id, cluster: k, advance: nominal[code] &+ kern, nominalAdvance: nominal[code], xOffset: 0,
                yOffset: 0, inkTop: ink?.top, inkBottom: ink?.bottom
            ))
        }
        return ShapedRun(face: face.id, unitsPerEm: face.metrics.unitsPerEm, range: range, glyphs: glyphs, isRightToLeft: false)
    }

    /// Learns each character's glyph and advance, and each adjacent pair's kerning, from HarfBuzz's `run` of
    /// `utf16[range]`; turns the model off when the run does not fit it.
    private static func learn(_ table: Table, _ run: ShapedRun, _ utf16: [UInt16], _ range: Range<Int>) {
        let glyphs = run.glyphs
        guard !run.isRightToLeft, glyphs.count == range.count else { table.usable = false; return }
        for (i, k) in range.enumerated() {
            let g = glyphs[i]
            let code = Int(utf16[k])
            guard g.cluster == k, g.xOffset == 0, g.yOffset == 0 else { table.usable = false; return }
            // A character the face lacks (.notdef) is not learned: its runs stay HarfBuzz's.
            guard g.glyphID != 0 else { continue }
            if table.glyph[code] != 0 {
                guard table.glyph[code] == g.glyphID, table.nominal[code] == g.nominalAdvance else {
                    table.usable = false
                    return
                }
            } else {
                table.glyph[code] = g.glyphID
                table.nominal[code] = g.nominalAdvance
            }
            let kern = g.advance &- g.nominalAdvance
            if k + 1 < range.upperBound {
                let pair = code << 8 | Int(utf16[k + 1])
                let learned = table.kerning[pair]
                if learned == Int32.min {
                    table.kerning[pair] = kern
                } else if learned != kern {
                    table.usable = false
                    return
                }
            } else if kern != 0 {
                table.usable = false
                return
            }
        }
    }

    /// The language systems HarfBuzz selects for `script` and `language` in `face` (GSUB's and GPOS's script and
    /// language indices, packed), when they turn nothing on by default that could change the characters the model
    /// takes, beyond `ccmp` and `calt` (off for the SF stand-in) in GSUB and `kern` and `mark` in GPOS, with no
    /// required feature; nil otherwise. The selection is HarfBuzz's own (`hb_ot_layout_table_select_script`, then
    /// `hb_ot_layout_script_select_language`, as its shape plan makes it).
    static func plainSystem(_ face: FontFace, script: hb_script_t, language: String?) -> UInt64? {
        face.withHarfBuzzFont { font -> UInt64? in
            guard let hbFace = hb_font_get_face(font) else { return nil }
            // As many tags as HarfBuzz's own selection asks for (HB_OT_MAX_TAGS_PER_SCRIPT, _PER_LANGUAGE: 3), and its
            // language when the buffer has none: the process's (ShapingBuffer sets none for an empty or nil one).
            var scriptTags = [hb_tag_t](repeating: 0, count: 3)
            var languageTags = [hb_tag_t](repeating: 0, count: 3)
            var scriptCount: UInt32 = 3
            var languageCount: UInt32 = 3
            let hbLanguage = language.flatMap { $0.isEmpty ? nil : hb_language_from_string($0, -1) }
                ?? hb_language_get_default()
            hb_ot_tags_from_script_and_language(script, hbLanguage, &scriptCount, &scriptTags, &languageCount, &languageTags)
            var packed: UInt64 = 0
            for (table, allowed) in [(gsub, gsubAllowed), (gpos, gposAllowed)] {
                var scriptIndex: UInt32 = 0
                var chosen: hb_tag_t = 0
                hb_ot_layout_table_select_script(hbFace, table, scriptCount, &scriptTags, &scriptIndex, &chosen)
                var languageIndex: UInt32 = 0
                hb_ot_layout_script_select_language(hbFace, table, scriptIndex, languageCount, &languageTags, &languageIndex)
                var required: UInt32 = 0
                var requiredTag: hb_tag_t = 0
                if hb_ot_layout_language_get_required_feature(hbFace, table, scriptIndex, languageIndex, &required, &requiredTag) != 0 {
                    return nil
                }
                var count: UInt32 = 256
                var tags = [hb_tag_t](repeating: 0, count: 256)
                let total = hb_ot_layout_language_get_feature_tags(hbFace, table, scriptIndex, languageIndex, 0, &count, &tags)
                guard total <= 256 else { return nil }
                for tag in tags.prefix(Int(count)) where !allowed(tag) { return nil }
                packed = packed << 32 | UInt64(scriptIndex & 0xFFFF) << 16 | UInt64(languageIndex & 0xFFFF)
            }
            return packed
        }
    }

    /// What a model learns from HarfBuzz for one of ``verifiedFonts``, a script and a language system, every pair of
    /// its characters shaped: generated (`PairShaping+Inter.swift`, by `PairTablesTests`, which also checks it
    /// against HarfBuzz) so that a check does not ask HarfBuzz for them one by one as its texts bring them.
    struct Prelearned: Equatable {
        /// The font file's SHA-256.
        let sha256: String
        let script: UInt32
        let indices: UInt64
        /// The characters (codes 0–255) with a glyph, their glyphs and nominal advances, in order.
        let codes: [UInt8]
        let glyphs: [UInt16]
        let nominal: [Int16]
        /// The pairs of `codes` whose kerning is not 0: first << 24 | second << 16 | kerning (16 bits, two's
        /// complement). Every other pair of `codes` has kerning 0.
        let kerning: [UInt32]
    }

    /// Fills `table` from its face's ``prelearned`` tables, when the face's digest is known (computed for the
    /// report: a `fit` of one text never hashes its fonts), and says whether it did. What the table learned before
    /// must agree, else the model is off.
    private static func prelearn(_ table: Table) -> Bool {
        guard table.face.id.index == 0, let digest = FileDigests.shared.knownDigest(ofFileAt: table.face.id.path) else {
            return false
        }
        table.prelearnTried = true
        guard verifiedFonts.contains(digest), let data = prelearned.first(where: {
            $0.sha256 == digest && $0.script == table.script && $0.indices == table.indices
        }) else { return false }
        guard data.glyphs.count == data.codes.count, data.nominal.count == data.codes.count else { return false }
        // Into local arrays, put back at the end: each access to a class's array property is checked for exclusive
        // access at run time, and each of the 36,100 pairs is read and written.
        var glyph: [UInt32] = [], nominal: [Int32] = [], kerning: [Int32] = []
        swap(&glyph, &table.glyph)
        swap(&nominal, &table.nominal)
        swap(&kerning, &table.kerning)
        defer {
            swap(&glyph, &table.glyph)
            swap(&nominal, &table.nominal)
            swap(&kerning, &table.kerning)
        }
        // A pair is learned with its characters: those known before are the only ones whose pairs can disagree.
        var knownBefore: [Int] = []
        for code in 0..<256 where glyph[code] != 0 { knownBefore.append(code) }
        for (k, code) in data.codes.enumerated() {
            let c = Int(code), known = UInt32(data.glyphs[k]), advance = Int32(data.nominal[k])
            if glyph[c] != 0 && (glyph[c] != known || nominal[c] != advance) {
                table.usable = false
                return false
            }
            glyph[c] = known
            nominal[c] = advance
        }
        // Every pair of the characters has kerning 0 but those listed; what was learned before must agree. Through a
        // buffer pointer, a row of consecutive characters at a time, not pair by pair.
        let codes = data.codes, listed = data.kerning
        var isCode = [Bool](repeating: false, count: 256)
        for code in codes { isCode[Int(code)] = true }
        // The characters as runs of consecutive codes.
        var spans: [Range<Int>] = []
        for code in codes.map(Int.init) {
            if let last = spans.last, last.upperBound == code {
                spans[spans.count - 1] = last.lowerBound..<code + 1
            } else {
                spans.append(code..<code + 1)
            }
        }
        let agrees = kerning.withUnsafeMutableBufferPointer { kerning -> Bool in
            var before: [(pair: Int, kerning: Int32)] = []
            for a in knownBefore {
                for b in knownBefore where kerning[a << 8 | b] != Int32.min { before.append((a << 8 | b, kerning[a << 8 | b])) }
            }
            for a in codes {
                let row = Int(a) << 8
                for span in spans {
                    UnsafeMutableBufferPointer(rebasing: kerning[row + span.lowerBound..<row + span.upperBound])
                        .update(repeating: 0)
                }
            }
            for packed in listed {
                let pair = Int(packed >> 16)
                guard isCode[pair >> 8], isCode[pair & 0xFF] else { return false }
                kerning[pair] = Int32(Int16(truncatingIfNeeded: packed & 0xFFFF))
            }
            return before.allSatisfy { kerning[$0.pair] == $0.kerning }
        }
        guard agrees else {
            table.usable = false
            return false
        }
        table.verified = true
        return true
    }

    /// SHA-256 of the fonts whose tables were read for the model (Inter 4.0's four weights bundled in `Fonts/`): its
    /// `kern` is one pair-positioning lookup that moves the first glyph only, its `ccmp` needs a mark in every rule, and
    /// none of the 190 characters is a mark. The tags ``plainSystem(_:script:language:)`` checks do not say what the
    /// lookups behind them do, so another font, or another version of Inter, is shaped by HarfBuzz.
    static let verifiedFonts: Set<String> = [
        "a7e791e8f5a0fb02b65663f7fca73e1d1ca9543f772ad480cbd76f4e3fe3f8cc",  // Inter-Regular.otf
        "99dab2bdcb613c4c8264000a94351d1227f74dc95a86d1249493aeee0c0179c4",  // Inter-Medium.otf
        "8c1990b6012254ea2b487161697d107357dd0ee55811cfd91c8c11227bbef457",  // Inter-SemiBold.otf
        "1e9dfd6a6e33ac63a8fe3b4ed7ae0df9eac2d0b25e444e8e7daef4ac77943fc1",  // Inter-Bold.otf
    ]

    /// Whether the model's face is one of ``verifiedFonts``, found out the first time the model could make a run (a
    /// `fit` of one text never gets there, and so never hashes the font; a check hashes it anyway, for the report); a
    /// model whose face is not stays off.
    private static func verify(_ table: Table) -> Bool {
        if let verified = table.verified { return verified }
        let verified = isVerified(table.face)
        table.verified = verified
        if !verified { table.usable = false }
        return verified
    }

    /// Whether `face`'s file is one of ``verifiedFonts`` (its digest is the one reports name it by, computed once per
    /// process).
    static func isVerified(_ face: FontFace) -> Bool {
        guard face.id.index == 0 else { return false }
        do { return verifiedFonts.contains(try FileDigests.shared.hexDigest(ofFileAt: face.id.path)) } catch { return false }
    }

    private static let gsub = harfBuzzTag("GSUB")
    private static let gpos = harfBuzzTag("GPOS")

    /// GSUB features that HarfBuzz leaves off unless asked (the font's stylistic sets, figures, fractions, …), and
    /// `ccmp` (marks) and `calt` (off for the SF stand-in).
    private static func gsubAllowed(_ tag: hb_tag_t) -> Bool {
        let name = tagString(tag)
        if name.hasPrefix("ss") || name.hasPrefix("cv") { return true }
        return ["ccmp", "calt", "aalt", "case", "dlig", "dnom", "frac", "numr", "ordn", "pnum", "tnum", "lnum", "onum",
                "salt", "sinf", "subs", "sups", "zero", "smcp", "c2sc", "pcap", "c2pc", "unic", "titl", "swsh", "hist",
                "hlig", "nalt", "ornm", "afrc"].contains(name)
    }

    /// GPOS features: pair kerning and mark positioning (marks are not taken), and those HarfBuzz leaves off.
    private static func gposAllowed(_ tag: hb_tag_t) -> Bool {
        ["kern", "mark", "mkmk", "cpsp", "case"].contains(tagString(tag))
    }
}
