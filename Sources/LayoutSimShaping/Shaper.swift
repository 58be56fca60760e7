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
    package func shape(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?, rightToLeft: Bool?,
        harfBuzzScript script: hb_script_t?, contextualAlternates: Bool = true, tracking: Bool = true, ink: Bool = true
    ) -> ShapedRun {
        shapeCalls += 1
        return buffer.shape(
            utf16, range: range, face: face, language: language, rightToLeft: rightToLeft, script: script,
            contextualAlternates: contextualAlternates, tracking: tracking, ink: ink
        )
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
