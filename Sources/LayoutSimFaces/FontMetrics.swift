import LayoutSimModel

/// A face's design metrics, in font units (as stored in the file; not scaled, not hinted).
public struct FontMetrics: Sendable, Hashable {
    /// Units per em (`head.unitsPerEm`).
    public let unitsPerEm: Int
    /// `hhea.ascender`, font units, positive above the baseline.
    public let ascender: Int
    /// `hhea.descender`, font units, negative below the baseline.
    public let descender: Int
    /// `hhea.lineGap`, font units.
    public let lineGap: Int

    /// Metrics as read from a font, font units.
    public init(unitsPerEm: Int, ascender: Int, descender: Int, lineGap: Int) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
    }

    /// UIKit's `UIFont.lineHeight` for this face at `pointSize`: (ascender − descender + lineGap) × size / upem, in points.
    public func lineHeight(atPointSize pointSize: Double) -> Double {
        Double(ascender - descender + lineGap) * pointSize / Double(unitsPerEm)
    }
}

/// Identifies a face: a font file and the face's index in it (0 unless the file is a collection).
public struct FaceID: Sendable, Hashable, CustomStringConvertible {
    /// The path as given (bundled fonts: the absolute path of the file in `Fonts/`).
    public let path: String
    /// Index of the face in a TrueType/OpenType collection; 0 for single-face files.
    public let index: Int
    /// The variation axes set on the face (empty: the font's default instance).
    public let variations: [FontVariation]

    /// Creates a face identifier.
    public init(path: String, index: Int = 0, variations: [FontVariation] = []) {
        self.path = path
        self.index = index
        self.variations = variations
    }

    public var description: String {
        let base = index == 0 ? path : "\(path)#\(index)"
        return variations.isEmpty ? base : base + "@" + variations.map(\.description).joined(separator: ",")
    }
}

/// A variation axis set to a value (`wght` 600, `opsz` 17), in the axis's user units.
public struct FontVariation: Sendable, Hashable, CustomStringConvertible {
    /// The four-letter axis tag.
    public let tag: String
    /// The value, in the axis's user units.
    public let value: Double

    public init(tag: String, value: Double) {
        self.tag = tag
        self.value = value
    }

    public var description: String { "\(tag)=\(ReportNumber.text(value))" }
}
