import Foundation
@testable import LayoutSimShaping
import Testing

/// ``ClusterScalars`` against the Swift standard library and Foundation, which `MeasuredText` asked before.
@Suite struct ClusterScalarsTests {
    /// The scalars read from UTF-16 are those of `String(decoding:as:)`, lone surrogates included.
    @Test func decodesAsStringDoes() {
        let cases: [[UInt16]] = [
            [], [0x41], [0xD83D, 0xDE00], [0xD83D], [0xDE00], [0xDE00, 0xD83D], [0x0E01, 0x0E34, 0xD800, 0x41],
            [0xD83D, 0xD83D, 0xDE00], Array("ก่ำ e\u{301} ñ 😀 क्षि".utf16),
        ]
        var scalars: [Unicode.Scalar] = []
        for units in cases {
            ClusterScalars.decode(units[...], into: &scalars)
            #expect(scalars == Array(String(decoding: units, as: UTF16.self).unicodeScalars), "\(units)")
        }
    }

    /// The scalars taken as drawn and not whitespace without a look at their properties are: not default-ignorable,
    /// no control, format, line or paragraph separator, and not White_Space.
    @Test func plainGlyphsNeedGlyphsAndAreNoWhitespace() {
        var plain = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.isPlainGlyph else { continue }
            plain += 1
            let properties = scalar.properties
            let category = properties.generalCategory
            #expect(!properties.isDefaultIgnorableCodePoint && !properties.isWhitespace, "U+\(String(value, radix: 16))")
            #expect(![.control, .format, .lineSeparator, .paragraphSeparator].contains(category), "U+\(String(value, radix: 16))")
        }
        #expect(plain == 94 + (0x06DC - 0x0621 + 1) + (0x0E7F - 0x0900 + 1))
    }

    /// The letters taken as no mark without a look at their properties are letters.
    @Test func commonBaseLettersAreLetters() {
        var letters = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), ClusterScalars.isCommonBaseLetter(scalar) else { continue }
            letters += 1
            #expect([.otherLetter, .modifierLetter].contains(scalar.properties.generalCategory), "U+\(String(value, radix: 16))")
        }
        #expect(letters == (0x064A - 0x0621 + 1) + (0x0939 - 0x0904 + 1) + (0x0E30 - 0x0E01 + 1) + (0x0E46 - 0x0E40 + 1))
    }

    /// Every assigned scalar from U+0370 on that is not a mark and not listed as possibly decomposing to ASCII has
    /// a base outside ASCII in Foundation's canonical decomposition: the shortcut never says "not ASCII" where
    /// Foundation's decomposition would be ASCII letters and marks.
    @Test func shortcutAgreesWithFoundationsDecomposition() {
        var checked = 0
        for value in UInt32(0x370)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned,
                  scalar.properties.generalCategory != .privateUse, scalar.properties.generalCategory != .surrogate
            else { continue }
            guard ClusterScalars.hasNonASCIIBase([scalar]) else { continue }
            let bases = String(Character(scalar)).decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                ![.nonspacingMark, .enclosingMark, .spacingMark].contains($0.properties.generalCategory)
            }
            #expect(bases.contains { $0.value > 0x7E || $0.value < 0x20 }, "U+\(String(value, radix: 16, uppercase: true))")
            checked += 1
        }
        #expect(checked > 100_000)
        // And the listed ones do decompose to ASCII with marks (the list is not wider than it says).
        for value: UInt32 in [0x1E00, 0x037E, 0x1FEF, 0x212A, 0x212B, 0x2260, 0x226E, 0x226F] {
            let scalar = Unicode.Scalar(value)!
            #expect(!ClusterScalars.hasNonASCIIBase([scalar]))
            let first = String(Character(scalar)).decomposedStringWithCanonicalMapping.unicodeScalars.first
            #expect(first.map { $0.value < 0x7F } == true, "U+\(String(value, radix: 16, uppercase: true))")
        }
        // Thai, Arabic, Devanagari letters: a base outside ASCII; a lone Thai mark or e + accent: not known.
        #expect(ClusterScalars.hasNonASCIIBase(Array("ก่".unicodeScalars)))
        #expect(ClusterScalars.hasNonASCIIBase(Array("ب".unicodeScalars)))
        #expect(ClusterScalars.hasNonASCIIBase(Array("क्षि".unicodeScalars)))
        #expect(!ClusterScalars.hasNonASCIIBase(Array("\u{0E48}".unicodeScalars)))
        #expect(!ClusterScalars.hasNonASCIIBase(Array("e\u{301}".unicodeScalars)))
        #expect(!ClusterScalars.hasNonASCIIBase(Array("é".unicodeScalars)))
    }
}
