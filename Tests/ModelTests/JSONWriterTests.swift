import Foundation
import LayoutSimModel
import LayoutSimSupport
import Testing

/// ``JSONWriter`` against Foundation's `JSONEncoder` (pretty, sorted, slashes unescaped), the layout it copies.
struct JSONWriterTests {
    static func encoder(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Foundation leaves U+2028 and U+2029 raw; the writer escapes them (documented).
        return String(decoding: try encoder.encode(value), as: UTF8.self)
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }

    static func written(_ values: [String]) throws -> String {
        var writer = JSONWriter()
        try writer.strings(values)
        return String(decoding: try writer.finish(), as: UTF8.self)
    }

    /// Every character that needs a look at every position of strings longer and shorter than a word, so each
    /// falls in every lane of the eight-byte scan and in the tail after it.
    @Test func escapesAtEveryPosition() throws {
        let specials = ["\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{1}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}",
                        "…", "—", "\u{202F}", "ก", "é", "/", "😀"]
        var values: [String] = []
        for special in specials {
            for length in [1, 7, 8, 9, 16, 23] {
                for position in 0...length {
                    let base = String(repeating: "a", count: length)
                    var text = base
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                    values.append(text)
                }
            }
        }
        values.append("")
        values.append(String(repeating: "ข้อความ \"quoted\" \\ back\n", count: 20))
        #expect(try Self.written(values) == Self.encoder(values))
    }

    /// Members named by a `JSONWriter.Name` and values given as a `JSONWriter.Constant`, written from packed words
    /// (whole words, past their end), give the bytes the same names and values give as Strings: every length, so that
    /// each ends in every lane of a word and at each word's end.
    @Test func packedNamesAndConstantsWriteAsStrings() throws {
        var packed = JSONWriter(), plain = JSONWriter()
        try packed.beginArray()
        try plain.beginArray()
        for length in 1...JSONWriter.Name.longest {
            // Names of `length` bytes: the stem and a letter.
            let stem = String(repeating: "n", count: length - 1)
            let value = String(repeating: "v", count: length)
            try packed.beginObject()
            try plain.beginObject()
            try packed.field(JSONWriter.Name(stem + "a"), JSONWriter.Constant(value))
            try plain.field(stem + "a", value)
            try packed.field(JSONWriter.Name(stem + "b"), "text \"\(value)\"")
            try plain.field(stem + "b", "text \"\(value)\"")
            try packed.field(JSONWriter.Name(stem + "c"), length)
            try plain.field(stem + "c", length)
            try packed.field(JSONWriter.Name(stem + "d"), Double(length) / 8)
            try plain.field(stem + "d", Double(length) / 8)
            try packed.field(JSONWriter.Name(stem + "e"), length.isMultiple(of: 2))
            try plain.field(stem + "e", length.isMultiple(of: 2))
            packed.key(JSONWriter.Name(stem + "f"))
            plain.key(stem + "f")
            try packed.strings([value])
            try plain.strings([value])
            try packed.endObject()
            try plain.endObject()
        }
        for length in 1...JSONWriter.Constant.longest {
            let value = String(repeating: "c", count: length)
            try packed.beginObject()
            try plain.beginObject()
            try packed.field(JSONWriter.Name("k"), JSONWriter.Constant(value))
            try plain.field("k", value)
            try packed.endObject()
            try plain.endObject()
        }
        try packed.endArray()
        try plain.endArray()
        #expect(try packed.finish() == plain.finish())
    }

