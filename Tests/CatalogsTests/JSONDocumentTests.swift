import Foundation
@testable import LayoutSimCatalogs
import LayoutSimTestSupport
import Testing

/// ``JSONDocument`` against Foundation's `JSONSerialization`, the parser the String Catalog reader used before: the
/// same documents accepted and rejected, the same strings decoded (escapes, surrogate pairs, NUL, decomposed
/// letters), the same value kept for a duplicate key, the same nesting limit; and its own error offsets and key
/// offsets, counted by hand.
@Suite struct JSONDocumentTests {
    /// Whether our value and Foundation's are the same JSON: objects with the same keys (the last of duplicates),
    /// strings with the same scalars, numbers with the same `Double`, booleans as booleans.
    static func same(_ ours: JSONValue, _ theirs: Any) -> Bool {
        switch ours {
        case .object(let object):
            guard let dictionary = theirs as? [String: Any] else { return false }
            let mine = object.dictionary
            return mine.count == dictionary.count && mine.allSatisfy { key, value in
                dictionary[key].map { same(value, $0) } ?? false
            }
        case .array(let values):
            guard let array = theirs as? [Any], array.count == values.count else { return false }
            return zip(values, array).allSatisfy { same($0, $1) }
        case .string(let string):
            guard let other = theirs as? String else { return false }
            return string.unicodeScalars.elementsEqual(other.unicodeScalars)
        case .number(let number):
            return (theirs as? NSNumber)?.doubleValue == number && !(theirs is String)
        case .bool(let flag):
            return (theirs as? Bool) == flag && !(theirs is String)
        case .null:
            return theirs is NSNull
        }
    }

    /// Both parsers on `text`: `nil` when they agree, else what differs.
    static func disagreement(_ bytes: [UInt8]) -> String? {
        let theirs = try? JSONSerialization.jsonObject(with: Data(bytes))
        let ours: JSONValue?
        do { ours = try JSONDocument.parse(bytes) } catch { ours = nil }
        switch (ours, theirs) {
        case (nil, nil): return nil
        case (let mine?, let other?): return same(mine, other) ? nil : "different values"
        case (nil, _?): return "only JSONSerialization accepts it"
        case (_?, nil): return "only JSONDocument accepts it"
        }
    }

    static let cases: [String] = [
        #"{}"#, #"[]"#, " \t\r\n{} \n", #"{"a":1,"a":2}"#, #"{"a":{"x":1},"\u0061":2}"#, #""x""#, "1", "true",
        #"["\ud800"]"#, #"["\ud800x"]"#, #"["\udc00"]"#, #"["\ud83d\ude00"]"#, #"["\ud83d\u0041"]"#, #"["\uDBFF\uDFFF"]"#,
        "[\"a\tb\"]", "[\"a\u{7F}b\"]", "[\"a\u{1F}b\"]", #"["\u0000"]"#, #"["\u00e9\u20AC"]"#, "[\"e\u{301}\"]",
        #"["\"\\\/\b\f\n\r\t"]"#, #"["\x"]"#, #"["\u12"]"#, #"["\u12G4"]"#, #"["\uFFFF\uFEFF"]"#,
        "{} x", "\u{0C}{}", "\u{A0}{}", "[1]garbage", "[1] ]", #"{"a":1}}"#, "/* c */ {}",
        "[-]", "[01]", "[1.]", "[.5]", "[1e]", "[+1]", "[1e400]", "[-1e400]", "[-0]", "[-01]", "[1E+2]", "[0e]",
        "[1.5e-3]", "[12345678901234567890123]", "[1e-400]", "[10e-1]", "[-0.0]", "[0.1e1]",
        "[1,]", #"{"a":1,}"#, "[,]", "[,1]", "{,}", "[1,,2]", #"{"a":1,,"b":2}"#, "[1 ,]", "[1,\n]", #"{"a":1 , }"#,
        "{1:2}", "[tru]", "[nul]", "[truex]", "[nulll]", "[true,false,null]", "", "  ", #"{"a" 1}"#, #"["abc"#,
        #"{"a":"b" "c":1}"#, #"{"a""#, #"{"a":"#, #"{"a":1"#, "[1", "[1e5", "[tr", "[true", #"["\"#, #"["\u"#,
        #"["\ud83d\"#, #"["\ud83d\n"]"#, #"{"":""}"#, #"{"a":[{"b":[[],{}]}]}"#,
        #"{"a":true,"b":false,"c":null,"d":[1],"e":{},"f":0,"g":1,"h":2,"i":1.0,"j":"true"}"#,
    ]

    @Test func acceptsRejectsAndDecodesAsJSONSerialization() {
        for text in Self.cases {
            #expect(Self.disagreement(Array(text.utf8)) == nil, "\(text.debugDescription)")
        }
    }

