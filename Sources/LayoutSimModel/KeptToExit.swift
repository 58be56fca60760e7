/// Values a process that ends after its work keeps to its end instead of freeing: freeing tens of thousands of
/// values one by one (a catalog's entries, its parsed document) costs more than the system reclaiming the memory at
/// once when the process exits. Only for what is not needed again; the memory is not reclaimed before the exit.
package enum KeptToExit {
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Keeps `value` (and every value it holds) alive until the process exits.
    package static func keep<Value>(_ value: consuming Value) {
        _ = Unmanaged.passRetained(Box(value))
    }
}
