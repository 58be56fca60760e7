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
    /// Bytes not yet handed to the sink.
    private var buffer: [UInt8] = []
    /// Items written so far in each open container, innermost last.
    private var counts: [Int] = []
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
        buffer.reserveCapacity(sink == nil ? 1 << 12 : chunkSize + 1024)
    }

    // MARK: Containers

    package mutating func beginObject() throws { try open(UInt8(ascii: "{")) }
    package mutating func endObject() throws { try close(UInt8(ascii: "}")) }
    package mutating func beginArray() throws { try open(UInt8(ascii: "[")) }
    package mutating func endArray() throws { try close(UInt8(ascii: "]")) }

    /// Starts the member `name` of the open object; its value is written next. Names are the report's field
    /// names, written as they are: they must need no escaping (letters and digits).
    package mutating func key(_ name: String) {
        newItem()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(contentsOf: name.utf8)
        buffer.append(contentsOf: [UInt8(ascii: "\""), 0x20, UInt8(ascii: ":"), 0x20])
        afterKey = true
    }

    // MARK: Values

    package mutating func string(_ value: String) throws {
        newItem()
        appendString(value)
        try flushIfFull()
    }

    package mutating func int(_ value: Int) throws {
        newItem()
        buffer.append(contentsOf: String(value).utf8)
        try flushIfFull()
    }

    package mutating func double(_ value: Double) throws {
        guard value.isFinite else { throw JSONWriterError.nonFiniteNumber(value) }
        newItem()
        buffer.append(contentsOf: ReportNumber.jsonText(value).utf8)
        try flushIfFull()
    }

    package mutating func bool(_ value: Bool) throws {
        newItem()
        buffer.append(contentsOf: (value ? "true" : "false").utf8)
        try flushIfFull()
    }

    package mutating func null() throws {
        newItem()
        buffer.append(contentsOf: "null".utf8)
        try flushIfFull()
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
    package var openContainers: [Int] { counts }

    /// A writer (without a sink) of items of the array innermost in `containers` (a writer's ``openContainers``),
    /// `preceding` items after those: its ``finish()`` gives the bytes that writer would write for the same
    /// items, to add with ``append(itemBytes:count:)``.
    package init(continuing containers: [Int], afterItems preceding: Int) {
        self.init(chunkSize: 1 << 16, sink: nil)
        counts = containers
        if let last = counts.indices.last { counts[last] += preceding }
    }

    /// Adds `count` items of the innermost open array, written by a writer made with
    /// ``init(continuing:afterItems:)`` from this one's ``openContainers`` and the items added before them.
    package mutating func append(itemBytes: [UInt8], count: Int) throws {
        buffer.append(contentsOf: itemBytes)
        if let last = counts.indices.last { counts[last] += count }
        try flushIfFull()
    }

    /// Hands what is left to the sink and returns nothing, or, without a sink, returns the whole text.
    package mutating func finish() throws -> [UInt8] {
        guard let sink else { return buffer }
        if !buffer.isEmpty { try sink(buffer) }
        buffer.removeAll(keepingCapacity: false)
        return []
    }

    // MARK: Layout

    private mutating func open(_ bracket: UInt8) throws {
        newItem()
        buffer.append(bracket)
        counts.append(0)
    }

    private mutating func close(_ bracket: UInt8) throws {
        let count = counts.popLast() ?? 0
        if count == 0 { buffer.append(0x0A) }
        buffer.append(0x0A)
        indent(counts.count)
        buffer.append(bracket)
        try flushIfFull()
    }

    /// Before a value or key: a comma after the previous item, a new line and the indent; nothing after a key.
    private mutating func newItem() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = counts.indices.last else { return }
        if counts[last] > 0 { buffer.append(UInt8(ascii: ",")) }
        counts[last] += 1
        buffer.append(0x0A)
        indent(counts.count)
    }

    private mutating func indent(_ level: Int) {
        for _ in 0..<level { buffer.append(contentsOf: [0x20, 0x20]) }
    }

    private mutating func flushIfFull() throws {
        guard let sink, buffer.count >= chunkSize else { return }
        try sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// `"…"` with JSON escapes (see the type's documentation): one pass over the bytes, the runs that need no
    /// escape copied whole.
    private mutating func appendString(_ text: String) {
        buffer.append(UInt8(ascii: "\""))
        let utf8 = text.utf8
        let bytes = utf8.span
        var copied = 0   // bytes before this one are in the buffer
        var i = 0
        while i < bytes.count {
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
            appendRun(utf8, copied..<i)
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(contentsOf: [0x5C, byte])
            case 0x08: buffer.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x09: buffer.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x0A: buffer.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0C: buffer.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0D: buffer.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0xE2: buffer.append(contentsOf: (bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
            default:
                buffer.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, Self.hexDigit(byte >> 4), Self.hexDigit(byte & 0xF)])
            }
            i += length
            copied = i
        }
        if copied == 0 {
            buffer.append(contentsOf: utf8)
        } else {
            appendRun(utf8, copied..<bytes.count)
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Bytes `offsets` of `utf8`, as they are.
    private mutating func appendRun(_ utf8: String.UTF8View, _ offsets: Range<Int>) {
        guard !offsets.isEmpty else { return }
        let from = utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)
        buffer.append(contentsOf: utf8[from..<utf8.index(from, offsetBy: offsets.count)])
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
