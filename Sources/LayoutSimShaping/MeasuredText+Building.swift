import Foundation
import LayoutSimFaces
import LayoutSimICU
import LayoutSimModel

extension MeasuredText {
    /// The working arrays of building a measured text, kept by the measurer from one text to the next so that a text
    /// allocates only the arrays it keeps.
    package struct Scratch {
        /// ICU's line-break opportunities of the text.
        package var breaks: [BreakOpportunity] = []
        /// ICU's grapheme boundaries of the text (0 and the end included).
        package var graphemes: [Int] = []
        /// The cluster values of one run's glyphs, sorted.
        var clusters: [Int] = []
        /// Per UTF-16 offset, the cluster starting there (−1: none).
        var clusterOfOffset: [Int32] = []
        /// Clusters with a `.notdef` glyph.
        var missing: [Int] = []
        /// The ASCII codes of the clusters that are several characters, and how many each has, in order: what
        /// ``MeasuredText/asciiStarts`` and ``MeasuredText/asciiCodes`` are made from when there is one (most texts
        /// have none, and keep two arrays fewer).
        var severalCounts: [Int] = []
        var severalCodes: [UInt8] = []
        /// The scalars of one cluster.
        var scalars: [UInt32] = []
        /// Canonical decompositions of single code points to printable ASCII bases (nil: not all ASCII), by code
        /// point, so that Foundation's decomposition is asked once per code point: the same accented letters recur.
        var asciiBases: [UInt32: [UInt8]?] = [:]

        package init() {}
    }

