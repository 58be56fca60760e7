import CHarfBuzz

/// Metrics no real font has, refused when a face is opened: a mutated or broken file would otherwise give negative
/// widths and line heights, and verdicts that mean nothing.
///
/// | value | accepted |
/// |---|---|
/// | ascender, -descender, line gap (hhea, else the face's) | each within ±``maximumMetricInEm`` em |
/// | ascender − descender (the line's height before the gap) | more than 0 |
/// | every glyph's advance (hmtx, CFF) | 0 … ``maximumMetricInEm`` em |
extension FontFace {
    /// The largest ascender, descender, line gap or advance accepted, in ems: 16 (Zapfino's tallest are under 3).
    package static let maximumMetricInEm = 16

    /// Why the vertical metrics cannot be right, or `nil`.
    static func impossibleMetrics(ascender: Int, descender: Int, lineGap: Int, upem: Int) -> String? {
        let bound = maximumMetricInEm * upem
        for (name, value) in [("ascender", ascender), ("descender", descender), ("line gap", lineGap)]
        where abs(value) > bound {
            return "impossible metrics: \(name) \(value) is more than \(maximumMetricInEm) em (unitsPerEm \(upem))"
        }
        if ascender - descender <= 0 {
            return "impossible metrics: ascender \(ascender) and descender \(descender) give a line height of "
                + "\(ascender - descender) units"
        }
        if ascender - descender + lineGap <= 0 {
            return "impossible metrics: line gap \(lineGap) makes the line height \(ascender - descender + lineGap) units"
        }
        return nil
    }

    /// Why some glyph's advance cannot be right (negative, or more than ``maximumMetricInEm`` em), or `nil`.
    /// Reads every advance once, in batches, each batch checked by its smallest and largest advance (a CJK font's
    /// 65,535 glyphs take well under a millisecond).
    static func impossibleAdvance(font: OpaquePointer, face: OpaquePointer, upem: Int) -> String? {
        let count = Int(hb_face_get_glyph_count(face))
        let bound = Int32(clamping: maximumMetricInEm * upem)
        let batch = 1024
        var glyphs = [hb_codepoint_t](repeating: 0, count: batch)
        var advances = [hb_position_t](repeating: 0, count: batch)
        return glyphs.withUnsafeMutableBufferPointer { glyphBuffer -> String? in
            advances.withUnsafeMutableBufferPointer { advanceBuffer -> String? in
                var start = 0
                while start < count {
                    let n = min(batch, count - start)
                    for i in 0..<n { glyphBuffer[i] = hb_codepoint_t(truncatingIfNeeded: start &+ i) }
                    hb_font_get_glyph_h_advances(
                        font, UInt32(n), glyphBuffer.baseAddress, UInt32(MemoryLayout<hb_codepoint_t>.stride),
                        advanceBuffer.baseAddress, UInt32(MemoryLayout<hb_position_t>.stride)
                    )
                    var lowest = Int32.max, highest = Int32.min
                    for i in 0..<n {
                        lowest = min(lowest, advanceBuffer[i])
                        highest = max(highest, advanceBuffer[i])
                    }
                    if lowest < 0 || highest > bound {
                        for i in 0..<n where advanceBuffer[i] < 0 || advanceBuffer[i] > bound {
                            return "impossible metrics: glyph \(start + i) advances \(advanceBuffer[i]) units (unitsPerEm \(upem)); "
                                + "at most \(maximumMetricInEm) em"
                        }
                    }
                    start += n
                }
                return nil
            }
        }
    }
}
