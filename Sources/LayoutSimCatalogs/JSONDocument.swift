import LayoutSimModel
import LayoutSimSupport

/// A JSON value read by ``JSONDocument``.
package enum JSONValue: Sendable {
    case object(JSONObject)
    case array([JSONValue])
    case string(String)
    /// A number, as the nearest `Double` (what `JSONSerialization`'s `NSNumber` bridges from).
    case number(Double)
    case bool(Bool)
    case null

    /// The string, or `nil` for any other kind (`JSONSerialization`'s `as? String`).
    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The object, or `nil`.
    package var object: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// `true`/`false`, and the numbers 1 and 0 as `true` and `false` (what `NSNumber as? Bool` gives); else `nil`.
    package var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .number(let value) where value == 0 || value == 1: return value == 1
        default: return nil
        }
    }
}

/// A parsed document: every value in one array, in document order (a value; after an object, each member's key and
/// then its value; after an array, its elements; depth first). The objects of a String Catalog have one or two
/// members each, and an array of members for every object would be an allocation per object, four per string of a
/// catalog: the values are views of this array (``JSONObject`` is an object's place in it), and only an array is made
/// into one when it is read. (A value, not a class holding the array: an object read through a class would retain its
/// array at each look.)
package struct JSONTape: Sendable {
    package struct Entry: Sendable {
        package enum Kind: UInt8, Sendable { case object, array, string, number, bool, null, key }
        /// A key's or string's text (empty for the other kinds).
        var string: String
        /// An object's or array's end (the index after its last entry); a key's UTF-8 offset (of its opening
        /// quote); a string's 1 when it has an `@` (a String Catalog's substitution token), else 0 (found by the
        /// parser's scan of its bytes, so that no string is searched again); a number's bit pattern; a Boolean's 0
        /// or 1.
        var word: Int
        var kind: Kind
    }

    let entries: [Entry]

    init(_ entries: [Entry]) { self.entries = entries }

    /// A tape of one empty object (``JSONObject/init()``), made once.
    static let emptyObject = JSONTape([Entry(string: "", word: 1, kind: .object)])

    /// The index after the value at `index` and everything in it.
    @inline(__always)
    func end(of index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == .object || entry.kind == .array ? entry.word : index + 1
    }

    /// Whether the string at `index` has an `@` (``Entry/word``).
    @inline(__always)
    func stringHasAt(_ index: Int) -> Bool { entries[index].kind == .string && entries[index].word != 0 }

    /// The string at `index` (``JSONValue/string`` of ``value(at:)``, without making the value).
    @inline(__always)
    func string(at index: Int) -> String? {
        let kind = entries[index].kind
        return kind == .string || kind == .key ? entries[index].string : nil
    }

    /// The value at `index` (an array made of its elements; an object its place).
    func value(at index: Int) -> JSONValue {
        let entry = entries[index]
        switch entry.kind {
        case .object: return .object(JSONObject(tape: self, index: index))
        case .array:
            var values: [JSONValue] = []
            var element = index + 1
            while element < entry.word {
                values.append(value(at: element))
                element = end(of: element)
            }
            return .array(values)
        case .string, .key: return .string(entry.string)
        case .number: return .number(Double(bitPattern: UInt64(truncatingIfNeeded: entry.word)))
        case .bool: return .bool(entry.word != 0)
        case .null: return .null
        }
    }
}

