// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "layoutsim",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "LayoutSim", targets: ["LayoutSim"]),
        .executable(name: "layoutsim", targets: ["LayoutSimCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
        ),
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
        ),
        .target(
            name: "LayoutSim",
            dependencies: ["CFreeType", "CHarfBuzz", "CICU", "CFontconfig", .product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "LayoutSimCLI",
            dependencies: [
                "LayoutSim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "LayoutSimTests",
            dependencies: ["LayoutSim", "LayoutSimCLI"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
