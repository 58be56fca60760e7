import LayoutSimFaces
import LayoutSimModel

/// The first stage of every fit: itemizes a text by font coverage, bidi level and script, shapes each run once in
/// font units, and collects its line-break opportunities and grapheme boundaries into a ``MeasuredText``.
///
/// Owns the shaper, ICU's iterators and bidi object, and the fontconfig lookup, all reused across texts (bounded).
/// Not `Sendable`: one per engine.
package final class TextMeasurer {
    package let shaper = Shaper()
    private let boundaries = TextBoundaries()
    private var bidiResolver: BidiResolver?
    private var fontconfig: SystemFontLookup?
    /// ICU locale IDs of the language tags seen (BCP 47 → ICU), bounded; and the last one asked for.
    private var locales = LRUCache<String, String>(capacity: 64)
    private var lastLocale: (language: String?, rules: LineBreakRules, locale: String)?
    /// Advances of joining-script clusters shaped with text on one side only (their form at a line edge), bounded.
    var edgeAdvances = LRUCache<EdgeKey, Int32>(capacity: 4096)
    /// The faces and languages of ``edgeAdvances``' keys, numbered (bounded by the faces and languages met).
    var edgeFaces: [FontFace] = []
    var edgeLanguages: [String: Int] = [:]
    /// Per ICU script code: 0 not known yet, 1 not a joining script, 2 a joining script.
    var joiningByScript: [UInt8] = []
    /// What each code point met is (script, grapheme class, …), looked up once.
    private var table = CodePointTable()
    /// Working arrays reused from one text to the next.
    private var itemizing = Itemizer.Scratch()
    private var building = MeasuredText.Scratch()
    /// The faces of the last cascade measured, with what a measured text keeps of them (the same for every text
    /// shaped in that cascade, so made once).
    private var lastFaces: (faces: [FontFace], standIns: [StandIn?], apple: [AppleFaceRole?], measured: [MeasuredFace],
                            traits: [FaceTraits], ellipsis: [Int32?])?

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
        // Bidi only where right-to-left text can occur (Hebrew U+0590 and above).
        let levels: [UInt8] = utf16.contains(where: { $0 >= 0x0590 }) ? try bidi().levels(utf16) : []
        var warnings: [String] = []
        let lookup = systemFonts == nil ? nil : systemFontLookup()
        if systemFonts != nil && lookup == nil {
            warnings.append("fontconfig could not load its configuration: fonts installed on this machine are not used")
        }
        let emojiFace = cascade.standIns.firstIndex(of: .emoji)
        let faces = Itemizer.itemize(
            utf16, graphemes: building.graphemes, levels: levels, cascade: cascade.faces, emojiFace: emojiFace,
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
        let runs = itemizing.runs
        var placed: [PlacedRun] = []
        placed.reserveCapacity(runs.count)
        for run in runs {
            let apple = appleRole(cascade, run.faceIndex)
            let result = shaper.shape(
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
        var measured = MeasuredText(
            text: text, utf16: utf16, runs: placed, faces: kept.measured, traits: kept.traits,
            ellipsisUnits: kept.ellipsis, levels: levels, warnings: warnings, language: language,
            table: &table, scratch: &building
        )
        measured.edgeUnits = lineEdges(measured, runs: runs, faces: faces, language: language)
        if !cascade.apple.isEmpty {
            measured.opticalSizes = opticalSizes(
                measured, runs: runs, faces: faces, cascade: cascade, language: language, range: opticalSizeRange
            )
        }
        return measured
    }

    /// The UTF-16 code units of `text`, in an array of exactly their number.
    private static func codeUnits(_ text: String) -> [UInt16] {
        let view = text.utf16
        var out: [UInt16] = []
        out.reserveCapacity(view.count)
        for unit in view { out.append(unit) }
        return out
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

    /// The faces of a measured text shaped with `faces` (the cascade's, and any last-resort faces after them), what
    /// the stages read of each, and each one's advance of U+2026: made once per cascade.
    private func facesKept(
        _ faces: [FontFace], cascade: FontCascade
    ) -> (measured: [MeasuredFace], traits: [FaceTraits], ellipsis: [Int32?]) {
        if let last = lastFaces, last.faces.count == faces.count, zip(last.faces, faces).allSatisfy({ $0 === $1 }),
           last.standIns == cascade.standIns, last.apple == cascade.apple {
            return (last.measured, last.traits, last.ellipsis)
        }
        let measured = faces.enumerated().map { index, face in
            MeasuredFace(id: face.id, metrics: face.metrics, standIn: index < cascade.standIns.count ? cascade.standIns[index] : nil,
                         apple: appleRole(cascade, index))
        }
        let traits = measured.map { FaceTraits(metrics: $0.metrics, standIn: $0.standIn, isApple: $0.apple != nil) }
        let ellipsis: [Int32?] = faces.map { face in
            guard let scalar = Unicode.Scalar(0x2026), let glyph = face.nominalGlyph(for: scalar) else { return nil }
            return face.nominalAdvance(ofGlyph: glyph)
        }
        lastFaces = (faces, cascade.standIns, cascade.apple, measured, traits, ellipsis)
        return (measured, traits, ellipsis)
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
