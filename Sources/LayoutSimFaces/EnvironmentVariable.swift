#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One environment variable read with `getenv`: `ProcessInfo.environment` copies every variable into a dictionary
/// on each use to answer for one.
enum EnvironmentVariable {
    /// The variable's value, nil when it is not set.
    static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }
}
