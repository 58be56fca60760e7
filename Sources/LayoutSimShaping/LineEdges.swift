import CHarfBuzz
import Foundation
import LayoutSimFaces
import LayoutSimICU
import LayoutSimModel
import LayoutSimSupport

/// How much each cluster's advance changes at a line edge, points at one size (empty arrays: no change anywhere).
///
/// A line is measured as it is drawn: a line that ends inside a word does not keep the kerning with the next line's
/// first letter, and a joining letter (Arabic) at an edge takes its form there (final or isolated at a line end,
/// initial or isolated at a line start). ``end`` is added when a line ends right after the cluster, ``start`` when
/// a line starts with it.
package struct EdgeAdvances: Sendable {
    /// Each change is `start[i] * scale`, `end[i] * scale`: points with a scale of 1 (exactly the points: x × 1 is x),
    /// or, for a text whose changes are all in one face's clusters and not the SF model's (an Arabic text's joining
    /// forms in its font), font units with the points per unit at the size: the arrays are made once per text and
    /// only the scale changes with the size (each change is the same `Double(units) * scale` converting them would
    /// have stored).
    package var start: [Double] = []
    package var end: [Double] = []
    package var scale = 1.0

    package static let none = EdgeAdvances()

    package init(start: [Double] = [], end: [Double] = []) {
        self.start = start
        self.end = end
    }

    /// Whether these are a joining-script text's changes only where ICU allows a break (``EdgeUnits/isPartial(_:)``,
    /// marked as there by one more element in ``end`` than `clusterCount`): a line that breaks inside a word needs
    /// ``completed(_:)``. (A mark, not a field: with a flag or a reference here, the struct would be passed and
    /// returned in memory instead of registers, in every text's layouts.)
    @inlinable @inline(__always) package func isPartial(_ clusterCount: Int) -> Bool { end.count > clusterCount }

    /// These changes of `text` with every inside-word one worked out (themselves when none was left out), at the
    /// same scale.
    package func completed(_ text: MeasuredText) -> EdgeAdvances {
        let count = text.clusterCount
        guard isPartial(count) else { return self }
        // (Never partial again: without a way to work them out, which a partial text always has, the mark is dropped.)
        let units = text.deferredEdges?.unitsAsDoubles(text) ?? (start: start, end: Array(end.prefix(count)))
        var out = EdgeAdvances(start: units.start, end: units.end)
        out.scale = scale
        return out
    }

    /// The change when a line starts with cluster `i`.
    @inlinable @inline(__always) package func atStart(_ i: Int) -> Double { start.isEmpty ? 0 : start[i] * scale }
    /// The change when a line ends right after cluster `i`.
    @inlinable @inline(__always) package func atEnd(_ i: Int) -> Double { end.isEmpty ? 0 : end[i] * scale }
}

/// The size-independent edge changes of a measured text, font units of each cluster's face.
package struct EdgeUnits: Sendable {
    /// Per cluster (empty: none), when a line starts with it.
    package var start: [Int32] = []
    /// Per cluster (empty: none), when a line ends right after it.
    package var end: [Int32] = []

    /// Whether the changes of joining-script clusters in ``MeasuredText/deferredEdges``' face are here only where
    /// ICU allows a break (where most lines break): the rest (inside words, where only a word wider than its line
    /// breaks) is worked out by ``MeasuredText/deferredEdges`` when a line first needs it. Every change is then in
    /// that one face. Marked by one more element in ``end`` (a 0) than the text's `clusterCount`.
    package func isPartial(_ clusterCount: Int) -> Bool { end.count > clusterCount }
}

