import Foundation
import LayoutSimFaces
import LayoutSimModel

/// A cluster whose text no font covers (HarfBuzz gave glyph 0, `.notdef`).
public struct MissingGlyph: Sendable, Hashable, Codable {
    /// UTF-16 offset of the cluster in the text.
    public let offset: Int
    /// The cluster's code points, as `U+XXXX`.
    public let codePoints: [String]

    public init(offset: Int, codePoints: [String]) {
        self.offset = offset
        self.codePoints = codePoints
    }
}

/// A face that shaped part of a ``MeasuredText``, with what line boxes need.
public struct MeasuredFace: Sendable, Hashable {
    /// The face.
    public let id: FaceID
    /// Its metrics, font units.
    public let metrics: FontMetrics
    /// Which of Apple's system fonts it stands in for; nil for a font file of the user's or one installed here.
    public let standIn: StandIn?

    /// What it is when it is one of Apple's own fonts (`--apple-fonts`): never calibrated, tracked per size.
    public var apple: AppleFaceRole?

    /// Whether its clusters take SF's measured widths (the Inter stand-in of the system-font model).
    @inlinable public var usesSystemModel: Bool { standIn == .sf }
    /// Whether it is the system font: SF's stand-in (Inter with SF's widths) or SF itself.
    public var isSystemFont: Bool { Self.isSystemFont(standIn: standIn, appleIsSystemFont: apple?.isSystemFont == true) }

    /// ``isSystemFont`` of a face from its two fields, for a caller that reads them where the face is kept (through
    /// the getter, a face in an array is copied out, its path and role retained).
    package static func isSystemFont(standIn: StandIn?, appleIsSystemFont: Bool) -> Bool {
        standIn == .sf || appleIsSystemFont
    }

    public init(id: FaceID, metrics: FontMetrics, standIn: StandIn?, apple: AppleFaceRole? = nil) {
        self.id = id
        self.metrics = metrics
        self.standIn = standIn
        self.apple = apple
    }
}

/// What the per-size stages read of a face, as plain values: copying a ``MeasuredFace`` (its path, its Apple roles)
/// costs retains, and the stages read these per cluster and per size.
public struct FaceTraits: Sendable, Hashable {
    /// The face's metrics, font units.
    public let metrics: FontMetrics
    /// Which of Apple's system fonts it stands in for.
    public let standIn: StandIn?
    /// Whether it is one of Apple's own fonts.
    public let isApple: Bool

    /// Whether its clusters take SF's measured widths.
    @inlinable public var usesSystemModel: Bool { standIn == .sf }
}

/// A shaped run with the index of its face in ``MeasuredText/faces`` and its bidi embedding level.
public struct PlacedRun: Sendable, Hashable {
    /// The glyphs.
    public let run: ShapedRun
    /// Index of its face.
    public let faceIndex: Int
    /// Bidi embedding level (odd: right to left).
    public let level: UInt8
}

/// Where a line may end, at a cluster boundary.
public enum BoundaryBreak: UInt8, Sendable {
    /// No line break allowed here.
    case none
    /// A line may end here (UAX #14 soft break).
    case soft
    /// A line must end here (after `\n`, U+2028, …).
    case mandatory

    /// Inlinable equality: the breaker, another module, compares boundaries per cluster. The synthesized `==` is a
    /// protocol-witness call there, and a `package` one is not inlined; public and inlinable, it compiles to a byte
    /// compare.
    @inlinable @inline(__always)
    public static func == (a: BoundaryBreak, b: BoundaryBreak) -> Bool { a.rawValue == b.rawValue }
}

/// Text shaped once, in font units, with everything line breaking needs that does not depend on the size:
/// the first stage's product, reused for every category (Minikin's "measure once, break many").
///
/// Clusters are HarfBuzz clusters in logical order; cluster `i` covers UTF-16 offsets
/// `clusterStarts[i] ..< clusterStarts[i + 1]`. Boundary `b` is the position before cluster `b`
/// (`b == clusterCount` is the end of the text).
public struct MeasuredText: Sendable {
    /// What never changes once the text is measured, in one object: a measured text is copied on its way through
    /// the engine (the cache of shaped texts, the advance source, the report), and a copy retains and releases this
    /// one reference, not each of two dozen arrays and strings.
    @usableFromInline let storage: MeasuredTextStorage

