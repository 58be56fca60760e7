import Foundation
import LayoutSimModel

/// The locale of a `.strings` or `.stringsdict` file, from the `xx.lproj` folder that holds it.
package enum LprojLocale {
    /// Legacy folder names from before ISO codes (still found in old projects).
    private static let legacyNames = [
        "english": "en", "german": "de", "french": "fr", "japanese": "ja", "spanish": "es", "italian": "it",
        "dutch": "nl",
    ]

    /// The locale for `url`: `de.lproj/…` → `de`; `pt_BR.lproj` → `pt-BR` (underscores become hyphens);
    /// `Base.lproj` → `developmentLanguage`; `English.lproj` → `en`. `nil` when the folder is not an `.lproj`
    /// or its name is not a language tag (the caller uses `und` and warns).
    package static func locale(of url: URL, developmentLanguage: String) -> String? {
        let folder = url.deletingLastPathComponent().lastPathComponent
        guard folder.lowercased().hasSuffix(".lproj") else { return nil }
        let name = String(folder.dropLast(".lproj".count))
        if name.lowercased() == "base" { return developmentLanguage }
        if let legacy = legacyNames[name.lowercased()] { return legacy }
        let tag = name.replacingOccurrences(of: "_", with: "-")
        return isLanguageTag(tag) ? tag : nil
    }

    /// A plausible BCP 47 tag: a 2–3 letter language, then optional subtags of 1–8 letters or digits (script
    /// `Hans`, region `BR` or `419`, variants).
    package static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
