/// The members of a ``JSONObject`` each key once with its last value (what ``JSONObject/dictionary`` holds), kept
/// sorted by key: the keys in order without sorting them again, and lookups by binary search, without hashing.
/// A key written twice (or two canonically equivalent spellings of one) is kept as first written, with the value
/// of the last, as the dictionary keeps it.
package struct JSONKeyTable {
    /// The distinct keys, sorted.
    package let keys: [String]
    /// The member holding the value of each key in ``keys``: an object of one member's own array (most objects of a
    /// String Catalog have one: an array of their values made for them was an allocation per key; with a key's
    /// localizations looked up once, 0.6 k instructions per German string read).
    private let members: [JSONObject.Member]

    package init(_ object: JSONObject) {
        let members = object.members
        if members.count <= 1 {
            keys = members.map(\.key)
            self.members = members
            return
        }
        let order = members.indices.sorted { a, b in
            members[a].key < members[b].key || (!(members[b].key < members[a].key) && a < b)
        }
        var keys: [String] = []
        var kept: [JSONObject.Member] = []
        keys.reserveCapacity(members.count)
        kept.reserveCapacity(members.count)
        for index in order {
            if let last = keys.last, last == members[index].key {
                kept[kept.count - 1] = members[index]
            } else {
                keys.append(members[index].key)
                kept.append(members[index])
            }
        }
        self.keys = keys
        self.members = kept
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
        return low < keys.count && keys[low] == key ? members[low].value : nil
    }
}
