import LayoutSimModel
import Testing

/// The bounded cache evicts exactly the least recently used entry, against a hand trace and a naive reference.
struct LRUCacheTests {
    @Test func evictsTheLeastRecentlyUsed() {
        var cache = LRUCache<String, Int>(capacity: 3)
        cache["a"] = 1
        cache["b"] = 2
        cache["c"] = 3
        #expect(cache["a"] == 1)          // a is now the most recent; b the least
        cache["d"] = 4                    // evicts b
        #expect(cache.count == 3 && cache.evictions == 1)
        #expect(cache["b"] == nil)
        cache["c"] = 30                   // an update, no eviction; order now c, d, a (most recent first)
        cache["e"] = 5                    // evicts a
        #expect(cache["a"] == nil && cache["c"] == 30 && cache["d"] == 4 && cache["e"] == 5)
        cache["d"] = nil                  // removed: room for one more without evicting
        cache["f"] = 6
        #expect(cache.count == 3 && cache.evictions == 2)
        #expect(cache.hits == 4 && cache.misses == 2)
    }

    /// A long pseudo-random sequence of reads, writes and removals gives what a list-based LRU gives.
    @Test func matchesANaiveLRU() {
        var cache = LRUCache<Int, Int>(capacity: 7)
        var reference: [(key: Int, value: Int)] = []   // most recent first
        var state: UInt64 = 12345
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        for step in 0..<5000 {
            let key = next() % 12
            switch next() % 10 {
            case 0..<5:
                let expected = reference.firstIndex { $0.key == key }.map { reference.remove(at: $0) }
                if let expected { reference.insert(expected, at: 0) }
                #expect(cache[key] == expected?.value, "step \(step)")
            case 5..<9:
                reference.removeAll { $0.key == key }
                reference.insert((key, step), at: 0)
                if reference.count > 7 { reference.removeLast() }
                cache[key] = step
            default:
                reference.removeAll { $0.key == key }
                cache[key] = nil
            }
            #expect(cache.count == reference.count)
        }
    }
}
