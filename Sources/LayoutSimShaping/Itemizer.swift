import LayoutSimFaces
import LayoutSimICU
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
/// - A cluster that no one face covers whole, but whose code points each some face covers (a mark on a base from
///   another script: the Arabic kasra on "(" in "(ِContent-Length)"), is split between faces, code point by code
///   point, each taking the first face that covers it: Core Text falls back per character, so an iPhone draws both
///   (the mark maybe not sitting on its base) rather than a missing glyph. Such clusters are reported as split.
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
    ) -> (runs: [TextRun], faces: [FontFace], uncovered: [Range<Int>], split: [Range<Int>]) {
        var table = CodePointTable()
        var scratch = Scratch()
        let faces = itemize(
            utf16, graphemes: graphemes, levels: levels, cascade: CascadeFaces(cascade), emojiFace: emojiFace,
            table: &table, scratch: &scratch, lastResort: lastResort
        )
        return (scratch.runs, faces.cascade.all + faces.extra, scratch.uncovered, scratch.split)
    }

    /// The cascade's faces, opened as the itemizer looks at them in order, and the last-resort faces after them
    /// (numbered from the cascade's count on).
    package struct Faces {
        package let cascade: CascadeFaces
        package var extra: [FontFace] = []
        /// Why a face looked at could not be opened (the first): the text cannot be measured as it would be.
        package var failure: FontError?

        init(cascade: CascadeFaces) { self.cascade = cascade }

        /// Number of faces, opened or not.
        package var count: Int { cascade.count + extra.count }

        /// Face `i`, opened now if it was not; nil when it cannot be opened (``failure`` keeps why).
        package mutating func face(_ i: Int) -> FontFace? {
            guard i < cascade.count else { return extra[i - cascade.count] }
            switch cascade.open(i) {
            case .success(let face): return face
            case .failure(let error):
                if failure == nil { failure = error }
                return nil
            }
        }

        /// The first face from `first` on (opening each one looked at) with a glyph for every required scalar of the
        /// cluster (the itemizer looks at the opened ones before it itself, in place).
        mutating func firstCovering(_ scratch: Scratch, from first: Int) -> Int? {
            for i in first..<count { if let face = face(i), Itemizer.covers(face, scratch) { return i } }
            return nil
        }

        /// The first face (opening each one looked at) with a glyph for `scalar`.
        mutating func firstHaving(_ scalar: UInt32) -> Int? {
            for i in 0..<count { if let face = face(i), face.hasGlyph(scalar) { return i } }
            return nil
        }
    }

    /// The working arrays of ``itemize(_:graphemes:levels:cascade:emojiFace:table:scratch:lastResort:)``, kept by
    /// the measurer from one text to the next so that itemizing allocates nothing once they have grown.
    package struct Scratch {
        /// The runs of the last text itemized.
        package var runs: [TextRun] = []
        /// Its clusters that no face covers.
        package var uncovered: [Range<Int>] = []
        /// Its clusters that no one face covers, split between faces code point by code point.
        package var split: [Range<Int>] = []
        /// Where each piece starts (a grapheme cluster, or part of one that is split between faces), once a cluster
        /// is split; until then the pieces are the grapheme clusters, and this is not kept.
        var starts: [Int] = []
        /// Per piece: face from the cascade (−1: none needed), then the face assigned: the first ``pieces``.
        let own = Slots<Int32>(filling: 0)
        /// Per piece: its script, then its resolved script: the first ``pieces``.
        let scripts = Slots<Int32>(filling: 0)
        /// How many pieces the text has so far. ``own`` and ``scripts`` are written by index up to their count,
        /// kept from one text to the next, and grow together (slots, not arrays: not appended to, and no store checks
        /// that they are their own).
        var pieces = 0
        /// The scalars of one cluster that need a glyph: the first `requiredCount` (overwritten, not emptied, from
        /// one cluster to the next).
        let required = Slots<UInt32>(filling: 0)
        var requiredCount = 0

        package init() {}

        /// Whether a cluster was split, so that ``starts`` is kept (until then the pieces are the grapheme clusters).
        var splitting = false

        /// Adds a piece starting at `start`, of `script`, in face `face` (−1: none needed).
        @inline(__always)
        mutating func addPiece(at start: Int, script: Int32, face: Int32) {
            if splitting { starts.append(start) }
            if pieces >= own.count {
                own.grow(to: pieces + 1, filling: 0)
                scripts.grow(to: pieces + 1, filling: 0)
            }
            scripts[pieces] = script
            own[pieces] = face
            pieces += 1
        }

        /// Adds `value` to the cluster's required scalars.
        @inline(__always)
        mutating func require(_ value: UInt32) {
            if requiredCount >= required.count { required.grow(to: requiredCount + 1, filling: 0) }
            required[requiredCount] = value
            requiredCount += 1
        }
    }

    /// Itemizes into `scratch` (``Scratch/runs``, ``Scratch/uncovered``), with the code points' facts from `table`;
    /// returns the cascade with any last-resort faces appended.
    package static func itemize(
        _ utf16: [UInt16], graphemes: [Int], levels: [UInt8], cascade: CascadeFaces, emojiFace: Int?,
        table: inout CodePointTable, scratch: inout Scratch, lastResort: (Unicode.Scalar) -> FontFace?
    ) -> Faces {
        scratch.runs.removeAll(keepingCapacity: true)
        scratch.uncovered.removeAll(keepingCapacity: true)
        scratch.split.removeAll(keepingCapacity: true)
        var faces = Faces(cascade: cascade)
        // The faces opened in a row from the first, in a local array read per cluster whose code points do not all
        // have the same first face (``sameFirstFace(_:_:count:)``: no copies of the scratch or the faces); those opened
        // later are looked at after them, in the cascade.
        let opened = cascade.opened
        guard !utf16.isEmpty, graphemes.count >= 2 else { return faces }
        let clusterCount = graphemes.count - 1
        scratch.starts.removeAll(keepingCapacity: true)
        scratch.pieces = 0
        scratch.own.grow(to: clusterCount, filling: 0)
        scratch.scripts.grow(to: clusterCount, filling: 0)
        let common = Script.common.code
        let latin = Script.latin.code
        scratch.splitting = false

        for g in 0..<clusterCount {
            let range = graphemes[g]..<graphemes[g + 1]
            scratch.requiredCount = 0
            var script = common
            let first = utf16[range.lowerBound]
            // Fast path for printable ASCII.
            if range.count == 1, first >= 0x20, first < 0x7F {
                scratch.require(UInt32(first))
                let isLetter = (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A
                script = isLetter ? latin : common
            } else {
                var isEmoji = false
                var i = range.lowerBound
                while i < range.upperBound {
                    let value = ClusterScalars.scalarValue(utf16, at: &i, end: range.upperBound)
                    if value == 0xFE0F || value == 0x20E3 { isEmoji = true }
                    let facts = table.facts(value)
                    guard facts.needsGlyph else { continue }
                    if scratch.requiredCount == 0 && value >= 0x2000 && facts.isEmojiPresentation { isEmoji = true }
                    scratch.require(value)
                    if Script(code: script).isNeutral {
                        let s = facts.script
                        if !s.isNeutral { script = s.code }
                    }
                }
                if isEmoji, let emojiFace, emojiFace < faces.count, scratch.requiredCount > 0,
                   let face = faces.face(emojiFace), covers(face, scratch) {
                    scratch.addPiece(at: range.lowerBound, script: script, face: Int32(emojiFace))
                    continue
                }
            }
            if scratch.requiredCount == 0 {
                scratch.addPiece(at: range.lowerBound, script: script, face: -1)
            } else if let index = sameFirstFace(cascade, scratch.required, count: scratch.requiredCount)
                        ?? (scratch.requiredCount > 1 ? opened.firstIndex(where: { covers($0, scratch) }) : nil)
                        ?? faces.firstCovering(scratch, from: opened.count) {
                scratch.addPiece(at: range.lowerBound, script: script, face: Int32(index))
            } else if let first = Unicode.Scalar(scratch.required[0]), let face = lastResort(first), covers(face, scratch) {
                faces.extra.append(face)
                scratch.addPiece(at: range.lowerBound, script: script, face: Int32(faces.count - 1))
            } else if scratch.requiredCount > 1, split(
                utf16, range, script: script, graphemes: graphemes, faces: &faces, table: &table, scratch: &scratch,
                lastResort: lastResort
            ) {
                scratch.split.append(range)
            } else {
                scratch.addPiece(at: range.lowerBound, script: script, face: 0)
                scratch.uncovered.append(range)
            }
        }
        let pieceCount = scratch.pieces
        if scratch.splitting { scratch.starts.append(utf16.count) }

        // Neutral clusters take the script of their neighbours; clusters that need no glyph, the face before them.
        // (In place: each cluster reads only its own entries and the previous cluster's results.)
        let scripts = scratch.scripts, own = scratch.own
        var previousFace: Int32 = -1
        var previousScript: Int32?
        var firstStrong: Int32?
        for g in 0..<pieceCount {
            let script = scripts[g]
            if Script(code: script).isNeutral {
                if let previousScript { scripts[g] = previousScript }
            } else {
                previousScript = script
                if firstStrong == nil { firstStrong = script }
            }
            if own[g] < 0 { own[g] = max(previousFace, 0) }
            previousFace = own[g]
        }
        // Leading neutral clusters take the script of the first strong cluster.
        if let firstStrong {
            for g in 0..<pieceCount where Script(code: scripts[g]).isNeutral { scripts[g] = firstStrong }
        }

        let starts = scratch.splitting ? scratch.starts : graphemes
        var start = 0
        for g in 1...pieceCount {
            let boundary = g == pieceCount
            let rtl = levels.isEmpty ? false : levels[starts[start]] & 1 == 1
            if !boundary {
                let sameFace = max(scratch.own[g], 0) == max(scratch.own[start], 0)
                let sameLevel = levels.isEmpty || levels[starts[g]] & 1 == levels[starts[start]] & 1
                let sameScript = scratch.scripts[g] == scratch.scripts[start]
                if sameFace && sameLevel && sameScript { continue }
            }
            scratch.runs.append(TextRun(
                range: starts[start]..<starts[g], faceIndex: Int(max(scratch.own[start], 0)),
                isRightToLeft: rtl, script: Script(code: scratch.scripts[start])
            ))
            start = g
        }
        return faces
    }

    /// Splits the cluster at `range`, which no one face covers, into pieces of one face each (a new piece where the
    /// face changes; a code point that needs no glyph stays with the piece before it), each code point taking the
    /// first face that has a glyph for it, else the last-resort face for it. Appends the pieces and returns true when
    /// every code point that needs a glyph has a face; appends nothing and returns false (`faces` as it was) when one
    /// has none. The first split starts ``Scratch/starts`` (``Scratch/splitting``), with the grapheme clusters before
    /// it.
    private static func split(
        _ utf16: [UInt16], _ range: Range<Int>, script: Int32, graphemes: [Int], faces: inout Faces,
        table: inout CodePointTable, scratch: inout Scratch, lastResort: (Unicode.Scalar) -> FontFace?
    ) -> Bool {
        let facesBefore = faces.extra.count
        let piecesBefore = scratch.pieces
        if !scratch.splitting {
            // No cluster split before this one: the pieces so far are the grapheme clusters.
            scratch.starts.removeAll(keepingCapacity: true)
            scratch.starts.append(contentsOf: graphemes[0..<piecesBefore])
            scratch.splitting = true
        }
        var i = range.lowerBound
        var current: Int32 = -1
        while i < range.upperBound {
            let at = i
            let value = ClusterScalars.scalarValue(utf16, at: &i, end: range.upperBound)
            var face: Int32
            if !table.facts(value).needsGlyph {
                face = current
            } else if let index = faces.firstHaving(value) {
                face = Int32(index)
            } else if let scalar = Unicode.Scalar(value), let found = lastResort(scalar), found.hasGlyph(value) {
                faces.extra.append(found)
                face = Int32(faces.count - 1)
            } else {
                faces.extra.removeLast(faces.extra.count - facesBefore)
                scratch.starts.removeLast(scratch.pieces - piecesBefore)
                scratch.pieces = piecesBefore
                return false
            }
            if at == range.lowerBound || (face >= 0 && face != current) {
                if at != range.lowerBound && current < 0 {
                    // Only code points without glyphs so far: they go with the first face found.
                    scratch.own[scratch.pieces - 1] = face
                } else {
                    scratch.addPiece(at: at, script: script, face: face)
                }
                current = face
            }
        }
        return true
    }

    /// The first opened face of the cascade with a glyph for every required scalar of the cluster, when that is the
    /// first face with a glyph for each one of them (which the cascade remembers:
    /// ``CascadeFaces/firstOpened(having:)``): then it covers them all and no face before it covers any. Nil
    /// otherwise, or when no opened face has a glyph for one of them. (Testing each face in turn retains and
    /// releases it around its test, twice per letter of a script after the first face's.)
    @inline(__always)
    private static func sameFirstFace(_ cascade: CascadeFaces, _ required: Slots<UInt32>, count: Int) -> Int? {
        guard let first = cascade.firstOpened(having: required[0]) else { return nil }
        var k = 1
        while k < count {
            if cascade.firstOpened(having: required[k]) != first { return nil }
            k += 1
        }
        return first
    }

    /// Whether `face` has a glyph for every one of the cluster's required scalars.
    @inline(__always)
    fileprivate static func covers(_ face: FontFace, _ scratch: Scratch) -> Bool {
        for k in 0..<scratch.requiredCount where !face.hasGlyph(scratch.required[k]) { return false }
        return true
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

    /// A scalar known without looking its properties up (several lookups per cluster otherwise) to draw something
    /// (``needsGlyph``) and not to be whitespace: printable ASCII but the space, Arabic U+0621–U+06DC, and the Indic
    /// and Thai blocks U+0900–U+0E7F (a test checks every one against the properties).
    @inlinable package var isPlainGlyph: Bool {
        switch value {
        case 0x21...0x7E, 0x0621...0x06DC, 0x0900...0x0E7F: return true
        default: return false
        }
    }
}
