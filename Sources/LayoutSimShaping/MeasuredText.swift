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
    public var isSystemFont: Bool { standIn == .sf || apple?.isSystemFont == true }

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

    /// Inlinable equality: the breaker, another module, compares boundaries per cluster. The synthesized `==` was a
    /// protocol-witness call there, and a `package` one was not inlined (callgrind: 0.4 M instructions per bench
    /// round); public and inlinable, it compiles to a byte compare.
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
    /// The text.
    public let text: String
    /// Length of the text in UTF-16 code units.
    public let utf16Count: Int
    /// The faces that shaped the text, primary first (the cascade as far as it was used).
    public let faces: [MeasuredFace]
    /// Each face's ``FaceTraits`` (same order as ``faces``).
    public let traits: [FaceTraits]
    /// The BCP 47 tag the text was shaped and broken for; nil for none.
    public let language: String?
    /// How each cluster's advance changes at a line edge (kerning with the next line dropped, joining forms).
    package var edgeUnits = EdgeUnits()
    /// Whether the stand-ins of the system cascade are measured the way iOS's fonts measure (calibrated widths,
    /// emoji at iOS's emoji size); false measures each stand-in as itself (`--calibration off`).
    public var calibratesStandIns = true
    /// Advances of the clusters of Apple's faces with an optical-size axis, shaped at sampled `opsz` values.
    package var opticalSizes: [OpticalSizeAdvances] = []
    /// Clusters that no font covers.
    public let missingGlyphs: [MissingGlyph]
    /// Problems met on the way that did not stop the measuring (a last-resort font that could not be opened).
    public let warnings: [String]

    /// UTF-16 start offset of each cluster, plus the text length at the end (`clusterCount + 1` entries).
    @usableFromInline package let clusterStarts: [Int]
    /// Index into ``faces`` of the face that shaped each cluster.
    package let faceIndex: [UInt16]
    /// Topmost ink of each cluster, font units above the baseline (`Int32.min`: no ink).
    package let inkTopUnits: [Int32]
    /// Bottommost ink of each cluster, font units above the baseline (`Int32.max`: no ink).
    package let inkBottomUnits: [Int32]
    /// Shaped advance of each cluster (kerning included), font units.
    @usableFromInline package let advanceUnits: [Int32]
    /// Shaped minus nominal advance of each cluster (the font's kerning adjustment), font units.
    package let kerningUnits: [Int32]
    /// For the system-font model, whose measured widths cover printable ASCII: whether cluster `i` is all printable
    /// ASCII after canonical decomposition.
    @usableFromInline package let isASCII: [Bool]
    /// Offsets into `asciiCodes` per cluster (`clusterCount + 1` entries).
    @usableFromInline package let asciiStarts: [Int32]
    /// Printable ASCII base characters of the clusters, concatenated.
    @usableFromInline package let asciiCodes: [UInt8]
    /// Whether a cluster is whitespace, which hangs at the end of a line (does not count against the width).
    @usableFromInline package let isWhitespace: [Bool]
    /// Line-break opportunity at each boundary (`clusterCount + 1` entries).
    package let breaks: [BoundaryBreak]
    /// Whether each boundary is also a grapheme cluster boundary (where a too-long word may be split).
    @usableFromInline package let isGraphemeBoundary: [Bool]
    /// The text's UTF-16 code units.
    package let utf16: [UInt16]
    /// Whether any cluster has an odd (right-to-left) bidi level.
    package let hasRightToLeft: Bool
    /// Whether any cluster starts with Hangul.
    package let hasHangul: Bool
    /// Advance of U+2026 (ellipsis) in each face, font units; nil when the face has none.
    package let ellipsisUnits: [Int32?]
    /// The shaped runs in logical order, each with its face and bidi level (for drawing glyphs in visual order).
    package let runs: [PlacedRun]
    /// Per cluster, whether its paragraph is right to left (empty when the text has no right-to-left characters).
    let rightToLeftParagraphs: [Bool]

    /// Number of clusters.
    @inlinable package var clusterCount: Int { advanceUnits.count }

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

    /// Number of grapheme clusters starting in clusters `range`.
    @inlinable package func graphemeCount(in range: Range<Int>) -> Int {
        var count = 0
        for i in range where isGraphemeBoundary[i] { count += 1 }
        return count
    }

    /// Whether the text has a mandatory line break inside it.
    package var containsMandatoryBreak: Bool { breaks.dropLast().contains(.mandatory) }

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
        return rightToLeftParagraphs[i]
    }

    /// Per cluster, whether its paragraph's lowest bidi level is odd; one pass over the paragraphs.
    static func rightToLeftParagraphs(levels: [UInt8], breaks: [BoundaryBreak]) -> [Bool] {
        var result = [Bool](repeating: false, count: levels.count)
        var start = 0
        while start < levels.count {
            var end = start + 1
            while end < levels.count && breaks[end] != .mandatory { end += 1 }
            let rightToLeft = (levels[start..<end].min() ?? 0) & 1 == 1
            for i in start..<end { result[i] = rightToLeft }
            start = end
        }
        return result
    }

    /// Whether cluster `i` starts with a Hangul syllable or jamo (for Hangul word priority).
    package func isHangul(cluster i: Int) -> Bool {
        guard i >= 0, i < clusterCount else { return false }
        guard hasHangul else { return false }
        let unit = utf16[clusterStarts[i]]
        return (0xAC00...0xD7A3).contains(unit) || (0x1100...0x11FF).contains(unit) || (0x3130...0x318F).contains(unit)
    }

    /// The printable ASCII characters of cluster `i`, or nil when it is not all printable ASCII.
    @inlinable
    package func asciiCodes(ofCluster i: Int) -> ArraySlice<UInt8>? {
        guard isASCII[i] else { return nil }
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
        for i in 0..<clusterCount { out[i] = Double(advanceUnits[i]) * scales[Int(faceIndex[i])] }
        return out
    }
}
