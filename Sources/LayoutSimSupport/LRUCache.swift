/// A bounded least-recently-used cache with hit, miss and eviction counters.
///
/// - Complexity: lookups, inserts, removals and evictions are O(1) amortised: entries sit in slots linked in order
///   of use (most recent first), so the least recently used one is the list's last, found without a scan (which
///   would copy every entry, and values such as shaped texts are large).
///
/// Inlinable: the stages that own caches are other modules, and an unspecialized generic cache there costs a
/// protocol-conformance lookup per access.
///
/// Each key is hashed once per call, and only the key: the slots are found through a table of its own (open
/// addressing, linear probing, at most half full) that compares the hash values the slots keep, never hashing them
/// again (as a dictionary of slots would, at every probe, insert, removal and growth). A lookup that misses gives a
/// ``Probe``, so that inserting what was missing hashes nothing again.
public struct LRUCache<Key: Hashable, Value> {
    /// One entry, its hash value and its neighbours in the order of use (slot indices; -1: none).
    @usableFromInline struct Slot {
        @usableFromInline var key: Key
        @usableFromInline var value: Value
        @usableFromInline var hash: Int
        @usableFromInline var newer: Int
        @usableFromInline var older: Int

        @inlinable init(key: Key, value: Value, hash: Int) {
            self.key = key
            self.value = value
            self.hash = hash
            newer = -1
            older = -1
        }
    }

    /// A key with its hash value, from a lookup, for ``insert(_:at:)``.
    public struct Probe {
        @usableFromInline let key: Key
        @usableFromInline let hash: Int

        @inlinable init(key: Key, hash: Int) {
            self.key = key
            self.hash = hash
        }
    }

    /// Maximum number of entries.
    public let capacity: Int
    /// Slot of each bucket (-1: empty); a power of two long, at least twice the entries (empty before the first).
    @usableFromInline var buckets: [Int32] = []
    @usableFromInline var slots: [Slot] = []
    /// Slots of removed entries, for reuse.
    @usableFromInline var free: [Int] = []
    /// Number of entries held.
    @inlinable public var count: Int { held }
    @usableFromInline var held = 0
    /// Most and least recently used slots (-1: empty).
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1
    /// Lookups that found an entry.
    public var hits = 0
    /// Lookups that found none.
    public var misses = 0
    /// Entries dropped to stay within `capacity`.
    public var evictions = 0

    /// - Parameter reserved: room made at once for every entry (the table and the slots never grow), for a cache
    ///   expected to fill; otherwise they grow as entries come.
    @inlinable public init(capacity: Int, reserved: Bool = false) {
        self.capacity = max(1, capacity)
        if reserved {
            buckets = Self.emptyBuckets(for: self.capacity)
            slots.reserveCapacity(self.capacity)
        }
    }

    /// An empty table for `entries` entries: a power of two at least twice as long.
    @inlinable static func emptyBuckets(for entries: Int) -> [Int32] {
        var length = 8
        while length < 2 * entries { length *= 2 }
        return [Int32](repeating: -1, count: length)
    }

    @inlinable public subscript(key: Key) -> Value? {
        mutating get { lookUp(key).value }
        set {
            let hash = key.hashValue
            if let newValue {
                insert(newValue, at: Probe(key: key, hash: hash))
            } else if let (bucket, slot) = find(key, hash: hash) {
                unlink(slot)
                removeBucket(bucket)
                free.append(slot)
                held -= 1
            }
        }
    }

    /// The value for `key`, now the most recently used (nil: none), counted as a hit or a miss, with the key's
    /// ``Probe`` for inserting a value after a miss.
    @inlinable public mutating func lookUp(_ key: Key) -> (value: Value?, probe: Probe) {
        lookUp(key, hash: key.hashValue)
    }

    /// ``lookUp(_:)`` with the key's hash value given, for a key that works one out itself for less than a `Hasher`
    /// round costs (the shaper's runs, looked up several times per text). Every lookup and insertion of one cache
    /// must give the hash values of the same function.
    @inlinable package mutating func lookUp(_ key: Key, hash: Int) -> (value: Value?, probe: Probe) {
        let (value, probe) = lookUp(key, hash: hash) { $0 }
        return (value, probe)
    }

