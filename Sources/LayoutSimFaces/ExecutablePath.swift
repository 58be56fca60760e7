import Foundation
#if canImport(MachO)
import MachO
#endif

/// Where the running executable is, symlinks resolved: the bundled fonts are looked for next to it.
///
/// Read from the kernel (`/proc/self/exe` on Linux, `_NSGetExecutablePath` on macOS) instead of `Bundle.main`,
/// whose first use on Linux lists the executable's folder (which may be one such as `/tmp` or `/usr/local/bin`) and
/// reads bundle dictionaries.
enum ExecutablePath {
    /// The running executable's file, every symlink on the way resolved; nil when the system cannot say.
    static func resolved() -> URL? {
        #if os(Linux)
        // The kernel's link already names the file itself, every symlink on its path resolved (the kernel writes the
        // path of the file it opened), so it is not resolved again component by component.
        let target: String
        do { target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") } catch { return nil }
        guard target.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: target)
        #elseif canImport(MachO)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        guard size > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return URL(fileURLWithPath: path).resolvingSymlinksInPath()
        #else
        return Bundle.main.executableURL?.resolvingSymlinksInPath()
        #endif
    }
}
