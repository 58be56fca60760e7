import LayoutSimModel

/// A face of Apple's chosen for the system cascade, with the axes to set on it.
package struct AppleFaceChoice: Sendable, Hashable {
    package let entry: AppleFontEntry
    package let variations: [FontVariation]
}

/// Which of Apple's fonts iOS's system cascade uses for each script, and how a language reorders the CJK fonts.
///
/// Source: Core Text's default cascade list (`CTFontCopyDefaultCascadeListForLanguages`), as printed for the system
/// cascade with no language (Thonburi, then PingFang SC, PingFang TC, Apple SD Gothic Neo, PingFang HK, Hiragino
/// Sans, …, Kohinoor Devanagari, …, Apple Color Emoji; https://stackoverflow.com/q/58906179), with the language's own
/// CJK font moved first as the language list does (ja: Hiragino Sans, ko: Apple SD Gothic Neo, zh-Hant: PingFang TC,
/// zh-HK: PingFang HK). Arabic and Hebrew take iOS's SF Arabic and SF Hebrew, else Geeza Pro and Arial Hebrew. Every
/// group keeps the bundled stand-in behind Apple's fonts when one of them is missing from the folder.
package enum AppleCascade {
    /// Families of Apple's system font (normalized: ``AppleFontIndex/normalized(_:)``), preferred first: iOS's
    /// `SFUI.ttf` (".SF UI"), macOS's `SFNS.ttf` ("System Font", ".SF NS"), the SF Pro download ("SF Pro", "SF Pro
    /// Text").
    package static let systemFamilies = ["sfui", "sfuitext", "systemfont", "sfns", "sfpro", "sfprotext"]

    /// Apple's families for each of the stand-ins' groups, in Core Text's order, for text in `language`.
    package static func families(for group: StandIn, language: String?) -> [String] {
        switch group {
        case .sf: return systemFamilies
        case .thai: return ["thonburiui", "thonburi"]
        case .arabic: return ["sfarabic", "geezapro"]
        case .devanagari: return ["kohinoordevanagari"]
        case .hebrew: return ["sfhebrew", "arialhebrew"]
        case .emoji: return ["applecoloremoji"]
        case .otherScripts: return otherScriptFamilies
        case .cjk:
            let order = ["pingfangsc", "pingfangtc", "applesdgothicneo", "pingfanghk", "hiraginosans"]
            guard let first = preferredCJKFamily(language: language) else { return order }
            return [first] + order.filter { $0 != first }
        }
    }

    /// Apple's families for the other scripts (``StandIn/otherScripts``), in Core Text's order (normalized).
    package static let otherScriptFamilies = [
        "sfarmenian", "sfgeorgian", "kohinoorbangla", "kohinoorgujarati", "kohinoortelugu", "muktamahee",
        "tamilsangammn", "malayalamsangammn", "kannadasangammn", "notosanskannada", "oriyasangammn", "notosansoriya",
        "sinhalasangammn", "khmersangammn", "laosangammn", "myanmarsangammn", "notosansmyanmar", "kefa", "kailasa",
        "notosansthaana", "plantagenetcherokee", "euphemiaucas", "applesymbols",
    ]

    /// The CJK family a language tag puts first, nil for none (Simplified Chinese keeps the default order).
    package static func preferredCJKFamily(language: String?) -> String? {
        guard let tag = language?.lowercased().replacingOccurrences(of: "_", with: "-") else { return nil }
        let parts = tag.split(separator: "-").map(String.init)
        switch parts.first {
        case "ja": return "hiraginosans"
        case "ko": return "applesdgothicneo"
        case "yue": return "pingfanghk"
        case "zh":
            if parts.contains("hk") || parts.contains("mo") { return "pingfanghk" }
            if parts.contains("hant") || parts.contains("tw") { return "pingfangtc" }
            return nil
        default: return nil
        }
    }

    /// Style names that fit a weight, preferred first (normalized).
    static func styles(for weight: FontWeight) -> [String] {
        switch weight {
        case .regular: return ["regular", "w3", "roman", "book"]
        case .medium: return ["medium", "w4", "w5", "regular", "w3"]
        case .semibold: return ["semibold", "demibold", "w6", "bold", "medium"]
        case .bold: return ["bold", "w6", "w7", "semibold", "heavy"]
        }
    }

    /// The CSS weight iOS's weights stand for, where a variable font names no instance for it.
    static func cssWeight(_ weight: FontWeight) -> Double {
        switch weight {
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        }
    }

    /// The face of `family` (normalized) for `weight`: a variable face (its `wght` set later from its named
    /// instances), else the static face whose style fits the weight best, else the family's first face.
    package static func face(in index: AppleFontIndex, family: String, weight: FontWeight) -> AppleFontEntry? {
        let faces = index.entries.filter { AppleFontIndex.normalized($0.family) == family }
        if let variable = faces.first(where: { $0.axisTags.contains("wght") }) { return variable }
        for style in styles(for: weight) {
            if let match = faces.first(where: { AppleFontIndex.normalized($0.style) == style }) { return match }
        }
        return faces.first
    }

    /// The system font's face for `weight`, or nil when the folder has none.
    package static func systemFace(in index: AppleFontIndex, weight: FontWeight) -> AppleFontEntry? {
        for family in systemFamilies {
            if let entry = face(in: index, family: family, weight: weight) { return entry }
        }
        return nil
    }
}

/// The Apple fonts each stand-in replaces, in words (reports, `doctor`).
public enum StandInNames {
    public static func appleFont(_ standIn: StandIn) -> String {
        switch standIn {
        case .sf: return "SF (the system font)"
        case .thai: return "Thonburi (Thai)"
        case .arabic: return "SF Arabic or Geeza Pro (Arabic)"
        case .devanagari: return "Kohinoor Devanagari (Devanagari)"
        case .hebrew: return "SF Hebrew or Arial Hebrew (Hebrew)"
        case .cjk: return "Hiragino Sans, PingFang SC/TC/HK or Apple SD Gothic Neo (CJK)"
        case .emoji: return "Apple Color Emoji (emoji)"
        case .otherScripts:
            return "iOS's fonts for the other scripts and symbols (SF Armenian and Georgian, Kohinoor, Sangam MN, Apple Symbols, …)"
        }
    }
}
