import CICU
import LayoutSimModel

/// Owns one ICU `UBiDi` object and resolves embedding levels (UAX #9) for whole texts.
///
/// Each paragraph (split at `\n`, U+2029) takes its direction from its first strong character, as UILabel does
/// with natural alignment; Latin words and digits inside Arabic or Hebrew get their own even levels.
package final class BidiResolver {
    /// `UBiDi *`.
    private let raw: UnsafeMutableRawPointer

    package init() throws(SegmentationError) {
        guard let raw = cicu_ubidi_open() else { throw .icu("U_MEMORY_ALLOCATION_ERROR") }
        self.raw = raw
    }

    /// Closes the `UBiDi`.
    deinit { cicu_ubidi_close(raw) }

    /// The embedding level of every UTF-16 code unit (even = left to right, odd = right to left).
    package func levels(_ utf16: [UInt16]) throws(SegmentationError) -> [UInt8] {
        if utf16.isEmpty { return [] }
        var failure: SegmentationError?
        var levels: [UInt8] = []
        utf16.withUnsafeBufferPointer { text in
            var status: Int32 = 0
            cicu_ubidi_setPara(raw, text.baseAddress, Int32(text.count), UInt8(CICU_BIDI_DEFAULT_LTR), &status)
            guard cicu_failure(status) == 0, let pointer = cicu_ubidi_getLevels(raw, &status), cicu_failure(status) == 0 else {
                failure = .icu(String(cString: cicu_u_errorName(status)))
                return
            }
            levels = Array(UnsafeBufferPointer(start: pointer, count: text.count))
            // Detach from the buffer before it goes away.
            cicu_ubidi_setPara(raw, nil, 0, UInt8(CICU_BIDI_DEFAULT_LTR), &status)
        }
        if let failure { throw failure }
        return levels
    }
}

/// A Unicode script (ICU `UScriptCode`), with the ISO 15924 code HarfBuzz takes.
package struct Script: Hashable, Sendable {
    /// The ICU script code.
    package let code: Int32

    /// Common (Zyyy): spaces, punctuation, digits: takes the script of the text around it.
    package static let common = Script(code: Int32(CICU_SCRIPT_COMMON))
    /// Inherited (Zinh): combining marks: takes the script of their base.
    package static let inherited = Script(code: Int32(CICU_SCRIPT_INHERITED))
    /// Latin (Latn).
    package static let latin = Script(code: Int32(CICU_SCRIPT_LATIN))

    /// The script of `scalar`.
    package init(of scalar: Unicode.Scalar) {
        var status: Int32 = 0
        let code = cicu_uscript_getScript(Int32(bitPattern: scalar.value), &status)
        self.code = cicu_failure(status) == 0 ? code : Int32(CICU_SCRIPT_UNKNOWN)
    }

    package init(code: Int32) { self.code = code }

    /// Whether the script is Common or Inherited (it belongs to the surrounding text).
    package var isNeutral: Bool { self == .common || self == .inherited }

    /// ISO 15924 code ("Thai", "Arab", "Latn"), or nil.
    package var iso15924: String? {
        guard let name = cicu_uscript_getShortName(code) else { return nil }
        return String(cString: name)
    }
}
