import Foundation

/// What every fuzz target needs: the input as a file (the readers take paths, as users give them), in a folder of
/// this process's own on a memory file system when there is one.
public enum FuzzInput {
    /// `/dev/shm/layoutsim-fuzz-<pid>` (or the temporary folder), created once.
    public static let folder: URL = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm")
            : FileManager.default.temporaryDirectory
        let url = base.appendingPathComponent("layoutsim-fuzz-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            fatalError("cannot create the fuzzing folder \(url.path): \(error)")
        }
        return url
    }()

    /// Writes the fuzzer's bytes to `relativePath` in ``folder`` and returns its URL.
    public static func file(_ relativePath: String, _ start: UnsafeRawPointer, _ count: Int) -> URL {
        let url = folder.appendingPathComponent(relativePath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes: start, count: count).write(to: url)
        } catch {
            fatalError("cannot write the fuzz input \(url.path): \(error)")
        }
        return url
    }

    /// The bytes as an array.
    public static func bytes(_ start: UnsafeRawPointer, _ count: Int) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: start, count: count))
    }
}
