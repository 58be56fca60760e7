/// The members of a ``JSONObject`` each key once with its last value (what ``JSONObject/dictionary`` holds), kept
/// sorted by key: the keys in order without sorting them again, and lookups by binary search, without hashing.
/// A key written twice (or two canonically equivalent spellings of one) is kept as first written, with the value
/// of the last, as the dictionary keeps it.
package struct JSONKeyTable {
    /// The member holding the value of each distinct key, sorted by key: an object of one member's own array (most
    /// objects of a String Catalog have one: an array of their values made for them was an allocation per key; with
    /// a key's localizations looked up once, 0.6 k instructions per German string read). The keys are read from
    /// the members: an array of them was another allocation per key (see ``key(at:)``).
    private let members: [JSONObject.Member]

    package init(_ object: JSONObject) {
        let members = object.members
        if members.count <= 1 {
            self.members = members
            return
        }
        let order = members.indices.sorted { a, b in
            members[a].key < members[b].key || (!(members[b].key < members[a].key) && a < b)
        }
        var kept: [JSONObject.Member] = []
        kept.reserveCapacity(members.count)
        for index in order {
            if let last = kept.last, last.key == members[index].key {
                kept[kept.count - 1] = members[index]
            } else {
                kept.append(members[index])
            }
        }
        self.members = kept
    }

    /// The distinct keys, sorted (an array made when asked for: a reader walking them uses ``key(at:)``).
    package var keys: [String] { members.map(\.key) }

    /// The number of distinct keys.
    package var count: Int { members.count }

    /// The key at `index` (in `0..<count`) of the sorted distinct keys.
    package func key(at index: Int) -> String { members[index].key }

    /// The last value of the key at `index` (in `0..<count`).
    package func value(at index: Int) -> JSONValue { members[index].value }

    /// The last value of `key`, or nil.
    package subscript(key: String) -> JSONValue? {
        var low = 0, high = members.count
        while low < high {
            let middle = (low + high) / 2
            if members[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low < members.count && members[low].key == key ? members[low].value : nil
    }
}
