import Foundation

/// A bound on how deeply a spec (YAML or JSON) nests, found before Yams sees the text: Yams composes documents
/// recursively, so a document nested a few thousand levels deep (`[[[[…`) overflows the stack.
///
/// The scan over-approximates YAML's nesting, never under-approximates it: flow collections (`[`, `{` outside
/// quoted scalars and comments), block levels (a stack of indentations), and on each line the compact block
/// indicators (`- - - x`, `? `, `key: `). Quoted scalars (`"…\"…"`, `'…''…'`, across lines), comments (`#` after
/// a space) and block scalars (`|`, `>` and their more-indented lines) are skipped, so brackets in text do not count.
package enum SpecNesting {
    /// The deepest nesting a spec may have. A spec needs about 6 (`elements` → element → `devices` → device →
    /// field → list).
    package static let maximumDepth = 64

    /// The 1-based line and column where the nesting first exceeds `limit`, or `nil`.
    package static func firstTooDeep(_ text: String, limit: Int = maximumDepth) -> (line: Int, column: Int)? {
        var scanner = Scanner(limit: limit)
        var line = 1
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if let column = scanner.scan(line: Array(rawLine)) { return (line, column) }
            line += 1
        }
        return nil
    }

    private struct Scanner {
        let limit: Int
        /// Open flow collections.
        var flow = 0
        /// Indentations of the open block levels.
        var blocks: [Int] = []
        /// Inside a quoted scalar that continues on the next line: its quote.
        var quote: UInt8?
        /// Inside a block scalar: the indentation of the line that opened it.
        var blockScalarParent: Int?

        init(limit: Int) { self.limit = limit }

        /// Scans one line (without its line feed); the 1-based column where the nesting exceeds the limit, or nil.
        mutating func scan(line bytes: [UInt8]) -> Int? {
            let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), cr = UInt8(ascii: "\r")
            let indent = bytes.prefix(while: { $0 == space || $0 == tab }).count
            let blank = bytes.dropFirst(indent).allSatisfy { $0 == cr }
            if let parent = blockScalarParent {
                if blank || indent > parent { return nil }
                blockScalarParent = nil
            }
            var index = 0
            if quote == nil {
                if blank || bytes[indent] == UInt8(ascii: "#") { return nil }
                if flow == 0 {
                    while let last = blocks.last, last > indent { blocks.removeLast() }
                    if blocks.last.map({ indent > $0 }) ?? true { blocks.append(indent) }
                }
                index = indent
            }
            var inline = 0
            /// The last character outside quotes that was not a space: decides whether a quote or `|` starts a scalar.
            var previous: UInt8? = nil
            func depth() -> Int { blocks.count + inline + flow }
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if open == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if byte == open {
                        if open == UInt8(ascii: "'"), index + 1 < bytes.count, bytes[index + 1] == open {
                            index += 2
                            continue
                        }
                        quote = nil
                        previous = byte
                    }
                    index += 1
                    continue
                }
                let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
                let endsToken = next == nil || next == space || next == tab || next == cr
                // A quote or `|` starts a scalar at the start of a line, after a flow indicator, or after a block
                // indicator and a space; anywhere else (`don't`) it is part of a plain scalar.
                let afterSpace = index > 0 && (bytes[index - 1] == space || bytes[index - 1] == tab)
                let startsScalar: Bool
                switch previous {
                case nil: startsScalar = true
                case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","): startsScalar = true
                case UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "?"): startsScalar = afterSpace
                default: startsScalar = false
                }
                switch byte {
                case space, tab, cr:
                    index += 1
                    continue
                case UInt8(ascii: "#") where index == 0 || bytes[index - 1] == space || bytes[index - 1] == tab:
                    return nil
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    if startsScalar { quote = byte }
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    flow += 1
                    if depth() > limit { return index + 1 }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    flow = max(0, flow - 1)
                case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
                    if endsToken && flow == 0 {
                        inline += 1
                        if depth() > limit { return index + 1 }
                    }
                case UInt8(ascii: "|"), UInt8(ascii: ">"):
                    if startsScalar && flow == 0 {
                        blockScalarParent = indent
                        return nil
                    }
                default:
                    break
                }
                previous = byte
                index += 1
            }
            return nil
        }
    }
}
