import Foundation

/// The entry point: owns the fonts, the shaper and the caches, and answers fit requests.
///
/// Pipeline (one file per stage): resolve the font → shape once in font units (``Shaper``) with ICU's
/// boundaries (``TextBoundaries``) into a ``MeasuredText`` → per category: size, advances (the system-font model
/// or the font's own), break lines (``LineBreaker``), fit (``Fitter``) → ``FitReport``.
///
/// Not `Sendable`: FreeType faces may not be shared across threads. Create one engine per thread or test.
///
/// ```swift
/// let engine = try LayoutEngine()
/// let report = try engine.fit(FitRequest(text: "Einstellungen", font: .textStyle(.body),
///                                        container: Container(width: 120, lineLimit: 1)))
/// print(report.summary)   // "fits through xLarge; truncated from xxLarge"
/// ```
public final class LayoutEngine {
    /// The fonts this engine opened (bundled and user-supplied).
    public let registry: FontRegistry
    private let shaper = Shaper()
    /// The shaper, for the benchmark's shaping-only baseline.
    var shaperForBenchmark: Shaper { shaper }
    private var systemFontModel: SystemFontModel?
    private let boundaries = TextBoundaries()
    private var bidiResolver: BidiResolver?
    /// Font cascades already opened, per primary face, fallbacks and weight (bounded: one per font choice used).
    private var cascades = LRUCache<CascadeKey, (faces: [FontFace], systemModelIndex: Int)>(capacity: 64)
    private var fontconfig: SystemFontLookup?
    /// ICU locale IDs of the language tags seen (BCP 47 → ICU), bounded.
    private var locales = LRUCache<String, String>(capacity: 64)

    /// Creates an engine with the bundled fonts.
    ///
    /// - Parameter fontsDirectory: the bundled `Fonts/` folder; nil searches for it (see ``FontRegistry/init(fontsDirectory:)``).
    public init(fontsDirectory: URL? = nil) throws(LayoutSimError) {
        do { registry = try FontRegistry(fontsDirectory: fontsDirectory) } catch { throw .font(error) }
    }

    /// Number of HarfBuzz shaping calls this engine has made (each text is shaped once per fit).
    public var shapeCallCount: Int { shaper.shapeCalls }

    /// The system-font model, opened on first use.
    func systemFont() throws(LayoutSimError) -> SystemFontModel {
        if let systemFontModel { return systemFontModel }
        do {
            let model = try SystemFontModel(registry: registry)
            systemFontModel = model
            return model
        } catch { throw .font(error) }
    }

    /// The Noto fallback files of the system cascade, in order (Thonburi, SF Arabic, Kohinoor Devanagari and
    /// SF Hebrew stand-ins), at a weight: regular and medium take Regular, semibold and bold take Bold.
    static func systemFallbackFiles(weight: FontWeight) -> [String] {
        let style = weight >= .semibold ? "Bold" : "Regular"
        return ["NotoSansThai", "NotoSansArabic", "NotoSansDevanagari", "NotoSansHebrew"].map { "\($0)-\(style).ttf" }
    }

    /// The cascade for `font` at `weight`: the primary face, the user's fallback files, then the system cascade
    /// (Inter as the SF stand-in, then Noto Sans Thai, Arabic, Devanagari, Hebrew). Also returns the index of the
    /// face whose clusters take SF's measured widths.
    func cascade(for font: FontChoice, weight: FontWeight) throws(LayoutSimError) -> (faces: [FontFace], systemModelIndex: Int) {
        let key = CascadeKey(face: font.face, fallbackFiles: font.fallbackFiles, weight: weight)
        if let cached = cascades[key] { return cached }
        let built = try buildCascade(for: font, weight: weight)
        cascades[key] = built
        return built
    }

    private func buildCascade(for font: FontChoice, weight: FontWeight) throws(LayoutSimError) -> (faces: [FontFace], systemModelIndex: Int) {
        var faces: [FontFace] = []
        do {
            if case .file(let path, let index) = font.face {
                faces.append(try registry.face(path: path, index: index))
                for file in font.fallbackFiles { faces.append(try registry.face(path: file.path, index: file.faceIndex)) }
            }
            let systemWeight = font.face == .system ? weight : .regular
            let systemIndex = faces.count
            guard let inter = try systemFont().face(for: systemWeight) else {
                throw LayoutSimError.invalidOption("no system-font stand-in for weight \(systemWeight.rawValue)")
            }
            faces.append(inter)
            for file in Self.systemFallbackFiles(weight: systemWeight) { faces.append(try registry.bundledFace(named: file)) }
            return (faces, systemIndex)
        } catch let error as FontError {
            throw .font(error)
        } catch let error as LayoutSimError {
            throw error
        } catch {
            throw .invalidOption("\(error)")
        }
    }