    /// The text.
    @inlinable public var text: String { storage.text }
    /// Length of the text in UTF-16 code units.
    @inlinable public var utf16Count: Int { storage.utf16Count }
    /// The faces that shaped the text, primary first (the cascade as far as it was used).
    @inlinable public var faces: [MeasuredFace] { storage.faces }
    /// Each face's ``FaceTraits`` (same order as ``faces``).
    @inlinable public var traits: [FaceTraits] { storage.traits }
    /// The BCP 47 tag the text was shaped and broken for; nil for none.
    @inlinable public var language: String? { storage.language }
    /// How each cluster's advance changes at a line edge (kerning with the next line dropped, joining forms).
    package var edgeUnits = EdgeUnits()
    /// Whether the stand-ins of the system cascade are measured the way iOS's fonts measure (calibrated widths,
    /// emoji at iOS's emoji size); false measures each stand-in as itself (`--calibration off`).
    public var calibratesStandIns = true
    /// Advances of the clusters of Apple's faces with an optical-size axis, shaped at sampled `opsz` values.
    package var opticalSizes: [OpticalSizeAdvances] = []
    /// The clusters that are a soft hyphen (U+00AD) alone, ascending (found as the text is built): invisible and without width inside a line, a break
    /// opportunity after them (ICU), and a hyphen drawn at the end of a line that ends after one.
    package var softHyphens: [Int] = []
    /// Advance of "-" (U+002D, the glyph drawn for a soft hyphen at a line end) in each face, font units; nil when the
    /// face has none. Empty when the text has no soft hyphen.
    package var hyphenUnits: [Int32?] = []
    /// Clusters that no font covers.
    @inlinable public var missingGlyphs: [MissingGlyph] { storage.missingGlyphs }
    /// Problems met on the way that did not stop the measuring (a last-resort font that could not be opened).
    @inlinable public var warnings: [String] { storage.warnings }

