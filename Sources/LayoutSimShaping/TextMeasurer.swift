import LayoutSimFaces
import LayoutSimICU
import LayoutSimModel
import LayoutSimSupport

/// The first stage of every fit: itemizes a text by font coverage, bidi level and script, shapes each run once in
/// font units, and collects its line-break opportunities and grapheme boundaries into a ``MeasuredText``.
///
/// Owns the shaper, ICU's iterators and bidi object, and the fontconfig lookup, all reused across texts (bounded).
/// Not `Sendable`: one per engine.
///
/// Its working state is this object's own (private, or `edgeForms`, which only the extension in `LineEdges.swift`
/// uses), used by one thread.
package final class TextMeasurer {
    package let shaper = Shaper()
    private let boundaries = TextBoundaries()
    private var bidiResolver: BidiResolver?
    private var fontconfig: SystemFontLookup?
    /// ICU locale IDs of the language tags seen (BCP 47 → ICU), one per locale (``CacheBounds/locales``); and the last
    /// one asked for.
    private var locales = LRUCache<String, String>(capacity: CacheBounds.locales)
    private var lastLocale: (language: String?, rules: LineBreakRules, locale: String)?
    /// What measuring the line edges keeps from one text to the next (``EdgeForms``).
    var edgeForms = EdgeForms()
    /// What each code point met is (script, grapheme class, …), looked up once.
    private var table = CodePointTable()
    /// Working arrays reused from one text to the next.
    private var itemizing = Itemizer.Scratch()
    private var building = MeasuredText.Scratch()
    /// The faces of the last cascade measured, with what a measured text keeps of them (the same for every text
    /// shaped in that cascade, so made once).
    private var lastFaces: KeptFaces?

    /// ``lastFaces``: behind one reference, so that comparing it for each text does not copy its seven arrays (each
    /// retained and released).
    private final class KeptFaces {
        let faces: [FontFace], standIns: [StandIn?], apple: [AppleFaceRole?]
        let measured: [MeasuredFace], traits: [FaceTraits], ellipsis: [Int32?], hyphen: [Int32?]

        init(
            faces: [FontFace], standIns: [StandIn?], apple: [AppleFaceRole?], measured: [MeasuredFace],
            traits: [FaceTraits], ellipsis: [Int32?], hyphen: [Int32?]
        ) {
            self.faces = faces
            self.standIns = standIns
            self.apple = apple
            self.measured = measured
            self.traits = traits
            self.ellipsis = ellipsis
            self.hyphen = hyphen
        }
    }

    /// Why a face the last text measured looked at could not be opened (nil: none): a stand-in of the system cascade,
    /// opened when a text first needs it, is missing or broken. The engine fails that text, and every other text that
    /// needs the face; a text that does not is measured as it would be with the face there.
    package private(set) var unopenedFace: FontError?

    package init() {}

    /// Shapes `text` in `cascade`.
    ///
    /// - Parameters:
    ///   - language: BCP 47 tag for ICU's line breaking and HarfBuzz's language; nil for none.
    ///   - systemFonts: the registry to open fonts installed on this machine from, as a last resort for text the
    ///     cascade does not cover (fontconfig); nil for none. A font fontconfig names that cannot be opened is
    ///     skipped and said in ``MeasuredText/warnings``.
    ///   - lineBreakRules: ICU's `lb` keyword for the line-break iterator, unless the tag sets one (`-u-lb-…`).
    ///   - opticalSizeRange: the point sizes the text will be laid out at, for Apple's variable faces (their optical
    ///     size follows the point size); nil for any size.
    package func measure(
        _ text: String, cascade: FontCascade, language: String?, systemFonts: FontRegistry?,
        lineBreakRules: LineBreakRules = .strict, opticalSizeRange: ClosedRange<Double>? = nil
    ) throws(SegmentationError) -> MeasuredText {
        let utf16 = Self.codeUnits(text)
        let locale = try icuLocale(language, rules: lineBreakRules)
        try boundaries.lineBreaks(utf16, locale: locale, into: &building.breaks)
        if !TextBoundaries.simpleGraphemeBoundaries(utf16, table: &table, into: &building.graphemes) {
            try boundaries.graphemeBoundaries(utf16, into: &building.graphemes)
        }
        // Bidi only where right-to-left text or an explicit embedding can occur; elsewhere every level is 0.
        let levels: [UInt8] = utf16.contains(where: Self.mayNeedBidi) ? try bidi().levels(utf16) : []
        var warnings: [String] = []
        let lookup = systemFonts == nil ? nil : systemFontLookup()
        if systemFonts != nil && lookup == nil {
            warnings.append("fontconfig could not load its configuration: fonts installed on this machine are not used")
        }
        let emojiFace = cascade.standIns.firstIndex(of: .emoji)
        var found = Itemizer.itemize(
            utf16, graphemes: building.graphemes, levels: levels, cascade: cascade.cascadeFaces, emojiFace: emojiFace,
            table: &table, scratch: &itemizing
        ) { scalar in
            guard let systemFonts, let file = lookup?.font(covering: scalar) else { return nil }
            do {
                return try systemFonts.face(path: file.path, index: file.faceIndex)
            } catch {
                warnings.append("installed font skipped for \(MeasuredText.codePointName(scalar)): \(error)")
                return nil
            }
        }
        if let tab = utf16.firstIndex(of: 0x09) {
            warnings.append(
                "a tab (U+0009) at \(tab): tab stops are not modelled (UIKit's default paragraph style has one every "
                    + "28 pt), so it is measured as no width: the line is wider on an iPhone"
            )
        }
        for range in itemizing.split {
            let points = String(decoding: utf16[range], as: UTF16.self).unicodeScalars.map(MeasuredText.codePointName)
            warnings.append(
                "\(points.joined(separator: " ")) at \(range.lowerBound): no font here has every code point of this "
                    + "character; measured code point by code point, each in the first font that has it, as Core Text "
                    + "falls back (an iOS font may have them all and draw it whole, e.g. SF Arabic has \"(\" and the "
                    + "Arabic marks; the widths agree when the mark has no advance)"
            )
        }
        let runs = itemizing.runs
        // A text-style variation selector on a character only the emoji stand-in has: iOS draws it in a text font if
        // one of its own has it (a symbol font), which none of the stand-ins here is: said, not guessed.
        if let emojiFace, utf16.contains(0xFE0E) {
            var named = Set<UInt32>()
            for run in runs where run.faceIndex == emojiFace {
                var previous: Unicode.Scalar?
                for scalar in String(decoding: utf16[run.range], as: UTF16.self).unicodeScalars {
                    if scalar.value == 0xFE0E, let base = previous, named.insert(base.value).inserted {
                        warnings.append(
                            "\(MeasuredText.codePointName(base)) U+FE0E asks for a text-style glyph, which no text font "
                                + "here has: measured with the emoji stand-in (an iPhone draws it in a symbol font if it "
                                + "has one: narrower, and the line less tall)"
                        )
                    }
                    previous = scalar
                }
            }
        }
        // The cascade as far as the text used it, and at least through the system font (the ellipsis and the primary
        // font are looked for there): the per-size stages loop over a text's faces, and the cascade has 30. Each of
        // them was opened when the itemizer looked at it (a face after the system font is looked at only when the
        // faces before it lack a glyph), but for an emoji's face, which the itemizer looks at first.
        var keep = min(found.count, cascade.systemModelIndex + 1)
        for run in runs where run.faceIndex >= keep { keep = run.faceIndex + 1 }
        // A face that cannot be opened covers nothing; the engine fails a text that looked at one
        // (``unopenedFace``), so the system font standing in its place here is never measured.
        let opened = cascade.cascadeFaces.opened
        let faces = keep == opened.count ? opened
            : (0..<keep).map { found.face($0) ?? opened[cascade.systemModelIndex] }
        unopenedFace = found.failure
        var placed: [PlacedRun] = []
        placed.reserveCapacity(runs.count)
        for run in runs {
            let apple = appleRole(cascade, run.faceIndex)
            let result = shaper.shapeRun(
                utf16, range: run.range, face: faces[run.faceIndex], language: language,
                rightToLeft: levels.isEmpty ? nil : run.isRightToLeft, harfBuzzScript: run.script.harfBuzz,
                contextualAlternates: run.faceIndex != cascade.systemModelIndex || apple != nil,
                tracking: apple == nil
            )
            placed.append(PlacedRun(
                run: result, faceIndex: run.faceIndex,
                level: levels.isEmpty || run.range.isEmpty ? 0 : levels[run.range.lowerBound]
            ))
        }
        let kept = facesKept(faces, cascade: cascade)
        let deferred = deferredJoiningFace(runs, traits: kept.traits).map(DeferredEdges.init(face:))
        var measured = MeasuredText(
            text: text, utf16: utf16, runs: placed, faces: kept.measured, traits: kept.traits,
            ellipsisUnits: kept.ellipsis, levels: levels, warnings: warnings, language: language,
            table: &table, scratch: &building, deferredEdges: deferred
        )
        // Into a local first: assigning the result straight into `measured` while it is read would copy it.
        let edges = lineEdges(measured, runs: runs, faces: faces, language: language, deferring: deferred)
        measured.edgeUnits = edges
        if !measured.softHyphens.isEmpty { measured.hyphenUnits = kept.hyphen }
        if !cascade.apple.isEmpty {
            measured.opticalSizes = opticalSizes(
                measured, runs: runs, faces: faces, cascade: cascade, language: language, range: opticalSizeRange
            )
        }
        return measured
    }

    /// Swift's `Character` count of `text` (`text.count`): counted with the plain grapheme rules and the table of code
    /// points when they apply (``TextBoundaries/simpleGraphemeCount(_:table:)``), else by Swift.
    package func characterCount(_ text: String) -> Int {
        TextBoundaries.simpleGraphemeCount(text, table: &table) ?? text.count
    }

    /// Whether a text with `unit` may have a bidi level other than 0: a code unit of the right-to-left blocks
    /// (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their presentation forms, U+0590–U+08FF,
    /// U+FB1D–U+FDFF, U+FE70–U+FEFF), an explicit direction mark, embedding, override or isolate (U+200F,
    /// U+202A–U+202E, U+2066–U+2069), or a surrogate (the right-to-left scripts beyond the BMP). A text with none has
    /// only left-to-right and neutral characters in a left-to-right paragraph: level 0 throughout (UAX #9 P2–P3,
    /// W1–W7, N1–N2, I1), and no script HarfBuzz would shape right to left.
    @inline(__always)
    static func mayNeedBidi(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xD800...0xDFFF:
            return true
        default:
            return false
        }
    }

    /// The UTF-16 code units of `text`, in an array of exactly their number (transcoded from its UTF-8 at once).
    private static func codeUnits(_ text: String) -> [UInt16] {
        var text = text
        return text.withUTF8 { bytes in
            var count = 0
            for byte in bytes {
                // Every UTF-8 sequence has one non-continuation byte: one code unit, two for a 4-byte sequence.
                if byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
            }
            var out: [UInt16] = []
            out.reserveCapacity(count)
            var k = 0
            let n = bytes.count
            while k < n {
                let b0 = UInt32(bytes[k])
                if b0 < 0x80 {
                    out.append(UInt16(b0))
                    k += 1
                } else if b0 < 0xE0, k + 1 < n {
                    out.append(UInt16((b0 & 0x1F) << 6 | UInt32(bytes[k + 1] & 0x3F)))
                    k += 2
                } else if b0 < 0xF0, k + 2 < n {
                    out.append(UInt16((b0 & 0x0F) << 12 | UInt32(bytes[k + 1] & 0x3F) << 6 | UInt32(bytes[k + 2] & 0x3F)))
                    k += 3
                } else if k + 3 < n {
                    let value = (b0 & 0x07) << 18 | UInt32(bytes[k + 1] & 0x3F) << 12 | UInt32(bytes[k + 2] & 0x3F) << 6
                        | UInt32(bytes[k + 3] & 0x3F)
                    out.append(UInt16(0xD800 + ((value - 0x10000) >> 10)))
                    out.append(UInt16(0xDC00 + ((value - 0x10000) & 0x3FF)))
                    k += 4
                } else {
                    k += 1   // not reached: a String's UTF-8 is valid
                }
            }
            return out
        }
    }

    /// The ICU locale ID for line breaking `language` with `rules`.
    private func icuLocale(_ language: String?, rules: LineBreakRules) throws(SegmentationError) -> String {
        if let lastLocale, lastLocale.language == language, lastLocale.rules == rules { return lastLocale.locale }
        let tag = language ?? ""
        let key = tag + "\u{0}" + rules.rawValue
        let locale: String
        if let known = locales[key] {
            locale = known
        } else {
            let base = try TextBoundaries.icuLocale(forLanguageTag: tag)
            if base.contains("lb=") {
                locale = base
            } else {
                locale = base + (base.contains("@") ? ";" : "@") + "lb=" + rules.rawValue
            }
            locales[key] = locale
        }
        lastLocale = (language, rules, locale)
        return locale
    }

    /// The faces of a measured text (the cascade's as far as it keeps them, and any last-resort faces after them),
    /// what the stages read of each, and each one's advances of U+2026 and of "-": made once per cascade and faces.
    private func facesKept(
        _ faces: [FontFace], cascade: FontCascade
    ) -> (measured: [MeasuredFace], traits: [FaceTraits], ellipsis: [Int32?], hyphen: [Int32?]) {
        if let last = lastFaces, last.faces.count == faces.count, last.standIns == cascade.standIns,
           last.apple == cascade.apple, zip(last.faces, faces).allSatisfy({ $0 === $1 }) {
            return (last.measured, last.traits, last.ellipsis, last.hyphen)
        }
        let measured = faces.enumerated().map { index, face in
            MeasuredFace(id: face.id, metrics: face.metrics, standIn: index < cascade.standIns.count ? cascade.standIns[index] : nil,
                         apple: appleRole(cascade, index))
        }
        let traits = measured.map { FaceTraits(metrics: $0.metrics, standIn: $0.standIn, isApple: $0.apple != nil) }
        func advance(of value: UInt32) -> [Int32?] {
            faces.map { face in
                guard let scalar = Unicode.Scalar(value), let glyph = face.nominalGlyph(for: scalar) else { return nil }
                return face.nominalAdvance(ofGlyph: glyph)
            }
        }
        let ellipsis = advance(of: 0x2026)
        let hyphen = advance(of: 0x2D)
        lastFaces = KeptFaces(
            faces: faces, standIns: cascade.standIns, apple: cascade.apple, measured: measured, traits: traits,
            ellipsis: ellipsis, hyphen: hyphen
        )
        return (measured, traits, ellipsis, hyphen)
    }

    private func bidi() throws(SegmentationError) -> BidiResolver {
        if let bidiResolver { return bidiResolver }
        let resolver = try BidiResolver()
        bidiResolver = resolver
        return resolver
    }

    private func systemFontLookup() -> SystemFontLookup? {
        if let fontconfig { return fontconfig }
        fontconfig = SystemFontLookup()
        return fontconfig
    }
}
