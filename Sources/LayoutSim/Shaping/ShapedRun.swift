/// One glyph as HarfBuzz positioned it, in font units (unhinted, at scale = units per em).
public struct ShapedGlyph: Sendable, Hashable {
    /// Glyph index in the face.
    public let glyphID: UInt32
    /// UTF-16 offset of the first code unit of the glyph's cluster in the shaped text.
    public let cluster: Int
    /// Advance after shaping (kerning and other GPOS adjustments included), font units.
    public let advance: Int32
    /// The glyph's own advance from `hmtx`/CFF, before any positioning, font units.
    public let nominalAdvance: Int32
    /// Horizontal and vertical offset from the pen position, font units.
    public let xOffset: Int32
    /// Vertical offset from the baseline, font units.
    public let yOffset: Int32
}

/// The shaped glyphs of one run of text in one face, in visual (HarfBuzz output) order.
///
/// A plain value: HarfBuzz's buffer has been copied out and reused. Cluster values are UTF-16 offsets
/// into the text that was shaped, the index space of `NSRange` and ICU.
public struct ShapedRun: Sendable, Hashable {
    /// The face that shaped the run.
    public let face: FaceID
    /// Units per em of that face, the denominator for converting the advances to points.
    public let unitsPerEm: Int
    /// Glyphs in HarfBuzz output order (visual order; reversed for right-to-left runs).
    public let glyphs: [ShapedGlyph]
    /// Whether HarfBuzz shaped the run right to left.
    public let isRightToLeft: Bool
}
