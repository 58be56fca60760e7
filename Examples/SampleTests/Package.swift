// swift-tools-version:6.0
// A team's own test package using layoutsim's test helpers: `swift test` here checks the example app's copy.
// A real app depends on layoutsim by URL instead (there is no release tag yet: follow the main branch):
//   .package(url: "https://github.com/your-org/layoutsim", branch: "main")
import PackageDescription

let package = Package(
    name: "SampleTests",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "layoutsim", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "AppCopyTests",
            dependencies: [.product(name: "LayoutSimTesting", package: "layoutsim")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
