import LayoutSimModel
import LayoutSimShaping
import LayoutSimSupport
import Testing

/// ``TextBytes`` reads a string's UTF-8 in place: the answers are the ones `utf8` gives byte by byte.
struct TextBytesTests {
    static let texts = ["", "a", "100%", "%@", "ไทย %lld", "e\u{301}", "\u{E9}", "عربي", "🇩🇪👍🏽", "a\u{0}b", String(repeating: "ß", count: 300)]

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

    /// SHA-256 of a text's bytes: FIPS 180-4's and Python's hashlib's digests, and the bytes' own digest (``SHA256``,
    /// itself checked against `sha256sum`) for texts of every length up to two blocks and beyond.
    @Test func sha256IsTheBytesDigest() {
        #expect(TextBytes.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(TextBytes.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // Python: hashlib.sha256("สีสดหรือจาง".encode()).hexdigest()
        #expect(TextBytes.sha256Hex("สีสดหรือจาง") == "e3bf882c7e90502fd81cb91d856230c561cf36f43465a08a02a6e8e38ab89648")
        for text in Self.texts + (0...130).map({ String(repeating: "é", count: $0) }) {
            #expect(TextBytes.sha256Hex(text) == SHA256.hexDigest(of: Array(text.utf8)), "\(text)")
        }
    }
}