/// The complete edge changes of a text whose ``EdgeUnits`` hold its joining-script clusters' changes only where ICU
/// allows a break: worked out once, when a line first breaks inside a word (few texts do, mostly at the largest
/// sizes), not for every cluster of every joining-script text.
///
/// Worked out by the measurer that measured the text, on its thread: a text is measured and laid out by one
/// engine, which one worker owns (the lock keeps the answer whole should that ever change). One lock for every text's,
/// taken only when a line first breaks inside a word or the text is read again, and the runs, faces and language kept
/// as fields, not in a closure, so that no lock or closure context is made and freed per text.
package final class DeferredEdges: @unchecked Sendable {
    /// The face (index into ``MeasuredText/faces``) of the joining runs whose changes are left out, not the SF
    /// model's.
    package let face: Int
    private static let lock = NSLock()
    /// What works out the complete changes of the text (its measurer, which holds no text: no cycle; it outlives the
    /// texts it measured but for a text kept past its engine, measured afresh then) and what it needs of the text.
    private weak var measurer: TextMeasurer?
    private var armed: (runs: [TextRun], faces: [FontFace], language: String?)?
    private var done: (start: [Double], end: [Double])?

    init(face: Int) {
        self.face = face
    }

    /// Sets what works out the complete changes of a text: `measurer`'s ``TextMeasurer/lineEdges(_:runs:faces:language:deferring:)``
    /// of its `runs` in `faces`. Called once, by the measurer that made this object, before the text it belongs to is
    /// returned: nothing else can reach it yet, so without the lock (one lock for every text's: taken here, for each
    /// text of a joining script, it would keep workers waiting on each other).
    func arm(_ measurer: TextMeasurer, runs: [TextRun], faces: [FontFace], language: String?) {
        self.measurer = measurer
        armed = (runs, faces, language)
    }

    /// The complete changes of `text` (whose ``MeasuredText/deferredEdges`` this is), font units as `Double` (what
    /// ``EdgeAdvances`` multiplies by its scale).
    package func unitsAsDoubles(_ text: MeasuredText) -> (start: [Double], end: [Double]) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        if let done { return done }
        let units: EdgeUnits
        if let armed {
            // (Its complete changes: nothing it calls comes back here.)
            units = (measurer ?? TextMeasurer()).lineEdges(
                text, runs: armed.runs, faces: armed.faces, language: armed.language
            )
        } else {
            units = text.edgeUnits
        }
        armed = nil
        let made = (start: units.start.map(Double.init), end: units.end.prefix(text.clusterCount).map(Double.init))
        done = made
        return made
    }

    /// Whether ``unitsAsDoubles(_:)`` has been worked out.
    package var isComplete: Bool {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        return done != nil
    }
}

/// Scripts whose letters change form with their neighbours, so that a line edge inside a word changes the width.
private let joiningScripts: Set<String> = ["Arab", "Syrc", "Mong", "Nkoo", "Adlm", "Mand", "Phag", "Rohg", "Mani", "Sogd"]

/// What measuring line edges keeps from one text to the next: the edge forms of joining clusters, and what their keys
/// are made of. Taken out of the measurer for the length of a text (one access, not one per cluster).
struct EdgeForms {
    /// Advances of joining-script clusters shaped with text on one side only (their form at a line edge), bounded.
    var advances = LRUCache<EdgeKey, Int32>(capacity: 4096)
    /// The advances last asked for, direct-mapped by the key's folded hash (``recentSlots`` slots): most questions
    /// are answered here, without the hasher and the dictionary of ``advances``.
    var recent: [(key: EdgeKey, advance: Int32)?] = []
    static let recentSlots = 512

    /// The advance for `key`, from ``recent`` or ``advances`` (nil: not known).
    mutating func advance(for key: EdgeKey) -> Int32? {
        if recent.isEmpty { recent = [(key: EdgeKey, advance: Int32)?](repeating: nil, count: Self.recentSlots) }
        let slot = Int(truncatingIfNeeded: key.folded) & (Self.recentSlots - 1)
        if let entry = recent[slot], entry.key == key { return entry.advance }
        guard let known = advances[key] else { return nil }
        recent[slot] = (key, known)
        return known
    }

    /// Remembers `advance` for `key`.
    mutating func remember(_ advance: Int32, for key: EdgeKey) {
        advances[key] = advance
        if !recent.isEmpty { recent[Int(truncatingIfNeeded: key.folded) & (Self.recentSlots - 1)] = (key, advance) }
    }
    /// The faces and languages of the keys, numbered (bounded by the faces and languages met).
    var faces: [FontFace] = []
    var languages: [String: Int] = [:]
    /// The language last numbered, and its number.
    var lastLanguage: (tag: String, number: Int)?
    /// Per ICU script code: 0 not known yet, 1 not a joining script, 2 a joining script.
    var joiningByScript: [UInt8] = []
    /// The joining classes of the code points met (``contextClass(_:_:before:)``).
    var joining = JoiningClasses()

    /// Whether `script` is one of ``joiningScripts`` (remembered per script code).
    mutating func isJoining(_ script: Script) -> Bool {
        let code = Int(script.code)
        guard code >= 0 && code < 1024 else { return joiningScripts.contains(script.iso15924 ?? "") }
        if code >= joiningByScript.count {
            joiningByScript.append(contentsOf: repeatElement(0, count: code + 1 - joiningByScript.count))
        }
        if joiningByScript[code] == 0 { joiningByScript[code] = joiningScripts.contains(script.iso15924 ?? "") ? 2 : 1 }
        return joiningByScript[code] == 2
    }

