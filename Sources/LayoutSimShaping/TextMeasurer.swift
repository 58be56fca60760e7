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
    /// ICU locale IDs of the language tags seen (BCP 47 → ICU), bounded.
    private var locales = LRUCache<String, String>(capacity: 64)
    /// Advances of joining-script clusters shaped with text on one side only (their form at a line edge), bounded.
    private var edgeAdvances = LRUCache<EdgeKey, Int32>(capacity: 4096)

    package init() {}

    /// Shapes `text` in `cascade`.
    ///
    /// - Parameters:
    ///   - language: BCP 47 tag for ICU's line breaking and HarfBuzz's language; nil for none.
    ///   - systemFonts: the registry to open fonts installed on this machine from, as a last resort for text the
    ///     cascade does not cover (fontconfig); nil for none. A font fontconfig names that cannot be opened is
    ///     skipped and said in ``MeasuredText/warnings``.
    ///   - lineBreakRules: ICU's `lb` keyword for the line-break iterator, unless the tag sets one (`-u-lb-…`).
    package func measure(
        _ text: String, cascade: FontCascade, language: String?, systemFonts: FontRegistry?,
        lineBreakRules: LineBreakRules = .strict
    ) throws(SegmentationError) -> MeasuredText {
        let utf16 = Array(text.utf16)
        let tag = language ?? ""
        let key = tag + "\u{0}" + lineBreakRules.rawValue
        let locale: String
        if let known = locales[key] {
            locale = known
        } else {
            let base = try TextBoundaries.icuLocale(forLanguageTag: tag)
            if base.contains("lb=") {
                locale = base
            } else {
                locale = base + (base.contains("@") ? ";" : "@") + "lb=" + lineBreakRules.rawValue
            }
            locales[key] = locale
        }
        let breaks = try boundaries.lineBreaks(utf16, locale: locale)
        let graphemes = try boundaries.graphemeBoundaries(utf16)
        // Bidi only where right-to-left text can occur (Hebrew U+0590 and above).
        let levels: [UInt8] = utf16.contains(where: { $0 >= 0x0590 }) ? try bidi().levels(utf16) : []
        var warnings: [String] = []
        let lookup = systemFonts == nil ? nil : systemFontLookup()
        if systemFonts != nil && lookup == nil {
            warnings.append("fontconfig could not load its configuration: fonts installed on this machine are not used")
        }
        let emojiFace = cascade.standIns.firstIndex(of: .emoji)
        let (runs, faces, _) = Itemizer.itemize(
            utf16, graphemes: graphemes, levels: levels, cascade: cascade.faces, emojiFace: emojiFace
        ) { scalar in
            guard let systemFonts, let file = lookup?.font(covering: scalar) else { return nil }
            do {
                return try systemFonts.face(path: file.path, index: file.faceIndex)
            } catch {
                warnings.append("installed font skipped for \(MeasuredText.codePointName(scalar)): \(error)")
                return nil
            }
        }
        var shaped: [(run: ShapedRun, faceIndex: Int)] = []
        var itemized: [(run: TextRun, shaped: ShapedRun)] = []
        itemized.reserveCapacity(runs.count)
        shaped.reserveCapacity(runs.count)
        for run in runs {
            let result = shaper.shape(
                utf16, range: run.range, face: faces[run.faceIndex], language: language,
                rightToLeft: levels.isEmpty ? nil : run.isRightToLeft, script: run.script.iso15924,
                contextualAlternates: run.faceIndex != cascade.systemModelIndex
            )
            shaped.append((result, run.faceIndex))
            itemized.append((run, result))
        }
        let measuredFaces = faces.enumerated().map { index, face in
            MeasuredFace(id: face.id, metrics: face.metrics, standIn: index < cascade.standIns.count ? cascade.standIns[index] : nil)
        }
        let ellipsis: [Int32?] = faces.map { face in
            guard let scalar = Unicode.Scalar(0x2026), let glyph = face.nominalGlyph(for: scalar) else { return nil }
            return face.nominalAdvance(ofGlyph: glyph)
        }
        var measured = MeasuredText(
            text: text, utf16: utf16, runs: shaped, faces: measuredFaces, breaks: breaks, graphemes: graphemes,
            levels: levels, ellipsisUnits: ellipsis, warnings: warnings, language: language
        )
        measured.edgeUnits = lineEdges(measured, runs: itemized, faces: faces, language: language)
        return measured
    }

    /// The advance of `cluster` shaped with `before` and `after` as its only context, font units (cached).
    func edgeAdvance(
        _ cluster: [UInt16], before: [UInt16], after: [UInt16], face: FontFace, script: String, language: String?
    ) -> Int32 {
        let key = EdgeKey(face: face.id, before: before, cluster: cluster, after: after, language: language ?? "")
        if let known = edgeAdvances[key] { return known }
        let units = before + cluster + after
        let run = shaper.shape(
            units, range: before.count..<(before.count + cluster.count), face: face, language: language, script: script
        )
        let advance = run.glyphs.reduce(Int32(0)) { $0 &+ $1.advance }
        edgeAdvances[key] = advance
        return advance
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

/// Key of a cached edge advance.
private struct EdgeKey: Hashable {
    let face: FaceID
    let before: [UInt16]
    let cluster: [UInt16]
    let after: [UInt16]
    let language: String
}
