/// A streaming writer of pretty-printed JSON, byte for byte the layout of Foundation's `JSONEncoder` with
/// `[.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]` (two-space indent, `"key" : value`, an empty container
/// as `[`, an empty line, `]`), for reports too large to build as a tree first.
///
/// - Keys are written in the order the caller gives: callers list them sorted by their UTF-8 bytes, as
///   `.sortedKeys` does (tests compare with `JSONEncoder`).
/// - Strings: `"` and `\` escaped, `\b \t \n \f \r`, every other control character as `\u00XX`, and also U+2028 and
///   U+2029 as `\u2028` / `\u2029` (Foundation leaves those two raw; escaped, a report stays one JavaScript string
///   literal's worth of safe text and no line-oriented tool splits a value). `/` is not escaped.
/// - Numbers: integers in decimal; doubles as ``ReportNumber/jsonText(_:)``; non-finite doubles are refused
///   (``JSONWriterError``), like `JSONEncoder`.
///
/// Output collects in a buffer handed to `sink` whenever it passes `chunkSize` bytes, and at ``finish()``; without
/// a sink, ``finish()`` returns the whole text.
package struct JSONWriter {
    /// The text not yet handed to the sink: bytes `0..<length` of a buffer kept larger than what is written, each
    /// item written in place in one go (no `append` per byte).
    private var storage: [UInt8]
    private var length = 0
    /// Items written so far in each enclosing open container, outermost first (the innermost's are `items`).
    private var outer: [Int] = []
    /// Items written so far in the innermost open container.
    private var items = 0
    /// Open containers.
    private var depth = 0
    /// A key was just written: the next value follows it on the same line.
    private var afterKey = false
    private let sink: (([UInt8]) throws -> Void)?
    private let chunkSize: Int

    /// - Parameters:
    ///   - chunkSize: Bytes collected before they go to `sink`.
    ///   - sink: Receives the text in order; nil keeps it all for ``finish()``.
    package init(chunkSize: Int = 1 << 16, sink: (([UInt8]) throws -> Void)? = nil) {
        self.chunkSize = chunkSize
        self.sink = sink
        storage = [UInt8](repeating: 0, count: sink == nil ? 1 << 12 : chunkSize + 1024)
    }

    // MARK: Containers

    package mutating func beginObject() throws { open(UInt8(ascii: "{")) }
    package mutating func endObject() throws { try close(UInt8(ascii: "}")) }
    package mutating func beginArray() throws { open(UInt8(ascii: "[")) }
    package mutating func endArray() throws { try close(UInt8(ascii: "]")) }

    /// Starts the member `name` of the open object; its value is written next. Names are the report's field
    /// names, written as they are: they must need no escaping (letters and digits).
    package mutating func key(_ name: StaticString) {
        let comma = newItem()
        let level = depth
        write(maximum: 2 * level + name.utf8CodeUnitCount + 7) { base, at in Self.key(name, base, at, comma: comma, level: level) }
        afterKey = true
    }

    // MARK: Members in one go (the bytes of `key(name)` then the value)

    package mutating func field(_ name: StaticString, _ value: String) throws {
        let comma = newItem()
        let level = depth
        var text = value
        text.withUTF8 { bytes in
            write(maximum: 2 * level + name.utf8CodeUnitCount + 6 * bytes.count + 9) { base, at in
                Self.escaped(bytes, base, Self.key(name, base, at, comma: comma, level: level))
            }
        }
        try flushIfFull()
    }

    package mutating func field(_ name: StaticString, _ value: Int) throws {
        let comma = newItem()
        let level = depth
        write(maximum: 2 * level + name.utf8CodeUnitCount + 31) { base, at in
            ReportNumber.writeDecimal(value, to: base + Self.key(name, base, at, comma: comma, level: level)) - base
        }
        try flushIfFull()
    }

    package mutating func field(_ name: StaticString, _ value: Double) throws {
        guard ReportNumber.isPlainThousandths(value) else {
            key(name)
            return try double(value)
        }
        let comma = newItem()
        let level = depth
        write(maximum: 2 * level + name.utf8CodeUnitCount + 31) { base, at in
            ReportNumber.writeThousandths(value, to: base + Self.key(name, base, at, comma: comma, level: level)) - base
        }
        try flushIfFull()
    }

    package mutating func field(_ name: StaticString, _ value: Bool) throws {
        let comma = newItem()
        let level = depth
        write(maximum: 2 * level + name.utf8CodeUnitCount + 14) { base, at in
            Self.copy(base, Self.key(name, base, at, comma: comma, level: level), value ? "true" : "false")
        }
        try flushIfFull()
    }

    // MARK: Values

    package mutating func string(_ value: String) throws {
        let comma = newItem()
        let level = depth
        var text = value
        text.withUTF8 { bytes in
            // Each byte escaped is at most six (`\u00XX`).
            write(maximum: 2 * level + 6 * bytes.count + 4) { base, at in
                Self.escaped(bytes, base, Self.separate(base, at, comma: comma, level: level))
            }
        }
        try flushIfFull()
    }

    package mutating func int(_ value: Int) throws {
        let comma = newItem()
        let level = depth
        write(maximum: 2 * level + 24) { base, at in
            ReportNumber.writeDecimal(value, to: base + Self.separate(base, at, comma: comma, level: level)) - base
        }
        try flushIfFull()
    }

    package mutating func double(_ value: Double) throws {
        guard value.isFinite else { throw JSONWriterError.nonFiniteNumber(value) }
        let comma = newItem()
        let level = depth
        if ReportNumber.isPlainThousandths(value) {
            write(maximum: 2 * level + 24) { base, at in
                ReportNumber.writeThousandths(value, to: base + Self.separate(base, at, comma: comma, level: level)) - base
            }
        } else {
            var text = ReportNumber.jsonText(value)
            text.withUTF8 { bytes in
                write(maximum: 2 * level + bytes.count + 2) { base, at in
                    Self.copy(base, Self.separate(base, at, comma: comma, level: level), bytes)
                }
            }
        }
        try flushIfFull()
    }

    package mutating func bool(_ value: Bool) throws {
        try literal(value ? "true" : "false")
    }

    package mutating func null() throws {
        try literal("null")
    }

    /// `value`, or `null`.
    package mutating func string(_ value: String?) throws {
        if let value { try string(value) } else { try null() }
    }

    /// An array of strings.
    package mutating func strings(_ values: [String]) throws {
        try beginArray()
        for value in values { try string(value) }
        try endArray()
    }

    // MARK: Items written apart

    /// Items written so far in each open container, innermost last: what ``init(continuing:afterItems:)`` needs to
    /// write further items of the innermost array elsewhere (on another thread).
    package var openContainers: [Int] { depth > 0 ? outer + [items] : [] }

    /// A writer (without a sink) of items of the array innermost in `containers` (a writer's ``openContainers``),
    /// `preceding` items after those: its ``finish()`` gives the bytes that writer would write for the same
    /// items, to add with ``append(itemBytes:count:)``.
    package init(continuing containers: [Int], afterItems preceding: Int) {
        self.init(chunkSize: 1 << 16, sink: nil)
        if let last = containers.last {
            outer = Array(containers.dropLast())
            items = last + preceding
            depth = containers.count
        }
    }

    /// Adds `count` items of the innermost open array, written by a writer made with
    /// ``init(continuing:afterItems:)`` from this one's ``openContainers`` and the items added before them.
    package mutating func append(itemBytes: [UInt8], count: Int) throws {
        itemBytes.withUnsafeBufferPointer { bytes in
            write(maximum: bytes.count) { base, at in Self.copy(base, at, bytes) }
        }
        if depth > 0 { items += count }
        try flushIfFull()
    }

    /// Hands what is left to the sink and returns nothing, or, without a sink, returns the whole text.
    package mutating func finish() throws -> [UInt8] {
        guard let sink else { return text }
        if length > 0 { try sink(text) }
        storage = []
        length = 0
        return []
    }

    // MARK: Layout

    /// Runs `body` on the buffer at the end of the text, with room for `maximum` more bytes; `body` returns the
    /// new end.
    @inline(__always)
    private mutating func write(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>, Int) -> Int) {
        if length + maximum > storage.count {
            storage.append(contentsOf: repeatElement(0, count: max(storage.count, length + maximum - storage.count)))
        }
        let start = length
        length = storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return start }
            return body(base, start)
        }
    }

    private mutating func literal(_ text: StaticString) throws {
        let comma = newItem()
        let level = depth
        write(maximum: 2 * level + text.utf8CodeUnitCount + 2) { base, at in
            Self.copy(base, Self.separate(base, at, comma: comma, level: level), text)
        }
        try flushIfFull()
    }

    private mutating func open(_ bracket: UInt8) {
        let comma = newItem()
        let level = depth
        write(maximum: 2 * level + 3) { base, at in
            let at = Self.separate(base, at, comma: comma, level: level)
            base[at] = bracket
            return at + 1
        }
        if depth > 0 { outer.append(items) }
        items = 0
        depth += 1
    }

    private mutating func close(_ bracket: UInt8) throws {
        let count = items
        if depth > 0 {
            depth -= 1
            items = depth > 0 ? outer.removeLast() : 0
        }
        let level = depth
        write(maximum: 2 * level + 3) { base, at in
            var at = at
            if count == 0 {
                base[at] = 0x0A
                at += 1
            }
            at = Self.separate(base, at, comma: false, level: level)
            base[at] = bracket
            return at + 1
        }
        try flushIfFull()
    }

    /// Before a value or key: whether a comma goes first, or nil when nothing does (after a key, or at the top).
    private mutating func newItem() -> Bool? {
        if afterKey {
            afterKey = false
            return nil
        }
        guard depth > 0 else { return nil }
        items += 1
        return items > 1
    }

    /// Writes the comma (if `comma` is true), new line and indent of an item at `at` (nothing for nil); returns
    /// the end.
    @inline(__always)
    private static func separate(_ base: UnsafeMutablePointer<UInt8>, _ at: Int, comma: Bool?, level: Int) -> Int {
        guard let comma else { return at }
        var at = at
        if comma {
            base[at] = UInt8(ascii: ",")
            at += 1
        }
        base[at] = 0x0A
        (base + at + 1).update(repeating: 0x20, count: 2 * level)
        return at + 1 + 2 * level
    }

    /// `"name" : ` after the item's separator; returns the end.
    @inline(__always)
    private static func key(_ name: StaticString, _ base: UnsafeMutablePointer<UInt8>, _ at: Int, comma: Bool?, level: Int) -> Int {
        var at = separate(base, at, comma: comma, level: level)
        base[at] = UInt8(ascii: "\"")
        at = copy(base, at + 1, name)
        return copy(base, at, "\" : ")
    }

    @inline(__always)
    private static func copy(_ base: UnsafeMutablePointer<UInt8>, _ at: Int, _ text: StaticString) -> Int {
        (base + at).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return at + text.utf8CodeUnitCount
    }

    @inline(__always)
    private static func copy(_ base: UnsafeMutablePointer<UInt8>, _ at: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if let source = bytes.baseAddress { (base + at).update(from: source, count: bytes.count) }
        return at + bytes.count
    }

    private mutating func flushIfFull() throws {
        guard let sink, length >= chunkSize else { return }
        try sink(text)
        length = 0
    }

    /// A copy of the text not yet handed on (one memory copy).
    private var text: [UInt8] {
        storage.withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[..<length])) }
    }

    /// `"…"` with JSON escapes (see the type's documentation) written at `at`: one pass over the bytes, the runs
    /// that need no escape copied whole. Returns the end.
    private static func escaped(_ bytes: UnsafeBufferPointer<UInt8>, _ base: UnsafeMutablePointer<UInt8>, _ at: Int) -> Int {
        var at = at
        base[at] = UInt8(ascii: "\"")
        at += 1
        var copied = 0   // bytes before this one are written
        var i = 0
        let raw = UnsafeRawBufferPointer(bytes)
        while i < bytes.count {
            // Eight bytes at a time while none of them needs a look.
            if i + 8 <= bytes.count, !needsLook(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) {
                i += 8
                continue
            }
            let byte = bytes[i]
            // Bytes at 0x20 and above other than `"`, `\` and 0xE2 (the lead byte of U+2028 and U+2029) go as they are.
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 else {
                i += 1
                continue
            }
            var length = 1
            if byte == 0xE2 {
                // A three-byte character: U+2028 (E2 80 A8) and U+2029 (E2 80 A9) are escaped, the rest copied.
                guard i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 else {
                    i += 1
                    continue
                }
                length = 3
            }
            at = copy(base, at, UnsafeBufferPointer(rebasing: bytes[copied..<i]))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                base[at] = 0x5C
                base[at + 1] = byte
                at += 2
            case 0x08: at = copy(base, at, "\\b")
            case 0x09: at = copy(base, at, "\\t")
            case 0x0A: at = copy(base, at, "\\n")
            case 0x0C: at = copy(base, at, "\\f")
            case 0x0D: at = copy(base, at, "\\r")
            case 0xE2: at = copy(base, at, bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
            default:
                at = copy(base, at, "\\u00")
                base[at] = hexDigit(byte >> 4)
                base[at + 1] = hexDigit(byte & 0xF)
                at += 2
            }
            i += length
            copied = i
        }
        at = copy(base, at, UnsafeBufferPointer(rebasing: bytes[copied...]))
        base[at] = UInt8(ascii: "\"")
        return at + 1
    }

    /// Whether one of the eight bytes of `word` is below 0x20, `"`, `\` or 0xE2 (exact: each test is the classic
    /// "has a zero byte" / "has a byte below n" bit trick, which has no false answer about whether any byte does).
    @inline(__always)
    private static func needsLook(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        let below20 = (word &- ones &* 0x20) & ~word & highs != 0
        return below20 || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C)) || hasZero(word ^ (ones &* 0xE2))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}

/// A value JSON cannot hold.
package enum JSONWriterError: Error, CustomStringConvertible, Equatable {
    case nonFiniteNumber(Double)

    package var description: String {
        switch self {
        case .nonFiniteNumber(let value): return "cannot write \(value) as a JSON number"
        }
    }
}