/// A JSON object: its members in file order, duplicate keys included, each with where its key is written (its place
/// in its document's ``JSONTape``).
package struct JSONObject: Sendable {
    package struct Member: Sendable {
        package let key: String
        /// UTF-8 offset of the key's opening quote.
        package let offset: Int
        package let value: JSONValue
    }

    let tape: JSONTape
    /// The object's entry in ``tape``.
    let index: Int

    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    /// An empty object.
    package init() { self.init(tape: .emptyObject, index: 0) }

    /// The entry of the first member's key (``endIndex`` when there is none).
    var startIndex: Int { index + 1 }
    /// The index after the last member's value.
    var endIndex: Int { tape.entries[index].word }
    /// The entry of the key after the member whose key is at `keyIndex`.
    @inline(__always)
    func index(after keyIndex: Int) -> Int { tape.end(of: keyIndex + 1) }
    /// The key at `keyIndex`.
    func key(at keyIndex: Int) -> String { tape.entries[keyIndex].string }
    /// The UTF-8 offset of the key at `keyIndex`.
    func offset(at keyIndex: Int) -> Int { tape.entries[keyIndex].word }
    /// The value of the member whose key is at `keyIndex`.
    func value(at keyIndex: Int) -> JSONValue { tape.value(at: keyIndex + 1) }

    /// The entries of the members' keys in file order (what ``key(at:)``, ``offset(at:)`` and ``value(at:)`` take):
    /// the one walk over an object, nothing made for a member that is passed.
    var keyIndices: KeyIndices { KeyIndices(object: self, at: startIndex, end: endIndex) }

    struct KeyIndices: Sequence, IteratorProtocol {
        let object: JSONObject
        var at: Int
        let end: Int

        @inline(__always)
        mutating func next() -> Int? {
            guard at < end else { return nil }
            defer { at = object.index(after: at) }
            return at
        }
    }

    /// The members in file order, made as they are walked.
    package var members: Members { Members(object: self) }

    package struct Members: Sequence {
        let object: JSONObject

        package struct Iterator: IteratorProtocol {
            let object: JSONObject
            var keys: KeyIndices

            package mutating func next() -> Member? {
                guard let at = keys.next() else { return nil }
                let entry = object.tape.entries[at]
                return Member(key: entry.string, offset: entry.word, value: object.value(at: at))
            }
        }

        package func makeIterator() -> Iterator { Iterator(object: object, keys: object.keyIndices) }

        /// The number of members (a walk over them).
        package var count: Int { object.keyIndices.reduce(0) { count, _ in count + 1 } }
    }

    /// The value of the last member named `key` (a duplicate key's value is the last one, as in
    /// `JSONSerialization`); a scan, for the few named fields of an object.
    package subscript(key: String) -> JSONValue? {
        var found = -1
        for at in keyIndices where tape.entries[at].string == key { found = at }
        return found < 0 ? nil : value(at: found)
    }

    /// Each key once with its last value (`JSONSerialization`'s dictionary), for looking up many keys.
    package var dictionary: [String: JSONValue] {
        Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The distinct keys, sorted.
    package var sortedKeys: [String] { Set(members.map(\.key)).sorted() }

    /// The offset of the first member named `key`.
    package func offset(of key: String) -> Int? {
        for at in keyIndices where tape.entries[at].string == key { return tape.entries[at].word }
        return nil
    }
}

/// A JSON parser over UTF-8 bytes (RFC 8259, with `JSONSerialization`'s leniencies and limits), linear in the
/// input and bounded in depth, that keeps where each object key is written.
///
/// What it accepts and how it decodes are `JSONSerialization`'s (Swift 6.3, Linux), so a catalog reads the same
/// strings: an object or array at the top; a trailing comma before `]` or `}`; at most 512 levels of nesting;
/// escapes including `\u` surrogate pairs (a lone surrogate is an error); no unescaped control characters in
/// strings; numbers beyond `Double`'s range are errors. Each string is validated as UTF-8 as it is made, and
/// nothing but ASCII is accepted between strings: a document read is valid UTF-8 throughout, without a pass of its
/// own over the bytes.
package struct JSONDocument {
    /// A rejected document: what is wrong and the UTF-8 offset where (the end of the input for a document cut short).
    package struct ParseError: Error, Equatable {
        package let message: String
        package let offset: Int
    }

    /// The deepest nesting of arrays and objects accepted (`JSONSerialization`'s limit).
    package static let maximumDepth = 512

    /// Parses `bytes` into its top-level object or array.
    package static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        try parseFindingLines(bytes).value
    }

    /// ``parse(_:)``, and the UTF-8 offset where each line starts (0, and after each LF and each CR not followed by
    /// LF, what ``SourceText`` finds): in a document read, line breaks are only between tokens (in a string they are
    /// errors), where the parser passes them anyway.
    package static func parseFindingLines(_ bytes: [UInt8]) throws(ParseError) -> (value: JSONValue, lineStarts: [Int]) {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        guard parser.index < bytes.count else { throw parser.endOfInput() }
        guard bytes[parser.index] == UInt8(ascii: "{") || bytes[parser.index] == UInt8(ascii: "[") else {
            throw ParseError(message: "a JSON document must start with an object or an array", offset: parser.index)
        }
        try parser.value(depth: 1)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw ParseError(message: "unexpected text after the end of the document", offset: parser.index)
        }
        return (JSONTape(parser.entries).value(at: 0), parser.lineStarts)
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        /// The line starts passed so far (see ``parseFindingLines(_:)``).
        var lineStarts = [0]
        /// The values read so far (``JSONTape``).
        var entries: [JSONTape.Entry] = []
        /// The string read last at each place of the tree: a member's key, and its value when that is a string, by
        /// the object's depth and the member's index in it (for the first ``recentDepths`` depths and
        /// ``recentMembers`` members; slot `2 × (depth × recentMembers + member)` for the key, the next for the
        /// value). The objects of a String Catalog repeat their members from key to key ("localizations", the
        /// locales, "stringUnit", "state", "translated", "value"): a short string written as the one read last at
        /// its place is that String again, found by comparing its bytes, packed into two words, not decoded and
        /// validated again. Only strings of at most 15 bytes are kept: they are held in the String itself, so
        /// keeping one neither allocates nor counts references.
        var recent: [Recent]
        /// Whether the string read last has an `@` (``JSONTape/Entry/word``).
        var stringHadAt = false

        struct Recent {
            /// The bytes between its quotes, packed (``packed(_:)``), and how many (-1: none yet).
            var bytes: (UInt64, UInt64)
            var count: Int
            var string: String
        }

        static let recentDepths = 8
        static let recentMembers = 8
        /// The longest string kept in ``recent`` (the longest a String holds in itself).
        static let recentLength = 15

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // Room for an entry per 8 bytes (a String Catalog has one per 12 to 25; compact JSON of short strings
            // may need more, and the array grows), not grown from empty and copied again and again. Room not filled
            // is never touched, so it costs no memory.
            entries.reserveCapacity(bytes.count / 8 + 16)
            recent = Array(repeating: Recent(bytes: (0, 0), count: -1, string: ""), count: 2 * Self.recentDepths * Self.recentMembers)
        }

        func endOfInput() -> ParseError { ParseError(message: "unexpected end of file", offset: bytes.count) }

        @inline(__always)
        mutating func skipWhitespace() {
            var i = index
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x09: i += 1
                case 0x0A:
                    i += 1
                    lineStarts.append(i)
                case 0x0D:
                    i += 1
                    if i == bytes.count || bytes[i] != 0x0A { lineStarts.append(i) }
                default:
                    index = i
                    return
                }
            }
            index = i
        }

        /// The character at `offset` for a message: 'x', or the byte's value for a control character.
        func describe(_ offset: Int) -> String {
            let byte = bytes[offset]
            if byte < 0x21 || byte == 0x7F {
                let digits = Array("0123456789ABCDEF")
                return "byte 0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
            }
            let end = min(offset + 4, bytes.count)
            let scalar = String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first
            return "'\(scalar.map { String(Character($0)) } ?? "?")'"
        }

        /// The value at `index`, onto ``entries``; `slot`: its place in ``recent`` when it is a member's value, else -1.
        mutating func value(depth: Int, slot: Int = -1) throws(ParseError) {
            skipWhitespace()
            guard index < bytes.count else { throw endOfInput() }
            let entry: JSONTape.Entry
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""):
                let string = try string(slot: slot)
                entry = JSONTape.Entry(string: string, word: stringHadAt ? 1 : 0, kind: .string)
            case UInt8(ascii: "t"): try literal("true"); entry = JSONTape.Entry(string: "", word: 1, kind: .bool)
            case UInt8(ascii: "f"): try literal("false"); entry = JSONTape.Entry(string: "", word: 0, kind: .bool)
            case UInt8(ascii: "n"): try literal("null"); entry = JSONTape.Entry(string: "", word: 0, kind: .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                entry = JSONTape.Entry(string: "", word: Int(truncatingIfNeeded: try number().bitPattern), kind: .number)
            default: throw ParseError(message: "unexpected \(describe(index)): expected a value", offset: index)
            }
            entries.append(entry)
        }

        mutating func checkDepth(_ depth: Int) throws(ParseError) {
            if depth > JSONDocument.maximumDepth {
                throw ParseError(message: "arrays and objects nested deeper than \(JSONDocument.maximumDepth) levels", offset: index)
            }
        }

        /// After `{`: members until `}`; a comma may follow the last member. Its entry, then each member's key and
        /// value; its end is set when it closes.
        mutating func object(depth: Int) throws(ParseError) {
            try checkDepth(depth)
            index += 1
            let at = entries.count
            entries.append(JSONTape.Entry(string: "", word: 0, kind: .object))
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                entries[at].word = entries.count
                return
            }
            var member = 0
            while true {
                guard index < bytes.count else { throw endOfInput() }
                guard bytes[index] == UInt8(ascii: "\"") else {
                    throw ParseError(message: "unexpected \(describe(index)): expected a key in quotes", offset: index)
                }
                let offset = index
                let slot = depth < Self.recentDepths && member < Self.recentMembers ? 2 * (depth * Self.recentMembers + member) : -1
                member += 1
                let key = try string(slot: slot)
                skipWhitespace()
                guard index < bytes.count else { throw endOfInput() }
                guard bytes[index] == UInt8(ascii: ":") else {
                    throw ParseError(message: "unexpected \(describe(index)): expected ':' after a key", offset: index)
                }
                index += 1
                entries.append(JSONTape.Entry(string: key, word: offset, kind: .key))
                try value(depth: depth + 1, slot: slot < 0 ? -1 : slot + 1)
                if try closesAfterItem(UInt8(ascii: "}")) {
                    entries[at].word = entries.count
                    return
                }
            }
        }

        /// After `[`: values until `]`; a comma may follow the last value. Its entry, then its elements.
        mutating func array(depth: Int) throws(ParseError) {
            try checkDepth(depth)
            index += 1
            let at = entries.count
            entries.append(JSONTape.Entry(string: "", word: 0, kind: .array))
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                entries[at].word = entries.count
                return
            }
            while true {
                try value(depth: depth + 1)
                if try closesAfterItem(UInt8(ascii: "]")) {
                    entries[at].word = entries.count
                    return
                }
            }
        }

        /// After a member or element: true when `closing` ends the object or array (a comma may come before it, as
        /// JSONSerialization allows), false after a comma with more to come.
        mutating func closesAfterItem(_ closing: UInt8) throws(ParseError) -> Bool {
            skipWhitespace()
            guard index < bytes.count else { throw endOfInput() }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                guard index < bytes.count, bytes[index] == closing else { return false }
                index += 1
                return true
            case closing:
                index += 1
                return true
            default:
                let expected = Character(Unicode.Scalar(closing))
                throw ParseError(message: "unexpected \(describe(index)): expected ',' or '\(expected)'", offset: index)
            }
        }

        /// A string from its opening quote: the bytes between the quotes as they are when there is no escape, else
        /// decoded escape by escape. The bytes before the first escape are validated as UTF-8 at once (``made``);
        /// after an escape, each character beyond ASCII is checked as it is passed (an escape adds whole
        /// characters, so it cannot complete a bad sequence before it): what is decoded is valid UTF-8. A short string
        /// that is the one read last at its place (``recent``) is that String, its bytes valid as they were then, and
        /// compared packed from the words the scan read.
        /// `slot`: the string's place in ``recent``, or -1.
        mutating func string(slot: Int = -1) throws(ParseError) -> String {
            let start = index + 1
            var i = start
            let count = bytes.count
            // The first two words read (the string's first 16 bytes, and what follows a shorter one).
            var first: UInt64 = 0, second: UInt64 = 0
            var hasAt = false
            while i < count {
                // Eight bytes at a time while none of them needs a look: a quote, a backslash, a control character or
                // an `@` (found from the word's bits; a byte flagged wrongly can only follow one flagged rightly, so the
                // first flagged is one to look at; a byte beyond ASCII is never flagged). The words are read at
                // `start`, `start + 8`… until the end is near.
                if i + 8 <= count {
                    let word = bytes[i..<(i + 8)].littleEndianWord(at: i)
                    if i == start { first = word } else if i == start + 8 { second = word }
                    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                    let quotes = word ^ (ones &* 0x22), backslashes = word ^ (ones &* 0x5C), ats = word ^ (ones &* 0x40)
                    let flagged = ((word &- ones &* 0x20) | (quotes &- ones) | (backslashes &- ones) | (ats &- ones))
                        & ~word & highs
                    if flagged == 0 {
                        i += 8
                        continue
                    }
                    i += flagged.trailingZeroBitCount >> 3
                }
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    index = i + 1
                    stringHadAt = hasAt
                    let length = i - start
                    guard slot >= 0, length <= Self.recentLength else { return try made(start, i) }
                    // Packed from the words the scan read, when it read them (not byte by byte near the end).
                    let packed = start + (length < 8 ? 8 : 16) <= count
                        ? (first & Self.lowBytes(length), length <= 8 ? 0 : second & Self.lowBytes(length - 8))
                        : Self.packed(bytes[start..<i])
                    if recent[slot].count == length, recent[slot].bytes == packed { return recent[slot].string }
                    let string = try made(start, i)
                    recent[slot] = Recent(bytes: packed, count: length, string: string)
                    return string
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                if byte == UInt8(ascii: "@") { hasAt = true }
                i += 1
            }
            // An escape, a control character or the end of the input: the bytes before it validated, then the rest
            // one by one.
            _ = try made(start, i)
            index = i
            var decoded = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    stringHadAt = decoded.contains(UInt8(ascii: "@"))
                    return String(decoding: decoded, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    try escape(into: &decoded)
                case 0..<0x20:
                    throw controlCharacter()
                case 0x80...:
                    guard let end = endOfCharacter(at: index) else { throw notUTF8(at: start - 1) }
                    decoded.append(contentsOf: bytes[index..<end])
                    index = end
                default:
                    decoded.append(byte)
                    index += 1
                }
            }
            throw endOfInput()
        }

        /// The String of bytes `start..<end` of a string (whose opening quote is at `start - 1`), or an error when
        /// they are not UTF-8.
        func made(_ start: Int, _ end: Int) throws(ParseError) -> String {
            let raw = bytes[start..<end]
            if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
                guard let string = String(validating: raw, as: UTF8.self) else { throw notUTF8(at: start - 1) }
                return string
            }
            // Decoding replaces each ill-formed sequence with U+FFFD, so the bytes come back unchanged only when they
            // were valid UTF-8.
            let string = String(decoding: raw, as: UTF8.self)
            guard string.utf8.elementsEqual(raw) else { throw notUTF8(at: start - 1) }
            return string
        }

        /// A mask of the low `count` bytes of a word (all of them from 8 on).
        @inline(__always)
        static func lowBytes(_ count: Int) -> UInt64 { count >= 8 ? ~0 : (1 &<< UInt64(8 &* count)) &- 1 }

        /// At most 16 bytes as two little-endian words, compared whole, not byte by byte with where the string was
        /// read before (two checked reads a byte).
        @inline(__always)
        static func packed(_ window: ArraySlice<UInt8>) -> (UInt64, UInt64) {
            var low: UInt64 = 0, high: UInt64 = 0
            var shift: UInt64 = 0
            for byte in window {
                if shift < 64 { low |= UInt64(byte) &<< shift } else { high |= UInt64(byte) &<< (shift &- 64) }
                shift &+= 8
            }
            return (low, high)
        }

        /// The offset after the UTF-8 character whose first byte (0x80 or more) is at `i`, or `nil` when the bytes
        /// there are not one: a continuation byte without a lead, an overlong form, a surrogate, a value beyond
        /// U+10FFFF or a sequence cut short (the well-formed sequences of the Unicode Standard's table 3-7, what
        /// decoding accepts).
        @inline(__always)
        func endOfCharacter(at i: Int) -> Int? {
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF   // the second byte's range
            switch bytes[i] {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return nil
            }
            guard i + length <= bytes.count, bytes[i + 1] >= low, bytes[i + 1] <= high else { return nil }
            if length > 2, bytes[i + 2] & 0xC0 != 0x80 { return nil }
            if length > 3, bytes[i + 3] & 0xC0 != 0x80 { return nil }
            return i + length
        }

        func notUTF8(at quote: Int) -> ParseError {
            ParseError(message: "a string that is not valid UTF-8", offset: quote)
        }

        func controlCharacter() -> ParseError {
            ParseError(message: "unescaped control character (\(describe(index))) in a string", offset: index)
        }

        /// One escape from its backslash, appended as UTF-8; a `\u` high surrogate must be followed by a `\u` low one.
        mutating func escape(into decoded: inout [UInt8]) throws(ParseError) {
            let start = index
            index += 1
            guard index < bytes.count else { throw endOfInput() }
            let simple: UInt8
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = bytes[index]
            case UInt8(ascii: "b"): simple = 0x08
            case UInt8(ascii: "f"): simple = 0x0C
            case UInt8(ascii: "n"): simple = 0x0A
            case UInt8(ascii: "r"): simple = 0x0D
            case UInt8(ascii: "t"): simple = 0x09
            case UInt8(ascii: "u"):
                index += 1
                var value = try hexQuad(escapeAt: start)
                if (0xDC00...0xDFFF).contains(value) {
                    throw ParseError(message: "a low surrogate (\\u\(hex(value))) without a high one before it", offset: start)
                }
                if (0xD800...0xDBFF).contains(value) {
                    guard index + 1 < bytes.count else { throw endOfInput() }
                    let second = index
                    guard bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw ParseError(message: "a high surrogate (\\u\(hex(value))) without a \\u low surrogate after it", offset: start)
                    }
                    index += 2
                    let low = try hexQuad(escapeAt: second)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw ParseError(message: "a high surrogate (\\u\(hex(value))) without a \\u low surrogate after it", offset: start)
                    }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else {
                    throw ParseError(message: "\\u\(hex(value)) is not a character", offset: start)
                }
                decoded.append(contentsOf: scalar.utf8)
                return
            default:
                throw ParseError(message: "invalid escape: a backslash followed by \(describe(index))", offset: start)
            }
            decoded.append(simple)
            index += 1
        }

        /// The four hex digits after `\u`.
        mutating func hexQuad(escapeAt start: Int) throws(ParseError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count else { throw endOfInput() }
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw ParseError(message: "\\u must be followed by four hex digits", offset: start)
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }

        /// A number (JSON's grammar: no leading zeros, no '+', digits after '.' and 'e'), as the nearest `Double`;
        /// one beyond `Double`'s range is an error.
        mutating func number() throws(ParseError) -> Double {
            let start = index
            func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") }
            func digits() throws(ParseError) {
                guard index < bytes.count else { throw endOfInput() }
                guard isDigit(index) else {
                    throw ParseError(message: "unexpected \(describe(index)) in a number: expected a digit", offset: index)
                }
                while isDigit(index) { index += 1 }
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
                index += 1
                if isDigit(index) { throw ParseError(message: "a number with a leading zero", offset: start) }
            } else {
                try digits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                try digits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                try digits()
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw ParseError(message: "the number \(text.prefix(40)) is beyond the range of a Double", offset: start)
            }
            return value
        }

        mutating func literal(_ word: String) throws(ParseError) {
            let start = index
            for byte in word.utf8 {
                guard index < bytes.count else { throw endOfInput() }
                guard bytes[index] == byte else {
                    throw ParseError(message: "unexpected \(describe(start)): expected a value", offset: start)
                }
                index += 1
            }
        }
    }
}
