import Foundation
import LayoutSimModel
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Finds where the top-level keys of an XML property list (`<plist><dict><key>…`) are written, in file order:
/// the lines reported for `.stringsdict` keys, which `PropertyListSerialization` does not give.
///
/// Uses `XMLParser` (libxml2 on Linux), which reports the line and column (in code points) where each start tag
/// ends; the column given is that of the tag's `<`, found by looking back from there on that line. Each line is
/// decoded once, so a property list written on one line costs the same per key as a pretty-printed one. External
/// entities (the plist DTD) are not loaded.
package enum PlistKeyLocator {
    /// Each top-level key with its 1-based line and column; empty for a binary or unparsable plist.
    package static func keys(in source: SourceText) -> [(key: String, line: Int, column: Int)] {
        // What crashes XMLParser or libxml2 (found by fuzz-stringsdict): such a property list, which Foundation's
        // own plist parser did read, is not given to XMLParser; its keys are reported at line 1.
        if source.utf8.contains(0) || EmptyProcessingInstruction.first(in: source.utf8) != nil
            || DeclaredEncoding.unsupported(in: source.utf8) != nil {
            return []
        }
        let parser = XMLParser(data: Data(source.utf8))
        parser.shouldResolveExternalEntities = false
        let delegate = Delegate()
        parser.delegate = delegate
        _ = parser.parse()
        var decoded = DecodedLine()
        return delegate.keys.map { found in
            if found.column > 0, let column = decoded.tagStart("<key", line: found.line, endColumn: found.column, in: source) {
                return (found.key, found.line, column)
            }
            let start = source.startOfTag("key", endingAtLine: found.line)
            return (found.key, start.line, start.column)
        }
    }

    /// One line of the source as code points, with the UTF-16 column of each: the line last asked for is kept.
    private struct DecodedLine {
        var number = 0
        var scalars: [Unicode.Scalar] = []
        /// UTF-16 units before each scalar.
        var utf16Before: [Int] = []

        /// The 1-based UTF-16 column of the last `tag` starting before code-point column `endColumn` on `line`.
        mutating func tagStart(_ tag: String, line: Int, endColumn: Int, in source: SourceText) -> Int? {
            if number != line {
                number = line
                scalars = Array(source.lineText(line).unicodeScalars)
                utf16Before = []
                utf16Before.reserveCapacity(scalars.count + 1)
                var units = 0
                for scalar in scalars {
                    utf16Before.append(units)
                    units += scalar.utf16.count
                }
            }
            let needle = Array(tag.unicodeScalars)
            var start = min(endColumn - 1, scalars.count) - needle.count
            // A start tag is short: look back at most a few hundred code points (attributes, spaces).
            let lowest = max(0, start - 256)
            while start >= lowest {
                if scalars[start..<(start + needle.count)].elementsEqual(needle) { return utf16Before[start] + 1 }
                start -= 1
            }
            return nil
        }
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var keys: [(key: String, line: Int, column: Int)] = []
        private var path: [String] = []
        private var text: String?
        private var line = 0
        private var column = 0

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            path.append(elementName)
            if path == ["plist", "dict", "key"] {
                text = ""
                line = parser.lineNumber
                column = parser.columnNumber
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text? += string
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if path == ["plist", "dict", "key"], let text {
                keys.append((text, line, column))
                self.text = nil
            }
            if !path.isEmpty { path.removeLast() }
        }
    }
}
