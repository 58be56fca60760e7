/// Plain values read and written by index, in storage of their own that grows and is kept: the itemizer's working
/// arrays (``Itemizer/Scratch``, one per measurer, from one text to the next). A store into an `Array` checks, each
/// time, that the array is its own; a class has no copy to check for. Every index is checked against the count, as
/// an array's is.
final class Slots<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>
    /// How many values there are, every one of them written (``grow(to:filling:)``).
    private(set) var count: Int

    /// Room for `count` values, each `value`.
    init(count: Int = 16, filling value: Element) {
        self.count = max(1, count)
        base = .allocate(capacity: self.count)
        base.initialize(repeating: value, count: self.count)
    }

    deinit { base.deallocate() }

    /// Makes room for `newCount` values at least (at least twice as many as before), the new ones `value`.
    func grow(to newCount: Int, filling value: Element) {
        guard newCount > count else { return }
        let capacity = max(newCount, 2 * count)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        grown.initialize(from: base, count: count)
        (grown + count).initialize(repeating: value, count: capacity - count)
        base.deallocate()
        base = grown
        count = capacity
    }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "slot index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "slot index out of range")
            base[index] = newValue
        }
    }
}