    /// ``lookUp(_:hash:)`` that gives what `read` makes of the value found, read where it is kept (returned, the
    /// value is copied, each of its references retained and released again), instead of the value: nil when there is
    /// none.
    @inlinable package mutating func lookUp<R>(
        _ key: Key, hash: Int, reading read: (inout Value) -> R
    ) -> (found: R?, probe: Probe) {
        let probe = Probe(key: key, hash: hash)
        guard let (_, slot) = find(key, hash: hash) else {
            misses += 1
            return (nil, probe)
        }
        hits += 1
        moveToFront(slot)
        return (read(&slots[slot].value), probe)
    }

    /// The value for `key`, or else the value `make` gives, kept as the newest entry: the key is hashed once.
    /// Counts a hit or a miss as a lookup does; when `make` throws nothing is kept.
    @inlinable public mutating func value<Failure: Error>(
        for key: Key, orInsert make: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let (known, probe) = lookUp(key)
        if let known { return known }
        let value = try make()
        insert(value, at: probe)
        return value
    }

    /// Keeps `value` for the probe's key as the most recently used entry (replacing the value held, if any), evicting
    /// the least recently used entry when full. The value is taken (consumed), not copied into the cache and the
    /// caller's released (a shaped run and a measured text per string).
    @inlinable public mutating func insert(_ value: consuming Value, at probe: Probe) {
        if let (_, slot) = find(probe.key, hash: probe.hash) {
            slots[slot].value = value
            moveToFront(slot)
            return
        }
        let slot: Int
        if count >= capacity, oldest >= 0 {
            // Reuse the least recently used entry's slot.
            slot = oldest
            unlink(slot)
            removeBucket(bucketOf(slot))
            slots[slot].key = probe.key
            slots[slot].hash = probe.hash
            slots[slot].value = value
            held -= 1
            evictions += 1
        } else if let reused = free.popLast() {
            slot = reused
            slots[slot].key = probe.key
            slots[slot].hash = probe.hash
            slots[slot].value = value
        } else {
            slot = slots.count
            slots.append(Slot(key: probe.key, value: value, hash: probe.hash))
        }
        if 2 * (count + 1) > buckets.count { grow() }
        let mask = buckets.count - 1
        var bucket = probe.hash & mask
        while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = Int32(truncatingIfNeeded: slot)
        held += 1
        pushFront(slot)
    }

    /// The bucket and slot of `key` (whose hash value is `hash`); nil when it is not held.
    @inlinable func find(_ key: Key, hash: Int) -> (bucket: Int, slot: Int)? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var bucket = hash & mask
        while true {
            let slot = Int(buckets[bucket])
            if slot < 0 { return nil }
            if slots[slot].hash == hash && slots[slot].key == key { return (bucket, slot) }
            bucket = (bucket + 1) & mask
        }
    }

    /// The bucket that holds `slot` (held).
    @inlinable func bucketOf(_ slot: Int) -> Int {
        let mask = buckets.count - 1
        var bucket = slots[slot].hash & mask
        while Int(buckets[bucket]) != slot { bucket = (bucket + 1) & mask }
        return bucket
    }

    /// Empties `bucket`, moving back the entries after it that can no longer be reached past it (backward-shift
    /// deletion: no tombstones, so probes stay as short as the table's load).
    @inlinable mutating func removeBucket(_ bucket: Int) {
        let mask = buckets.count - 1
        var hole = bucket
        var next = bucket
        buckets[hole] = -1
        while true {
            next = (next + 1) & mask
            let slot = Int(buckets[next])
            if slot < 0 { return }
            let home = slots[slot].hash & mask
            // The entry may fill the hole when the hole lies between its home and where it is.
            if (next &- home) & mask >= (next &- hole) & mask {
                buckets[hole] = buckets[next]
                buckets[next] = -1
                hole = next
            }
        }
    }

    /// A table twice as long (or the first), every entry placed again by its hash value.
    @inlinable mutating func grow() {
        let old = buckets
        buckets = Self.emptyBuckets(for: max(count + 1, old.count))
        let mask = buckets.count - 1
        for entry in old where entry >= 0 {
            var bucket = slots[Int(entry)].hash & mask
            while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = entry
        }
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
    /// locales it cycles through keeps none of them (an ICU line iterator would be opened again, its rules converted
    /// again, for nearly every string). An ICU line iterator is about 7 KB.
    package static let locales = 128
}
