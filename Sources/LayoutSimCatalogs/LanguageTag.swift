import Foundation
import LayoutSimModel
import LayoutSimICU

/// Checks the localization codes catalogs give (`.xcstrings` localization keys and `sourceLanguage`, XLIFF
/// `source-language` / `target-language`) where they enter, so that nothing downstream (ICU's number formats,
/// plural rules, line breaking) ever sees a code that is not a language tag.
package enum LanguageTag {
    /// The longest code accepted (BCP 47 tags in catalogs are a few characters: `zh-Hant-TW`).
    package static let maximumLength = 64

    /// Whether a key with no localization into `locale` shows the source text there, the app having the key in
    /// `hasKey` locales: not in a regional variant whose language, other than the source language, has it (de-CH
    /// when de has it: iOS may show that text there, which is not modelled). en-GB in an English catalog does.
    package static func showsSourceText(in locale: String, sourceLanguage: String, hasKey: (String) -> Bool) -> Bool {
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? locale
        return language == locale || language == sourceLanguage || !hasKey(language)
    }

    /// Why `tag` is not a usable BCP 47 language tag, or `nil` when it is. `und` (undetermined) is accepted.
    package static func problem(_ tag: String) -> String? {
        let shown = shownTag(tag)
        let example = "a BCP 47 language tag such as en, de-CH or zh-Hant"
        if tag.isEmpty { return "the language code is empty; expected \(example)" }
        guard tag.utf8.count <= maximumLength else {
            return "the language code '\(shown)' is longer than \(maximumLength) characters; expected \(example)"
        }
        guard tag.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }) else {
            return "'\(shown)' is not a language code: only ASCII letters, digits and '-' are allowed; expected \(example)"
        }
        if tag.lowercased() == "und" { return nil }
        do {
            _ = try TextBoundaries.icuLocale(forLanguageTag: tag)
            return nil
        } catch {
            return "'\(shown)' is not a language code; expected \(example)"
        }
    }

    /// Words for a well-formed tag whose language CLDR does not know (`jp` for Japanese, `ja`; no iPhone's language is
    /// that code, so iOS never shows such a localization: ``neverShown``). Nil for a known language.
    package static func unknownLanguage(_ tag: String) -> String? {
        guard problem(tag) == nil, !TextBoundaries.knowsLanguage(tag) else { return nil }
        let language = tag.split(separator: "-").first.map { $0.lowercased() } ?? tag
        let meant = commonMistakes[language].map { " (did you mean '\($0)'?)" } ?? ""
        return "'\(shownTag(tag))' is not a language CLDR knows\(meant)"
    }

    /// What an unknown language means for a catalog's localization.
    package static let neverShown = ": no iPhone is set to it, so iOS never shows this localization"

    /// Country codes written for a language code, and the language meant.
    private static let commonMistakes: [String: String] = [
        // (Not `kr` or `ch`: Kanuri and Chamorro are languages, so no warning names them.)
        "jp": "ja", "gr": "el", "cz": "cs", "dk": "da", "cn": "zh", "ua": "uk", "vn": "vi", "al": "sq",
        "ir": "fa", "rs": "sr", "by": "be", "il": "he", "at": "de", "us": "en", "gb": "en",
    ]

    /// `tag` for a message: control characters and line breaks as `\u{…}`, at most 64 characters.
    private static func shownTag(_ tag: String) -> String {
        var shown = ""
        for scalar in tag.unicodeScalars.prefix(maximumLength) {
            if scalar.needsShowing { shown += scalar.shownEscaped } else { shown.unicodeScalars.append(scalar) }
        }
        return tag.unicodeScalars.count > maximumLength ? shown + "…" : shown
    }
}