    /// The face that shapes the primary text of `font` at `weight`.
    func shapingFace(for font: FontChoice, weight: FontWeight) throws(LayoutSimError) -> FontFace {
        let (faces, systemIndex) = try cascade(for: font, weight: weight)
        return font.face == .system ? faces[systemIndex] : faces[0]
    }

    /// Shapes `text` once: itemizes it by font coverage, bidi level and script, shapes each run in font units, and
    /// collects its line-break opportunities and grapheme boundaries.
    ///
    /// - Parameters:
    ///   - language: BCP 47 tag for ICU's line breaking and HarfBuzz's language; nil for none.
    ///   - usesSystemFonts: ask fontconfig for installed fonts covering what the cascade does not.
    public func measure(
        _ text: String, font: FontChoice, weight: FontWeight, language: String?, usesSystemFonts: Bool = false
    ) throws(LayoutSimError) -> MeasuredText {
        let utf16 = Array(text.utf16)
        let (cascade, systemIndex) = try cascade(for: font, weight: weight)
        do {
            let tag = language ?? ""
            let locale: String
            if let known = locales[tag] {
                locale = known
            } else {
                locale = try TextBoundaries.icuLocale(forLanguageTag: tag)
                locales[tag] = locale
            }
            let breaks = try boundaries.lineBreaks(utf16, locale: locale)
            let graphemes = try boundaries.graphemeBoundaries(utf16)
            // Bidi only where right-to-left text can occur (Hebrew U+0590 and above).
            let levels: [UInt8] = utf16.contains(where: { $0 >= 0x0590 }) ? try bidi().levels(utf16) : []
            let lookup = usesSystemFonts ? systemFontLookup() : nil
            let (runs, faces, _) = Itemizer.itemize(utf16, graphemes: graphemes, levels: levels, cascade: cascade) { scalar in
                guard let file = lookup?.font(covering: scalar) else { return nil }
                return try? self.registry.face(path: file.path, index: file.faceIndex)
            }
            var shaped: [(run: ShapedRun, faceIndex: Int)] = []
            shaped.reserveCapacity(runs.count)
            for run in runs {
                let result = shaper.shape(
                    utf16, range: run.range, face: faces[run.faceIndex], language: language,
                    rightToLeft: levels.isEmpty ? nil : run.isRightToLeft, script: run.script.iso15924
                )
                shaped.append((result, run.faceIndex))
            }
            let measuredFaces = faces.enumerated().map { index, face in
                MeasuredFace(id: face.id, metrics: face.metrics, usesSystemModel: index == systemIndex)
            }
            let ellipsis: [Int32?] = faces.map { face in
                guard let scalar = Unicode.Scalar(0x2026), let glyph = face.nominalGlyph(for: scalar) else { return nil }
                return face.nominalAdvance(ofGlyph: glyph)
            }
            return MeasuredText(
                text: text, utf16: utf16, runs: shaped, faces: measuredFaces, breaks: breaks, graphemes: graphemes,
                levels: levels, ellipsisUnits: ellipsis
            )
        } catch {
            throw .segmentation(error)
        }
    }

    private func bidi() throws(SegmentationError) -> BidiResolver {
        if let bidiResolver { return bidiResolver }
        let resolver = try BidiResolver()
        bidiResolver = resolver
        return resolver
    }

    private func systemFontLookup() -> SystemFontLookup? {
        if let fontconfig { return fontconfig }
        fontconfig = SystemFontLookup()
        return fontconfig
    }

    /// Lays out `request.text` at every requested category and says where it stops fitting.
    ///
    /// The text is shaped once; per category only the size-dependent advances, line breaking and fitting run.
    /// - Throws: ``LayoutSimError`` for bad input (unreadable font, impossible container, unknown category for a
    ///   style, invalid language tag). Text that does not fit is a result, not an error.
    public func fit(_ request: FitRequest) throws(LayoutSimError) -> FitReport {
        try layOut(request).report
    }

