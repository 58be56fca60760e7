import Foundation
import LayoutSimModel

/// Finds where the keys of one object of a JSON document are written, in file order: the lines reported for
/// `.xcstrings` keys, which `JSONSerialization` does not give.
///
/// A scan over the raw bytes that tracks only nesting and strings; each key of the wanted object is decoded by
/// `JSONSerialization` itself (as a JSON string fragment), so escapes (`\"`, `\u00e9`) resolve exactly as in the
/// parsed document. Run it only on text that `JSONSerialization` accepted.
package enum JSONKeyLocator {
    /// A key and the UTF-8 offset of its opening quote.
    package struct Located: Hashable {
        var key: String
        var offset: Int
    }

    private struct Frame {
        var isObject: Bool
        /// Keys from the root to this container, or `nil` once off the wanted path.
        var path: [String]?
        var expectingKey: Bool
        var lastKey: String?
    }

    /// The keys of the object reached from the root through `path` (e.g. `["strings"]`), in file order.
    package static func keys(in bytes: [UInt8], at path: [String]) -> [Located] {
        var found: [Located] = []
        var stack: [Frame] = []
        var index = 0
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var childPath: [String]?
                if let parent = stack.last {
                    if parent.isObject, let parentPath = parent.path, let key = parent.lastKey,
                       parentPath.count < path.count, path[parentPath.count] == key {
                        childPath = parentPath + [key]
                    }
                } else {
                    childPath = []
                }
                let isObject = byte == UInt8(ascii: "{")
                stack.append(Frame(isObject: isObject, path: isObject ? childPath : nil, expectingKey: isObject))
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                index += 1
            case UInt8(ascii: ","):
                if let last = stack.indices.last, stack[last].isObject { stack[last].expectingKey = true }
                index += 1
            case quote:
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != quote {
                    index += bytes[index] == backslash ? 2 : 1
                }
                let end = min(index, bytes.count - 1)
                index += 1
                guard let last = stack.indices.last, stack[last].isObject, stack[last].expectingKey else { break }
                stack[last].expectingKey = false
                guard let framePath = stack[last].path else {
                    stack[last].lastKey = nil
                    break
                }
                let key = decode(Array(bytes[start...end]))
                stack[last].lastKey = key
                if framePath == path, let key { found.append(Located(key: key, offset: start)) }
            default:
                index += 1
            }
        }
        return found
    }

    private static func decode(_ quoted: [UInt8]) -> String? {
        try? JSONSerialization.jsonObject(with: Data(quoted), options: .fragmentsAllowed) as? String
    }
}
