/// A bounded least-recently-used cache with hit, miss and eviction counters.
///
/// - Complexity: lookups and inserts are O(1) amortised, except evictions, which are O(capacity)
///   (the caches here are small: a few hundred entries).
///
/// Inlinable: the stages that own caches are other modules, and an unspecialized generic dictionary there costs a
/// protocol-conformance lookup per access.
public struct LRUCache<Key: Hashable, Value> {
    /// Maximum number of entries.
    public let capacity: Int
    @usableFromInline var storage: [Key: (value: Value, tick: UInt64)] = [:]
    @usableFromInline var clock: UInt64 = 0
    /// Lookups that found an entry.
    public var hits = 0
    /// Lookups that found none.
    public var misses = 0
    /// Entries dropped to stay within `capacity`.
    public var evictions = 0

    @inlinable public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Number of entries held.
    @inlinable public var count: Int { storage.count }

    @inlinable public subscript(key: Key) -> Value? {
        mutating get {
            clock &+= 1
            guard let entry = storage[key] else { misses += 1; return nil }
            hits += 1
            storage[key] = (entry.value, clock)
            return entry.value
        }
        set {
            clock &+= 1
            guard let newValue else { storage[key] = nil; return }
            if storage[key] == nil, storage.count >= capacity,
               let oldest = storage.min(by: { $0.value.tick < $1.value.tick })?.key {
                storage[oldest] = nil
                evictions += 1
            }
            storage[key] = (newValue, clock)
        }
    }
}
