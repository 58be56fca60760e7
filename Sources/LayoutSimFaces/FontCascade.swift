import LayoutSimModel

/// The files of the system cascade: Inter standing in for SF (SF's measured widths replace Inter's), then Noto
/// Sans Thai, Arabic, Devanagari and Hebrew standing in for Thonburi, SF Arabic, Kohinoor Devanagari and SF Hebrew.
package enum SystemCascadeFiles {
    /// The Inter file standing in for SF at each weight.
    package static let interFiles: [FontWeight: String] = [
        .regular: "Inter-Regular.otf", .medium: "Inter-Medium.otf",
        .semibold: "Inter-SemiBold.otf", .bold: "Inter-Bold.otf",
    ]

    /// The Noto fallback files, in order, at a weight: regular and medium take Regular, semibold and bold take Bold.
    package static func fallbackFiles(weight: FontWeight) -> [String] {
        let style = weight >= .semibold ? "Bold" : "Regular"
        return ["NotoSansThai", "NotoSansArabic", "NotoSansDevanagari", "NotoSansHebrew"].map { "\($0)-\(style).ttf" }
    }
}

/// The faces a text may be set in, in order, and which of them is the system font's stand-in.
package struct FontCascade {
    /// The primary face (a font file) and its fallbacks, then the system cascade.
    package let faces: [FontFace]
    /// Index of the SF stand-in (Inter), whose clusters take SF's measured widths.
    package let systemModelIndex: Int

    /// The face that shapes the primary text: the font file, or the SF stand-in for the system font.
    package func primary(for font: FontChoice) -> FontFace {
        font.face == .system ? faces[systemModelIndex] : faces[0]
    }
}

/// Opens font cascades and keeps them (bounded: one per font choice and weight used). Owned by the engine.
package final class FontCascades {
    /// The fonts opened so far.
    package let registry: FontRegistry
    private var cache = LRUCache<CascadeKey, FontCascade>(capacity: 64)

    package init(registry: FontRegistry) { self.registry = registry }

    /// The cascade for `font` at `weight`: the primary face, the user's fallback files, then the system cascade
    /// (the system font's weight for the system font, regular behind a font file).
    package func cascade(for font: FontChoice, weight: FontWeight) throws(FontError) -> FontCascade {
        let key = CascadeKey(face: font.face, fallbackFiles: font.fallbackFiles, weight: weight)
        if let cached = cache[key] { return cached }
        var faces: [FontFace] = []
        if case .file(let path, let index) = font.face {
            faces.append(try registry.face(path: path, index: index))
            for file in font.fallbackFiles { faces.append(try registry.face(path: file.path, index: file.faceIndex)) }
        }
        let systemWeight = font.face == .system ? weight : .regular
        let systemIndex = faces.count
        faces.append(try registry.bundledFace(named: SystemCascadeFiles.interFiles[systemWeight] ?? "Inter-Regular.otf"))
        for file in SystemCascadeFiles.fallbackFiles(weight: systemWeight) { faces.append(try registry.bundledFace(named: file)) }
        let built = FontCascade(faces: faces, systemModelIndex: systemIndex)
        cache[key] = built
        return built
    }
}

/// Key of a cached font cascade.
private struct CascadeKey: Hashable {
    let face: FontChoice.Face
    let fallbackFiles: [FontFile]
    let weight: FontWeight
}
