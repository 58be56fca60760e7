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

    /// SHA-256 of a file by the system's tool (`sha256sum` on Linux, `shasum -a 256` on macOS), not by layoutsim's
    /// own: an independent expectation for the hashes reports record.
    package static func sha256sum(_ path: String) throws -> String {
        try sha256sums([path]).first ?? ""
    }

    /// The system tool's SHA-256 of each file, in order (one run of the tool for all of them).
    package static func sha256sums(_ paths: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", #"if command -v sha256sum >/dev/null; then exec sha256sum "$@"; else exec shasum -a 256 "$@"; fi"#, "sh",
        ] + paths
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { String($0.prefix(64)) }
    }

    /// A new empty folder under the temporary directory.
    package static func temporaryDirectory(_ prefix: String = "layoutsim") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `<locale>.lproj/Localizable.strings` in `dir` for each (locale, text), each holding `"k" = "text";`; their paths,
    /// in order.
    package static func stringsFiles(in dir: URL, _ texts: [(locale: String, text: String)]) throws -> [String] {
        try texts.map { locale, text in
            let lproj = dir.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            let path = lproj.appendingPathComponent("Localizable.strings").path
            try "\"k\" = \"\(text)\";\n".write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    /// A copy of the example catalog (Examples/App/Localizable.xcstrings) in `dir` with the German speed-limit
    /// warning made longer ("…warnungen": it still does not fit), edited as text.
    package static func editedExampleCatalog(in dir: URL) throws -> String {
        let copy = dir.appendingPathComponent("Localizable.xcstrings")
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Examples/App/Localizable.xcstrings"), encoding: .utf8)
        guard text.components(separatedBy: "Geschwindigkeitsbegrenzungswarnung").count == 2 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the example's German speed-limit warning changed"])
        }
        try text.replacingOccurrences(of: "Geschwindigkeitsbegrenzungswarnung", with: "Geschwindigkeitsbegrenzungswarnungen")
            .write(to: copy, atomically: true, encoding: .utf8)
        return copy.path
    }

    /// A JSON check report as layoutsim wrote it before reports recorded their input (report version 1): the
    /// fields added since (`toolVersion`, `input`, `fonts`, `fixedSinceBaseline`, `textSHA256`,
    /// `summary.fixedSinceBaseline`) removed, as JSON objects, without the library.
    package static func versionOneReport(_ data: Data) throws -> Data {
        guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              var summary = object["summary"] as? [String: Any], let results = object["results"] as? [[String: Any]] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "not a check report"])
        }
        object["version"] = 1
        for key in ["toolVersion", "input", "fonts", "fixedSinceBaseline"] { object[key] = nil }
        summary["fixedSinceBaseline"] = nil
        object["summary"] = summary
        object["results"] = results.map { result in
            var result = result
            result["textSHA256"] = nil
            return result
        }
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
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
