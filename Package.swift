// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "layoutsim",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "LayoutSim", targets: ["LayoutSim"]),
        .executable(name: "layoutsim", targets: ["LayoutSimCLI"]),
        // One-line assertions for users' tests (Swift Testing and XCTest); LayoutSim itself links no test framework.
        .library(name: "LayoutSimTesting", targets: ["LayoutSimTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", "5.0.1"..<"7.0.0"),
        // SHA-256 of the fonts, catalogs and texts a report names (BoringSSL on Linux, with the SHA instructions).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // `swift package generate-documentation --target LayoutSim`: a plugin only, built when it is run.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // `layoutsim scan` parses the app's Swift sources (not in `LayoutSim`: users' test builds do not compile it).
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
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
        // The pipeline, one target per stage; each imports only the stages before it (see architecture.md).
        .target(name: "LayoutSimModel"),
        // What the stages share that is not a value of the model: files read and written safely, a thread's value,
        // the bounded cache, SHA-256, the streaming JSON writer.
        .target(name: "LayoutSimSupport", dependencies: ["LayoutSimModel", .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "LayoutSimFaces", dependencies: ["LayoutSimModel", "LayoutSimSupport", "CFreeType", "CHarfBuzz", "CFontconfig"]),
        // ICU's services, each behind a Swift type that owns its handles: boundaries, bidi, scripts, plural rules and
        // number formats. Shaping and Catalogs both use it; it knows no font.
        .target(name: "LayoutSimICU", dependencies: ["LayoutSimModel", "LayoutSimSupport", "CICU"]),
        .target(
            name: "LayoutSimShaping",
            dependencies: [
                "LayoutSimModel", "LayoutSimSupport", "LayoutSimFaces", "LayoutSimICU", "CHarfBuzz", "CICU",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(name: "LayoutSimSystemFont", dependencies: ["LayoutSimModel", "LayoutSimSupport", "LayoutSimFaces", "LayoutSimShaping"]),
        .target(name: "LayoutSimBreaking", dependencies: ["LayoutSimModel", "LayoutSimShaping", "LayoutSimSystemFont"]),
        .target(
            name: "LayoutSimFitting",
            dependencies: [
                "LayoutSimModel", "LayoutSimSupport", "LayoutSimFaces", "LayoutSimICU", "LayoutSimShaping",
                "LayoutSimSystemFont", "LayoutSimBreaking",
            ]
        ),
        // Catalogs uses ICU's plural rules and number formats, not fonts or shaping.
        .target(name: "LayoutSimCatalogs", dependencies: ["LayoutSimModel", "LayoutSimSupport", "LayoutSimICU"]),
        .target(
            name: "LayoutSimCheck",
            // Faces only for Apple's font index (`--apple-fonts`), a value; the fonts are opened by the engine.
            dependencies: [
                "LayoutSimModel", "LayoutSimSupport", "LayoutSimFaces", "LayoutSimFitting", "LayoutSimCatalogs",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "LayoutSimReports",
            dependencies: [
                "LayoutSimModel", "LayoutSimSupport", "LayoutSimBreaking", "LayoutSimFitting", "LayoutSimCatalogs",
                "LayoutSimCheck",
            ]
        ),
        // What an app's own sources say about each localized string (`layoutsim scan`): SwiftUI and UIKit code
        // through swift-syntax, Interface Builder files through Foundation's XML parser. Outside the umbrella.
        .target(
            name: "LayoutSimSources",
            dependencies: [
                "LayoutSimModel", "LayoutSimSupport", "LayoutSimFitting", "LayoutSimCatalogs", "LayoutSimCheck",
                "LayoutSimReports",
                .product(name: "Yams", package: "Yams"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // The umbrella: `import LayoutSim` gives users the public API of every stage.
        .target(
            name: "LayoutSim",
            dependencies: [
                "LayoutSimModel", "LayoutSimSupport", "LayoutSimFaces", "LayoutSimICU", "LayoutSimShaping",
                "LayoutSimSystemFont", "LayoutSimBreaking", "LayoutSimFitting", "LayoutSimCatalogs", "LayoutSimCheck",
                "LayoutSimReports",
            ]
        ),
        // The test helpers (`expectFits`, `expectCatalogFits`): a product of their own.
        .target(name: "LayoutSimTesting", dependencies: ["LayoutSim"]),
        .executableTarget(
            name: "LayoutSimCLI",
            dependencies: [
                "LayoutSim", "LayoutSimSupport", "LayoutSimSources",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Tests mirror the stages: each test target tests its stage (building inputs with the engine where needed);
        // fixtures are in Tests/Fixtures, found from the source paths.
        .target(
            name: "LayoutSimTestSupport",
            dependencies: ["LayoutSimModel", "LayoutSimFitting"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "LayoutSimModelTests",
            dependencies: ["LayoutSimModel", "LayoutSimSupport", "LayoutSimTestSupport"],
            path: "Tests/ModelTests"
        ),
        .testTarget(
            name: "LayoutSimFacesTests",
            dependencies: ["LayoutSimModel", "LayoutSimFaces", "LayoutSimShaping", "LayoutSimFitting", "LayoutSimTestSupport"],
            path: "Tests/FacesTests"
        ),
        .testTarget(
            name: "LayoutSimICUTests",
            dependencies: ["LayoutSimModel", "LayoutSimFaces", "LayoutSimICU", "LayoutSimShaping", "LayoutSimFitting", "LayoutSimTestSupport"],
            path: "Tests/ICUTests"
        ),
        .testTarget(
            name: "LayoutSimShapingTests",
            dependencies: [
                "LayoutSimModel", "LayoutSimSupport", "LayoutSimFaces", "LayoutSimICU", "LayoutSimShaping", "LayoutSimFitting",
                "LayoutSimTestSupport",
            ],
            path: "Tests/ShapingTests"
        ),
        .testTarget(
            name: "LayoutSimSystemFontTests",
            dependencies: ["LayoutSimModel", "LayoutSimFaces", "LayoutSimShaping", "LayoutSimSystemFont", "LayoutSimFitting", "LayoutSimTestSupport"],
            path: "Tests/SystemFontTests"
        ),
        .testTarget(
            name: "LayoutSimBreakingTests",
            dependencies: ["LayoutSimModel", "LayoutSimShaping", "LayoutSimSystemFont", "LayoutSimBreaking", "LayoutSimFitting", "LayoutSimTestSupport"],
            path: "Tests/BreakingTests"
        ),
        .testTarget(
            name: "LayoutSimFittingTests",
            dependencies: [
                "LayoutSimModel", "LayoutSimICU", "LayoutSimShaping", "LayoutSimBreaking", "LayoutSimFitting", "LayoutSimReports",
                "LayoutSimTestSupport", "LayoutSim",
            ],
            path: "Tests/FittingTests"
        ),
        .testTarget(
            name: "LayoutSimCatalogsTests",
            dependencies: ["LayoutSimModel", "LayoutSimICU", "LayoutSimCatalogs", "LayoutSimTestSupport"],
            path: "Tests/CatalogsTests"
        ),
        .testTarget(
            name: "LayoutSimCheckTests",
            dependencies: [
                "LayoutSimModel", "LayoutSimSupport", "LayoutSimFitting", "LayoutSimCatalogs", "LayoutSimCheck",
                "LayoutSimReports", "LayoutSimTestSupport",
            ],
            path: "Tests/CheckTests"
        ),
        .testTarget(
            name: "LayoutSimSourcesTests",
            dependencies: ["LayoutSimModel", "LayoutSimCheck", "LayoutSimSources", "LayoutSimTestSupport"],
            path: "Tests/SourcesTests"
        ),
        .testTarget(
            name: "LayoutSimReportsTests",
            dependencies: ["LayoutSimModel", "LayoutSimBreaking", "LayoutSimFitting", "LayoutSimCatalogs", "LayoutSimCheck", "LayoutSimReports", "LayoutSimTestSupport"],
            path: "Tests/ReportsTests"
        ),
        .testTarget(
            name: "LayoutSimTestingTests",
            dependencies: ["LayoutSimTesting", "LayoutSimTestSupport"],
            path: "Tests/TestingTests"
        ),
        .testTarget(
            name: "LayoutSimCLITests",
            dependencies: [
                "LayoutSim", "LayoutSimCLI", "LayoutSimTestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),  // reads the CI examples' workflows
            ],
            path: "Tests/CLITests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