    /// Builds the measured text from its shaped runs and ICU's boundaries, in one pass per array kept.
    ///
    /// - Parameters:
    ///   - utf16: the text's UTF-16 code units (the runs' clusters index into them).
    ///   - runs: the shaped runs in logical order, each with the index of its face in `faces`; they cover the text.
    ///   - faces, traits, ellipsisUnits: the faces that shaped the text, what the stages read of each, and each one's
    ///     advance of U+2026 (the same for every text of a cascade).
    ///   - scratch: ``Scratch/breaks`` and ``Scratch/graphemes`` hold ICU's boundaries of the text.
    ///   - levels: bidi levels per code unit; empty when the text has no right-to-left characters.
    ///   - deferredEdges: what works out the edge changes ``edgeUnits`` will leave out, for a text of a joining script.
    init(
        text: String, utf16: [UInt16], runs: [PlacedRun], faces: [MeasuredFace], traits: [FaceTraits],
        ellipsisUnits: [Int32?], levels: [UInt8], warnings: [String], language: String?,
        table: inout CodePointTable, scratch: inout Scratch, deferredEdges: DeferredEdges? = nil
    ) {
        // Cluster starts in logical order (right-to-left runs come out of HarfBuzz reversed).
        let count = utf16.count
        var starts: [Int] = []
        starts.reserveCapacity(count + 1)
        // The runs' fields are read by index: a run copied out of the array (`for placed in runs`) would retain and
        // release its glyphs and its face's path.
        for r in runs.indices {
            // The glyphs as shaped, their clusters `shift` short (``ShapedRun/clusterShift``).
            let glyphs = runs[r].run.shapedGlyphs
            let shift = runs[r].run.clusterShift
            let range = runs[r].run.range
            // In order as they are (left to right), reversed (right to left: HarfBuzz's clusters descend), else sorted.
            var ascending = true
            var descending = true
            for k in glyphs.indices.dropFirst() {
                let previous = glyphs[k - 1].cluster, cluster = glyphs[k].cluster
                if previous > cluster { ascending = false }
                if previous < cluster { descending = false }
                if !ascending && !descending { break }
            }
            let sorted = ascending || descending
            if !sorted {
                scratch.clusters.removeAll(keepingCapacity: true)
                for glyph in glyphs { scratch.clusters.append(glyph.cluster + shift) }
                scratch.clusters.sort()
            }
            let first: Int?
            if ascending {
                first = glyphs.first.map { $0.cluster + shift }
            } else if descending {
                first = glyphs.last.map { $0.cluster + shift }
            } else {
                first = scratch.clusters.first
            }
            if first != range.lowerBound, !range.isEmpty { starts.append(range.lowerBound) }
            let last = glyphs.count - 1
            for k in glyphs.indices {
                let cluster = ascending ? glyphs[k].cluster + shift
                    : descending ? glyphs[last - k].cluster + shift : scratch.clusters[k]
                if cluster < count && cluster != starts.last { starts.append(cluster) }
            }
        }
        if count > 0, starts.first != 0 { starts.insert(0, at: 0) }
        let clusterCount = starts.count
        scratch.clusterOfOffset.removeAll(keepingCapacity: true)
        scratch.clusterOfOffset.append(contentsOf: repeatElement(-1, count: count))
        // Through a buffer pointer, as the stores below: each store into an array checks that it is unique (once per
        // cluster or boundary here, and in the loops below).
        scratch.clusterOfOffset.withUnsafeMutableBufferPointer { clusterOf in
            for i in 0..<clusterCount {
                // (Every start is an offset into the text: checked, as the array's own store would.)
                precondition(starts[i] >= 0 && starts[i] < clusterOf.count)
                clusterOf[starts[i]] = Int32(i)
            }
        }

        // A cluster's fields in one array (but whitespace): one allocation per text, not one per field.
        var facts = [ClusterFacts](repeating: .empty, count: clusterCount)
        scratch.missing.removeAll(keepingCapacity: true)
        // Through buffer pointers: each store into an array checks that it is unique.
        scratch.clusterOfOffset.withUnsafeBufferPointer { clusterOf in
            facts.withUnsafeMutableBufferPointer { facts in
                for r in runs.indices {
                    let face = UInt16(runs[r].faceIndex)
                    for offset in runs[r].run.range where clusterOf[offset] >= 0 {
                        facts[Int(clusterOf[offset])].face = face
                    }
                }
                for r in runs.indices {
                    let shift = runs[r].run.clusterShift
                    for glyph in runs[r].run.shapedGlyphs where glyph.cluster + shift < count {
                        let i = Int(clusterOf[glyph.cluster + shift])
                        guard i >= 0 else { continue }
                        facts[i].advance &+= glyph.advance
                        facts[i].kerning &+= glyph.advance &- glyph.nominalAdvance
                        if let top = glyph.inkTop, let bottom = glyph.inkBottom {
                            facts[i].ink.top = max(facts[i].ink.top, top)
                            facts[i].ink.bottom = min(facts[i].ink.bottom, bottom)
                        }
                        if glyph.glyphID == 0, scratch.missing.last != i { scratch.missing.append(i) }
                    }
                }
            }
        }
        starts.append(count)
        // Where each stretch of one face ends (runs of a face may follow one another: split by script or level).
        // Made with room for 16 (64 bytes): appended one by one from none, the ends of a text of a few stretches grew
        // the array twice or more.
        var faceRunEnds: [Int32] = []
        faceRunEnds.reserveCapacity(min(clusterCount, 16))
        for i in 1..<max(1, clusterCount) where facts[i].face != facts[i - 1].face { faceRunEnds.append(Int32(i)) }
        if clusterCount > 0 { faceRunEnds.append(Int32(clusterCount)) }

        scratch.severalCounts.removeAll(keepingCapacity: true)
        scratch.severalCodes.removeAll(keepingCapacity: true)
        // Written through a buffer pointer: each store into an array, or append, checks that it is unique.
        var whitespace = [Bool](repeating: false, count: clusterCount)
        var hasHangul = false
        var softHyphens: [Int] = []
        facts.withUnsafeMutableBufferPointer { facts in
            whitespace.withUnsafeMutableBufferPointer { whitespace in
                for i in 0..<clusterCount {
                    let range = starts[i]..<starts[i + 1]
                    let first = utf16[range.lowerBound]
                    if (0x1100...0x11FF).contains(first) || (0x3130...0x318F).contains(first)
                        || (0xAC00...0xD7A3).contains(first) {
                        hasHangul = true
                    }
                    // Fast path: printable ASCII needs no decomposition.
                    var printable = true
                    var spaces = true
                    for k in range {
                        let unit = utf16[k]
                        if unit < 0x20 || unit > 0x7E { printable = false; break }
                        if unit != 0x20 { spaces = false }
                    }
                    if printable {
                        if range.count == 1 {
                            facts[i].asciiCode = UInt8(truncatingIfNeeded: first)
                        } else {
                            facts[i].asciiCode = MeasuredText.severalASCII
                            scratch.severalCounts.append(range.count)
                            for k in range { scratch.severalCodes.append(UInt8(truncatingIfNeeded: utf16[k])) }
                        }
                        whitespace[i] = spaces
                        continue
                    }
                    // U+00AD alone (a grapheme of its own: its grapheme-break class is Control).
                    if range.count == 1 && first == 0xAD { softHyphens.append(i) }
                    var allWhitespace = true
                    var needsGlyph = false
                    var nonASCIIBase = false
                    // The scalars are listed only when they are decomposed (not for a base letter outside ASCII).
                    var scalarCount = 0
                    var firstScalar: UInt32 = 0
                    var k = range.lowerBound
                    while k < range.upperBound {
                        let value = ClusterScalars.scalarValue(utf16, at: &k, end: range.upperBound)
                        if scalarCount == 0 { firstScalar = value }
                        scalarCount += 1
                        let scalar = table.facts(value)
                        if !scalar.isWhitespace { allWhitespace = false }
                        if scalar.needsGlyph { needsGlyph = true }
                        // ClusterScalars.hasNonASCIIBase, with the facts remembered.
                        if ClusterScalars.isNonASCIIBase(value, isMark: scalar.isMark) { nonASCIIBase = true }
                    }
                    whitespace[i] = allWhitespace && scalarCount > 0
                    // Controls (\n, \t, \r, U+0004), line and paragraph separators and default-ignorables draw
                    // nothing: no width, no ink (a font that lacks them gives .notdef, whose box is not drawn either),
                    // and no missing glyph when a font lacks them (tab stops are not modelled).
                    if !needsGlyph {
                        facts[i].advance = 0
                        facts[i].kerning = 0
                        facts[i].ink = .none
                        scratch.missing.removeAll { $0 == i }
                    }
                    // Thai, Arabic, Devanagari…: a base letter outside ASCII, known without decomposing.
                    if nonASCIIBase { continue }
                    // One scalar of Latin-1 and Latin Extended (à, ß, ×, ő…): a table, not Foundation.
                    if scalarCount == 1 && firstScalar < 0x370 {
                        facts[i].asciiCode = ClusterScalars.asciiBase(below0370: firstScalar)
                        continue
                    }
                    let bases: [UInt8]?
                    if scalarCount == 1, let known = scratch.asciiBases[firstScalar] {
                        bases = known
                    } else {
                        scratch.scalars.removeAll(keepingCapacity: true)
                        var k = range.lowerBound
                        while k < range.upperBound {
                            scratch.scalars.append(ClusterScalars.scalarValue(utf16, at: &k, end: range.upperBound))
                        }
                        bases = Self.asciiBases(scratch.scalars)
                        if scalarCount == 1 && scratch.asciiBases.count < 65_536 {
                            scratch.asciiBases[firstScalar] = bases
                        }
                    }
                    facts[i].asciiCode = bases.map { $0.count == 1 ? $0[0] : MeasuredText.severalASCII } ?? 0
                    if let bases, bases.count != 1 {
                        scratch.severalCounts.append(bases.count)
                        scratch.severalCodes.append(contentsOf: bases)
                    }
                }
            }
        }
        // A cluster's codes: none where its code is 0, its code where it is one character, else the next of the
        // clusters of several.
        var asciiStarts: [Int32] = []
        var asciiCodes: [UInt8] = []
        if !scratch.severalCounts.isEmpty {
            asciiStarts.reserveCapacity(clusterCount + 1)
            var several = 0
            var at = 0
            for cluster in facts {
                let code = cluster.asciiCode
                asciiStarts.append(Int32(asciiCodes.count))
                if code == MeasuredText.severalASCII {
                    let count = scratch.severalCounts[several]
                    asciiCodes.append(contentsOf: scratch.severalCodes[at..<at + count])
                    several += 1
                    at += count
                } else if code != 0 {
                    asciiCodes.append(code)
                }
            }
            asciiStarts.append(Int32(asciiCodes.count))
        }
        var missing: [MissingGlyph] = []
        if !scratch.missing.isEmpty {
            for i in Array(Set(scratch.missing)).sorted() {
                let scalars = String(decoding: utf16[starts[i]..<starts[i + 1]], as: UTF16.self).unicodeScalars
                missing.append(MissingGlyph(offset: starts[i], codePoints: scalars.map { Self.codePointName($0) }))
            }
        }

        var boundaryBreaks = [BoundaryBreak](repeating: .none, count: starts.count)
        var grapheme = [Bool](repeating: false, count: starts.count)
        boundaryBreaks.withUnsafeMutableBufferPointer { boundaryBreaks in
            var b = 0
            for opportunity in scratch.breaks {
                while b < starts.count && starts[b] < opportunity.offset { b += 1 }
                if b < starts.count && starts[b] == opportunity.offset {
                    boundaryBreaks[b] = opportunity.isMandatory ? .mandatory : .soft
                }
            }
        }
        var innerGraphemes: [Int32] = []
        grapheme.withUnsafeMutableBufferPointer { grapheme in
            var b = 0
            for offset in scratch.graphemes {
                while b < starts.count && starts[b] < offset { b += 1 }
                if b < starts.count && starts[b] == offset {
                    grapheme[b] = true
                } else if b > 0 && b < starts.count {
                    // Inside cluster b − 1 (a ligature of several graphemes).
                    if innerGraphemes.isEmpty { innerGraphemes = [Int32](repeating: 0, count: clusterCount) }
                    innerGraphemes[b - 1] += 1
                }
            }
        }

        let hasRightToLeft = levels.contains { $0 & 1 == 1 }
        let containsMandatoryBreak = boundaryBreaks.dropLast().contains(.mandatory)
        var rightToLeftParagraphs: [Bool] = []
        var paragraphIsRightToLeft = false
        if hasRightToLeft && containsMandatoryBreak {
            rightToLeftParagraphs = Self.rightToLeftParagraphs(levels: levels, starts: starts, breaks: boundaryBreaks)
        } else if hasRightToLeft {
            paragraphIsRightToLeft = Self.lowestLevelIsOdd(levels: levels, starts: starts)
        }
        storage = MeasuredTextStorage(
            text: text, utf16Count: utf16.count, faces: faces, traits: traits, language: language,
            missingGlyphs: missing, warnings: warnings, clusterStarts: starts, clusters: facts,
            faceRunEnds: faceRunEnds, asciiStarts: asciiStarts, asciiCodes: asciiCodes, isWhitespace: whitespace,
            breaks: boundaryBreaks,
            isGraphemeBoundary: grapheme, innerGraphemes: innerGraphemes, utf16: utf16, hasRightToLeft: hasRightToLeft,
            hasHangul: hasHangul, containsMandatoryBreak: containsMandatoryBreak,
            ellipsisUnits: ellipsisUnits, runs: runs, rightToLeftParagraphs: rightToLeftParagraphs,
            paragraphIsRightToLeft: paragraphIsRightToLeft, deferredEdges: deferredEdges
        )
        self.softHyphens = softHyphens
    }

    /// The printable ASCII bases of the canonical decomposition of `scalars` (marks dropped), or nil when there is
    /// none or one is not printable ASCII (Foundation's decomposition).
    private static func asciiBases(_ scalars: [UInt32]) -> [UInt8]? {
        var view = String.UnicodeScalarView()
        for value in scalars { view.append(Unicode.Scalar(value) ?? "\u{FFFD}") }
        let bases = String(view).decomposedStringWithCanonicalMapping.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: return false
            default: return true
            }
        }
        guard !bases.isEmpty, bases.allSatisfy({ $0.value >= 0x20 && $0.value <= 0x7E }) else { return nil }
        return bases.map { UInt8($0.value) }
    }
}
