import CHarfBuzz
import CICU
import LayoutSimFaces
import LayoutSimICU
import LayoutSimModel

/// The one `hb_buffer_t` a ``Shaper`` reuses for every run, cleared after each use (Pango's acquire/release).
package struct ShapingBuffer: ~Copyable {
    /// `hb_buffer_t *`.
    private let raw: OpaquePointer

    /// The `calt` feature tag.
    private static let calt: hb_tag_t = (0x63 << 24) | (0x61 << 16) | (0x6C << 8) | 0x74
    /// The `trak` feature tag: HarfBuzz applies a font's `trak` table at the font's point size through it.
    private static let trak: hb_tag_t = (0x74 << 24) | (0x72 << 16) | (0x61 << 8) | 0x6B

    package init() {
        // hb_buffer_create never returns NULL: on allocation failure it returns the inert empty buffer.
        raw = hb_buffer_create()
    }

    /// Frees the `hb_buffer_t`.
    deinit { hb_buffer_destroy(raw) }

    /// The language last set, and HarfBuzz's for it (looking a tag up costs more than comparing it).
    private var lastLanguage: String?
    private var lastHarfBuzzLanguage: hb_language_t?

    /// Shapes `utf16[range]` with the given face, with the rest of the text as context (so Arabic joining
    /// across a run boundary is kept), and copies the glyphs, positions and ink extents out.
    ///
    /// Kerning and ligatures are on (HarfBuzz defaults). Direction and script are given by the itemizer; nil
    /// lets HarfBuzz guess them from the text.
    package mutating func shape(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?, script: String?,
        contextualAlternates: Bool = true, tracking: Bool = true, ink: Bool = true
    ) -> ShapedRun {
        let tag = script.map { hb_script_from_string($0, -1) }
        return shape(
            utf16, range: range, face: face, language: language, rightToLeft: rightToLeft, script: tag,
            contextualAlternates: contextualAlternates, tracking: tracking, ink: ink
        )
    }

    /// ``shape(_:range:face:language:rightToLeft:script:contextualAlternates:tracking:ink:)`` with HarfBuzz's script
    /// (``Script/harfBuzz``).
    package mutating func shape(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?,
        script: hb_script_t?, contextualAlternates: Bool = true, tracking: Bool = true, ink: Bool = true
    ) -> ShapedRun {
        let isRightToLeft = run(
            utf16, range: range, face: face, language: language, rightToLeft: rightToLeft, script: script,
            contextualAlternates: contextualAlternates, tracking: tracking
        )
        var count: UInt32 = 0
        var glyphs: [ShapedGlyph] = []
        if let infos = hb_buffer_get_glyph_infos(raw, &count), let positions = hb_buffer_get_glyph_positions(raw, nil) {
            let n = Int(count)
            glyphs.reserveCapacity(n)
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(1, n)) { nominal in
                face.withHarfBuzzFont { font in
                    infos.withMemoryRebound(to: hb_codepoint_t.self, capacity: 1) { first in
                        hb_font_get_glyph_h_advances(
                            font, count, first, UInt32(MemoryLayout<hb_glyph_info_t>.stride), nominal.baseAddress,
                            UInt32(MemoryLayout<Int32>.stride)
                        )
                    }
                }
                for i in 0..<n {
                    let info = infos[i]
                    let position = positions[i]
                    var inkTop: Int32?
                    var inkBottom: Int32?
                    if ink, let ink = face.inkExtents(ofGlyph: info.codepoint) {
                        inkTop = position.y_offset &+ ink.top
                        inkBottom = position.y_offset &+ ink.bottom
                    }
                    glyphs.append(ShapedGlyph(
                        glyphID: info.codepoint,
                        cluster: Int(info.cluster),
                        advance: position.x_advance,
                        nominalAdvance: nominal[i],
                        xOffset: position.x_offset,
                        yOffset: position.y_offset,
                        inkTop: inkTop,
                        inkBottom: inkBottom
                    ))
                }
            }
        }
        hb_buffer_clear_contents(raw)
        return ShapedRun(face: face.id, unitsPerEm: face.metrics.unitsPerEm, range: range, glyphs: glyphs, isRightToLeft: isRightToLeft)
    }

    /// The sum of the advances HarfBuzz gives `utf16[range]` (with the rest as context), font units: what a run's
    /// width is, without copying its glyphs out.
    package mutating func advance(
        _ utf16: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, language: String?, script: hb_script_t?
    ) -> Int32 {
        let _: Bool = run(utf16, range: range, face: face, language: language, rightToLeft: nil, script: script)
        var count: UInt32 = 0
        var total: Int32 = 0
        if let positions = hb_buffer_get_glyph_positions(raw, &count) {
            for i in 0..<Int(count) { total &+= positions[i].x_advance }
        }
        hb_buffer_clear_contents(raw)
        return total
    }

    /// Fills the buffer with `utf16[range]` (the rest as context) and shapes it; returns whether it was shaped right
    /// to left. The glyphs stay in the buffer for the caller to read, and clear.
    private mutating func run(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?,
        script: hb_script_t?, contextualAlternates: Bool = true, tracking: Bool = true
    ) -> Bool {
        utf16.withUnsafeBufferPointer { buffer in
            run(buffer, range: range, face: face, language: language, rightToLeft: rightToLeft, script: script,
                contextualAlternates: contextualAlternates, tracking: tracking)
        }
    }

    private mutating func run(
        _ utf16: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?,
        script: hb_script_t?, contextualAlternates: Bool = true, tracking: Bool = true
    ) -> Bool {
        hb_buffer_clear_contents(raw)
        hb_buffer_set_cluster_level(raw, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_buffer_add_utf16(raw, utf16.baseAddress, Int32(utf16.count), UInt32(range.lowerBound), Int32(range.count))
        if let language, !language.isEmpty {
            let hbLanguage: hb_language_t?
            if language == lastLanguage {
                hbLanguage = lastHarfBuzzLanguage
            } else {
                hbLanguage = hb_language_from_string(language, -1)
                lastLanguage = language
                lastHarfBuzzLanguage = hbLanguage
            }
            hb_buffer_set_language(raw, hbLanguage)
        }
        if let rightToLeft { hb_buffer_set_direction(raw, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR) }
        if let script { hb_buffer_set_script(raw, script) }
        hb_buffer_guess_segment_properties(raw)
        let isRightToLeft = hb_buffer_get_direction(raw) == HB_DIRECTION_RTL
        face.withHarfBuzzFont { font in
            if contextualAlternates && tracking {
                hb_shape(font, raw, nil, 0)
            } else {
                // Features turned off: `calt` (the SF stand-in), `trak` (Apple's fonts: tracking is applied per size).
                var off = (hb_feature_t(), hb_feature_t())
                var count: UInt32 = 0
                withUnsafeMutableBytes(of: &off) { bytes in
                    let features = bytes.bindMemory(to: hb_feature_t.self)
                    if !contextualAlternates {
                        features[Int(count)] = hb_feature_t(tag: Self.calt, value: 0, start: 0, end: UInt32.max)
                        count += 1
                    }
                    if !tracking {
                        features[Int(count)] = hb_feature_t(tag: Self.trak, value: 0, start: 0, end: UInt32.max)
                        count += 1
                    }
                    hb_shape(font, raw, features.baseAddress, count)
                }
            }
        }
        return isRightToLeft
    }
}

extension Script {
    /// HarfBuzz's script for this one (its ISO 15924 code), without making a `String` of the code; looked up in a
    /// table made once, not asked per run (ICU's name, then HarfBuzz's parse).
    package var harfBuzz: hb_script_t? {
        guard code >= 0 && Int(code) < harfBuzzScripts.count else { return Self.harfBuzz(code: code) }
        let script = harfBuzzScripts[Int(code)]
        return script == HB_SCRIPT_INVALID ? nil : script
    }

    /// HarfBuzz's script for ICU's script `code` (nil: ICU has no name for it).
    fileprivate static func harfBuzz(code: Int32) -> hb_script_t? {
        guard let name = cicu_uscript_getShortName(code) else { return nil }
        return hb_script_from_string(name, -1)
    }
}

/// ``Script/harfBuzz`` of the first 256 ICU script codes (every one ICU 72 has), `HB_SCRIPT_INVALID` for none.
private let harfBuzzScripts: [hb_script_t] = (0..<256).map { Script.harfBuzz(code: Int32($0)) ?? HB_SCRIPT_INVALID }
