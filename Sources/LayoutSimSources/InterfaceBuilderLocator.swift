import Foundation

/// Turns XMLParser's positions into the scan's: XMLParser (libxml2) reports, at the start of an element, the line
/// and the column *in characters* of the end of its start tag; a place is at the tag's `<`, its column in UTF-8
/// bytes. Positions come in file order, so a cursor walks each line once (no quadratic work on a one-line file).
struct IBLocator {
    private let bytes: [UInt8]
    /// The byte offset where each line starts.
    private let lineStarts: [Int]
    private var cursorLine = 0
    private var cursorColumn = 1
    private var cursorOffset = 0

    init(data: Data) {
        bytes = [UInt8](data)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    /// Where XMLParser is: its line, the column in bytes.
    mutating func location(file: String, line: Int, column: Int) -> SourceLocation {
        let offset = self.offset(line: line, column: column)
        let index = lineIndex(of: offset)
        return SourceLocation(file: file, line: index + 1, column: offset - lineStarts[index] + 1)
    }

    /// The `<` of the start tag XMLParser has just read.
    mutating func tagStart(file: String, line: Int, column: Int) -> SourceLocation {
        var offset = min(self.offset(line: line, column: column), bytes.count - 1)
        // A `<` cannot occur inside a tag (attribute values escape it), so the nearest one back is the tag's.
        while offset > 0, bytes[offset] != 0x3C {
            offset -= 1
        }
        guard offset >= 0, offset < bytes.count else { return location(file: file, line: line, column: column) }
        let index = lineIndex(of: offset)
        return SourceLocation(file: file, line: index + 1, column: offset - lineStarts[index] + 1)
    }

    /// The byte offset of the `column`th character (1-based) of `line`.
    private mutating func offset(line: Int, column: Int) -> Int {
        let index = min(max(line, 1), lineStarts.count) - 1
        if index != cursorLine || column < cursorColumn {
            cursorLine = index
            cursorColumn = 1
            cursorOffset = lineStarts[index]
        }
        let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        while cursorColumn < column, cursorOffset < end {
            cursorOffset += 1
            while cursorOffset < end, bytes[cursorOffset] & 0xC0 == 0x80 {
                cursorOffset += 1
            }
            cursorColumn += 1
        }
        return cursorOffset
    }

    /// The index of the line holding `offset` (binary search over the line starts).
    private func lineIndex(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
