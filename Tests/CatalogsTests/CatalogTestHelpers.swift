import Foundation
@testable import LayoutSimCatalogs
import LayoutSimModel
import LayoutSimTestSupport

/// Helpers for the catalog tests.
enum CatalogFixtures {
    /// `Fixtures/Catalogs/<name>`.
    static func url(_ name: String) -> URL { TestSupport.fixture("Catalogs/" + name) }

    /// Reads `Fixtures/Catalogs/<name>`.
    static func read(_ name: String, developmentLanguage: String = "en") -> CatalogReadResult {
        CatalogReader.read(url(name), developmentLanguage: developmentLanguage)
    }

    /// Writes `contents` to `<temporary folder>/<relativePath>` and returns its URL.
    static func temporaryFile(_ relativePath: String, _ contents: Data) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("layoutsim-catalog-\(UUID().uuidString)")
        let url = folder.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url)
        return url
    }
}

extension CatalogReadResult {
    /// Entries of `key` in `locale`, as `(variantPath, value)` pairs in order.
    func variants(_ key: String, _ locale: String) -> [([String], String)] {
        entries.filter { $0.key == key && $0.locale == locale }.map { ($0.variantPath, $0.value) }
    }

    /// The single entry of `key` in `locale` with `path`.
    func entry(_ key: String, _ locale: String, _ path: [String] = []) -> CatalogEntry? {
        entries.first { $0.key == key && $0.locale == locale && $0.variantPath == path }
    }

    /// Diagnostic messages (without locations) of a severity.
    func messages(_ severity: CatalogDiagnostic.Severity) -> [String] {
        diagnostics.filter { $0.severity == severity }.map(\.message)
    }
}

/// Compares `(path, value)` lists, since tuples are not Equatable.
func same(_ actual: [([String], String)], _ expected: [([String], String)]) -> Bool {
    actual.count == expected.count && zip(actual, expected).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
}
