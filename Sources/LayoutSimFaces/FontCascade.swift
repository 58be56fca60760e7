import LayoutSimModel
import LayoutSimSupport

/// Which of Apple's system fonts a bundled face stands in for. Each one is measured the way iOS measures the font it
/// replaces (widths calibrated, line boxes from SF's, emoji at the size iOS draws them): see `StandInCalibration`.
public enum StandIn: String, Sendable, Hashable, CaseIterable {
    /// Inter for SF Pro (SF's measured widths replace Inter's).
    case sf
    /// Noto Sans Thai for Thonburi.
    case thai
    /// Noto Sans Arabic for SF Arabic / Geeza Pro.
    case arabic
    /// Noto Sans Devanagari for Kohinoor Devanagari.
    case devanagari
    /// Noto Sans Hebrew for SF Hebrew.
    case hebrew
    /// Noto Sans CJK for Hiragino Sans (ja), PingFang SC / TC / HK (zh) and Apple SD Gothic Neo (ko).
    case cjk
    /// Noto fonts for the other scripts iOS has fonts for (``SystemCascadeFiles/otherScripts``): SF Armenian and
    /// Georgian, Kohinoor Bangla, Gujarati and Telugu, the Sangam MN fonts, Mukta Mahee, Kefa, Kailasa, ….
    case otherScripts
    /// The emoji stand-in (Noto Color Emoji's sequences, boxes of Apple Color Emoji's metrics) for Apple Color Emoji.
    case emoji
}

/// The files of the system cascade: Inter standing in for SF (SF's measured widths replace Inter's), then Noto
/// Sans Thai, Arabic, Devanagari, Hebrew and CJK, the Noto fonts of the other scripts and the emoji stand-in, for
/// Thonburi, SF Arabic, Kohinoor Devanagari, SF Hebrew, Hiragino Sans / PingFang / Apple SD Gothic Neo, iOS's other
/// script fonts and Apple Color Emoji.
package enum SystemCascadeFiles {
    /// The Inter file standing in for SF at each weight.
    package static let interFiles: [FontWeight: String] = [
        .regular: "Inter-Regular.otf", .medium: "Inter-Medium.otf",
        .semibold: "Inter-SemiBold.otf", .bold: "Inter-Bold.otf",
    ]

    /// The Noto families standing in for iOS's fonts of the other scripts it draws (Core Text's default cascade list,
    /// https://stackoverflow.com/q/58906179; `Fonts/README.md`), each with a Regular and a Bold file: a text in them
    /// is measured, not reported as missing glyphs no iPhone would show.
    package static let otherScripts = [
        "NotoSansArmenian", "NotoSansGeorgian", "NotoSansBengali", "NotoSansGujarati", "NotoSansGurmukhi",
        "NotoSansTamil", "NotoSansTelugu", "NotoSansKannada", "NotoSansMalayalam", "NotoSansOriya", "NotoSansSinhala",
        "NotoSansKhmer", "NotoSansLao", "NotoSansMyanmar", "NotoSansEthiopic", "NotoSerifTibetan", "NotoSansThaana",
        "NotoSansCherokee", "NotoSansCanadianAboriginal",
    ]

    /// The fallback files, in order, at a weight, with what each stands in for: regular and medium take Regular,
    /// semibold and bold take Bold; the emoji stand-in has one weight, as Apple Color Emoji does.
    package static func fallbackFiles(weight: FontWeight) -> [(file: String, standIn: StandIn)] {
        let style = weight >= .semibold ? "Bold" : "Regular"
        return [
            ("NotoSansThai-\(style).ttf", .thai), ("NotoSansArabic-\(style).ttf", .arabic),
            ("NotoSansDevanagari-\(style).ttf", .devanagari), ("NotoSansHebrew-\(style).ttf", .hebrew),
            ("NotoSansCJK-\(style).otf", .cjk), ("NotoSansCJKSymbols-\(style).otf", .cjk),
        ] + otherScripts.map { ("\($0)-\(style).ttf", StandIn.otherScripts) } + [
            ("LayoutSimEmoji.ttf", .emoji),
            // Symbols no font before has (✕ ≒ ⋮ ☐ ➔ ▸), as iOS draws them from Apple Symbols or SF: after the emoji
            // stand-in, which keeps the symbols iOS draws as emoji. One weight each, as in Debian's fonts-noto-core.
            ("NotoSansSymbols2-Regular.ttf", .otherScripts), ("NotoSansMath-Regular.ttf", .otherScripts),
        ]
    }
}

