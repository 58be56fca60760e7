import Foundation
import LayoutSim

/// Reads a catalog as `check` does, then does what `check` does with every entry before layout: fills its
/// placeholders for its locale (ICU number formats and plural rules see every locale a catalog gives).
public enum CatalogFuzzing {
    public static func run(_ url: URL) {
        let result = CatalogReader.read(url)
        let samples = PlaceholderSamples()
        for entry in result.entries.prefix(200) {
            _ = samples.fill(entry.value, locale: entry.locale, plural: entry.pluralCategory)
        }
        for diagnostic in result.diagnostics { precondition(diagnostic.location.line >= 1 && diagnostic.location.column >= 1) }
    }
}
