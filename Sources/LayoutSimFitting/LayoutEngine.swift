import Foundation
import LayoutSimBreaking
import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSystemFont

/// The entry point: owns the fonts, the shaper and the caches, and answers fit requests.
///
/// Pipeline (one target per stage, see architecture.md): plan the sizes (``Fitter/plan(_:)``) → the font cascade
/// (Faces) → shape once in font units with ICU's boundaries into a ``MeasuredText`` (Shaping) → per size: advances
/// (SystemFont), lines, truncation and line boxes (Breaking), the verdict (``Fitter``) → ``FitReport``.
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
    package let registry: FontRegistry
    /// The cascades opened so far.
    private let cascades: FontCascades
    /// Itemizing, shaping and ICU's boundaries.
    package let measurer = TextMeasurer()
    private var systemFontModel: SystemFontModel?

    /// Creates an engine with the bundled fonts.
    ///
    /// - Parameter fontsDirectory: the bundled `Fonts/` folder; nil searches for it: `$LAYOUTSIM_FONTS`, `Fonts/`
    ///   and `../share/layoutsim/Fonts/` next to the executable, then the package's own `Fonts/`.
    public init(fontsDirectory: URL? = nil) throws(LayoutSimError) {
        do { registry = try FontRegistry(fontsDirectory: fontsDirectory) } catch { throw .font(error) }
        cascades = FontCascades(registry: registry)
    }

    /// Number of HarfBuzz shaping calls this engine has made (each text is shaped once per fit).
    public var shapeCallCount: Int { measurer.shaper.shapeCalls }

    /// The system-font model, opened on first use.
    package func systemFont() throws(LayoutSimError) -> SystemFontModel {
        if let systemFontModel { return systemFontModel }
        do {
            let model = try SystemFontModel(registry: registry)
            systemFontModel = model
            return model
        } catch { throw .font(error) }
    }

    /// The cascade for `font` at `weight` (primary face, the user's fallbacks, then the system cascade).
    package func cascade(for font: FontChoice, weight: FontWeight) throws(LayoutSimError) -> FontCascade {
        do { return try cascades.cascade(for: font, weight: weight) } catch { throw .font(error) }
    }

    /// Shapes `text` once in the cascade of `font` at `weight` (see ``TextMeasurer``).
    package func measure(
        _ text: String, font: FontChoice, weight: FontWeight, language: String?, usesSystemFonts: Bool = false,
        lineBreakRules: LineBreakRules = .strict
    ) throws(LayoutSimError) -> MeasuredText {
        let cascade = try cascade(for: font, weight: weight)
        let measured: MeasuredText
        do {
            measured = try measurer.measure(
                text, cascade: cascade, language: language, systemFonts: usesSystemFonts ? registry : nil,
                lineBreakRules: lineBreakRules
            )
        } catch {
            throw .segmentation(error)
        }
        if let problem = Self.impossibleShaping(measured) { throw .font(problem) }
        return measured
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
    package func layOut(_ request: FitRequest) throws(LayoutSimError) -> (report: FitReport, source: AdvanceSource) {
        try Fitter.validate(request.container)
        let length = request.text.utf16.count
        guard length <= FitRequest.maximumTextLength else { throw .textTooLong(length) }
        let plan = try Fitter.plan(request)
        let weight = plan.first?.weight ?? .regular
        var measured = try measure(
            request.text, font: request.font, weight: weight, language: request.language,
            usesSystemFonts: request.usesSystemFonts, lineBreakRules: request.lineBreakRules
        )
        measured.calibratesStandIns = request.calibratesStandIns
        let usesSFModel = measured.faces.contains { $0.usesSystemModel }
        let system: SystemFontModel? = usesSFModel ? try systemFont() : nil
        let sfWeight = request.font.face == .system ? weight : .regular
        let source = AdvanceSource(text: measured, system: system, weight: sfWeight)
        let results = Fitter.fit(source, plan: plan, request: request)

        // Report every face that shaped part of the text, primary first.
        var files: [FontFileInfo] = []
        do {
            let used = Set(measured.faceIndex)
            var seen = Set<String>()
            for (index, face) in measured.faces.enumerated() where index == 0 || used.contains(UInt16(index)) {
                if seen.insert(face.id.path).inserted { files.append(try registry.fileInfo(forPath: face.id.path)) }
            }
        } catch { throw .font(error) }
        let report = FitReport(
            request: request, fontFiles: files, results: results, missingGlyphs: measured.missingGlyphs,
            warnings: measured.warnings
        )
        return (report, source)
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
