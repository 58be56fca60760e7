import Foundation
import LayoutSimTestSupport
import Testing

/// Runs the built `layoutsim` as users do, from the package root.
enum CLIRunner {
    /// The built `layoutsim` next to the test bundle (`swift test` builds it with the tests).
    static var binary: URL? {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        return candidates.map { $0.appendingPathComponent("layoutsim") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
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
