import Foundation
import LayoutSimCatalogs

/// Which catalog keys the scan placed, which places name a key no catalog has, and the keys whose interpolation
/// types were guessed, settled by the catalog where it has exactly one key that matches.
public struct ScanCoverage: Sendable {
    public struct CatalogKey: Sendable, Hashable {
        public var key: String
        public var table: String
        public var file: String
        public var line: Int
        /// Where the code spells the key when no place shows it (a `LocalizedStringKey` returned by a function,
        /// a model's property): used, shown where the scan cannot follow. Nil: not in the scanned code at all.
        public var literal: SourceLocation?
    }

    public struct MissingKey: Sendable, Hashable {
        /// An index into the scan's places.
        public var place: Int
        public var reason: String
    }

    /// Keys of the catalogs (not stale) that no place shows, in catalog order.
    public var keysWithoutPlace: [CatalogKey] = []
    /// Places whose key is in no catalog given.
    public var placesWithoutKey: [MissingKey] = []
    /// Catalog keys in all (not stale), and how many of them are placed.
    public var catalogKeys = 0
    public var placedKeys = 0

    /// Matches places with the catalogs' keys (a catalog's table is its file name: `Localizable.xcstrings`,
    /// `de.lproj/Main.strings`). A place whose key was made with a guessed specifier takes the catalog's key when
    /// exactly one matches with any specifiers there; the place is changed and says so.
    public static func match(_ result: inout ScanResult, catalogs: [CatalogReadResult]) -> ScanCoverage {
        var coverage = ScanCoverage()
        var keys: [CatalogKey] = []
        var known: Set<String> = []
        for catalog in catalogs {
            for entry in catalog.entries where !entry.isStale {
                let table = URL(fileURLWithPath: entry.source.file).deletingPathExtension().lastPathComponent
                if known.insert(table + "\u{0}" + entry.key).inserted {
                    keys.append(CatalogKey(key: entry.key, table: table, file: entry.source.file, line: entry.source.line))
                }
            }
        }
        guard !keys.isEmpty else { return coverage }
        var byShape: [String: [String]] = [:]
        for key in keys where key.key.contains("%") { byShape[key.table + "\u{0}" + shape(key.key), default: []].append(key.key) }
        let tables = Set(keys.map(\.table))
        var placed: Set<String> = []
        for index in result.places.indices {
            let place = result.places[index]
            let id = place.table + "\u{0}" + place.key
            if known.contains(id) {
                placed.insert(id)
                continue
            }
            if place.keyConfidence < .exact, let candidates = byShape[place.table + "\u{0}" + shape(place.key)], candidates.count == 1 {
                result.places[index].notes.append("the key '\(place.key)' made with a guessed type matched the catalog's '\(candidates[0])'")
                result.places[index].key = candidates[0]
                result.places[index].keyConfidence = .high
                placed.insert(place.table + "\u{0}" + candidates[0])
                continue
            }
            let reason = tables.contains(place.table)
                ? "not in the \(place.table) table: a typo, or a key not extracted yet"
                : "no catalog of the table '\(place.table)' was given"
            coverage.placesWithoutKey.append(MissingKey(place: index, reason: reason))
        }
        coverage.keysWithoutPlace = keys.filter { !placed.contains($0.table + "\u{0}" + $0.key) }.map { key in
            var key = key
            key.literal = result.literals[key.key]
            return key
        }
        coverage.catalogKeys = keys.count
        coverage.placedKeys = keys.count - coverage.keysWithoutPlace.count
        return coverage
    }

    /// The text of each key in the catalogs' development language (their source language, else `en`), its
    /// placeholders filled with `check`'s default samples: what the findings lay out. The first catalog that has a
    /// key gives it; plural and device variants give their first.
    public static func developmentTexts(_ catalogs: [CatalogReadResult]) -> [String: String] {
        var texts: [String: String] = [:]
        let samples = PlaceholderSamples()
        for catalog in catalogs {
            let language = catalog.sourceLanguage ?? "en"
            for entry in catalog.entries where entry.locale == language && !entry.isStale && texts[entry.key] == nil {
                texts[entry.key] = samples.substitute(entry.value, locale: language)
            }
        }
        return texts
    }

    /// A format key with every specifier made the same (`%lld items` and `%@ items` are one shape), read by the
    /// catalogs' own format parser.
    static func shape(_ key: String) -> String {
        FormatString.segments(key).map { segment in
            switch segment {
            case .text(let text): return text
            case .placeholder(let specifier): return specifier.kind == .percent ? "%%" : "%_"
            }
        }.joined()
    }
}
