import Foundation
import LayoutSimModel

/// The `.strings` and `.stringsdict` files of one table (`Localizable`) across `xx.lproj` folders: a key that some
/// locale has and another lacks gets the warning `.xcstrings` gives for a missing localization.
///
/// A table is the files named `<table>.strings` or `<table>.stringsdict` in the `.lproj` folders of one folder
/// (Foundation looks a key up in a locale's `.stringsdict`, then its `.strings`, so both count). Only locales with
/// at least one file of the table among those read are compared; a file read with errors is not said to lack keys
/// (its keys may be in the part that could not be read). The warning is at the key in the development language's
/// file, or in the first file given that has it.
package enum LprojTables {
    /// Adds the missing-key warnings to `results` (read from `urls`, in the same order).
    package static func addMissingKeyWarnings(
        to results: inout [CatalogReadResult], urls: [URL], developmentLanguage: String
    ) {
        var tables: [TableID: [(index: Int, locale: String)]] = [:]
        var order: [TableID] = []
        for (index, url) in zip(urls.indices, urls) where index < results.count {
            guard ["strings", "stringsdict"].contains(url.pathExtension.lowercased()),
                  let locale = LprojLocale.locale(of: url, developmentLanguage: developmentLanguage) else { continue }
            let id = TableID(
                folder: url.deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL.path,
                name: url.deletingPathExtension().lastPathComponent
            )
            if tables[id] == nil { order.append(id) }
            tables[id, default: []].append((index, locale))
        }
        for id in order {
            guard let files = tables[id], Set(files.map(\.locale)).count > 1 else { continue }
            warn(files: files, developmentLanguage: developmentLanguage, results: &results)
        }
    }

    private struct TableID: Hashable {
        var folder: String
        var name: String
    }

    private static func warn(
        files: [(index: Int, locale: String)], developmentLanguage: String, results: inout [CatalogReadResult]
    ) {
        var keysByLocale: [String: Set<String>] = [:]
        var complete: Set<String> = []
        // Where each key is first found: development language first, then the files in the order given.
        var firstSeen: [String: (index: Int, location: CatalogSourceLocation)] = [:]
        var keyOrder: [String] = []
        let ordered = files.filter { $0.locale == developmentLanguage } + files.filter { $0.locale != developmentLanguage }
        for file in ordered {
            let result = results[file.index]
            keysByLocale[file.locale, default: []].formUnion(result.entries.map(\.key))
            if !result.hasErrors { complete.insert(file.locale) }
            for entry in result.entries where firstSeen[entry.key] == nil {
                firstSeen[entry.key] = (file.index, entry.source)
                keyOrder.append(entry.key)
            }
        }
        var shownIn: [String: [String]] = [:]   // per key of the development language's table
        for key in keyOrder {
            guard let (index, location) = firstSeen[key] else { continue }
            let missing = complete.sorted().filter { keysByLocale[$0]?.contains(key) != true }
            for locale in missing {
                results[index].diagnostics.append(.missingLocalization(key, locale, at: location))
            }
            let shown = missing.filter { locale in
                LanguageTag.showsSourceText(in: locale, sourceLanguage: developmentLanguage) {
                    keysByLocale[$0]?.contains(key) == true
                }
            }
            if !shown.isEmpty { shownIn[key] = shown }
        }
        // The development language's entries of those keys: the app shows them there.
        guard !shownIn.isEmpty else { return }
        for file in files where file.locale == developmentLanguage {
            for entry in results[file.index].entries.indices {
                if let missing = shownIn[results[file.index].entries[entry].key] {
                    results[file.index].entries[entry].sourceShownIn = missing
                }
            }
        }
    }
}