/// The faces of a cascade, in order: those opened with it (the primary face and the user's fallbacks, the system
/// font's stand-in, Apple's fonts), then the system cascade's other stand-ins, each opened the first time a text needs
/// it (a text looks at the faces in order until one has its glyphs: a Latin text needs Inter alone), so that a start
/// opens only the faces its texts need.
///
/// Shared by the cascade's copies; owned by the engine's cascades, so by one worker: not thread-safe.
package final class CascadeFaces {
    /// Faces `0..<opened.count`, every one opened: those opened with the cascade, then as many of the others as are
    /// opened in a row (an itemizer reads them in place, per cluster). Private to set, changed only in
    /// ``open(_:)``, as ``later`` is.
    package private(set) var opened: [FontFace]
    /// How many faces were opened with the cascade (``opened`` has at least these).
    private let openedWith: Int
    /// Each face after them: its bundled file, not opened yet; the face; or why it could not be opened (a broken
    /// install: it is not tried again).
    private enum Later {
        case file(String)
        case face(FontFace)
        case failed(FontError)
    }
    private var later: [Later]
    private let registry: FontRegistry?
    /// Number of faces, opened or not.
    package let count: Int

    /// Faces all opened already.
    package init(_ faces: [FontFace]) {
        opened = faces
        openedWith = faces.count
        later = []
        registry = nil
        count = faces.count
    }

    /// `faces`, then the bundled `files` (names in the bundled `Fonts/`), opened from `registry` when first needed.
    package init(_ faces: [FontFace], then files: [String], from registry: FontRegistry) {
        opened = faces
        openedWith = faces.count
        later = files.map(Later.file)
        self.registry = registry
        count = faces.count + files.count
    }

    /// The first of ``opened`` with a glyph for each code point asked lately (``firstOpened(having:)``),
    /// direct-mapped by the low 10 bits: `value << 32 | index`; `UInt64.max` for an empty slot. Only found faces are
    /// kept, never "none": ``opened`` only grows, and the faces before the one found never gain a glyph. Made when
    /// first asked.
    private var firstHaving: [UInt64] = []

    /// The index of the first of ``opened`` with a glyph for the scalar `value`; nil when none has one (the faces
    /// after them may). Remembered: the itemizer asks it of every cluster of one code point, and each face looked at
    /// is retained and released around its test.
    package func firstOpened(having value: UInt32) -> Int? {
        if firstHaving.isEmpty { firstHaving = [UInt64](repeating: .max, count: 1024) }
        let slot = Int(value & 1023)
        let known = firstHaving[slot]
        if UInt32(truncatingIfNeeded: known >> 32) == value { return Int(truncatingIfNeeded: known & 0xFFFF_FFFF) }
        for i in opened.indices where opened[i].hasGlyph(value) {
            firstHaving[slot] = UInt64(value) << 32 | UInt64(i)
            return i
        }
        return nil
    }

    /// Face `i`, opened now if it was not; else why it cannot be.
    package func open(_ i: Int) -> Result<FontFace, FontError> {
        if i < opened.count { return .success(opened[i]) }
        let k = i - openedWith
        switch later[k] {
        case .face(let face): return .success(face)
        case .failed(let error): return .failure(error)
        case .file(let file):
            // A cascade with files to open has the registry they are in (the other initializer has no files).
            guard let registry else { return .failure(.bundledFontsNotFound(searched: [])) }
            do {
                let face = try registry.bundledFace(named: file)
                later[k] = .face(face)
                while opened.count < count, case .face(let next) = later[opened.count - openedWith] { opened.append(next) }
                return .success(face)
            } catch {
                later[k] = .failed(error)
                return .failure(error)
            }
        }
    }

    /// Face `i`, opened now if it was not; nil when it cannot be (``open(_:)`` says why).
    package func face(_ i: Int) -> FontFace? {
        if case .success(let face) = open(i) { return face }
        return nil
    }

    /// Every face, each opened now (those that cannot be are left out).
    package var all: [FontFace] { (0..<count).compactMap(face) }
}

/// The faces a text may be set in, in order, and which of them is the system font's stand-in.
package struct FontCascade {
    /// The primary face (a font file) and its fallbacks, then the system cascade; opened as texts need them.
    package let cascadeFaces: CascadeFaces
    /// Every face of the cascade, each opened now (``CascadeFaces/all``).
    package var faces: [FontFace] { cascadeFaces.all }
    /// Index of the SF stand-in (Inter), whose clusters take SF's measured widths.
    package let systemModelIndex: Int
    /// What each face stands in for (nil: a font file of the user's, or one of Apple's own).
    package let standIns: [StandIn?]
    /// For each face, what it is when it is one of Apple's own fonts (`--apple-fonts`); empty without them.
    package var apple: [AppleFaceRole?] = []
    /// The groups of the system cascade whose Apple font the folder lacks, so their stand-in is in the cascade.
    package var standInsForMissingAppleFonts: [StandIn] = []

    /// The face that shapes the primary text: the font file, or the SF stand-in for the system font.
    package func primary(for font: FontChoice) -> FontFace {
        cascadeFaces.opened[font.face == .system ? systemModelIndex : 0]   // opened with the cascade
    }

    package init(faces: CascadeFaces, systemModelIndex: Int, standIns: [StandIn?]) {
        cascadeFaces = faces
        self.systemModelIndex = systemModelIndex
        self.standIns = standIns
    }
}