    /// A small number standing for `language` in the keys.
    mutating func number(language: String?) -> Int {
        let tag = language ?? ""
        if let lastLanguage, lastLanguage.tag == tag { return lastLanguage.number }
        let number: Int
        if let known = languages[tag] {
            number = known
        } else {
            number = languages.count
            languages[tag] = number
        }
        lastLanguage = (tag, number)
        return number
    }

    /// A small number standing for `face` in the keys (the face is kept, so that its number is never another's).
    mutating func number(face: FontFace) -> Int {
        if let known = faces.firstIndex(where: { $0 === face }) { return known }
        faces.append(face)
        return faces.count - 1
    }
}

extension TextMeasurer {
    /// The edge changes of `text` (``MeasuredText/edgeUnits``), from the shaped runs: shape once, re-measure only the
    /// clusters whose shaping at an edge can differ.
    ///
    /// - Kerning: HarfBuzz puts a pair's kerning on the first glyph's advance, so in a left-to-right run the last glyph
    ///   of a cluster followed by another cluster of the run loses `advance − nominal` at a line end (not a cluster
    ///   that draws nothing, whose advance HarfBuzz zeroed).
    /// - Joining scripts: a cluster next to another cluster is shaped again with the text on one side only (its
    ///   neighbour as context), which gives the form it takes at that edge; results are cached per face and text.
    ///
    /// - Parameter runs: the itemizer's runs, in the order of `text.runs` (logical order).
    /// - Parameter deferring: what works out the changes of the joining runs in its face inside words, left out here
    ///   when every change made here is in that face and no hyphen is drawn at a line end (nil: every change now).
    func lineEdges(
        _ text: MeasuredText, runs: [TextRun], faces: [FontFace], language: String?, deferring: DeferredEdges? = nil
    ) -> EdgeUnits {
        var edges = EdgeUnits()
        let count = text.clusterCount
        guard count > 1 else { return edges }
        let deferredFace = text.softHyphens.isEmpty ? deferring?.face : nil
        // Most texts have no joining run: only their kerning.
        if !runs.contains(where: { edgeForms.isJoining($0.script) }) {
            for k in runs.indices { addKerningEdges(text, run: k, into: &edges) }
            return edges
        }
        // The forms kept from one text to the next are used in place, not swapped out for a fresh one made and freed
        // per text; nothing called here comes back to them but through `forms:`.
        var languageNumber: Int?
        func reshape(_ run: TextRun, onlyWhereICUBreaks: Bool) {
            let number = languageNumber ?? edgeForms.number(language: language)
            languageNumber = number
            let place = edgeForms.number(face: faces[run.faceIndex]) << 32 | number
            reshapeJoiningEdges(
                text, run: run, face: faces[run.faceIndex], place: place, language: language,
                onlyWhereICUBreaks: onlyWhereICUBreaks, forms: &edgeForms, into: &edges
            )
        }
        // Every run but the joining runs of the deferred face first: whether their changes are all in that face
        // decides whether its runs' inside-word changes can wait (each run writes only its own clusters' changes).
        var deferredRuns = false
        for (k, run) in runs.enumerated() {
            if edgeForms.isJoining(run.script) {
                if run.faceIndex == deferredFace { deferredRuns = true } else { reshape(run, onlyWhereICUBreaks: false) }
                continue
            }
            addKerningEdges(text, run: k, into: &edges)
        }
        // A kerned pair in another face's run (an Arabic text's Latin word) or a joining run of another face: the
        // changes are not all the deferred face's, so its runs' are worked out in full now.
        var defers = false
        if deferredRuns, let face = deferredFace {
            defers = Self.allIn(face: face, edges.start, text) && Self.allIn(face: face, edges.end, text)
            for run in runs where run.faceIndex == face && edgeForms.isJoining(run.script) {
                reshape(run, onlyWhereICUBreaks: defers)
            }
        }
        guard defers, let deferring else { return edges }
        // The mark of partial changes (``EdgeUnits/isPartial(_:)``).
        if edges.end.isEmpty { edges.end = [Int32](repeating: 0, count: count) }
        edges.end.append(0)
        deferring.arm(self, runs: runs, faces: faces, language: language)
        return edges
    }

