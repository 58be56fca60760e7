import LayoutSimFaces
import LayoutSimModel

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
    /// Horizontal offset from the pen position, font units.
    public let xOffset: Int32
    /// Vertical offset from the baseline (marks stacked by GPOS), font units, up positive.
    public let yOffset: Int32
    /// Top of the glyph's ink (its extents, offset included), font units above the baseline; nil for no ink.
    public let inkTop: Int32?
    /// Bottom of the glyph's ink, font units above the baseline (negative below); nil for no ink.
    public let inkBottom: Int32?
}

/// The shaped glyphs of one run of text in one face, in visual (HarfBuzz output) order.
///
/// A plain value: HarfBuzz's buffer has been copied out and reused. Cluster values are UTF-16 offsets
/// into the whole text, the index space of `NSRange` and ICU.
public struct ShapedRun: Sendable, Hashable {
    /// The face that shaped the run.
    public let face: FaceID
    /// Units per em of that face, the denominator for converting the advances to points.
    public let unitsPerEm: Int
    /// The run's text, UTF-16 offsets into the whole text.
    public let range: Range<Int>
    /// Glyphs in HarfBuzz output order (visual order; reversed for right-to-left runs).
    public let glyphs: [ShapedGlyph]
    /// Whether the run was shaped right to left.
    public let isRightToLeft: Bool
}
