import LayoutSimShaping
import Testing

/// ``TextBytes`` reads a string's UTF-8 in place: the answers are the ones `utf8` gives byte by byte.
struct TextBytesTests {
    static let texts = ["", "a", "100%", "%@", "ไทย %lld", "e\u{301}", "\u{E9}", "عربي", "🇩🇪👍🏽", "a\u{0}b", String(repeating: "ß", count: 300)]

    @Test func containsAsUTF8Does() {
        for text in Self.texts {
            for byte: UInt8 in [0, 0x25, 0x61, 0xC3, 0xE0, 0xF0] {
                #expect(TextBytes.contains(byte, in: text) == text.utf8.contains(byte), "\(text) \(byte)")
            }
        }
    }

    /// Same bytes: same answer as comparing `utf8` (canonically equivalent spellings differ), and equal hashes.
    @Test func sameBytesAndHashes() {
        for a in Self.texts {
            for b in Self.texts {
                #expect(TextBytes.sameBytes(a, b) == a.utf8.elementsEqual(b.utf8), "\(a) \(b)")
            }
            var one = Hasher()
            var two = Hasher()
            TextBytes.hash(a, into: &one)
            TextBytes.hash(String(decoding: Array(a.utf8), as: UTF8.self), into: &two)
            #expect(one.finalize() == two.finalize())
        }
        #expect(!TextBytes.sameBytes("e\u{301}", "\u{E9}") && "e\u{301}" == "\u{E9}")
    }
}