/// What one of Apple's own fonts is in a cascade: the system font (shaped with SF itself), its tracking, its
/// optical-size axis.
public struct AppleFaceRole: Sendable, Hashable {
    /// Whether it is the system font (SF).
    public let isSystemFont: Bool
    /// Its `trak` table, applied per size.
    public let tracking: TrackingTable?
    /// Its `opsz` axis, set from the point size; nil when it has none.
    public let opticalSize: FontAxis?
}

/// Opens font cascades and keeps them (bounded: one per font choice and weight used). Owned by the engine.
package final class FontCascades {
    /// The fonts opened so far.
    package let registry: FontRegistry
    /// Apple's own fonts, when they are used (`--apple-fonts`).
    package let appleFonts: AppleFontIndex?
    /// Per font, weight and locale: two fonts or weights per locale (``CacheBounds/locales``).
    private var cache = LRUCache<CascadeKey, FontCascade>(capacity: 2 * CacheBounds.locales)
    /// The cascade given last and what it was asked for: one text after another mostly asks for the same one (a
    /// catalog's strings in one style), and comparing the fields of its key is cheaper than hashing one.
    private var last = LastCascade()

    package init(registry: FontRegistry, appleFonts: AppleFontIndex? = nil) {
        self.registry = registry
        self.appleFonts = appleFonts
    }

    /// The cascade for `font` at `weight`: the primary face, the user's fallback files, then the system cascade
    /// (the system font's weight for the system font, regular behind a font file). With Apple's fonts, the system
    /// cascade is theirs, ordered for `language`.
    package func cascade(for font: FontChoice, weight: FontWeight, language: String? = nil) throws(FontError) -> FontCascade {
        let cjk = appleFonts == nil ? nil : AppleCascade.preferredCJKFamily(language: language)
        if let cascade = last.cascade, last.face == font.face, last.weight == weight, last.cjk == cjk,
           last.fallbackFiles == font.fallbackFiles {
            return cascade
        }
        let key = CascadeKey(face: font.face, fallbackFiles: font.fallbackFiles, weight: weight, cjk: cjk)
        if let cached = cache[key] {
            remember(cached, at: key)
            return cached
        }
        if let appleFonts {
            let built = try appleCascade(for: font, weight: weight, language: language, index: appleFonts)
            cache[key] = built
            remember(built, at: key)
            return built
        }
        var faces: [FontFace] = []
        var standIns: [StandIn?] = []
        if case .file(let path, let index) = font.face {
            faces.append(try registry.face(path: path, index: index))
            for file in font.fallbackFiles { faces.append(try registry.face(path: file.path, index: file.faceIndex)) }
            standIns = Array(repeating: nil, count: faces.count)
        }
        let systemWeight = font.face == .system ? weight : .regular
        let systemIndex = faces.count
        faces.append(try registry.bundledFace(named: SystemCascadeFiles.interFiles[systemWeight] ?? "Inter-Regular.otf"))
        standIns.append(.sf)
        let fallbacks = SystemCascadeFiles.fallbackFiles(weight: systemWeight)
        standIns.append(contentsOf: fallbacks.map(\.standIn))
        let built = FontCascade(
            faces: CascadeFaces(faces, then: fallbacks.map(\.file), from: registry), systemModelIndex: systemIndex,
            standIns: standIns
        )
        cache[key] = built
        remember(built, at: key)
        return built
    }
}

extension FontCascades {
    /// The cascade given last and what it was asked for (the fields of its key, compared without making one).
    fileprivate struct LastCascade {
        var face = FontChoice.Face.system
        var fallbackFiles: [FontFile] = []
        var weight = FontWeight.regular
        var cjk: String?
        var cascade: FontCascade?
    }

    /// Makes `cascade` the one given last (``last``).
    private func remember(_ cascade: FontCascade, at key: CascadeKey) {
        last = LastCascade(
            face: key.face, fallbackFiles: key.fallbackFiles, weight: key.weight, cjk: key.cjk, cascade: cascade
        )
    }
}

/// Key of a cached font cascade.
private struct CascadeKey: Hashable {
    let face: FontChoice.Face
    let fallbackFiles: [FontFile]
    let weight: FontWeight
    /// The CJK family the language puts first (Apple's fonts only).
    let cjk: String?
}
