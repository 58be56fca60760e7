import LayoutSimFaces
import LayoutSimModel

/// A run of text that is shaped in one piece: one face, one direction, one script.
package struct TextRun: Sendable, Hashable {
    /// UTF-16 offsets into the text.
    package let range: Range<Int>
    /// Index of the face in the cascade.
    package let faceIndex: Int
    /// Right to left (odd bidi level).
    package let isRightToLeft: Bool
    /// The run's script (neutral characters take their neighbours').
    package let script: Script
}

/// Splits text into runs by font coverage, bidi level and script (libraqm's `_raqm_itemize`).
///
/// - Each grapheme cluster takes the first face of the cascade that has a glyph for every one of its code points
///   (default-ignorable code points, controls and line separators need none). Spaces, punctuation and digits too:
///   Core Text gives a character the first font of the cascade that covers it, so on iOS the digits and spaces in
///   Thai or Arabic text are SF's (`fidelity-notes.md`, "Which font a digit … uses").
/// - An emoji cluster (a character whose default presentation is emoji, or any cluster with U+FE0F or a keycap)
///   takes the emoji face when it covers it, as iOS draws those with Apple Color Emoji.
/// - Clusters that need no glyph (a line separator, a lone ZWJ) take the face before them.
/// - A cluster that no face covers is shaped with the primary face (as `.notdef`) and reported as missing.
/// - Runs end where the face, the bidi direction or the script changes; a directional run is never split by
///   anything else, so Arabic joining is kept (HarfBuzz also sees the neighbouring text as context).
package enum Itemizer {
    /// Itemizes `utf16` given its grapheme boundaries (including 0 and the end) and bidi levels.
    ///
    /// - Parameter lastResort: called with a code point no face of the cascade covers; may return a face that
    ///   does (the `--system-fonts` fontconfig lookup), which is appended to the cascade.
    /// - Returns: the runs, the cascade with any last-resort faces appended, and the clusters nothing covers.
    package static func itemize(
        _ utf16: [UInt16], graphemes: [Int], levels: [UInt8], cascade: [FontFace], emojiFace: Int? = nil,
        lastResort: (Unicode.Scalar) -> FontFace? = { _ in nil }
    ) -> (runs: [TextRun], faces: [FontFace], uncovered: [Range<Int>]) {
        guard !utf16.isEmpty, graphemes.count >= 2 else { return ([], cascade, []) }
        var faces = cascade
        let clusterCount = graphemes.count - 1
        var own = [Int](repeating: 0, count: clusterCount)          // face from the cascade, −1 = none needed
        var covered = [Bool](repeating: true, count: clusterCount)
        var scripts = [Script](repeating: .common, count: clusterCount)
        var uncovered: [Range<Int>] = []
        var required: [Unicode.Scalar] = []
        var scalars: [Unicode.Scalar] = []

        for g in 0..<clusterCount {
            let range = graphemes[g]..<graphemes[g + 1]
            required.removeAll(keepingCapacity: true)
            var script = Script.common
            // Fast path for printable ASCII.
            if range.count == 1, utf16[range.lowerBound] >= 0x20, utf16[range.lowerBound] < 0x7F,
               let scalar = Unicode.Scalar(UInt32(utf16[range.lowerBound])) {
                required.append(scalar)
                let isLetter = (scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A
                script = isLetter ? .latin : .common
            } else {
                var isEmoji = false
                ClusterScalars.decode(utf16[range], into: &scalars)
                for scalar in scalars {
                    if scalar.value == 0xFE0F || scalar.value == 0x20E3 { isEmoji = true }
                    guard scalar.needsGlyph else { continue }
                    if required.isEmpty && scalar.value >= 0x2000 && scalar.properties.isEmojiPresentation { isEmoji = true }
                    required.append(scalar)
                    if script.isNeutral {
                        let s = Script(of: scalar)
                        if !s.isNeutral { script = s }
                    }
                }
                if isEmoji, let emojiFace, emojiFace < faces.count, !required.isEmpty,
                   required.allSatisfy({ faces[emojiFace].nominalGlyph(for: $0) != nil }) {
                    scripts[g] = script
                    own[g] = emojiFace
                    continue
                }
            }
            scripts[g] = script
            if required.isEmpty { own[g] = -1; continue }
            if let index = faces.firstIndex(where: { face in required.allSatisfy { face.nominalGlyph(for: $0) != nil } }) {
                own[g] = index
            } else if let first = required.first, let face = lastResort(first),
                      required.allSatisfy({ face.nominalGlyph(for: $0) != nil }) {
                faces.append(face)
                own[g] = faces.count - 1
            } else {
                own[g] = 0
                covered[g] = false
                uncovered.append(range)
            }
        }

        // Neutral clusters take the script of their neighbours; clusters that need no glyph, the face before them.
        var assigned = own
        var resolvedScripts = scripts
        var previousFace = -1
        var previousScript: Script?
        for g in 0..<clusterCount {
            if scripts[g].isNeutral {
                if let previousScript { resolvedScripts[g] = previousScript }
            } else {
                previousScript = scripts[g]
            }
            if own[g] < 0 { assigned[g] = max(previousFace, 0) }
            previousFace = assigned[g]
        }
        // Leading neutral clusters take the script of the first strong cluster.
        if let firstStrong = resolvedScripts.first(where: { !$0.isNeutral }) {
            for g in 0..<clusterCount where resolvedScripts[g].isNeutral { resolvedScripts[g] = firstStrong }
        }

        var runs: [TextRun] = []
        var start = 0
        for g in 1...clusterCount {
            let boundary = g == clusterCount
            let rtl = levels.isEmpty ? false : levels[graphemes[start]] & 1 == 1
            if !boundary {
                let sameFace = max(assigned[g], 0) == max(assigned[start], 0)
                let sameLevel = levels.isEmpty || levels[graphemes[g]] & 1 == levels[graphemes[start]] & 1
                let sameScript = resolvedScripts[g] == resolvedScripts[start]
                if sameFace && sameLevel && sameScript { continue }
            }
            runs.append(TextRun(
                range: graphemes[start]..<graphemes[g], faceIndex: max(assigned[start], 0),
                isRightToLeft: rtl, script: resolvedScripts[start]
            ))
            start = g
        }
        return (runs, faces, uncovered)
    }
}

extension Unicode.Scalar {
    /// Whether the scalar draws something, so a font must have a glyph for it: not a control (`\n`, `\t`), line
    /// or paragraph separator, format character or default-ignorable code point (ZWJ, variation selectors).
    package var needsGlyph: Bool {
        if isPlainGlyph { return true }
        let properties = self.properties
        if properties.isDefaultIgnorableCodePoint { return false }
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .format: return false
        default: return true
        }
    }

    /// A scalar known without looking its properties up (each lookup costs hundreds of instructions, several per
    /// cluster) to draw something (``needsGlyph``) and not to be whitespace: printable ASCII but the space, Arabic
    /// U+0621–U+06DC, and the Indic and Thai blocks U+0900–U+0E7F (a test checks every one against the properties).
    @inlinable package var isPlainGlyph: Bool {
        switch value {
        case 0x21...0x7E, 0x0621...0x06DC, 0x0900...0x0E7F: return true
        default: return false
        }
    }
}
