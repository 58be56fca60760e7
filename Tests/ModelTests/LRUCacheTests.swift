import LayoutSimModel
import LayoutSimSupport
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
        compareWithNaiveLRU(capacity: 7, keys: 12) { $0 }
    }

    /// The same with keys whose hash values collide (three values for 60 keys) in a cache that grows its table: every
    /// probe walks past other keys, and removals and evictions move entries back over the holes they leave.
    @Test func matchesANaiveLRUWithCollidingHashes() {
        compareWithNaiveLRU(capacity: 40, keys: 60) { Colliding(value: $0) }
        compareWithNaiveLRU(capacity: 5, keys: 9) { Colliding(value: $0) }
    }

    /// A lookup's probe inserts what was missing; a probe of a key held meanwhile replaces its value.
    @Test func insertsAtAProbe() {
        var cache = LRUCache<String, Int>(capacity: 2)
        let (missing, probe) = cache.lookUp("a")
        #expect(missing == nil)
        cache.insert(1, at: probe)
        #expect(cache["a"] == 1 && cache.count == 1)
        cache.insert(2, at: probe)
        #expect(cache["a"] == 2 && cache.count == 1 && cache.hits == 2 && cache.misses == 1)
    }

    /// Hash values given by the caller (``LRUCache/lookUp(_:hash:)``) file and find the keys, colliding ones told apart
    /// by the keys themselves, and evict the least recently used as the cache's own do: 30 keys under 4 values in a
    /// cache of 8, against a list kept by hand.
    @Test func looksUpUnderGivenHashValues() {
        var cache = LRUCache<Int, Int>(capacity: 8)
        var reference: [(key: Int, value: Int)] = []   // most recent first
        for step in 0..<600 {
            let key = (step * 7 + step / 13) % 30
            let (found, probe) = cache.lookUp(key, hash: key % 4 - 2)
            let expected = reference.firstIndex { $0.key == key }.map { reference.remove(at: $0) }
            #expect(found == expected?.value, "step \(step)")
            if let expected {
                reference.insert(expected, at: 0)
            } else {
                cache.insert(step, at: probe)
                reference.insert((key, step), at: 0)
                if reference.count > 8 { reference.removeLast() }
            }
            #expect(cache.count == reference.count)
        }
    }

    private struct Colliding: Hashable {
        let value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(value % 3) }
    }

    private func compareWithNaiveLRU<Key: Hashable>(capacity: Int, keys: Int, _ make: (Int) -> Key) {
        var cache = LRUCache<Key, Int>(capacity: capacity)
        var reference: [(key: Key, value: Int)] = []   // most recent first
        var state: UInt64 = 12345
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        for step in 0..<5000 {
            let key = make(next() % keys)
            switch next() % 10 {
            case 0..<5:
                let expected = reference.firstIndex { $0.key == key }.map { reference.remove(at: $0) }
                if let expected { reference.insert(expected, at: 0) }
                #expect(cache[key] == expected?.value, "step \(step)")
            case 5..<9:
                reference.removeAll { $0.key == key }
                reference.insert((key, step), at: 0)
                if reference.count > capacity { reference.removeLast() }
                cache[key] = step
            default:
                reference.removeAll { $0.key == key }
                cache[key] = nil
            }
            #expect(cache.count == reference.count)
        }
        // Every key the reference holds is found with its value.
        for (key, value) in reference { #expect(cache[key] == value) }
    }
}
