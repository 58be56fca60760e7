/// Finds the tags of an XML document with their byte offsets, so a writer can edit a start tag and leave every
/// other byte as it was (`XMLParser` gives values, not where they are). Linear: every byte is looked at a bounded
/// number of times. The document is expected to be well-formed (callers parse it with `XMLParser` first); on
/// anything else ``scan(_:)`` returns nil.
struct XMLTagScanner {
    struct Attribute {
        /// The qualified name (`id`, `xml:space`, `slr:sizeRestriction`).
        let name: String
        /// Where the whitespace before the name starts (removing `leadingStart..<end` removes the attribute).
        let leadingStart: Int
        let nameStart: Int
        /// Just past the closing quote.
        let end: Int
        /// The value with entity and character references replaced and whitespace normalized (XML 1.0 §3.3.3).
        let value: String
    }

    struct Tag {
        let name: String
        /// The `<`.
        let start: Int
        /// Just past the `>`.
        let end: Int
        /// Just past the name or the last attribute: where a new attribute goes.
        let attributesEnd: Int
        let attributes: [Attribute]
        let selfClosing: Bool

        func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
    }

    enum Event {
        case start(Tag)
        case end(name: String, start: Int, end: Int)
        /// Character data, references not yet replaced.
        case text(Range<Int>)
        /// A CDATA section's content.
        case cdata(Range<Int>)
    }

    let bytes: [UInt8]

    /// Whether the bytes at `index` are `word`'s (compared until the first that differs, usually the second).
    private func matches(_ word: String, at index: Int) -> Bool {
        let count = word.utf8.count
        guard index + count <= bytes.count else { return false }
        return bytes[index..<(index + count)].elementsEqual(word.utf8)
    }

    private func matches(_ word: [UInt8], at index: Int) -> Bool {
        guard index + word.count <= bytes.count else { return false }
        return bytes[index..<(index + word.count)].elementsEqual(word)
    }

    /// The index of the first `terminator` at or after `index`, or nil.
    private func find(_ terminator: String, from index: Int) -> Int? {
        let word = Array(terminator.utf8)
        var cursor = index
        while cursor < bytes.count {
            if bytes[cursor] == word[0], matches(word, at: cursor) { return cursor }
            cursor += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private func isNameEnd(_ byte: UInt8) -> Bool {
        Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
    }

    /// Every tag, end tag, text and CDATA section in order (comments, processing instructions and the DOCTYPE are
    /// skipped); nil when the document is not well-formed enough to tell.
    func scan() -> [Event]? {
        var events: [Event] = []
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                var next = index
                while next < bytes.count, bytes[next] != UInt8(ascii: "<") { next += 1 }
                events.append(.text(index..<next))
                index = next
                continue
            }
            if matches("<!--", at: index) {
                guard let end = find("-->", from: index + 4) else { return nil }
                index = end + 3
            } else if matches("<![CDATA[", at: index) {
                guard let end = find("]]>", from: index + 9) else { return nil }
                events.append(.cdata(index + 9..<end))
                index = end + 3
            } else if matches("<?", at: index) {
                guard let end = find("?>", from: index + 2) else { return nil }
                index = end + 2
            } else if matches("<!", at: index) {
                // The DOCTYPE: up to its `>` outside quotes and the internal subset's brackets.
                var cursor = index + 2, depth = 0
                var quote: UInt8?
                while cursor < bytes.count {
                    let byte = bytes[cursor]
                    if let open = quote {
                        if byte == open { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: "[") {
                        depth += 1
                    } else if byte == UInt8(ascii: "]") {
                        depth -= 1
                    } else if byte == UInt8(ascii: ">"), depth <= 0 {
                        break
                    }
                    cursor += 1
                }
                guard cursor < bytes.count else { return nil }
                index = cursor + 1
            } else if matches("</", at: index) {
                var cursor = index + 2
                while cursor < bytes.count, !isNameEnd(bytes[cursor]) { cursor += 1 }
                let name = String(decoding: bytes[(index + 2)..<cursor], as: UTF8.self)
                while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
                guard cursor < bytes.count else { return nil }
                events.append(.end(name: name, start: index, end: cursor + 1))
                index = cursor + 1
            } else {
                guard let tag = startTag(at: index) else { return nil }
                events.append(.start(tag))
                index = tag.end
            }
        }
        return events
    }

    private func startTag(at index: Int) -> Tag? {
        var cursor = index + 1
        while cursor < bytes.count, !isNameEnd(bytes[cursor]) { cursor += 1 }
        let name = String(decoding: bytes[(index + 1)..<cursor], as: UTF8.self)
        guard !name.isEmpty else { return nil }
        var attributes: [Attribute] = []
        var attributesEnd = cursor
        while true {
            let leading = cursor
            while cursor < bytes.count, Self.isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count else { return nil }
            if bytes[cursor] == UInt8(ascii: ">") {
                return Tag(name: name, start: index, end: cursor + 1, attributesEnd: attributesEnd, attributes: attributes, selfClosing: false)
            }
            if matches("/>", at: cursor) {
                return Tag(name: name, start: index, end: cursor + 2, attributesEnd: attributesEnd, attributes: attributes, selfClosing: true)
            }
            let nameStart = cursor
            while cursor < bytes.count, !isNameEnd(bytes[cursor]) { cursor += 1 }
            let attributeName = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
            while cursor < bytes.count, Self.isSpace(bytes[cursor]) { cursor += 1 }
            guard !attributeName.isEmpty, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { return nil }
            cursor += 1
            while cursor < bytes.count, Self.isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[cursor]
            let valueStart = cursor + 1
            cursor = valueStart
            while cursor < bytes.count, bytes[cursor] != quote { cursor += 1 }
            guard cursor < bytes.count else { return nil }
            let value = Self.decode(bytes[valueStart..<cursor], attribute: true)
            cursor += 1
            attributes.append(Attribute(name: attributeName, leadingStart: leading, nameStart: nameStart, end: cursor, value: value))
            attributesEnd = cursor
        }
    }

    /// Text with the predefined entities and character references replaced; in an attribute, literal tabs and
    /// line breaks become spaces (a `\r\n` pair one space), in text `\r\n` and `\r` become `\n` (XML 1.0 §2.11).
    static func decode(_ raw: ArraySlice<UInt8>, attribute: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        let text = String(decoding: raw, as: UTF8.self).unicodeScalars
        var index = text.startIndex
        while index < text.endIndex {
            let scalar = text[index]
            if scalar == "\r" {
                let next = text.index(after: index)
                if next < text.endIndex, text[next] == "\n" { index = next }
                scalars.append(attribute ? " " : "\n")
            } else if attribute, scalar == "\n" || scalar == "\t" {
                scalars.append(" ")
            } else if scalar == "&", let semicolon = text[index...].firstIndex(of: ";"),
                      text.distance(from: index, to: semicolon) <= 12 {
                let name = String(String.UnicodeScalarView(text[text.index(after: index)..<semicolon]))
                let named: [String: Unicode.Scalar] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
                var replacement = named[name]
                if replacement == nil, name.hasPrefix("#x") || name.hasPrefix("#X") {
                    replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if replacement == nil, name.hasPrefix("#") {
                    replacement = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                }
                if let replacement {
                    scalars.append(replacement)
                    index = semicolon
                } else {
                    scalars.append(scalar)
                }
            } else {
                scalars.append(scalar)
            }
            index = text.index(after: index)
        }
        return String(scalars)
    }
}
