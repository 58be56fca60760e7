import Foundation
import LayoutSimFitting
import LayoutSimModel

/// Paths and helpers shared by the tests. Fonts are loaded by path only (never system lookup).
package enum TestSupport {
    /// The package root, from this file's location (Tests/TestSupport/TestSupport.swift).
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures/<name>`.
    package static func fixture(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name)
    }

    /// `Fonts/<name>`.
    package static func bundledFont(_ name: String) -> String {
        packageRoot.appendingPathComponent("Fonts").appendingPathComponent(name).path
    }

    /// The synthetic font: upem 1000, every spacing glyph 1 em, hhea 800/−200/0, one kerning pair A V −200.
    package static var oneEm: String { fixture("OneEm.ttf").path }

    /// A new engine on the package's bundled fonts (each test makes its own; engines are not Sendable).
    package static func engine() throws -> LayoutEngine {
        try LayoutEngine(fontsDirectory: packageRoot.appendingPathComponent("Fonts"))
    }

    /// Lays out `text` on one unlimited line at a fixed size and returns the report.
    package static func fit(
        _ text: String, font: FontChoice, width: Double = 100_000, lines: Int = 0, height: Double? = nil,
        language: String? = nil, engine: LayoutEngine? = nil
    ) throws -> FitReport {
        let engine = try engine ?? Self.engine()
        return try engine.fit(FitRequest(
            text: text, font: font, container: Container(width: width, height: height, lineLimit: lines), language: language
        ))
    }

    /// The texts of the lines of a result.
    package static func lineTexts(_ text: String, _ result: CategoryResult) -> [String] {
        let utf16 = Array(text.utf16)
        return result.lines.map { String(decoding: utf16[$0.range], as: UTF16.self) }
    }
}

/// `Tests/Fixtures/ios-dynamic-type.json`, a copy of the shared reference table.
package struct DynamicTypeReference: Decodable {
    package struct Style: Decodable {
        package let weight: String
        package let emphasizedWeight: String
        package let sizes: [Double]
        package let leading: [Double]
        package let uikitRawValue: String
        package let swiftUIName: String
    }

    package struct PartialStyle: Decodable {
        package let weight: String
        package let sizeAtLarge: Double
        package let sizes: [Double]?
        package let leading: [Double]?
        package let uikitRawValue: String
    }

    package let defaultCategory: String
    package let categories: [String]
    package let categoryUIKitNames: [String]
    package let categoryRawValues: [String]
    package let categorySwiftUIDynamicTypeSize: [String]
    package let accessibilityCategories: [String]
    package let styles: [String: Style]
    package let partialStyles: [String: PartialStyle]

    package static let url = TestSupport.fixture("ios-dynamic-type.json")

    package static func load() throws -> DynamicTypeReference {
        try JSONDecoder().decode(DynamicTypeReference.self, from: Data(contentsOf: url))
    }
}
