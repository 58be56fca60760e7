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
/// print(report.summary)   // "fits through xxLarge; truncated from xxxLarge"
/// ```
public final class LayoutEngine {
    /// The fonts this engine opened (bundled and user-supplied).
    public let registry: FontRegistry
    private let shaper = Shaper()
    /// The shaper, for the benchmark's shaping-only baseline.
    var shaperForBenchmark: Shaper { shaper }
    private var systemFontModel: SystemFontModel?
    private let boundaries = TextBoundaries()
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

    /// The face that shapes `font` at `weight`.
    func shapingFace(for font: FontChoice, weight: FontWeight) throws(LayoutSimError) -> FontFace {
        switch font.face {
        case .system:
            guard let face = try systemFont().face(for: weight) else {
                throw .invalidOption("no system-font stand-in for weight \(weight.rawValue)")
            }
            return face
        case .file(let path, let index):
            do { return try registry.face(path: path, index: index) } catch { throw .font(error) }
        }
    }

    /// Shapes `text` once in `face` and collects its line-break opportunities and grapheme boundaries.
    ///
    /// - Parameter language: BCP 47 tag for ICU's line breaking and HarfBuzz's language; nil for none.
    public func measure(_ text: String, face: FontFace, language: String?) throws(LayoutSimError) -> MeasuredText {
        let utf16 = Array(text.utf16)
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
            let run = shaper.shape(utf16, range: 0..<utf16.count, face: face, language: language)
            return MeasuredText(text: text, utf16: utf16, run: run, breaks: breaks, graphemes: graphemes)
        } catch {
            throw .segmentation(error)
        }
    }

    /// Lays out `request.text` at every requested category and says where it stops fitting.
    ///
    /// The text is shaped once; per category only the size-dependent advances, line breaking and fitting run.
    /// - Throws: ``LayoutSimError`` for bad input (unreadable font, impossible container, unknown category for a
    ///   style, invalid language tag). Text that does not fit is a result, not an error.
    public func fit(_ request: FitRequest) throws(LayoutSimError) -> FitReport {
        try Fitter.validate(request.container)
        let plan = try Fitter.plan(request)
        let weight = plan.first?.weight ?? .regular
        let face = try shapingFace(for: request.font, weight: weight)
        let measured = try measure(request.text, face: face, language: request.language)
        let system: SystemFontModel? = request.font.face == .system ? try systemFont() : nil

        var results: [CategoryResult] = []
        results.reserveCapacity(plan.count)
        for step in plan {
            let advances = system?.clusterAdvances(measured, size: step.pointSize, weight: step.weight)
                ?? measured.fontAdvances(size: step.pointSize)
            let lineHeight = system != nil
                ? SystemFontModel.lineHeightPerPoint * step.pointSize
                : face.metrics.lineHeight(atPointSize: step.pointSize)
            results.append(Fitter.fit(
                measured, advances: advances, step: step, lineHeight: lineHeight,
                weight: system != nil ? step.weight : nil, request: request
            ))
        }

        var files: [FontFileInfo] = []
        do {
            files.append(try registry.fileInfo(forPath: face.id.path))
        } catch { throw .font(error) }
        return FitReport(request: request, fontFiles: files, results: results, missingGlyphs: measured.missingGlyphs)
    }
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
