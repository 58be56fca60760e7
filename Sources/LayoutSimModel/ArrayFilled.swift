extension Array {
    /// `count` copies of `value`, through the specialized path appending takes: `Array(repeating:count:)` asks the
    /// run-time for the array's type at every call (0.7 k instructions where a string's arrays are made).
    /// Inlinable, so that each stage gets it specialized for its element type.
    @inlinable
    package static func filled(_ value: Element, count: Int) -> [Element] {
        var out: [Element] = []
        out.reserveCapacity(count)
        out.append(contentsOf: repeatElement(value, count: count))
        return out
    }
}

extension Array {
    /// Removes every element, keeping the storage for the next ones; nothing when there is none. (The standard
    /// library's `removeAll(keepingCapacity: true)` of an array that never held anything, the shared empty one, makes
    /// a new empty one and releases the old: about 50 instructions, at every text or size for the arrays that stay
    /// empty.)
    @inlinable
    package mutating func clear() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
