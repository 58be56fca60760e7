import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// How closely the fonts in use reproduce SF as iOS measured it (`layoutsim doctor`): every printable ASCII
/// character alone, six strings, and the line height, at every whole size 8–40 pt in the four weights (iOS 26.1
/// simulator, `UIFont.systemFont(ofSize:weight:)`; Tests/Fixtures/sf-metrics-ios26.json).
public struct FontAgreement: Sendable {
    /// Differences from iOS over one kind of measurement, percent of iOS's value.
    public struct Figure: Sendable {
        /// How many measurements.
        public let count: Int
        /// Mean absolute difference, percent.
        public let meanPercent: Double
        /// Largest absolute difference, percent.
        public let worstPercent: Double
        /// Where the largest difference is: the text, weight and size.
        public let worstText: String
        public let worstWeight: FontWeight
        public let worstSize: Int
        /// iOS's value and ours there, points.
        public let worstReference: Double
        public let worstMeasured: Double
        /// Share of measurements within 0.5 %.
        public let withinHalfPercent: Double
    }

    /// "stand-ins" or "apple-fonts DIR".
    public let systemFontSource: String
    /// The system font's file at each weight (regular, medium, semibold, bold), with its SHA-256.
    public let files: [FontFileInfo]
    public let characters: Figure
    public let strings: Figure
    public let lineHeights: Figure
}

extension LayoutEngine {
    /// Lays out iOS's measured characters and strings with the fonts in use and compares.
    public func fontAgreement() throws(LayoutSimError) -> FontAgreement {
        var characters = FigureBuilder()
        var strings = FigureBuilder()
        var lineHeights = FigureBuilder()
        var files: [FontFileInfo] = []
        for weight in FontWeight.allCases {
            let font = FontChoice.system(size: 17, weight: weight)
            let primary = try cascade(for: font, weight: weight).primary(for: font)
            do { files.append(try registry.fileInfo(forPath: primary.id.path)) } catch { throw .font(error) }
            var characterSources: [(String, AdvanceSource)] = []
            for code in 0x20...0x7E {
                guard let scalar = Unicode.Scalar(code) else { continue }
                characterSources.append((String(Character(scalar)), try source(String(Character(scalar)), weight: weight)))
            }
            let stringSources = try sfMeasuredStrings.map { text throws(LayoutSimError) in (text, try source(text, weight: weight)) }
            for size in SFMeasuredStrings.sizes {
                let row = SFMeasuredStrings.row(weight: weight, size: size)
                guard let lineHeight = row.first, row.count == 1 + sfMeasuredStrings.count else { continue }
                let reference = SFAdvanceTable.measured.measuredRow(weight: weight, size: size)
                for (index, (text, source)) in characterSources.enumerated() where index < reference.count {
                    let width = source.advances(size: Double(size)).reduce(0, +)
                    characters.add(text, weight, size, reference: reference[index], measured: width)
                }
                for (index, (text, source)) in stringSources.enumerated() {
                    let measuredWidth = row[row.startIndex + 1 + index]
                    strings.add(text, weight, size, reference: measuredWidth, measured: source.advances(size: Double(size)).reduce(0, +))
                }
                let face = stringSources.first?.1.text.faces.first
                let ours = face?.apple?.isSystemFont == true
                    ? face?.metrics.lineHeight(atPointSize: Double(size)) ?? 0
                    : SystemFontModel.lineHeightPerPoint * Double(size)
                lineHeights.add("lineHeight", weight, size, reference: lineHeight, measured: ours)
            }
        }
        return FontAgreement(
            systemFontSource: systemFontSource, files: files, characters: characters.figure(),
            strings: strings.figure(), lineHeights: lineHeights.figure()
        )
    }

    /// `text` measured in the system font at `weight`, with the advances the engine lays it out with.
    private func source(_ text: String, weight: FontWeight) throws(LayoutSimError) -> AdvanceSource {
        let measured = try measure(text, font: .system(size: 17, weight: weight), weight: weight, language: nil)
        let system = measured.faces.contains { $0.usesSystemModel } ? try systemFont(weight: weight) : nil
        return AdvanceSource(text: measured, system: system, weight: weight)
    }
}

/// Accumulates one ``FontAgreement/Figure``.
private struct FigureBuilder {
    var count = 0
    var sum = 0.0
    var within = 0
    var worst: (percent: Double, text: String, weight: FontWeight, size: Int, reference: Double, measured: Double)?

    mutating func add(_ text: String, _ weight: FontWeight, _ size: Int, reference: Double, measured: Double) {
        guard reference > 0 else { return }
        let percent = abs(measured - reference) / reference * 100
        count += 1
        sum += percent
        if percent <= 0.5 { within += 1 }
        if worst == nil || percent > worst?.percent ?? 0 { worst = (percent, text, weight, size, reference, measured) }
    }

    func figure() -> FontAgreement.Figure {
        FontAgreement.Figure(
            count: count, meanPercent: count > 0 ? sum / Double(count) : 0, worstPercent: worst?.percent ?? 0,
            worstText: worst?.text ?? "", worstWeight: worst?.weight ?? .regular, worstSize: worst?.size ?? 0,
            worstReference: worst?.reference ?? 0, worstMeasured: worst?.measured ?? 0,
            withinHalfPercent: count > 0 ? Double(within) / Double(count) : 0
        )
    }
}
