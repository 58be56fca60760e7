import CHarfBuzz
import LayoutSimFaces
import LayoutSimModel

/// Shapes text with HarfBuzz in font units. Owned by a ``LayoutEngine``; counts its work for `--stats`.
package final class Shaper {
    private var buffer = ShapingBuffer()
    /// Number of HarfBuzz shaping calls made.
    package private(set) var shapeCalls = 0

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
        shapeCalls += 1
        return buffer.shape(
            utf16, range: range, face: face, language: language, rightToLeft: rightToLeft, script: script,
            contextualAlternates: contextualAlternates, tracking: tracking, ink: ink
        )
    }

    /// ``shape(_:range:face:language:rightToLeft:script:contextualAlternates:tracking:ink:)`` with HarfBuzz's script.
    /// A run of spaces is shaped once per face and setting (``spaceRuns``).
    package func shape(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?,
        harfBuzzScript script: hb_script_t?, contextualAlternates: Bool = true, tracking: Bool = true, ink: Bool = true
    ) -> ShapedRun {
        let key = reusesSpaceRuns ? SpaceRunKey(
            utf16, range: range, face: face, language: language, rightToLeft: rightToLeft, script: script,
            contextualAlternates: contextualAlternates, tracking: tracking, ink: ink
        ) : nil
        if let key, let known = spaceRuns[key], known.face === face {
            let glyphs = known.run.glyphs.map { $0.moved(by: range.lowerBound - known.run.range.lowerBound) }
            return ShapedRun(face: known.run.face, unitsPerEm: known.run.unitsPerEm, range: range, glyphs: glyphs,
                             isRightToLeft: known.run.isRightToLeft)
        }
        shapeCalls += 1
        let run = buffer.shape(
            utf16, range: range, face: face, language: language, rightToLeft: rightToLeft, script: script,
            contextualAlternates: contextualAlternates, tracking: tracking, ink: ink
        )
        if let key, spaceRuns.count < Self.spaceRunCapacity { spaceRuns[key] = (face, run) }
        return run
    }

    /// Runs of spaces shaped so far, by face, length and setting, with their face (kept, so that its identity is
    /// never another face's). A run of U+0020 alone shapes the same wherever it is: HarfBuzz reads the text around a
    /// run only in its Arabic joining, where a space (non-joining) takes no form and passes none on, and for a dotted
    /// circle at the beginning of a text, which needs a mark. Its glyphs are moved to each run's offset. Such runs
    /// are the spaces between the words of a script the system font's stand-in does not cover, which go to the
    /// stand-in (one shaping call per space, as costly as a word of Thai, for a glyph that never changes).
    private var spaceRuns: [SpaceRunKey: (face: FontFace, run: ShapedRun)] = [:]
    private static let spaceRunCapacity = 1024
    /// Whether runs of spaces are shaped once (``spaceRuns``); tests turn it off to compare.
    package var reusesSpaceRuns = true

    /// The total advance of `utf16[range]` shaped in `face` (the rest of `utf16` as context), font units.
    package func advance(
        _ utf16: UnsafeBufferPointer<UInt16>, range: Range<Int>, face: FontFace, language: String?,
        harfBuzzScript script: hb_script_t?
    ) -> Int32 {
        shapeCalls += 1
        return buffer.advance(utf16, range: range, face: face, language: language, script: script)
    }
}

/// What a run of spaces shapes with (``Shaper/spaceRuns``): nil for any other run.
private struct SpaceRunKey: Hashable {
    let face: ObjectIdentifier
    let count: Int
    let language: String?
    /// -1: HarfBuzz guesses the direction (from the script), 0 left to right, 1 right to left.
    let direction: Int8
    let script: UInt32?
    let flags: UInt8

    /// Runs of up to 16 spaces (U+0020) only.
    init?(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?, script: hb_script_t?,
        contextualAlternates: Bool, tracking: Bool, ink: Bool
    ) {
        guard !range.isEmpty, range.count <= 16 else { return nil }
        for k in range where utf16[k] != 0x20 { return nil }
        self.face = ObjectIdentifier(face)
        count = range.count
        self.language = language
        direction = rightToLeft.map { $0 ? 1 : 0 } ?? -1
        self.script = script.map { UInt32($0.rawValue) }
        flags = (contextualAlternates ? 1 : 0) | (tracking ? 2 : 0) | (ink ? 4 : 0)
    }
}

extension ShapedGlyph {
    /// The glyph with its cluster `offset` code units later.
    func moved(by offset: Int) -> ShapedGlyph {
        ShapedGlyph(glyphID: glyphID, cluster: cluster + offset, advance: advance, nominalAdvance: nominalAdvance,
                    xOffset: xOffset, yOffset: yOffset, inkTop: inkTop, inkBottom: inkBottom)
    }
}