    /// The fit, and the measured text with its advances, which drawing reuses instead of shaping again.
    func layOut(_ request: FitRequest) throws(LayoutSimError) -> (report: FitReport, source: AdvanceSource) {
        try Fitter.validate(request.container)
        let plan = try Fitter.plan(request)
        let weight = plan.first?.weight ?? .regular
        let measured = try measure(
            request.text, font: request.font, weight: weight, language: request.language,
            usesSystemFonts: request.usesSystemFonts
        )
        let usesSFModel = measured.faces.contains { $0.usesSystemModel }
        let system: SystemFontModel? = usesSFModel ? try systemFont() : nil
        let primary = measured.faces.first { $0.usesSystemModel == (request.font.face == .system) } ?? measured.faces.first

        let label = request.label
        let breaks = LineBreaker.opportunities(
            measured, byCharacter: label.lineBreakMode == .charWrapping, strategy: label.lineBreakStrategy
        )
        var results: [CategoryResult] = []
        results.reserveCapacity(plan.count)
        let sfWeight = request.font.face == .system ? weight : .regular
        let source = AdvanceSource(text: measured, system: system, weight: sfWeight)
        for step in plan {
            let lineHeight: Double
            if request.font.face == .system {
                lineHeight = SystemFontModel.lineHeightPerPoint * step.pointSize
            } else {
                lineHeight = primary?.metrics.lineHeight(atPointSize: step.pointSize) ?? 0
            }
            results.append(Fitter.fit(
                source, step: step, lineHeight: lineHeight,
                weight: request.font.face == .system ? step.weight : nil, request: request, breaks: breaks
            ))
        }

        // Report every face that shaped part of the text, primary first.
        var files: [FontFileInfo] = []
        do {
            let used = Set(measured.faceIndex)
            var seen = Set<String>()
            for (index, face) in measured.faces.enumerated() where index == 0 || used.contains(UInt16(index)) {
                if seen.insert(face.id.path).inserted { files.append(try registry.fileInfo(forPath: face.id.path)) }
            }
        } catch { throw .font(error) }
        return (FitReport(request: request, fontFiles: files, results: results, missingGlyphs: measured.missingGlyphs), source)
    }
}

extension LayoutEngine {
    /// Lays the request out and draws every category's result as SVG panels side by side (``SVGRenderer``).
    public func renderSVG(_ request: FitRequest) throws(LayoutSimError) -> (report: FitReport, svg: String) {
        let (report, source) = try layOut(request)
        let measured = source.text
        var faces: [FontFace] = []
        for face in measured.faces {
            do { faces.append(try registry.face(path: face.id.path, index: face.id.index)) } catch { throw .font(error) }
        }
        return (report, SVGRenderer.render(measured, results: report.results, request: request, source: source, faces: faces))
    }
}

/// Advances of a measured text at any size: the system-font model for the SF stand-in's clusters, the fonts' own
/// advances for the rest. Also the width of the ellipsis truncation inserts.
struct AdvanceSource {
    let text: MeasuredText
    let system: SystemFontModel?
    /// Weight of the SF stand-in's clusters.
    let weight: FontWeight

    /// Each cluster's advance at `size` points.
    func advances(size: Double) -> [Double] {
        system?.clusterAdvances(text, size: size, weight: weight) ?? text.fontAdvances(size: size)
    }

    /// Width of U+2026 at `size` in the font of cluster `i` (or the first face of the cascade that has one, or
    /// three periods of the primary font), points. For the SF stand-in it is Inter's scaled by SF/Inter, like every
    /// character SF was not measured on.
    func ellipsisWidth(size: Double, nearCluster i: Int) -> Double {
        let preferred = i < text.clusterCount ? Int(text.faceIndex[i]) : 0
        let order = [preferred] + Array(text.faces.indices)
        for face in order {
            guard let units = text.ellipsisUnits[face] else { continue }
            let points = Double(units) * size / Double(text.faces[face].metrics.unitsPerEm)
            if text.faces[face].usesSystemModel, let system { return points * system.letterRatio(atSize: size, weight: weight) }
            return points
        }
        let period = system?.sfAdvances(atSize: size, weight: weight)[0x2E - 0x20] ?? size * 0.25
        return 3 * period
    }
}

/// Key of a cached font cascade.
struct CascadeKey: Hashable {
    let face: FontChoice.Face
    let fallbackFiles: [FontFile]
    let weight: FontWeight
}

extension LayoutEngine {
    /// Lays out `text` in a container `width` points wide at every requested category: the convenience form of
    /// ``fit(_:)-(FitRequest)`` for tests.
    ///
    /// - Parameters:
    ///   - font: default the system font in the body text style.
    ///   - width: container width in points (> 0).
    ///   - lines: line limit, 0 for none; default 1 (UILabel's `numberOfLines`).
    ///   - height: container height in points; nil (default) when the view grows with its text.
    ///   - categories: default all twelve.
    ///   - language: BCP 47 tag of the text; nil for none.
    public func fit(
        _ text: String, font: FontChoice = .textStyle(.body), width: Double, lines: Int = 1, height: Double? = nil,
        categories: [ContentSizeCategory] = ContentSizeCategory.allCases, language: String? = nil
    ) throws(LayoutSimError) -> FitReport {
        try fit(FitRequest(
            text: text, font: font, container: Container(width: width, height: height, lineLimit: lines),
            categories: categories, language: language
        ))
    }
}
