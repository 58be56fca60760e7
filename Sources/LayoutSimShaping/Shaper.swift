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
    package func shape(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, language: String?,
        rightToLeft: Bool? = nil, script: String? = nil, contextualAlternates: Bool = true
    ) -> ShapedRun {
        shapeCalls += 1
        return buffer.shape(
            utf16, range: range, face: face, language: language, rightToLeft: rightToLeft, script: script,
            contextualAlternates: contextualAlternates
        )
    }
}
