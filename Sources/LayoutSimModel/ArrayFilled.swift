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
