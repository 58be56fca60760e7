import Foundation
import LayoutSimModel
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Finds where the top-level keys of an XML property list (`<plist><dict><key>…`) are written, in file order:
/// the lines reported for `.stringsdict` keys, which `PropertyListSerialization` does not give.
///
/// Uses `XMLParser` (libxml2 on Linux), which reports the line where each start tag ends; the column is that of
/// the tag's `<`. External entities (the plist DTD) are not loaded.
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
        return delegate.keys.map { found in
            let start = source.startOfTag("key", endingAtLine: found.line)
            return (found.key, start.line, start.column)
        }
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var keys: [(key: String, line: Int)] = []
        private var path: [String] = []
        private var text: String?
        private var line = 0

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            path.append(elementName)
            if path == ["plist", "dict", "key"] {
                text = ""
                line = parser.lineNumber
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text? += string
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if path == ["plist", "dict", "key"], let text {
                keys.append((text, line))
                self.text = nil
            }
            if !path.isEmpty { path.removeLast() }
        }
    }
}