    @Test func numbersAndNesting() throws {
        struct Item: Encodable {
            let a: Int
            let b: Double
            let c: [Int]
            let d: [String: Int]
        }
        let items = [Item(a: -12, b: 16.333, c: [], d: [:]), Item(a: Int.max, b: 0.001, c: [1, 2], d: ["x": 1])]
        var writer = JSONWriter()
        try writer.beginArray()
        for item in items {
            try writer.beginObject()
            writer.key("a"); try writer.int(item.a)
            writer.key("b"); try writer.double(item.b)
            writer.key("c"); try writer.beginArray()
            for value in item.c { try writer.int(value) }
            try writer.endArray()
            writer.key("d"); try writer.beginObject()
            for (key, value) in item.d.sorted(by: { $0.key < $1.key }) {
                #expect(key == "x")
                writer.key("x"); try writer.int(value)
            }
            try writer.endObject()
            try writer.endObject()
        }
        try writer.endArray()
        #expect(String(decoding: try writer.finish(), as: UTF8.self) == (try Self.encoder(items)))
    }

    /// Strings whose escapes make the storage grow while they are written (a writer without a sink starts with
    /// 4 KB): each control character takes six bytes, so the room reserved for them crosses the first size, and the
    /// escapes start at every offset around it.
    @Test func escapesCrossingTheGrowthOfTheStorage() throws {
        var values: [String] = []
        for lead in [0, 1, 7, 8, 4_000, 4_090, 4_095, 4_096, 4_100] {
            values.append(String(repeating: "a", count: lead) + String(repeating: "\u{1}\"\n", count: 700))
            values.append(String(repeating: "ข", count: lead / 3) + "\u{2028}" + String(repeating: "\\", count: 3_000))
        }
        // One string per writer, so that each starts from the first storage.
        for value in values {
            #expect(try Self.written([value]) == Self.encoder([value]))
        }
        #expect(try Self.written(values) == Self.encoder(values))
    }

    /// Indents of every depth to 14 (written eight spaces at a time, the last word past the indent's end, into room
    /// the writer keeps), with the nesting starting at every offset around the first growth of the storage (a writer
    /// without a sink starts with 4 KB): the same text as `JSONEncoder`.
    @Test func deepIndentsAcrossTheGrowthOfTheStorage() throws {
        struct Node: Encodable {
            let children: [Node]
            let name: String
        }
        enum Item: Encodable {
            case text(String), node(Node)
            func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                switch self {
                case .text(let text): try c.encode(text)
                case .node(let node): try c.encode(node)
                }
            }
        }
        func write(_ node: Node, _ w: inout JSONWriter) throws {
            try w.beginObject()
            w.key("children"); try w.beginArray()
            for child in node.children { try write(child, &w) }
            try w.endArray()
            try w.field("name", node.name)
            try w.endObject()
        }
        var chain = Node(children: [], name: "leaf")
        for depth in 0..<7 { chain = Node(children: depth % 2 == 0 ? [chain] : [chain, Node(children: [], name: "")], name: "n\(depth)") }
        for lead in [0, 1, 7, 8, 3_980, 4_000, 4_020, 4_040, 4_060, 4_070, 4_080, 4_085, 4_090, 4_095, 4_096, 4_100] {
            let items: [Item] = [.text(String(repeating: "a", count: lead)), .node(chain)]
            var writer = JSONWriter()
            try writer.beginArray()
            try writer.string(String(repeating: "a", count: lead))
            try write(chain, &writer)
            try writer.endArray()
            #expect(String(decoding: try writer.finish(), as: UTF8.self) == (try Self.encoder(items)), "lead \(lead)")
        }
    }

    /// Chunks handed to the sink, however small, add up to the same text (the storage is emptied after each).
    @Test func smallChunksAddUpToTheWholeText() throws {
        let values = (0..<300).map { "value \($0) \"quoted\" \u{1F}" + String(repeating: "é", count: $0 % 17) }
        for chunkSize in [1, 5, 64, 1_000] {
            var bytes: [UInt8] = []
            var chunks = 0
            var writer = JSONWriter(chunkSize: chunkSize) { chunk in
                bytes += chunk
                chunks += 1
            }
            try writer.strings(values)
            _ = try writer.finish()
            #expect(String(decoding: bytes, as: UTF8.self) == (try Self.encoder(values)), "chunks of \(chunkSize)")
            #expect(chunks > 1)
        }
    }
}