    /// UTF-16 start offset of each cluster, plus the text length at the end (`clusterCount + 1` entries).
    @inlinable package var clusterStarts: [Int] { storage.clusterStarts }
    /// What the stages read of each cluster, in one array (``faceIndex``, ``advanceUnits``… are its columns), but for
    /// ``isWhitespace``.
    @inlinable package var clusterFacts: [ClusterFacts] { storage.clusters }
    /// Index into ``faces`` of the face that shaped each cluster.
    @inlinable package var faceIndex: ClusterColumn<ClusterFacts.Face> { ClusterColumn(storage.clusters) }
    /// Where each stretch of clusters of one face (``faceIndex``) ends, in order: the stages that work a face's rule
    /// out once per stretch at each size find the stretches here, not by comparing every cluster's face at each size.
    @inlinable package var faceRunEnds: [Int32] { storage.faceRunEnds }
    /// Topmost and bottommost ink of each cluster, font units above the baseline (``InkUnits/none``: no ink).
    @inlinable package var inkUnits: ClusterColumn<ClusterFacts.Ink> { ClusterColumn(storage.clusters) }
    /// Shaped advance of each cluster (kerning included), font units.
    @inlinable package var advanceUnits: ClusterColumn<ClusterFacts.Advance> { ClusterColumn(storage.clusters) }
    /// Shaped minus nominal advance of each cluster (the font's kerning adjustment), font units.
    @inlinable package var kerningUnits: ClusterColumn<ClusterFacts.Kerning> { ClusterColumn(storage.clusters) }
    /// For the system-font model, whose measured widths cover printable ASCII, per cluster: 0 when it is not all
    /// printable ASCII after canonical decomposition; its code when it is one printable ASCII character (one table
    /// lookup per cluster and size, without ``asciiCodes(ofCluster:)``); ``severalASCII`` when it is several.
    @inlinable package var asciiCode: ClusterColumn<ClusterFacts.ASCIICode> { ClusterColumn(storage.clusters) }
    /// What works out the edge changes left out of ``edgeUnits`` (``EdgeUnits/isPartial(_:)``); nil for a text with no
    /// joining script. In the shared storage, not beside ``edgeUnits``: a reference there is retained with every copy
    /// of every text.
    package var deferredEdges: DeferredEdges? { storage.deferredEdges }
    /// ``asciiCode`` of a cluster of several printable ASCII characters (or none: a lone combining mark's base).
    @inlinable package static var severalASCII: UInt8 { 0xFF }
    /// Offsets into `asciiCodes` per cluster (`clusterCount + 1` entries); empty, as `asciiCodes`, when no cluster
    /// is several characters (``asciiCode`` says each).
    @inlinable package var asciiStarts: [Int32] { storage.asciiStarts }
    /// Printable ASCII base characters of the clusters, concatenated.
    @inlinable package var asciiCodes: [UInt8] { storage.asciiCodes }
    /// Whether a cluster is whitespace, which hangs at the end of a line (does not count against the width).
    /// An array of its own, not a column of ``clusterFacts``: the greedy fill reads it at every cluster and size, so
    /// it is packed, not read with a stride of 20 bytes.
    @inlinable package var isWhitespace: [Bool] { storage.isWhitespace }
    /// Line-break opportunity at each boundary (`clusterCount + 1` entries).
    @inlinable package var breaks: [BoundaryBreak] { storage.breaks }
    /// Whether each boundary is also a grapheme cluster boundary (where a too-long word may be split).
    @inlinable package var isGraphemeBoundary: [Bool] { storage.isGraphemeBoundary }
    /// Per cluster, the grapheme boundaries inside it (a ligature of several graphemes: Arabic lam-alef, two
    /// graphemes to ICU, is one HarfBuzz cluster); empty when no cluster has one.
    @inlinable package var innerGraphemes: [Int32] { storage.innerGraphemes }
    /// The text's UTF-16 code units.
    @inlinable package var utf16: [UInt16] { storage.utf16 }
    /// Whether any cluster has an odd (right-to-left) bidi level.
    @inlinable package var hasRightToLeft: Bool { storage.hasRightToLeft }
    /// Whether any cluster starts with Hangul.
    @inlinable package var hasHangul: Bool { storage.hasHangul }
    /// Advance of U+2026 (ellipsis) in each face, font units; nil when the face has none.
    @inlinable package var ellipsisUnits: [Int32?] { storage.ellipsisUnits }
    /// The shaped runs in logical order, each with its face and bidi level (for drawing glyphs in visual order).
    @inlinable package var runs: [PlacedRun] { storage.runs }
    /// Per cluster, whether its paragraph is right to left (empty when the text has no right-to-left characters).
    var rightToLeftParagraphs: [Bool] { storage.rightToLeftParagraphs }

    /// Number of clusters.
    @inlinable package var clusterCount: Int { storage.clusters.count }

