import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSupport

/// The stand-in for Apple's system font (SF Pro), as UIKit measures it with `UIFont.systemFont(ofSize:weight:)`
/// and `preferredFont(forTextStyle:)`.
///
/// Text is shaped with Inter (coverage, clusters, ligatures, kerning); the widths then come from SF itself:
/// - a cluster whose characters are printable ASCII after canonical decomposition (`ä` → `a` + U+0308, marks
///   dropped) takes SF's measured advances at that size and weight (``SFAdvanceTable``: iOS 26.1, 8–40 pt,
///   extended beyond by Apple's tracking table), plus SF's kerning as ``SFKerningModel`` derives it from Inter's
///   (its shaped advance minus its nominal advance);
/// - any other cluster takes Inter's shaped advance scaled by SF/Inter for the letters A–Z and a–z at that
///   size and weight (``letterRatio(atSize:weight:)``).
///
/// Vertical metrics are SF's, unchanged since iOS 9: ascender 1950, descender −494 per 2048 units, no line gap,
/// so `lineHeight = 1.193359375 × size`.
package final class SystemFontModel {
    /// SF's `UIFont.lineHeight` per point of size: (1950 + 494) / 2048.
    package static let lineHeightPerPoint = 1.193359375
    /// SF's ascender per point of size: 1950 / 2048.
    package static let ascenderPerPoint = 0.9521484375
    /// SF's descender per point of size (negative): −494 / 2048.
    package static let descenderPerPoint = -0.2412109375
    /// SF's cap height per point of size, at every size and weight of `sf-metrics-ios26.json` (UIFont.capHeight on
    /// iOS 26.1: 0.70458984375 × size).
    package static let capHeightPerPoint = 0.70458984375
    /// The cap height of the bundled Inter, per em (OS/2 sCapHeight 2048 of 2816 units in all four weights).
    package static let standInCapHeightPerEm = 2048.0 / 2816.0
    /// What the SF stand-in's ink heights are multiplied by to be SF's: the ratio of the cap heights (0.9688). Inter's
    /// letters are drawn taller than SF's (cap height 0.727 em against 0.705), so its accents rise above SF's line box
    /// where SF's stay inside it (É 0.966 em in Inter, 0.936 scaled; SF's ascender 0.952).
    package static let standInInkFactor = capHeightPerPoint / standInCapHeightPerEm

    private let table = SFAdvanceTable.measured
    private let registry: FontRegistry
    /// Per weight opened (``open(_:)``): Σ Inter nominal advances of A–Z a–z, Inter font units, and Inter's units per
    /// em (both 0 when no Inter file is bundled for the weight).
    /// By weight, lightest first (``slot(_:)``), so that no weight's name is hashed at every text.
    private var interLetters: [(units: Double, unitsPerEm: Int)?] = [nil, nil, nil, nil]
    /// SF advance rows already computed, keyed by (size, weight); bounded. These two caches are private, used by the
    /// one thread of the engine that owns the model, and changed only in ``row(atSize:weight:)``.
    private var rows = LRUCache<SFRowKey, SFRow>(capacity: 256)
    /// The first rows asked for, searched before ``rows``: a check asks for the same dozen sizes again for every
    /// string, and comparing a few keys costs less than hashing one.
    private var firstRows: [(key: SFRowKey, row: SFRow)] = []
    private static let firstRowCount = 32

    /// The model over the registry's bundled Inter faces, each opened by ``open(_:)`` when a text first needs its
    /// weight (`fit` of a body text opened all four: three files read for nothing).
    package init(registry: FontRegistry) {
        self.registry = registry
    }

    /// Opens the Inter face of `weight`, once: every weight a text is measured at is opened first (the engine does it,
    /// where an unreadable bundled font is an error), so that the ratios below never stand in for a font not read.
    package func open(_ weight: FontWeight) throws(FontError) {
        guard interLetters[Self.slot(weight)] == nil else { return }
        guard let file = SystemCascadeFiles.interFiles[weight] else {
            interLetters[Self.slot(weight)] = (0, 0)
            return
        }
        let face = try registry.bundledFace(named: file)
        var sum = 0.0
        for scalar in Self.ratioLetters {
            if let glyph = face.nominalGlyph(for: scalar) { sum += Double(face.nominalAdvance(ofGlyph: glyph)) }
        }
        interLetters[Self.slot(weight)] = (sum, face.metrics.unitsPerEm)
    }

    /// The place of `weight` in ``interLetters``.
    private static func slot(_ weight: FontWeight) -> Int {
        switch weight {
        case .regular: 0
        case .medium: 1
        case .semibold: 2
        case .bold: 3
        }
    }

    /// The letters whose SF/Inter width ratio scales characters SF was not measured on.
    package static let ratioLetters: [Unicode.Scalar] = (0x41...0x5A).compactMap(Unicode.Scalar.init)
        + (0x61...0x7A).compactMap(Unicode.Scalar.init)

    /// SF's advances of printable ASCII at `size` and `weight`, points (index = code point − 0x20), with the
    /// SF/Inter letter ratio at that size; computed once per size and weight.
    package func row(atSize size: Double, weight: FontWeight) -> SFRow {
        let key = SFRowKey(size: size, weight: weight)
        for i in firstRows.indices where firstRows[i].key == key { return firstRows[i].row }
        if let row = rows[key] { return row }
        let advances = table.advances(atSize: size, weight: weight)
        let row = SFRow(advances: advances, letterRatio: letterRatio(advances, atSize: size, weight: weight))
        if firstRows.count < Self.firstRowCount {
            firstRows.append((key, row))
        } else {
            rows[key] = row
        }
        return row
    }

    /// SF's advances of printable ASCII at `size` and `weight`, points.
    package func sfAdvances(atSize size: Double, weight: FontWeight) -> [Double] { row(atSize: size, weight: weight).advances }

    /// SF width / Inter width of the letters A–Z a–z at `size` and `weight`.
    package func letterRatio(atSize size: Double, weight: FontWeight) -> Double { row(atSize: size, weight: weight).letterRatio }

    private func letterRatio(_ sf: [Double], atSize size: Double, weight: FontWeight) -> Double {
        var sfSum = 0.0
        for scalar in Self.ratioLetters { sfSum += sf[Int(scalar.value) - 0x20] }
        guard let letters = interLetters[Self.slot(weight)] else {
            preconditionFailure("the system-font model's weight \(weight) was used before it was opened")
        }
        guard letters.units > 0 else { return 1 }
        let interPoints = Units.points(letters.units, unitsPerEm: letters.unitsPerEm, size: size)
        return sfSum / interPoints
    }

    /// Each cluster's advance in points at `size` and `weight`: the system-font model applied to the clusters the
    /// Inter stand-in shaped; clusters of fallback fonts keep their own advances, those of the system cascade's
    /// other stand-ins calibrated (``StandInCalibration``) when `calibrated`.
    package func clusterAdvances(_ text: MeasuredText, size: Double, weight: FontWeight, calibrated: Bool = false) -> [Double] {
        var out: [Double] = []
        clusterAdvances(text, size: size, weight: weight, calibrated: calibrated, into: &out)
        return out
    }

    /// ``clusterAdvances(_:size:weight:calibrated:)`` written into `out`, whose storage is reused when it is not
    /// shared (one text at its sizes one after the other).
    package func clusterAdvances(
        _ text: MeasuredText, size: Double, weight: FontWeight, calibrated: Bool = false, into out: inout [Double]
    ) {
        // SF's row, its letter ratio and its kerning's tightening are looked up when a cluster of the SF model is met
        // (a text of another script may have none).
        var sf: [Double] = []
        var ratio = 1.0
        var tightening = 0.0
        var hasRow = false
        let count = text.clusterCount
        // Every element is written below: resizing keeps the storage of the last size.
        if out.count != count { out = Self.zeros(count) }
        // Run by run of one face (runs are long; a cascade has many faces the text does not use): its rule is worked
        // out once, and each kind of face has a loop of its own, with no test of the face or its rule per cluster.
        // Reading a face's fields per cluster copies the face each time. The arrays are read from locals (spans would
        // need macOS 26).
        let clusters = text.clusterFacts
        var start = 0
        // The stretches of one face were found once, when the text was measured, not here at each size.
        for runEnd in text.faceRunEnds {
            let end = Int(runEnd)
            guard start < end, end <= count else { continue }
            let index = clusters[start].face
            let traits = text.traits[Int(index)]
            let rule = FaceRule(
                traits, size: size,
                calibration: calibrated ? StandInCalibration.scaling(traits, size: size, language: text.language) : nil
            )
            if let (perUnit, extra) = rule.calibration {
                // A calibrated stand-in (Noto Thai, …).
                for i in start..<end {
                    let advance = clusters[i].advance
                    out[i] = Double(advance) * perUnit + (advance > 0 ? extra : 0)
                }
            } else if !rule.modelled {
                // A fallback font: its own advances.
                let scale = rule.scale
                for i in start..<end { out[i] = Double(clusters[i].advance) * scale }
            } else {
                if !hasRow {
                    let row = row(atSize: size, weight: weight)
                    sf = row.advances
                    ratio = row.letterRatio
                    tightening = SFKerningModel.tighteningFactor(atSize: size, weight: weight)
                    hasRow = true
                }
                let scale = rule.scale
                for i in start..<end {
                    let code = clusters[i].asciiCode
                    if code == 0 {
                        out[i] = Double(clusters[i].advance) * scale * ratio
                    } else if code != MeasuredText.severalASCII {
                        // One character (most): one lookup, without the cluster's slice of ``MeasuredText/asciiCodes``.
                        out[i] = SFKerningModel.kerning(
                            clusters[i].kerning, pointsPerUnit: scale, tightening: tightening
                        ) + sf[Int(code) - 0x20]
                    } else {
                        var width = SFKerningModel.kerning(
                            clusters[i].kerning, pointsPerUnit: scale, tightening: tightening
                        )
                        for code in text.asciiCodes(ofCluster: i) ?? [] { width += sf[Int(code) - 0x20] }
                        out[i] = width
                    }
                }
            }
            start = end
        }
    }

    /// `count` zeros.
    private static func zeros(_ count: Int) -> [Double] { Array(repeating: 0, count: count) }

    /// How one face's clusters become points at one size.
    private struct FaceRule {
        /// Points per font unit.
        let scale: Double
        /// Whether SF's measured widths replace the face's (the SF stand-in).
        let modelled: Bool
        /// A calibrated stand-in's points per unit and room per emoji (``StandInCalibration/scaling(_:size:language:)``).
        let calibration: (perUnit: Double, extra: Double)?

        init(scale: Double, modelled: Bool, calibration: (perUnit: Double, extra: Double)?) {
            self.scale = scale
            self.modelled = modelled
            self.calibration = calibration
        }

        init(_ face: FaceTraits, size: Double, calibration: (perUnit: Double, extra: Double)?) {
            scale = Units.pointsPerUnit(unitsPerEm: face.metrics.unitsPerEm, size: size)
            modelled = face.usesSystemModel
            self.calibration = calibration
        }
    }
}

/// SF's advances at one size and weight, and the SF/Inter letter-width ratio there.
package struct SFRow {
    /// Points, index = code point − 0x20.
    package let advances: [Double]
    /// SF width / Inter width of A–Z a–z.
    package let letterRatio: Double
}

/// Key of a cached SF advance row.
package struct SFRowKey: Hashable {
    package let size: Double
    package let weight: FontWeight
}
