// swift-tools-version:6.0
// libFuzzer targets for layoutsim, one per input kind. A package of its own, so the tool's Package.swift and builds
// stay as they are: `make fuzz` builds it with `-sanitize=fuzzer` (coverage for every module) and runs each target.
// See Fuzz/README.md.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder (`layoutsim` in a clone, anything in a worktree).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let fuzzTargets = ["fuzz-xcstrings", "fuzz-strings", "fuzz-stringsdict", "fuzz-xliff", "fuzz-spec", "fuzz-font", "fuzz-fit"]

let package = Package(
    name: "LayoutSimFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver", .product(name: "LayoutSim", package: root)]),
    ] + fuzzTargets.map { name in
        // libFuzzer supplies `main`; the target's code only defines LLVMFuzzerTestOneInput.
        .executableTarget(
            name: name, dependencies: ["FuzzSupport", "CFuzzDriver", .product(name: "LayoutSim", package: root)],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    }
)
