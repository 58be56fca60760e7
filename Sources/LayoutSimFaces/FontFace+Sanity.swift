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
        if let read = advancesFromTable(face: face, glyphCount: count, bound: bound) {
            return read.glyph.map { glyph in
                "impossible metrics: glyph \(glyph) advances \(read.advance) units (unitsPerEm \(upem)); at most \(maximumMetricInEm) em"
            }
        }
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

    /// The first glyph whose advance is beyond `bound` (nil: none) and that advance, read from `hmtx` itself; nil when
    /// the face's advances are not plain `hmtx` values (a variable font; no `hhea`, or an `hmtx` shorter than its
    /// long metrics or with none), so that HarfBuzz is asked glyph by glyph. Gives what HarfBuzz's advances give:
    /// glyph `i` below the long metrics has the `i`th advance (unsigned, so never negative), a glyph after them
    /// the last one or 0. Read from the table, not asked of HarfBuzz glyph by glyph: a CJK font has some 60,000
    /// glyphs, checked at every start.
    private static func advancesFromTable(
        face: OpaquePointer, glyphCount: Int, bound: Int32
    ) -> (glyph: Int?, advance: Int32)? {
        guard hb_ot_var_has_data(face) == 0 else { return nil }
        func table(_ tag: hb_tag_t, _ read: (UnsafeBufferPointer<UInt8>) -> (glyph: Int?, advance: Int32)?) -> (glyph: Int?, advance: Int32)? {
            guard let blob = hb_face_reference_table(face, tag) else { return nil }
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
            return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                read(UnsafeBufferPointer(start: $0, count: Int(length)))
            }
        }
        func u16(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        var longMetrics = 0
        _ = table(0x6868_6561) { hhea in   // 'hhea': numberOfHMetrics at 34
            if hhea.count >= 36 { longMetrics = u16(hhea, 34) }
            return nil
        }
        guard longMetrics > 0 else { return nil }
        return table(0x686D_7478) { hmtx in   // 'hmtx': (advanceWidth, lsb) × numberOfHMetrics, then lsb only
            guard hmtx.count >= 4 * longMetrics else { return nil }
            for glyph in 0..<min(longMetrics, glyphCount) {
                let advance = Int32(u16(hmtx, 4 * glyph))
                if advance > bound { return (glyph, advance) }
            }
            return (nil, 0)
        }
    }
}
