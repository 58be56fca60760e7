import LayoutSimModel
import Foundation

/// A value computed on another thread while the caller goes on, or at once on the caller's thread when `inParallel`
/// is false: `check` hashes its input files beside the catalog reading when it has more than one worker, and a
/// String Catalog's line index is made beside its parsing.
package final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    private let make: @Sendable () -> Value
    private let done = DispatchGroup()
    private let lock = NSLock()
    private var result: Value?

    package init(inParallel: Bool, _ make: @escaping @Sendable () -> Value) {
        self.make = make
        guard inParallel else {
            result = make()
            return
        }
        done.enter()
        DispatchQueue.global().async { [self] in
            let value = make()
            lock.withLock { result = value }
            done.leave()
        }
    }

    /// The value, once computed (waits for it).
    package var value: Value {
        done.wait()
        return lock.withLock { result } ?? make()
    }
}