    @Test func nestingLimitIsJSONSerializations() throws {
        for depth in [511, 512, 513, 100_000] {
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            #expect(Self.disagreement(Array(text.utf8)) == nil, "depth \(depth)")
        }
        let deep = String(repeating: "{\"a\":", count: 513) + "1" + String(repeating: "}", count: 513)
        #expect(throws: JSONDocument.ParseError.self) { try JSONDocument.parse(Array(deep.utf8)) }
    }

    /// 3,000 one-byte edits (replaced, deleted or inserted from JSON's own punctuation and a few letters) of a
    /// small catalog, from a fixed seed: every one accepted or rejected as JSONSerialization does, read the same.
    @Test func editedCatalogsAgreeWithJSONSerialization() {
        let catalog = Array(#"""
        {"sourceLanguage":"en","strings":{"a.é":{"comment":"c\"q\u00e9\ud83d\ude00","localizations":{"de":{"stringUnit":
        {"state":"translated","value":"Wert\n\t1"}},"fr":{"variations":{"plural":{"one":{"stringUnit":{"value":"%d x"}},
        "other":{"stringUnit":{"value":"%d xs"}}}}}},"shouldTranslate":false},"b":{}},"version":"1.0","n":[-1.5e3,0,true,null]}
        """#.utf8)
        let alphabet = Array(#"{}[],:" \-.0e1\u9a"#.utf8) + [0x0A, 0x09, 0x00, 0xC3, 0xA9]
        var generator = SplitMix64(seed: 15)
        for round in 0..<3000 {
            var bytes = catalog
            let at = Int(generator.next() % UInt64(bytes.count))
            let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
            switch round % 3 {
            case 0: bytes[at] = byte
            case 1: bytes.remove(at: at)
            default: bytes.insert(byte, at: at)
            }
            guard String(bytes: bytes, encoding: .utf8) != nil else { continue }  // the reader checks UTF-8 first
            #expect(Self.disagreement(bytes) == nil, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test func errorOffsetsPointAtTheProblem() {
        func offset(_ text: String) -> Int? {
            do { _ = try JSONDocument.parse(Array(text.utf8)); return nil } catch { return error.offset }
        }
        #expect(offset(#"{"a" : x}"#) == 7)            // the unquoted value
        #expect(offset(#"{"é€" : y}"#) == 11)          // bytes, not characters: é is 2, € is 3
        #expect(offset(#"["ok", "\q"]"#) == 8)          // the escape's backslash
        #expect(offset(#"["\ud800"]"#) == 2)            // the lone surrogate's escape
        #expect(offset("[\"a\u{01}\"]") == 3)           // the control character
        #expect(offset(#"{"a":1} {"#) == 8)             // text after the document
        #expect(offset(#"{"a":[1,2"#) == 9)             // cut short: the end
        #expect(offset("[1e999]") == 1)                 // the number out of range
    }

    /// A quote, backslash escape or control character at every position of short and longer strings after
    /// multi-byte characters: decoded as JSONSerialization decodes them, control characters refused at their byte.
    @Test func stringsScannedInStepsStopAtEveryPosition() throws {
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 30] {
            for position in 0...length {
                let prefix = String(repeating: "é", count: position / 2) + String(repeating: "a", count: position % 2)
                let suffix = String(repeating: "b", count: length - position)
                for middle in [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, "x"] {
                    let text = "[\"" + prefix + middle + suffix + "\"]"
                    let bytes = Array(text.utf8)
                    let ours = try JSONDocument.parse(bytes)
                    let theirs = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
                    #expect(Self.same(ours, theirs), "\(text)")
                }
                let bad = Array(("[\"" + prefix + "\u{1F}" + suffix + "\"]").utf8)
                do {
                    _ = try JSONDocument.parse(bad)
                    Issue.record("a control character accepted")
                } catch {
                    #expect(error.offset == 2 + prefix.utf8.count)
                }
            }
        }
    }

    @Test func keysKeepTheirOffsetsInFileOrder() throws {
        let text = "{ \"b\" : 1,\n  \"é\" : {\"x\":[]}, \"b\" : 2 }"
        let object = try #require(try JSONDocument.parse(Array(text.utf8)).object)
        #expect(object.members.map(\.key) == ["b", "é", "b"])
        #expect(object.members.map(\.offset) == [2, 13, 30])  // "é" is two bytes
        #expect(object.offset(of: "b") == 2)
        #expect(object["b"].flatMap { if case .number(let n) = $0 { n } else { nil } } == 2)
        #expect(object.sortedKeys == ["b", "é"])
    }
}

/// A small seeded generator (SplitMix64), the same sequence on every machine.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
