import CFontconfig
import LayoutSimModel

/// Finds a font installed on this machine that covers a code point, through fontconfig: the `--system-fonts`
/// last resort. Off by default, because its answers differ from machine to machine.
///
/// Owns one `FcConfig` (loaded on creation, destroyed in `deinit`).
package final class SystemFontLookup {
    /// `FcConfig *`.
    private let config: OpaquePointer
    private var answers: [UInt32: FontFile?] = [:]

    /// Loads fontconfig's configuration; nil when it cannot (fontconfig gives no reason; the caller says so).
    package init?() {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        self.config = config
    }

    /// Destroys the `FcConfig`.
    deinit { FcConfigDestroy(config) }

    /// The installed font fontconfig prefers for `scalar`, if one covers it.
    package func font(covering scalar: Unicode.Scalar) -> FontFile? {
        if let answer = answers[scalar.value] { return answer }
        var result: FontFile?
        if let pattern = FcPatternCreate(), let charset = FcCharSetCreate() {
            _ = FcCharSetAddChar(charset, scalar.value)
            _ = FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var status = FcResultNoMatch
            if let match = FcFontMatch(config, pattern, &status) {
                var file: UnsafeMutablePointer<FcChar8>?
                var index: Int32 = 0
                var covered: OpaquePointer?
                if FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file,
                   FcPatternGetCharSet(match, FC_CHARSET, 0, &covered) == FcResultMatch, let covered,
                   FcCharSetHasChar(covered, scalar.value) != 0 {
                    _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
                    result = FontFile(path: String(cString: file), faceIndex: Int(index))
                }
                FcPatternDestroy(match)
            }
            FcCharSetDestroy(charset)
            FcPatternDestroy(pattern)
        }
        answers[scalar.value] = result
        return result
    }
}
