/// A bounded least-recently-used cache with hit, miss and eviction counters.
///
/// - Complexity: lookups, inserts, removals and evictions are O(1) amortised: entries sit in slots linked in order
///   of use (most recent first), so the least recently used one is the list's last, found without a scan (a scan
///   per eviction copied every entry, which for large values such as shaped texts cost more than shaping them).
///
/// Inlinable: the stages that own caches are other modules, and an unspecialized generic dictionary there costs a
/// protocol-conformance lookup per access.
public struct LRUCache<Key: Hashable, Value> {
    /// One entry and its neighbours in the order of use (slot indices; -1: none).
    @usableFromInline struct Slot {
        @usableFromInline var key: Key
        @usableFromInline var value: Value
        @usableFromInline var newer: Int
        @usableFromInline var older: Int

        @inlinable init(key: Key, value: Value, newer: Int, older: Int) {
            self.key = key
            self.value = value
            self.newer = newer
            self.older = older
        }
    }

    /// Maximum number of entries.
    public let capacity: Int
    /// Slot of each key.
    @usableFromInline var index: [Key: Int] = [:]
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

    @inlinable public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Number of entries held.
    @inlinable public var count: Int { index.count }

    @inlinable public subscript(key: Key) -> Value? {
        mutating get {
            guard let slot = index[key] else { misses += 1; return nil }
            hits += 1
            moveToFront(slot)
            return slots[slot].value
        }
        set {
            if let slot = index[key] {
                if let newValue {
                    slots[slot].value = newValue
                    moveToFront(slot)
                } else {
                    unlink(slot)
                    index[key] = nil
                    free.append(slot)
                }
                return
            }
            guard let newValue else { return }
            let slot: Int
            if index.count >= capacity, oldest >= 0 {
                // Reuse the least recently used entry's slot.
                slot = oldest
                unlink(slot)
                index[slots[slot].key] = nil
                slots[slot].key = key
                slots[slot].value = newValue
                evictions += 1
            } else if let reused = free.popLast() {
                slot = reused
                slots[slot].key = key
                slots[slot].value = newValue
            } else {
                slot = slots.count
                slots.append(Slot(key: key, value: newValue, newer: -1, older: -1))
            }
            index[key] = slot
            pushFront(slot)
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
