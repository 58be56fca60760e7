import CFreeType
import LayoutSimModel

/// Owns one `FT_Library`. Every ``FontFace`` keeps its library alive, so the library is freed last.
///
/// FreeType allows no concurrent face creation on one library: a library belongs to one ``FontRegistry``,
/// which belongs to one ``LayoutEngine``; none of them is `Sendable`.
package final class FreeTypeLibrary {
    /// `FT_Library`.
    package let raw: FT_Library

    package init() throws(FreeTypeError) {
        var library: FT_Library?
        try FreeTypeError.check(FT_Init_FreeType(&library))
        guard let library else { throw FreeTypeError.outOfMemory }
        raw = library
    }

    /// Frees the `FT_Library` (faces hold a reference to `self`, so none is left).
    deinit { FT_Done_FreeType(raw) }
}