    /// The kerning of each glyph of run `k` before the next cluster of the run: what a line ending after it does
    /// without (a right-to-left run's: none).
    private func addKerningEdges(_ text: MeasuredText, run k: Int, into edges: inout EdgeUnits) {
        let count = text.clusterCount
        guard !text.runs[k].run.isRightToLeft else { return }
        let glyphs = text.runs[k].run.shapedGlyphs
        let shift = text.runs[k].run.clusterShift
        for k in 0..<max(0, glyphs.count - 1) where glyphs[k + 1].cluster != glyphs[k].cluster {
            let delta = glyphs[k].nominalAdvance &- glyphs[k].advance
            guard delta != 0 else { continue }
            let offset = glyphs[k].cluster + shift
            let i = text.clusterIndex(atOffset: offset)
            guard i < count && text.clusterStarts[i] == offset, !drawsNothing(text, cluster: i) else { continue }
            if edges.end.isEmpty { edges.end = [Int32](repeating: 0, count: count) }
            edges.end[i] &+= delta
        }
    }

    /// The one face of a text's joining runs but the SF model's (whose runs of a joining script are its spaces,
    /// digits and punctuation, worked out in full), whose inside-word edge changes can be left for later; nil for
    /// none, or for several.
    func deferredJoiningFace(_ runs: [TextRun], traits: [FaceTraits]) -> Int? {
        var found: Int?
        for run in runs where edgeForms.isJoining(run.script) {
            let face = run.faceIndex
            guard face < traits.count else { return nil }
            if traits[face].usesSystemModel { continue }
            if let known = found, known != face { return nil }
            found = face
        }
        return found
    }

    /// Whether every nonzero change of `deltas` is in a cluster of face `face`.
    private static func allIn(face: Int, _ deltas: [Int32], _ text: MeasuredText) -> Bool {
        let faceIndex = text.faceIndex
        for i in deltas.indices where deltas[i] != 0 && Int(faceIndex[i]) != face { return false }
        return true
    }

    /// - Parameter onlyWhereICUBreaks: whether to work out only the changes where ICU allows a break (a soft
    ///   opportunity in ``MeasuredText/breaks``), the only places inside a word where a line breaks but for a word
    ///   wider than its line.
    private func reshapeJoiningEdges(
        _ text: MeasuredText, run: TextRun, face: FontFace, place: Int, language: String?, onlyWhereICUBreaks: Bool,
        forms: inout EdgeForms, into edges: inout EdgeUnits
    ) {
        let script = run.script.harfBuzz
        let starts = text.clusterStarts
        let count = text.clusterCount
        let first = text.clusterIndex(atOffset: run.range.lowerBound)
        var i = first
        while i < count && starts[i] < run.range.upperBound {
            let cluster = starts[i]..<starts[i + 1]
            if !text.isWhitespace[i] {
                if i > 0 && !text.isWhitespace[i - 1] && text.breaks[i] != .mandatory
                    && (!onlyWhereICUBreaks || text.breaks[i] == .soft) {
                    let after = i + 1 < count ? starts[i + 1]..<starts[i + 2] : cluster.upperBound..<cluster.upperBound
                    let alone = edgeAdvance(
                        text.utf16, before: cluster.lowerBound..<cluster.lowerBound, cluster: cluster, after: after,
                        face: face, place: place, script: script, language: language, forms: &forms
                    )
                    let delta = alone &- text.advanceUnits[i]
                    if delta != 0 {
                        if edges.start.isEmpty { edges.start = [Int32](repeating: 0, count: count) }
                        edges.start[i] = delta
                    }
                }
                if i + 1 < count && !text.isWhitespace[i + 1] && text.breaks[i + 1] != .mandatory
                    && (!onlyWhereICUBreaks || text.breaks[i + 1] == .soft) {
                    let before = i > 0 ? starts[i - 1]..<starts[i] : cluster.lowerBound..<cluster.lowerBound
                    let alone = edgeAdvance(
                        text.utf16, before: before, cluster: cluster, after: cluster.upperBound..<cluster.upperBound,
                        face: face, place: place, script: script, language: language, forms: &forms
                    )
                    let delta = alone &- text.advanceUnits[i]
                    if delta != 0 {
                        if edges.end.isEmpty { edges.end = [Int32](repeating: 0, count: count) }
                        edges.end[i] = delta
                    }
                }
            }
            i += 1
        }
    }

