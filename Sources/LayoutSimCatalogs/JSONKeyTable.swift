/// The members of a ``JSONObject`` each key once with its last value (what ``JSONObject/dictionary`` holds), kept
/// sorted by key: the keys in order without sorting them again, and lookups by binary search, without hashing.
/// A key written twice (or two canonically equivalent spellings of one) is kept as first written, with the value
/// of the last, as the dictionary keeps it.
package struct JSONKeyTable {
    private let object: JSONObject
    /// The entry of the key of each distinct key's last member, sorted by key, for an object of two members or more;
    /// empty for one of one member (most objects of a String Catalog, for which no array is made: an allocation per
    /// key), which is ``single``.
    private let sorted: [Int]
    /// The entry of the one member's key, or -1.
    private let single: Int
    /// The number of distinct keys.
    package let count: Int

    package init(_ object: JSONObject) {
        self.object = object
        let first = object.startIndex, end = object.endIndex
        guard first < end else {
            (sorted, single, count) = ([], -1, 0)
            return
        }
        guard object.index(after: first) < end else {
            (sorted, single, count) = ([], first, 1)
            return
        }
        let members = Array(object.keyIndices)
        let order = members.indices.sorted { a, b in
            let keyA = object.key(at: members[a]), keyB = object.key(at: members[b])
            return keyA < keyB || (!(keyB < keyA) && a < b)
        }
        var kept: [Int] = []
        kept.reserveCapacity(members.count)
        for index in order {
            if let last = kept.last, object.key(at: last) == object.key(at: members[index]) {
                kept[kept.count - 1] = members[index]
            } else {
                kept.append(members[index])
            }
        }
        (sorted, single, count) = (kept, -1, kept.count)
    }

    /// The entry of the key at `index` (in `0..<count`).
    @inline(__always)
    private func entry(_ index: Int) -> Int { single >= 0 ? single : sorted[index] }

    /// The distinct keys, sorted (an array made when asked for: a reader walking them uses ``key(at:)``).
    package var keys: [String] { (0..<count).map(key(at:)) }

    /// The key at `index` (in `0..<count`) of the sorted distinct keys.
    package func key(at index: Int) -> String { object.key(at: entry(index)) }

    /// The last value of the key at `index` (in `0..<count`).
    package func value(at index: Int) -> JSONValue { object.value(at: entry(index)) }

    /// The tape entry of the last value of the key at `index` (in `0..<count`): read in place, no value made.
    package func valueEntry(at index: Int) -> Int { entry(index) + 1 }

    /// The tape entry of the last value of `key`, or -1.
    package func valueEntry(of key: String) -> Int {
        let index = position(of: key)
        return index < 0 ? -1 : valueEntry(at: index)
    }

    /// The last value of `key`, or nil.
    package subscript(key: String) -> JSONValue? {
        let index = position(of: key)
        return index < 0 ? nil : value(at: index)
    }

    /// Whether `key` is there (its value not made: an array would be made again for every look).
    package func contains(_ key: String) -> Bool { position(of: key) >= 0 }

    /// The index of `key` in `0..<count`, or -1.
    private func position(of key: String) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if object.key(at: entry(middle)) < key { low = middle + 1 } else { high = middle }
        }
        return low < count && object.key(at: entry(low)) == key ? low : -1
    }
}