    /// The index of the cluster starting at UTF-16 `offset` (the cluster count at the end of the text).
    @inlinable package func clusterIndex(atOffset offset: Int) -> Int {
        var low = 0
        var high = clusterStarts.count - 1
        while low < high {
            let mid = (low + high) / 2
            if clusterStarts[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The text of clusters `range`.
    package func string(of range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return String(decoding: utf16[clusterStarts[range.lowerBound]..<clusterStarts[range.upperBound]], as: UTF16.self)
    }

    /// Number of grapheme clusters (user-perceived characters) in the text.
    @inlinable package var graphemeCount: Int { graphemeCount(in: 0..<clusterCount) }

    /// Number of clusters that start a grapheme: a ligature of several graphemes (lam-alef) counts once, as the one
    /// glyph it is (the gaps tightening spreads a width over).
    @inlinable package var graphemeStartingClusters: Int {
        var count = 0
        for i in 0..<clusterCount where isGraphemeBoundary[i] { count += 1 }
        return count
    }

    /// Number of grapheme clusters starting in clusters `range` (at their starts or inside them).
    @inlinable package func graphemeCount(in range: Range<Int>) -> Int {
        var count = 0
        for i in range where isGraphemeBoundary[i] { count += 1 }
        let inner = innerGraphemes
        if !inner.isEmpty { for i in range { count += Int(inner[i]) } }
        return count
    }

    /// Whether the text has a mandatory line break inside it.
    /// (Found once, as the text is measured: without one, a text that fits its width is one line, which the line
    /// statistics ask at every size.)
    @inlinable package var containsMandatoryBreak: Bool { storage.containsMandatoryBreak }

    /// The boundary that ends the paragraph containing cluster `i` (after its line separator), or the end.
    package func paragraphEnd(after i: Int) -> Int {
        var b = i + 1
        while b < clusterCount && breaks[b] != .mandatory { b += 1 }
        return min(b, clusterCount)
    }

    /// Whether the paragraph containing cluster `i` is right to left (its lowest bidi level is odd). Constant time:
    /// asked once per line, it must not scan the paragraph (a long paragraph made line breaking quadratic).
    package func paragraphIsRightToLeft(containing i: Int) -> Bool {
        guard hasRightToLeft, i < clusterCount else { return false }
        let paragraphs = rightToLeftParagraphs
        return paragraphs.isEmpty ? storage.paragraphIsRightToLeft : paragraphs[i]
    }

    /// Per cluster, whether its paragraph's lowest bidi level is odd; one pass over the paragraphs. `levels` are per
    /// UTF-16 code unit, and a cluster's is its first code unit's (`starts`: ``clusterStarts``). Made only for a text
    /// of several paragraphs (``lowestLevelIsOdd(levels:starts:)`` answers for one).
    static func rightToLeftParagraphs(levels: [UInt8], starts: [Int], breaks: [BoundaryBreak]) -> [Bool] {
        let count = starts.count - 1
        var result = [Bool](repeating: false, count: max(0, count))
        var start = 0
        while start < count {
            var end = start + 1
            var lowest = levels[starts[start]]
            while end < count && breaks[end] != .mandatory {
                lowest = min(lowest, levels[starts[end]])
                end += 1
            }
            if lowest & 1 == 1 { for i in start..<end { result[i] = true } }
            start = end
        }
        return result
    }

    /// Whether the lowest bidi level of the clusters is odd: ``rightToLeftParagraphs(levels:starts:breaks:)`` of a
    /// text of one paragraph, without an array of one answer per cluster.
    static func lowestLevelIsOdd(levels: [UInt8], starts: [Int]) -> Bool {
        guard starts.count > 1 else { return false }
        var lowest = levels[starts[0]]
        for i in 1..<(starts.count - 1) { lowest = min(lowest, levels[starts[i]]) }
        return lowest & 1 == 1
    }

    /// Whether cluster `i` starts with a Hangul syllable or jamo (for Hangul word priority).
    package func isHangul(cluster i: Int) -> Bool {
        guard i >= 0, i < clusterCount else { return false }
        guard hasHangul else { return false }
        let unit = utf16[clusterStarts[i]]
        return (0xAC00...0xD7A3).contains(unit) || (0x1100...0x11FF).contains(unit) || (0x3130...0x318F).contains(unit)
    }

    /// Whether cluster `i` is a soft hyphen (``softHyphens``).
    package func isSoftHyphen(cluster i: Int) -> Bool {
        guard !softHyphens.isEmpty else { return false }
        var low = 0
        var high = softHyphens.count
        while low < high {
            let mid = (low + high) / 2
            if softHyphens[mid] < i { low = mid + 1 } else { high = mid }
        }
        return low < softHyphens.count && softHyphens[low] == i
    }

    /// The printable ASCII characters of cluster `i`, or nil when it is not all printable ASCII.
    @inlinable
    package func asciiCodes(ofCluster i: Int) -> ArraySlice<UInt8>? {
        guard asciiCode[i] != 0 else { return nil }
        // Not kept when every cluster is one character (``asciiStarts``).
        guard !asciiStarts.isEmpty else { return [asciiCode[i]][...] }
        return asciiCodes[Int(asciiStarts[i])..<Int(asciiStarts[i + 1])]
    }

    package static func codePointName(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Each cluster's advance in points at `size`, from its font's own advances and kerning.
    package func fontAdvances(size: Double) -> [Double] {
        let scales = traits.map { Units.pointsPerUnit(unitsPerEm: $0.metrics.unitsPerEm, size: size) }
        var out = [Double](repeating: 0, count: clusterCount)
        let clusters = clusterFacts
        for i in 0..<clusterCount { out[i] = Double(clusters[i].advance) * scales[Int(clusters[i].face)] }
        return out
    }
}

/// The fields of a ``MeasuredText`` that never change after measuring (see ``MeasuredText/storage``).
@usableFromInline final class MeasuredTextStorage: Sendable {
    @usableFromInline let text: String
    @usableFromInline let utf16Count: Int
    @usableFromInline let faces: [MeasuredFace]
    @usableFromInline let traits: [FaceTraits]
    @usableFromInline let language: String?
    @usableFromInline let missingGlyphs: [MissingGlyph]
    @usableFromInline let warnings: [String]
    @usableFromInline let clusterStarts: [Int]
    @usableFromInline let clusters: [ClusterFacts]
    @usableFromInline let faceRunEnds: [Int32]
    @usableFromInline let asciiStarts: [Int32]
    @usableFromInline let asciiCodes: [UInt8]
    @usableFromInline let isWhitespace: [Bool]
    @usableFromInline let breaks: [BoundaryBreak]
    @usableFromInline let isGraphemeBoundary: [Bool]
    @usableFromInline let innerGraphemes: [Int32]
    @usableFromInline let utf16: [UInt16]
    @usableFromInline let hasRightToLeft: Bool
    @usableFromInline let hasHangul: Bool
    @usableFromInline let containsMandatoryBreak: Bool
    @usableFromInline let ellipsisUnits: [Int32?]
    @usableFromInline let runs: [PlacedRun]
    /// Per cluster, for a text of several paragraphs with right-to-left characters; else empty, and
    /// ``paragraphIsRightToLeft`` tells of its one paragraph.
    @usableFromInline let rightToLeftParagraphs: [Bool]
    @usableFromInline let paragraphIsRightToLeft: Bool
    let deferredEdges: DeferredEdges?

    init(
        text: String,
        utf16Count: Int,
        faces: [MeasuredFace],
        traits: [FaceTraits],
        language: String?,
        missingGlyphs: [MissingGlyph],
        warnings: [String],
        clusterStarts: [Int],
        clusters: [ClusterFacts],
        faceRunEnds: [Int32],
        asciiStarts: [Int32],
        asciiCodes: [UInt8],
        isWhitespace: [Bool],
        breaks: [BoundaryBreak],
        isGraphemeBoundary: [Bool],
        innerGraphemes: [Int32],
        utf16: [UInt16],
        hasRightToLeft: Bool,
        hasHangul: Bool,
        containsMandatoryBreak: Bool,
        ellipsisUnits: [Int32?],
        runs: [PlacedRun],
        rightToLeftParagraphs: [Bool],
        paragraphIsRightToLeft: Bool,
        deferredEdges: DeferredEdges?
    ) {
        self.text = text
        self.utf16Count = utf16Count
        self.faces = faces
        self.traits = traits
        self.language = language
        self.missingGlyphs = missingGlyphs
        self.warnings = warnings
        self.clusterStarts = clusterStarts
        self.clusters = clusters
        self.faceRunEnds = faceRunEnds
        self.asciiStarts = asciiStarts
        self.asciiCodes = asciiCodes
        self.isWhitespace = isWhitespace
        self.breaks = breaks
        self.isGraphemeBoundary = isGraphemeBoundary
        self.innerGraphemes = innerGraphemes
        self.utf16 = utf16
        self.hasRightToLeft = hasRightToLeft
        self.hasHangul = hasHangul
        self.containsMandatoryBreak = containsMandatoryBreak
        self.ellipsisUnits = ellipsisUnits
        self.runs = runs
        self.rightToLeftParagraphs = rightToLeftParagraphs
        self.paragraphIsRightToLeft = paragraphIsRightToLeft
        self.deferredEdges = deferredEdges
    }
}

/// A cluster's topmost and bottommost ink, font units above the baseline (``MeasuredText/inkUnits``).
@usableFromInline
package struct InkUnits: Equatable, Sendable {
    /// Topmost ink (`Int32.min` with ``bottom`` `Int32.max`: no ink).
    @usableFromInline package var top: Int32
    /// Bottommost ink.
    @usableFromInline package var bottom: Int32

    /// No ink: nothing drawn.
    package static let none = InkUnits(top: .min, bottom: .max)

    package init(top: Int32, bottom: Int32) {
        self.top = top
        self.bottom = bottom
    }

    /// Whether the cluster draws ink.
    @inlinable package var hasInk: Bool { top != .min }
}

/// What the stages read of one cluster of a ``MeasuredText``: its face, advance, kerning, ink and ASCII code, together
/// (``MeasuredText/clusterFacts``). One array, not one per field: one allocation per text, every text kept by the
/// engine's cache.
@usableFromInline
package struct ClusterFacts: Sendable, Equatable {
    /// Shaped advance (kerning included), font units.
    @usableFromInline package var advance: Int32
    /// Shaped minus nominal advance (the font's kerning adjustment), font units.
    @usableFromInline package var kerning: Int32
    /// Topmost and bottommost ink.
    @usableFromInline package var ink: InkUnits
    /// Index into ``MeasuredText/faces`` of the face that shaped it.
    @usableFromInline package var face: UInt16
    /// ``MeasuredText/asciiCode``.
    @usableFromInline package var asciiCode: UInt8

    /// A cluster before it is measured: no advance, no ink, the first face.
    @usableFromInline package static let empty = ClusterFacts(
        advance: 0, kerning: 0, ink: .none, face: 0, asciiCode: 0
    )

    /// One field of a cluster's facts, a column of ``ClusterColumn``.
    @usableFromInline
    package protocol Field {
        associatedtype Value
        static func value(of facts: ClusterFacts) -> Value
    }
    @usableFromInline package enum Face: Field {
        @inlinable package static func value(of facts: ClusterFacts) -> UInt16 { facts.face }
    }
    @usableFromInline package enum Advance: Field {
        @inlinable package static func value(of facts: ClusterFacts) -> Int32 { facts.advance }
    }
    @usableFromInline package enum Kerning: Field {
        @inlinable package static func value(of facts: ClusterFacts) -> Int32 { facts.kerning }
    }
    @usableFromInline package enum Ink: Field {
        @inlinable package static func value(of facts: ClusterFacts) -> InkUnits { facts.ink }
    }
    @usableFromInline package enum ASCIICode: Field {
        @inlinable package static func value(of facts: ClusterFacts) -> UInt8 { facts.asciiCode }
    }
}

/// One field of every cluster of a measured text, read as a collection (``MeasuredText/advanceUnits``…): the
/// clusters' facts are kept in one array, and each column reads its field of it.
@usableFromInline
package struct ClusterColumn<Field: ClusterFacts.Field>: RandomAccessCollection, Equatable
where Field.Value: Equatable {
    @usableFromInline let facts: [ClusterFacts]

    @inlinable init(_ facts: [ClusterFacts]) { self.facts = facts }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { facts.count }
    @inlinable package subscript(position: Int) -> Field.Value { Field.value(of: facts[position]) }

    @inlinable package static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }
}
