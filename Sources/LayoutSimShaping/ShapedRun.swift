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
    /// The glyphs as they were shaped, their clusters ``clusterShift`` code units short of this run's offsets: a run
    /// shaped before at another offset (the shaper's cache of short runs) shares its glyphs, not a moved copy of them
    /// made and freed per word.
    package let shapedGlyphs: [ShapedGlyph]
    /// What to add to a glyph's cluster in ``shapedGlyphs`` to make it an offset into the whole text.
    package let clusterShift: Int
    /// Whether the run was shaped right to left.
    public let isRightToLeft: Bool

    /// Glyphs in HarfBuzz output order (visual order; reversed for right-to-left runs), clusters as offsets into the
    /// whole text.
    public var glyphs: [ShapedGlyph] {
        clusterShift == 0 ? shapedGlyphs : shapedGlyphs.map { $0.moved(by: clusterShift) }
    }

    public init(face: FaceID, unitsPerEm: Int, range: Range<Int>, glyphs: [ShapedGlyph], isRightToLeft: Bool) {
        self.face = face
        self.unitsPerEm = unitsPerEm
        self.range = range
        shapedGlyphs = glyphs
        clusterShift = 0
        self.isRightToLeft = isRightToLeft
    }

    /// `run`'s glyphs for the same text at `range` (as long as `run`'s), sharing them.
    package init(_ run: ShapedRun, movedTo range: Range<Int>) {
        face = run.face
        unitsPerEm = run.unitsPerEm
        self.range = range
        shapedGlyphs = run.shapedGlyphs
        clusterShift = run.clusterShift + range.lowerBound - run.range.lowerBound
        isRightToLeft = run.isRightToLeft
    }

    public static func == (a: ShapedRun, b: ShapedRun) -> Bool {
        a.face == b.face && a.unitsPerEm == b.unitsPerEm && a.range == b.range && a.isRightToLeft == b.isRightToLeft
            && (a.clusterShift == b.clusterShift ? a.shapedGlyphs == b.shapedGlyphs : a.glyphs == b.glyphs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(face)
        hasher.combine(unitsPerEm)
        hasher.combine(range)
        hasher.combine(isRightToLeft)
        hasher.combine(glyphs)
    }
}

extension ShapedGlyph {
    /// The glyph with its cluster `offset` code units later.
    package func moved(by offset: Int) -> ShapedGlyph {
        ShapedGlyph(glyphID: glyphID, cluster: cluster + offset, advance: advance, nominalAdvance: nominalAdvance,
                    xOffset: xOffset, yOffset: yOffset, inkTop: inkTop, inkBottom: inkBottom)
    }
}
