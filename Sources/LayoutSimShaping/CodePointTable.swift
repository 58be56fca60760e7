import CICU
import LayoutSimICU

/// What preparing a text asks of each code point (its script, its grapheme-break class, whether it needs a glyph, is
/// whitespace, a mark or emoji), looked up once per code point and kept, not looked up again: a text asks them of
/// every code point, several times over.
///
/// The answers are exactly the functions they memoize (``Script/init(of:)``, ``Unicode/Scalar/needsGlyph``, …).
/// Owned by one ``TextMeasurer`` (not `Sendable`); it grows by pages of 256 code points as code points are met,
/// bounded by the code space (4,352 pages).
package struct CodePointTable {
    /// Page of each block of 256 code points in `entries` (0: not allocated yet).
    private var pageOf = [UInt16](repeating: 0, count: 0x110000 >> 8)
    /// Entries of the allocated pages, page `p` at `p << 8`; page 0 is never used. An entry of 0 is not looked up yet.
    private var entries = [UInt32](repeating: 0, count: 256)

    package init() {}

    /// The facts about `value` (a Unicode scalar value, or a surrogate code unit: see ``Facts``).
    ///
    /// Looked up without changing the table, and worked out and kept apart when not known yet: inlined whole, the
    /// changes would make every caller check that both arrays are its own before each lookup.
    @inline(__always)
    package mutating func facts(_ value: UInt32) -> Facts {
        let block = Int(value >> 8)
        if block < pageOf.count {
            let page = Int(pageOf[block])
            if page != 0 {
                let known = entries[page << 8 | Int(value & 0xFF)]
                if known != 0 { return Facts(bits: known) }
            }
        }
        return learn(value)
    }

    /// ``facts(_:)`` of a code point not looked up yet: worked out, and kept.
    @inline(never)
    private mutating func learn(_ value: UInt32) -> Facts {
        let block = Int(value >> 8)
        guard block < pageOf.count else { return Facts(bits: Facts.compute(0xFFFD)) }
        var page = Int(pageOf[block])
        if page == 0 {
            page = entries.count >> 8
            pageOf[block] = UInt16(page)
            entries.append(contentsOf: repeatElement(0, count: 256))
        }
        let slot = page << 8 | Int(value & 0xFF)
        let known = entries[slot]
        if known != 0 { return Facts(bits: known) }
        let bits = Facts.compute(value)
        entries[slot] = bits
        return Facts(bits: bits)
    }

    /// A code point's facts, packed in 32 bits.
    package struct Facts {
        package let bits: UInt32

        /// ICU's script code (``Script``).
        @inline(__always) package var script: Script { Script(code: Int32(bits & 0xFFFF)) }
        /// ICU's `UGraphemeClusterBreak` value.
        @inline(__always) package var graphemeBreak: UInt32 { (bits >> 16) & 0x1F }
        /// ``Unicode/Scalar/needsGlyph``.
        @inline(__always) package var needsGlyph: Bool { bits & (1 << 21) != 0 }
        /// Counts as whitespace in a whitespace cluster: not a plain glyph, and `properties.isWhitespace`.
        @inline(__always) package var isWhitespace: Bool { bits & (1 << 22) != 0 }
        /// A mark (`ClusterScalars.isMark`).
        @inline(__always) package var isMark: Bool { bits & (1 << 23) != 0 }
        /// `properties.isEmojiPresentation`.
        @inline(__always) package var isEmojiPresentation: Bool { bits & (1 << 24) != 0 }
        /// A virama (canonical combining class 9), which ICU's grapheme rules join Indic consonants across.
        @inline(__always) package var isVirama: Bool { bits & (1 << 25) != 0 }
        /// Unassigned in ICU's Unicode data (general category Cn): its classes there are the defaults, which a later
        /// Unicode version (Swift's) may have changed.
        @inline(__always) package var isUnassigned: Bool { bits & (1 << 26) != 0 }

        /// The facts of `value`; a surrogate code unit (no scalar) is taken as U+FFFD, as decoding reads a lone one,
        /// but keeps its own grapheme-break class (ICU's: Control).
        static func compute(_ value: UInt32) -> UInt32 {
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            let gcb = UInt32(truncatingIfNeeded: cicu_u_graphemeClusterBreak(Int32(bitPattern: value))) & 0x1F
            let script = UInt32(UInt16(truncatingIfNeeded: Script(of: scalar).code))
            var bits = script | gcb << 16 | 1 << 31
            if scalar.needsGlyph { bits |= 1 << 21 }
            if !scalar.isPlainGlyph && scalar.properties.isWhitespace { bits |= 1 << 22 }
            if ClusterScalars.isMark(scalar) { bits |= 1 << 23 }
            if scalar.properties.isEmojiPresentation { bits |= 1 << 24 }
            if scalar.properties.canonicalCombiningClass == .virama { bits |= 1 << 25 }
            if cicu_u_generalCategory(Int32(bitPattern: value)) == CICU_CATEGORY_UNASSIGNED { bits |= 1 << 26 }
            return bits
        }
    }
}
