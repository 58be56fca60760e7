import Foundation
@testable import LayoutSim

/// Paths and helpers shared by the tests. Fonts are loaded by path only (never system lookup).
enum TestSupport {
    /// The package root, from this file's location (Tests/LayoutSimTests/Support/TestSupport.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/LayoutSimTests/Fixtures/<name>`.
    static func fixture(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Tests/LayoutSimTests/Fixtures").appendingPathComponent(name)
    }

    /// `Fonts/<name>`.
    static func bundledFont(_ name: String) -> String {
        packageRoot.appendingPathComponent("Fonts").appendingPathComponent(name).path
    }

    /// The synthetic font: upem 1000, every spacing glyph 1 em, hhea 800/−200/0, one kerning pair A V −200.
    static var oneEm: String { fixture("OneEm.ttf").path }

    /// A new engine on the package's bundled fonts (each test makes its own; engines are not Sendable).
    static func engine() throws -> LayoutEngine {
        try LayoutEngine(fontsDirectory: packageRoot.appendingPathComponent("Fonts"))
    }

    /// Lays out `text` on one unlimited line at a fixed size and returns the report.
    static func fit(
        _ text: String, font: FontChoice, width: Double = 100_000, lines: Int = 0, height: Double? = nil,
        language: String? = nil, engine: LayoutEngine? = nil
    ) throws -> FitReport {
        let engine = try engine ?? Self.engine()
        return try engine.fit(FitRequest(
            text: text, font: font, container: Container(width: width, height: height, lineLimit: lines), language: language
        ))
    }

    /// The texts of the lines of a result.
    static func lineTexts(_ text: String, _ result: CategoryResult) -> [String] {
        let utf16 = Array(text.utf16)
        return result.lines.map { String(decoding: utf16[$0.range], as: UTF16.self) }
    }
}
