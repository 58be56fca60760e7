import Foundation
import LayoutSimTestSupport
import Testing

/// Runs the built `layoutsim` as users do, from the package root.
enum CLIRunner {
    /// The built `layoutsim`: `$LAYOUTSIM_BINARY` when set; else the one beside the test bundle (`swift test` builds
    /// it with the tests); else the package's own build folders, found from this file's path (under Swift Testing
    /// on macOS the process is a helper of the toolchain's, with no test bundle among its bundles).
    static var binary: URL? {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["LAYOUTSIM_BINARY"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders += ["debug", "release"].map { TestSupport.packageRoot.appendingPathComponent(".build/\($0)") }
        candidates += folders.map { $0.appendingPathComponent("layoutsim") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Output { let status: Int32; let stdout: String; let stderr: String }

    static func run(_ arguments: [String]) throws -> Output {
        let binary: URL = try #require(Self.binary, "layoutsim binary not built next to the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = TestSupport.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}
