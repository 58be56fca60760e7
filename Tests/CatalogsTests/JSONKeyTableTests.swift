@testable import LayoutSimCatalogs
import Testing

/// ``JSONKeyTable`` against the dictionary it replaces: the same keys (sorted), the same value (the last of
/// duplicates) for each, nothing for a key not there.
struct JSONKeyTableTests {
    @Test func sameAsTheDictionary() throws {
        let documents = [
            #"{}"#,
            #"{"de": "1"}"#,
            #"{"fr": "1", "de": "2", "ar": "3", "de": "4", "zh-Hans": "5", "ar": "6", "de": "7"}"#,
            #"{"b": "1", "a": "2", "c": "3", "\u00e9": "4", "e\u0301": "5", "A": "6"}"#,
        ]
        for text in documents {
            guard case .object(let object) = try JSONDocument.parse(Array(text.utf8)) else {
                Issue.record("not an object: \(text)")
                continue
            }
            let table = JSONKeyTable(object)
            let dictionary = object.dictionary
            #expect(table.keys == dictionary.keys.sorted(), "\(text)")
            #expect(table.count == dictionary.count)
            for (key, value) in dictionary {
                #expect(table[key]?.string == value.string, "\(text): \(key)")
            }
            #expect(table["missing"] == nil)
            #expect(table[""] == nil)
        }
        // Hand-checked: duplicates keep the last value.
        guard case .object(let object) = try JSONDocument.parse(Array(#"{"x": "1", "y": "2", "x": "3"}"#.utf8)) else { return }
        let table = JSONKeyTable(object)
        #expect(table.keys == ["x", "y"])
        #expect(table["x"]?.string == "3")
        #expect(table["y"]?.string == "2")
    }
}
