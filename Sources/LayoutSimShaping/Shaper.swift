import CHarfBuzz
import LayoutSimFaces
import LayoutSimModel

/// Shapes text with HarfBuzz in font units. Owned by a ``LayoutEngine``; counts its work for `--stats`.
package final class Shaper {
    private var buffer = ShapingBuffer()
    /// Number of HarfBuzz shaping calls made.
    package private(set) var shapeCalls = 0
    /// Runs of one space (U+0020) already shaped: in right-to-left and Indic text every space between words is a
    /// run of its own in the system font's stand-in. Such a run shapes the same wherever it stands (a space joins
    /// nothing, and HarfBuzz reads the text around a run only for joining), so it is shaped once per face and
    /// shaping properties; bounded.
    private var spaces: [LoneSpace] = []
    private static let spaceCapacity = 16

    package init() {}

    /// Shapes `utf16[range]` in `face`; clusters in the result are offsets into `utf16`.
    ///
    /// - Parameter contextualAlternates: false turns the font's `calt` feature off. The SF stand-in shapes with it
    ///   off: Inter's `calt` makes one arrow glyph of "->", which SF does not, and that glyph would hide the break
    ///   opportunity after the hyphen.
    /// - Parameter tracking: false turns HarfBuzz's `trak` support off (Apple's fonts: their tracking is applied per
    ///   size, ``OpticalSizeAdvances``' neighbour in `AdvanceSource`). `ink`: false skips the ink extents.
    package func shape(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?,
        rightToLeft: Bool? = nil, script: String? = nil, contextualAlternates: Bool = true, tracking: Bool = true,
        ink: Bool = true
    ) -> ShapedRun {
        shape(
            utf16, range: range, face: face, language: language, rightToLeft: rightToLeft,
            harfBuzzScript: script.map { hb_script_from_string($0, -1) }, contextualAlternates: contextualAlternates,
            tracking: tracking, ink: ink
        )
    }

    /// ``shape(_:range:face:language:rightToLeft:script:contextualAlternates:tracking:ink:)`` with HarfBuzz's script.
    package func shape(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?,
        harfBuzzScript script: hb_script_t?, contextualAlternates: Bool = true, tracking: Bool = true, ink: Bool = true
    ) -> ShapedRun {
        let isLoneSpace = range.count == 1 && utf16[range.lowerBound] == 0x20
        if isLoneSpace, let known = spaces.first(where: {
            $0.face === face && $0.rightToLeft == rightToLeft && $0.script == script && $0.language == language
                && $0.contextualAlternates == contextualAlternates && $0.tracking == tracking && $0.ink == ink
        }) {
            return known.run(at: range.lowerBound)
        }
        shapeCalls += 1
        let run = buffer.shape(
            utf16, range: range, face: face, language: language, rightToLeft: rightToLeft, script: script,
            contextualAlternates: contextualAlternates, tracking: tracking, ink: ink
        )
        if isLoneSpace {
            if spaces.count == Self.spaceCapacity { spaces.removeFirst() }
            spaces.append(LoneSpace(
                face: face, rightToLeft: rightToLeft, script: script, language: language,
                contextualAlternates: contextualAlternates, tracking: tracking, ink: ink, shaped: run
            ))
        }
        return run
    }

    /// The total advance of `utf16[range]` shaped in `face` (the rest of `utf16` as context), font units.
    package func advance(
        _ utf16: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, language: String?,
        harfBuzzScript script: hb_script_t?
    ) -> Int32 {
        shapeCalls += 1
        return buffer.advance(utf16, range: range, face: face, language: language, script: script)
    }
}

/// A run of one space as shaped in one face with one set of shaping properties (``Shaper``'s cache).
private struct LoneSpace {
    /// Held, so that the identity compared stays this face's.
    let face: FontFace
    let rightToLeft: Bool?
    let script: hb_script_t?
    let language: String?
    let contextualAlternates: Bool
    let tracking: Bool
    let ink: Bool
    /// The run as shaped, clusters relative to its start.
    private let glyphs: [ShapedGlyph]
    private let unitsPerEm: Int
    private let isRightToLeft: Bool

    init(
        face: FontFace, rightToLeft: Bool?, script: hb_script_t?, language: String?, contextualAlternates: Bool,
        tracking: Bool, ink: Bool, shaped: ShapedRun
    ) {
        self.face = face
        self.rightToLeft = rightToLeft
        self.script = script
        self.language = language
        self.contextualAlternates = contextualAlternates
        self.tracking = tracking
        self.ink = ink
        let start = shaped.range.lowerBound
        glyphs = shaped.glyphs.map { $0.moved(by: -start) }
        unitsPerEm = shaped.unitsPerEm
        isRightToLeft = shaped.isRightToLeft
    }

    /// The run as it would be shaped at `offset` in a text.
    func run(at offset: Int) -> ShapedRun {
        ShapedRun(
            face: face.id, unitsPerEm: unitsPerEm, range: offset..<(offset + 1),
            glyphs: offset == 0 ? glyphs : glyphs.map { $0.moved(by: offset) }, isRightToLeft: isRightToLeft
        )
    }
}

extension ShapedGlyph {
    /// This glyph with its cluster `delta` code units further on.
    fileprivate func moved(by delta: Int) -> ShapedGlyph {
        ShapedGlyph(
            glyphID: glyphID, cluster: cluster + delta, advance: advance, nominalAdvance: nominalAdvance,
            xOffset: xOffset, yOffset: yOffset, inkTop: inkTop, inkBottom: inkBottom
        )
    }
}
