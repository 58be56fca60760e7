import LayoutSimModel

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
/// a sink, ``finish()`` returns the whole text. The sink is given the written part of the buffer itself, as a slice,
/// not copied into an array of its own; it must not keep it (the buffer is written again after the sink returns; a
/// slice kept would make it copied).
package struct JSONWriter {
    /// The text not yet handed to the sink: bytes `0..<length` of an array kept larger than what is written (the
    /// bytes after `length` are scratch), each item written by index after one check that there is room for it.
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
    private let sink: ((ArraySlice<UInt8>) throws -> Void)?
    private let chunkSize: Int

    /// - Parameters:
    ///   - chunkSize: Bytes collected before they go to `sink`.
    ///   - sink: Receives the text in order; nil keeps it all for ``finish()``.
    package init(chunkSize: Int = 1 << 16, sink: ((ArraySlice<UInt8>) throws -> Void)? = nil) {
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
    package mutating func key(_ name: consuming String) {
        let count = name.utf8.count
        reserve(2 * depth + count + 7)
        length = Self.key(name, count: count, &storage, length, comma: newItem(), level: depth)
        afterKey = true
    }

    // MARK: Members in one go (the bytes of `key(name)` then the value)

    package mutating func field(_ name: consuming String, _ value: consuming String) throws {
        let nameCount = name.utf8.count, count = value.utf8.count
        // Each byte escaped is at most six (`\u00XX`).
        reserve(2 * depth + nameCount + 6 * count + 10)
        let at = Self.key(name, count: nameCount, &storage, length, comma: newItem(), level: depth, valueCount: count)
        length = Self.quoted(value, count: count, &storage, at)
        try flushIfFull()
    }

    package mutating func field(_ name: consuming String, _ value: Int) throws {
        let nameCount = name.utf8.count
        reserve(2 * depth + nameCount + 28)
        let at = Self.key(name, count: nameCount, &storage, length, comma: newItem(), level: depth)
        length = ReportNumber.writeDecimal(value, into: &storage, at: at)
        try flushIfFull()
    }

    package mutating func field(_ name: consuming String, _ value: Double) throws {
        guard ReportNumber.isPlainThousandths(value) else {
            key(name)
            return try double(value)
        }
        let nameCount = name.utf8.count
        reserve(2 * depth + nameCount + 30)
        let at = Self.key(name, count: nameCount, &storage, length, comma: newItem(), level: depth)
        length = ReportNumber.writeThousandths(value, into: &storage, at: at)
        try flushIfFull()
    }

    package mutating func field(_ name: consuming String, _ value: Bool) throws {
        let nameCount = name.utf8.count
        reserve(2 * depth + nameCount + 13)
        let at = Self.key(name, count: nameCount, &storage, length, comma: newItem(), level: depth)
        length = Self.bool(value, &storage, at)
        try flushIfFull()
    }

    // MARK: Members named by a `Name` (the bytes of `key(name)` then the value)

    /// Starts the member `name` of the open object; its value is written next.
    package mutating func key(_ name: Name) {
        reserve(2 * depth + name.count + Packed.slack + 2)
        emit(.key(name), comma: newItem())
        afterKey = true
    }

    /// The value is borrowed: taken `consuming`, the caller retained each string for the call.
    package mutating func field(_ name: Name, _ value: String) throws {
        let count = value.utf8.count
        // Each byte escaped is at most six (`\u00XX`).
        reserve(2 * depth + name.count + Packed.slack + 6 * count + 5)
        emit(.string(name, count: count), comma: newItem())
        length = Self.quoted(value, count: count, &storage, length)
        try flushIfFull()
    }

    package mutating func field(_ name: Name, _ value: Constant) throws {
        reserve(2 * depth + name.count + value.bytes.count + Packed.slack + 2)
        emit(.constant(name, value), comma: newItem())
        try flushIfFull()
    }

    package mutating func field(_ name: Name, _ value: Int) throws {
        reserve(2 * depth + name.count + Packed.slack + 24)
        emit(.int(name, value), comma: newItem())
        try flushIfFull()
    }

    package mutating func field(_ name: Name, _ value: Double) throws {
        guard ReportNumber.isPlainThousandths(value) else {
            key(name)
            return try double(value)
        }
        reserve(2 * depth + name.count + Packed.slack + 26)
        emit(.thousandths(name, value), comma: newItem())
        try flushIfFull()
    }

    package mutating func field(_ name: Name, _ value: Bool) throws {
        reserve(2 * depth + name.count + Packed.slack + 9)
        emit(.bool(name, value), comma: newItem())
        try flushIfFull()
    }

    // MARK: Values

    package mutating func string(_ value: String) throws {
        let count = value.utf8.count
        reserve(2 * depth + 6 * count + 4)
        emit(.string(nil, count: count), comma: newItem())
        length = Self.quoted(value, count: count, &storage, length)
        try flushIfFull()
    }

    package mutating func int(_ value: Int) throws {
        reserve(2 * depth + 22)
        emit(.int(nil, value), comma: newItem())
        try flushIfFull()
    }

    package mutating func double(_ value: Double) throws {
        guard value.isFinite else { throw JSONWriterError.nonFiniteNumber(value) }
        if ReportNumber.isPlainThousandths(value) {
            reserve(2 * depth + 24)
            emit(.thousandths(nil, value), comma: newItem())
        } else {
            let text = ReportNumber.jsonText(value)
            let count = text.utf8.count
            reserve(2 * depth + count + 2)
            let at = Self.separate(&storage, length, comma: newItem(), level: depth)
            length = Self.copy(text, count: count, &storage, at)
        }
        try flushIfFull()
    }

    package mutating func bool(_ value: Bool) throws {
        reserve(2 * depth + 7)
        emit(.bool(nil, value), comma: newItem())
        try flushIfFull()
    }

    package mutating func null() throws {
        reserve(2 * depth + 6)
        emit(.null, comma: newItem())
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
    package var openContainers: [Int] { depth > 0 ? outer + [items] : [] }

    /// A writer (without a sink) of items of the array innermost in `containers` (a writer's ``openContainers``),
    /// `preceding` items after those: its ``finish()`` gives the bytes that writer would write for the same
    /// items, to add with ``append(itemBytes:count:)``. `capacity`: the bytes it is expected to write (its buffer
    /// made that large at once, not grown by doubling and copied on the way).
    package init(continuing containers: [Int], afterItems preceding: Int, capacity: Int = 1 << 12) {
        self.init(chunkSize: 1 << 16, sink: nil)
        if capacity > storage.count { storage = [UInt8](repeating: 0, count: capacity) }
        if let last = containers.last {
            outer = Array(containers.dropLast())
            items = last + preceding
            depth = containers.count
        }
    }

    /// Adds `count` items of the innermost open array, written by a writer made with
    /// ``init(continuing:afterItems:)`` from this one's ``openContainers`` and the items added before them.
    package mutating func append(itemBytes: [UInt8], count: Int) throws {
        reserve(itemBytes.count)
        storage.replaceSubrange(length..<(length + itemBytes.count), with: itemBytes)
        length += itemBytes.count
        if depth > 0 { items += count }
        try flushIfFull()
    }

    /// Hands what is left to the sink and returns nothing, or, without a sink, returns the whole text (the buffer
    /// itself, its scratch bytes dropped, not a copy of the text).
    package mutating func finish() throws -> [UInt8] {
        guard let sink else {
            var text: [UInt8] = []
            swap(&text, &storage)
            text.removeLast(text.count - length)
            length = 0
            return text
        }
        if length > 0 { try sink(storage[..<length]) }
        storage = []
        length = 0
        return []
    }

    // MARK: Layout

    /// Makes room for `maximum` more bytes after the text, and ``Packed/slack`` more (an indent is written in whole
    /// words, up to seven bytes past its end): the storage at least doubles when it would not hold them.
    @inline(__always)
    private mutating func reserve(_ maximum: Int) {
        if length + maximum + Packed.slack > storage.count { grow(maximum + Packed.slack) }
    }

    @inline(never)
    private mutating func grow(_ maximum: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(storage.count, length + maximum - storage.count)))
    }

    private mutating func open(_ bracket: UInt8) {
        reserve(2 * depth + 3)
        emit(.open(bracket), comma: newItem())
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
        reserve(2 * depth + 3)
        // An empty container: `[`, an empty line, `]`.
        emit(.close(bracket, empty: count == 0), comma: false)
        try flushIfFull()
    }

    /// The bytes of an item (or of its start: a string's contents are copied after), written by ``emit(_:comma:)``.
    private enum Piece {
        /// `"name" : `.
        case key(Name)
        /// `"name" : ` unless the name is nil, then the value.
        case int(Name?, Int)
        /// A value ``ReportNumber/isPlainThousandths(_:)`` accepts.
        case thousandths(Name?, Double)
        case bool(Name?, Bool)
        case constant(Name, Constant)
        case null
        /// `"name" : ` unless the name is nil, the opening quote, and the closing quote after room for `count` bytes:
        /// the end is where they go.
        case string(Name?, count: Int)
        case open(UInt8)
        /// A closing bracket, after an empty line if the container is `empty`.
        case close(UInt8, empty: Bool)
    }

    /// Writes `piece` after the text, preceded by its separator (``separate(_:_:comma:level:then:emptyLine:)``), and
    /// sets the length to its end; the caller has made room.
    @inline(__always)
    private mutating func emit(_ piece: Piece, comma: Bool?) {
        length = Self.write(piece, &storage, length, comma: comma, level: depth)
    }

    @inline(__always)
    private static func write(
        _ piece: Piece, _ out: inout [UInt8], _ at: Int, comma: Bool?, level: Int
    ) -> Int {
        switch piece {
        case .open(let bracket):
            return separate(&out, at, comma: comma, level: level, then: bracket)
        case .close(let bracket, let empty):
            return separate(&out, at, comma: comma, level: level, then: bracket, emptyLine: empty)
        case .key(let name):
            return put(name, &out, separate(&out, at, comma: comma, level: level))
        case .int(let name, let value):
            let start = named(name, &out, separate(&out, at, comma: comma, level: level))
            return ReportNumber.writeDecimal(value, into: &out, at: start)
        case .thousandths(let name, let value):
            let start = named(name, &out, separate(&out, at, comma: comma, level: level))
            return ReportNumber.writeThousandths(value, into: &out, at: start)
        case .bool(let name, let value):
            return bool(value, &out, named(name, &out, separate(&out, at, comma: comma, level: level)))
        case .constant(let name, let value):
            return put(value.bytes, &out, put(name, &out, separate(&out, at, comma: comma, level: level)))
        case .null:
            return put(&out, separate(&out, at, comma: comma, level: level), 0x6C6C_756E, count: 4)  // null
        case .string(let name, let count):
            let start = named(name, &out, separate(&out, at, comma: comma, level: level))
            out.set(start, UInt8(ascii: "\""))
            out.set(start + 1 + count, UInt8(ascii: "\""))
            return start + 1
        }
    }

    /// `"name" : ` at `at` unless `name` is nil; returns the end.
    @inline(__always)
    private static func named(_ name: Name?, _ out: inout [UInt8], _ at: Int) -> Int {
        guard let name else { return at }
        return put(name, &out, at)
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

    /// The length is compared first, so that the sink, a closure, is not copied (its context retained and released)
    /// for every item.
    @inline(__always)
    private mutating func flushIfFull() throws {
        guard length >= chunkSize, let sink else { return }
        try sink(storage[..<length])
        length = 0
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
