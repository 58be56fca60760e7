/// The members of a ``JSONObject`` each key once with its last value (what ``JSONObject/dictionary`` holds), kept
/// sorted by key: the keys in order without sorting them again, and lookups by binary search, without hashing.
/// A key written twice (or two canonically equivalent spellings of one) is kept as first written, with the value
/// of the last, as the dictionary keeps it.
package struct JSONKeyTable {
    /// The distinct keys, sorted.
    package let keys: [String]
    /// The value of each key in ``keys``.
    private let values: [JSONValue]

    package init(_ object: JSONObject) {
        let members = object.members
        if members.count <= 1 {
            keys = members.map(\.key)
            values = members.map(\.value)
            return
        }
        let order = members.indices.sorted { a, b in
            members[a].key < members[b].key || (!(members[b].key < members[a].key) && a < b)
        }
        var keys: [String] = []
        var values: [JSONValue] = []
        keys.reserveCapacity(members.count)
        values.reserveCapacity(members.count)
        for index in order {
            if let last = keys.last, last == members[index].key {
                values[values.count - 1] = members[index].value
            } else {
                keys.append(members[index].key)
                values.append(members[index].value)
            }
        }
        self.keys = keys
        self.values = values
    }

    /// The number of distinct keys.
    package var count: Int { keys.count }

    /// The last value of `key`, or nil.
    package subscript(key: String) -> JSONValue? {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? values[low] : nil
    }
}
