import CICU
import LayoutSimICU

// Grapheme boundaries by the plain rules of UAX #29, from the code points' facts in a ``CodePointTable`` (which
// knows what shaping asks of each code point, so it is Shaping's): ICU's iterator is left for the texts that need
// its state.
extension TextBoundaries {
    /// Grapheme cluster boundaries of `utf16` (as ``graphemeBoundaries(_:)``) found without ICU's iterator when every
    /// code unit is of a grapheme class whose rules are plain: Other, Control, CR, LF, Extend, SpacingMark (most Latin,
    /// Greek, Cyrillic, Thai, Devanagari, Arabic letters and marks). Then UAX #29 reduces to GB3–GB5, GB9, GB9a and
    /// GB999, over ICU's own property values. Returns false, `out` unspecified, for any other class (Prepend, ZWJ,
    /// Hangul, regional indicators, emoji modifiers, …), a surrogate, or a virama (ICU's rules keep an Indic
    /// consonant, virama and consonant together, as Unicode 15.1's GB9c later did): ICU's iterator then decides.
    package static func simpleGraphemeBoundaries(
        _ utf16: [UInt16], table: inout CodePointTable, into out: inout [Int]
    ) -> Bool {
        out.removeAll(keepingCapacity: true)
        out.append(0)
        if utf16.isEmpty { return true }
        guard plainGraphemes(utf16, table: &table, takesUnassigned: true, boundary: { out.append($0) }) else { return false }
        out.append(utf16.count)
        return true
    }

    /// The number of grapheme clusters of `text` (Swift's `Character` count, `text.count`), counted with the rules of
    /// ``simpleGraphemeBoundaries(_:table:into:)`` when every code point is of a class they take and assigned in ICU's
    /// data; nil otherwise. There UAX #29 is GB3–GB5, GB9, GB9a and GB999 for Swift as for ICU (no Prepend, ZWJ,
    /// Hangul, regional indicator or virama: none of the rules that keep state applies), and the classes are the same:
    /// compared code point by code point over the whole BMP, where the rules take any (`CharacterCountTests`). Code
    /// points unassigned in ICU's data are left to Swift, whose newer data may class them otherwise (U+0897 and
    /// U+1ACF… are marks since Unicode 16, Other to ICU 72).
    package static func simpleGraphemeCount(_ text: String, table: inout CodePointTable) -> Int? {
        var text = text
        return text.withUTF8 { bytes in
            var boundaries = 0
            guard plainGraphemes(BMPScalars(bytes: bytes), table: &table, takesUnassigned: false,
                                 boundary: { _ in boundaries += 1 }) else {
                return nil
            }
            return bytes.isEmpty ? 0 : boundaries + 1
        }
    }

    /// The scalar values of valid UTF-8, read straight from its bytes; a scalar beyond the BMP (four bytes) reads as
    /// 0x10000, which the plain rules refuse.
    fileprivate struct BMPScalars: Sequence, IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        var k = 0

        mutating func next() -> UInt32? {
            guard k < bytes.count else { return nil }
            let b0 = UInt32(bytes[k])
            if b0 < 0x80 {
                k += 1
                return b0
            }
            if b0 < 0xE0, k + 1 < bytes.count {
                defer { k += 2 }
                return (b0 & 0x1F) << 6 | UInt32(bytes[k + 1] & 0x3F)
            }
            if b0 < 0xF0, k + 2 < bytes.count {
                defer { k += 3 }
                return (b0 & 0x0F) << 12 | UInt32(bytes[k + 1] & 0x3F) << 6 | UInt32(bytes[k + 2] & 0x3F)
            }
            k = bytes.count
            return 0x10000
        }
    }

    /// Calls `boundary(k)` for every grapheme boundary inside `values` (code units or scalar values: `k` counts them),
    /// with the plain rules; false as soon as a value is of a class they do not take (a surrogate or a scalar beyond the
    /// BMP too, and unless `takesUnassigned` one unassigned in ICU's data), some boundaries then reported already.
    @inline(__always)
    private static func plainGraphemes<Values: Sequence>(
        _ values: Values, table: inout CodePointTable, takesUnassigned: Bool, boundary: (Int) -> Void
    ) -> Bool where Values.Element: FixedWidthInteger {
        let other = UInt32(CICU_GCB_OTHER), control = UInt32(CICU_GCB_CONTROL), cr = UInt32(CICU_GCB_CR)
        let lf = UInt32(CICU_GCB_LF), extend = UInt32(CICU_GCB_EXTEND), spacingMark = UInt32(CICU_GCB_SPACING_MARK)
        var previous = other
        var k = 0
        for element in values {
            let unit = UInt32(truncatingIfNeeded: element)
            let gcb: UInt32
            if unit >= 0x20 && unit <= 0x7E {
                gcb = other
            } else if unit > 0xFFFF || unit & 0xF800 == 0xD800 {
                return false
            } else {
                let facts = table.facts(unit)
                gcb = facts.graphemeBreak
                guard !facts.isVirama, takesUnassigned || !facts.isUnassigned,
                      gcb == other || gcb == control || gcb == cr || gcb == lf || gcb == extend || gcb == spacingMark else {
                    return false
                }
            }
            if k > 0 {
                let isBoundary: Bool
                if previous == cr && gcb == lf {
                    isBoundary = false                                  // GB3
                } else if previous == control || previous == cr || previous == lf {
                    isBoundary = true                                   // GB4
                } else if gcb == control || gcb == cr || gcb == lf {
                    isBoundary = true                                   // GB5
                } else {
                    isBoundary = gcb != extend && gcb != spacingMark    // GB9, GB9a; else GB999
                }
                if isBoundary { boundary(k) }
            }
            previous = gcb
            k += 1
        }
        return true
    }
}
