/// A bounded least-recently-used cache with hit, miss and eviction counters.
///
/// - Complexity: lookups, inserts, removals and evictions are O(1) amortised: entries sit in slots linked in order
///   of use (most recent first), so the least recently used one is the list's last, found without a scan (a scan
///   per eviction copied every entry, which for large values such as shaped texts cost more than shaping them).
///
/// Inlinable: the stages that own caches are other modules, and an unspecialized generic dictionary there costs a
/// protocol-conformance lookup per access.
///
/// Each key is hashed once per call: the dictionary of slots holds the key with its hash value, so its own probes,
/// inserts, removals and growth hash one integer, not the key again (a text's key hashes every byte of the text).
public struct LRUCache<Key: Hashable, Value> {
    /// A key with its hash value, computed once.
    @usableFromInline struct HashedKey: Hashable {
        @usableFromInline let key: Key
        @usableFromInline let hash: Int

        @inlinable init(_ key: Key) {
            self.key = key
            hash = key.hashValue
        }

        @inlinable static func == (a: HashedKey, b: HashedKey) -> Bool { a.hash == b.hash && a.key == b.key }
        @inlinable func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// One entry and its neighbours in the order of use (slot indices; -1: none).
    @usableFromInline struct Slot {
        @usableFromInline var key: HashedKey
        @usableFromInline var value: Value
        @usableFromInline var newer: Int
        @usableFromInline var older: Int

        @inlinable init(key: HashedKey, value: Value, newer: Int, older: Int) {
            self.key = key
            self.value = value
            self.newer = newer
            self.older = older
        }
    }

    /// Maximum number of entries.
    public let capacity: Int
    /// Slot of each key.
    @usableFromInline var index: [HashedKey: Int] = [:]
    @usableFromInline var slots: [Slot] = []
    /// Slots of removed entries, for reuse.
    @usableFromInline var free: [Int] = []
    /// Most and least recently used slots (-1: empty).
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1
    /// Lookups that found an entry.
    public var hits = 0
    /// Lookups that found none.
    public var misses = 0
    /// Entries dropped to stay within `capacity`.
    public var evictions = 0

    /// - Parameter reserved: room made at once for every entry (the dictionary and the slots never grow), for a
    ///   cache expected to fill; otherwise they grow as entries come.
    @inlinable public init(capacity: Int, reserved: Bool = false) {
        self.capacity = max(1, capacity)
        if reserved {
            index.reserveCapacity(self.capacity)
            slots.reserveCapacity(self.capacity)
        }
    }

    /// Number of entries held.
    @inlinable public var count: Int { index.count }

    @inlinable public subscript(key: Key) -> Value? {
        mutating get { lookUp(HashedKey(key)) }
        set {
            let hashed = HashedKey(key)
            if let slot = index[hashed] {
                if let newValue {
                    slots[slot].value = newValue
                    moveToFront(slot)
                } else {
                    unlink(slot)
                    index[hashed] = nil
                    free.append(slot)
                }
                return
            }
            guard let newValue else { return }
            insert(newValue, for: hashed)
        }
    }

    /// The value for `key`, or else the value `make` gives, kept as the newest entry: the key is hashed once.
    /// Counts a hit or a miss as a lookup does; when `make` throws nothing is kept.
    @inlinable public mutating func value<Failure: Error>(
        for key: Key, orInsert make: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let hashed = HashedKey(key)
        if let value = lookUp(hashed) { return value }
        let value = try make()
        insert(value, for: hashed)
        return value
    }

    /// The value for `hashed`, now the most recently used (nil: none), counted as a hit or a miss.
    @inlinable mutating func lookUp(_ hashed: HashedKey) -> Value? {
        guard let slot = index[hashed] else { misses += 1; return nil }
        hits += 1
        moveToFront(slot)
        return slots[slot].value
    }

    /// Adds `value` for `hashed` (not held), evicting the least recently used entry when full.
    @inlinable mutating func insert(_ value: Value, for hashed: HashedKey) {
        let slot: Int
        if index.count >= capacity, oldest >= 0 {
            // Reuse the least recently used entry's slot.
            slot = oldest
            unlink(slot)
            index[slots[slot].key] = nil
            slots[slot].key = hashed
            slots[slot].value = value
            evictions += 1
        } else if let reused = free.popLast() {
            slot = reused
            slots[slot].key = hashed
            slots[slot].value = value
        } else {
            slot = slots.count
            slots.append(Slot(key: hashed, value: value, newer: -1, older: -1))
        }
        index[hashed] = slot
        pushFront(slot)
    }

    /// Takes `slot` out of the order of use.
    @inlinable mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer, older = slots[slot].older
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = -1
        slots[slot].older = -1
    }

    /// Puts `slot` (not linked) first in the order of use.
    @inlinable mutating func pushFront(_ slot: Int) {
        slots[slot].newer = -1
        slots[slot].older = newest
        if newest >= 0 { slots[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }

    @inlinable mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        pushFront(slot)
    }
}

/// Bounds shared by the engine's caches.
package enum CacheBounds {
    /// Entries of a cache with one per locale (ICU line iterators, number services, locale IDs, font cascades): room
    /// for every locale of a large catalog. A check takes each key's locales in turn, and an LRU cache smaller than the
    /// locales it cycles through keeps none of them (with 16, a 21-locale catalog opened an ICU line iterator, its
    /// rules converted again, for 97 % of its strings: 14 % of its instructions). An ICU line iterator is about 7 KB.
    package static let locales = 128
}
