import CHarfBuzz
import LayoutSimFaces
import LayoutSimModel

/// The one `hb_buffer_t` a ``Shaper`` reuses for every run, cleared after each use (Pango's acquire/release).
package struct ShapingBuffer: ~Copyable {
    /// `hb_buffer_t *`.
    private let raw: OpaquePointer

    /// The `calt` feature tag.
    private static let calt: hb_tag_t = (0x63 << 24) | (0x61 << 16) | (0x6C << 8) | 0x74

    package init() {
        // hb_buffer_create never returns NULL: on allocation failure it returns the inert empty buffer.
        raw = hb_buffer_create()
    }

    /// Frees the `hb_buffer_t`.
    deinit { hb_buffer_destroy(raw) }

    /// Shapes `utf16[range]` with the given face, with the rest of the text as context (so Arabic joining
    /// across a run boundary is kept), and copies the glyphs, positions and ink extents out.
    ///
    /// Kerning and ligatures are on (HarfBuzz defaults). Direction and script are given by the itemizer; nil
    /// lets HarfBuzz guess them from the text.
    package mutating func shape(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?, script: String?,
        contextualAlternates: Bool = true
    ) -> ShapedRun {
        hb_buffer_clear_contents(raw)
        hb_buffer_set_cluster_level(raw, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        utf16.withUnsafeBufferPointer { buffer in
            hb_buffer_add_utf16(raw, buffer.baseAddress, Int32(buffer.count), UInt32(range.lowerBound), Int32(range.count))
        }
        if let language, !language.isEmpty {
            hb_buffer_set_language(raw, hb_language_from_string(language, -1))
        }
        if let rightToLeft { hb_buffer_set_direction(raw, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR) }
        if let script { hb_buffer_set_script(raw, hb_script_from_string(script, -1)) }
        hb_buffer_guess_segment_properties(raw)
        let isRightToLeft = hb_buffer_get_direction(raw) == HB_DIRECTION_RTL

        let glyphs: [ShapedGlyph] = face.withHarfBuzzFont { font in
            if contextualAlternates {
                hb_shape(font, raw, nil, 0)
            } else {
                var off = hb_feature_t(tag: Self.calt, value: 0, start: 0, end: UInt32.max)
                hb_shape(font, raw, &off, 1)
            }
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(raw, &count),
                  let positions = hb_buffer_get_glyph_positions(raw, nil) else { return [] }
            var out: [ShapedGlyph] = []
            out.reserveCapacity(Int(count))
            for i in 0..<Int(count) {
                let info = infos[i]
                let position = positions[i]
                var inkTop: Int32?
                var inkBottom: Int32?
                if let ink = face.inkExtents(ofGlyph: info.codepoint) {
                    inkTop = position.y_offset &+ ink.top
                    inkBottom = position.y_offset &+ ink.bottom
                }
                out.append(ShapedGlyph(
                    glyphID: info.codepoint,
                    cluster: Int(info.cluster),
                    advance: position.x_advance,
                    nominalAdvance: hb_font_get_glyph_h_advance(font, info.codepoint),
                    xOffset: position.x_offset,
                    yOffset: position.y_offset,
                    inkTop: inkTop,
                    inkBottom: inkBottom
                ))
            }
            return out
        }
        hb_buffer_clear_contents(raw)
        return ShapedRun(face: face.id, unitsPerEm: face.metrics.unitsPerEm, range: range, glyphs: glyphs, isRightToLeft: isRightToLeft)
    }
}