    /// Whether cluster `i` draws nothing (controls, separators, default-ignorables: a soft hyphen, a zero-width space),
    /// so that its advance is 0 (``MeasuredText``). HarfBuzz hides such a glyph by zeroing its advance, which is not
    /// kerning: without this, a line ending after "\u{AD}" or "\u{200B}" grew by the hidden glyph's nominal advance.
    private func drawsNothing(_ text: MeasuredText, cluster i: Int) -> Bool {
        guard text.advanceUnits[i] == 0 else { return false }
        // Scalar by scalar as `String(decoding:as: UTF16.self)` reads them (a lone surrogate is U+FFFD), without
        // making the string (its decoding of UTF-16 is generic code the run-time resolves at each call).
        let utf16 = text.utf16
        var k = text.clusterStarts[i]
        let end = text.clusterStarts[i + 1]
        while k < end {
            let value = ClusterScalars.scalarValue(utf16, at: &k, end: end)
            guard let scalar = Unicode.Scalar(value), !scalar.needsGlyph else { return false }
        }
        return true
    }

    /// The advance of `utf16[cluster]` shaped with `utf16[before]` and `utf16[after]` as its only context (adjacent
    /// ranges of the text, either possibly empty), font units; cached under the cluster's code units, when they are
    /// few, and the classes of its contexts (all that shaping reads of them: ``EdgeForms/contextClass(_:_:before:)``).
    private func edgeAdvance(
        _ utf16: [UInt16], before: Range<Int>, cluster: Range<Int>, after: Range<Int>, face: FontFace, place: Int,
        script: hb_script_t?, language: String?, forms: inout EdgeForms
    ) -> Int32 {
        let key = cluster.count > EdgeKey.maximumUnits ? nil : EdgeKey(
            utf16, cluster: cluster, before: forms.contextClass(utf16, before, before: true),
            after: forms.contextClass(utf16, after, before: false), place: place
        )
        if let key, let known = forms.advance(for: key) { return known }
        let advance = shapedEdgeAdvance(utf16, before: before, cluster: cluster, after: after, face: face, script: script,
                                        language: language)
        if let key { forms.remember(advance, for: key) }
        return advance
    }

    /// The advance of `utf16[cluster]` shaped with `utf16[before]` and `utf16[after]` as its only context, font units
    /// (not cached).
    func shapedEdgeAdvance(
        _ utf16: [UInt16], before: Range<Int>, cluster: Range<Int>, after: Range<Int>, face: FontFace, script: hb_script_t?,
        language: String?
    ) -> Int32 {
        utf16.withUnsafeBufferPointer { units in
            shaper.advance(
                UnsafeBufferPointer(rebasing: units[before.lowerBound..<after.upperBound]),
                range: (cluster.lowerBound - before.lowerBound)..<(cluster.upperBound - before.lowerBound),
                face: face, language: language, harfBuzzScript: script
            )
        }
    }
}

/// Key of a cached edge advance: the face and language (``EdgeForms``' numbers), the code units of the cluster, up to
/// 16, packed, and the classes of its contexts before and after (``EdgeForms/contextClass(_:_:before:)``).
struct EdgeKey: Hashable {
    /// The most code units a cluster of a key has (longer ones are shaped without the cache).
    static let maximumUnits = 16

    let place: Int
    /// The cluster's length, and the classes of the contexts before and after, 8 bits each.
    let lengths: UInt32
    let units0: UInt64
    let units1: UInt64
    let units2: UInt64
    let units3: UInt64

    /// Nil when the cluster has more than ``maximumUnits`` code units.
    init?(_ utf16: [UInt16], cluster: Range<Int>, before: UInt8, after: UInt8, place: Int) {
        let total = cluster.count
        guard total <= Self.maximumUnits else { return nil }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { bytes in
            let slots = bytes.bindMemory(to: UInt16.self)
            for k in 0..<total { slots[k] = utf16[cluster.lowerBound + k] }
        }
        self.place = place
        lengths = UInt32(total) | UInt32(before) << 8 | UInt32(after) << 16
        (units0, units1, units2, units3) = words
    }

    /// The fields folded into one word first (multiply and shift), then given to the hasher once: one hasher round
    /// per cluster, not one per field.
    func hash(into hasher: inout Hasher) { hasher.combine(folded) }

    /// The fields folded into one word.
    var folded: UInt64 {
        var h = UInt64(truncatingIfNeeded: place) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(lengths)
        @inline(__always) func fold(_ word: UInt64) {
            h = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
        }
        fold(units0)
        fold(units1)
        fold(units2)
        fold(units3)
        return h
    }
}
