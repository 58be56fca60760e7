import Foundation
import LayoutSimBreaking
import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping
import LayoutSimSupport
import LayoutSimSystemFont

/// The entry point: owns the fonts, the shaper and the caches, and answers fit requests: ``evaluate(_:through:samples:)``
/// (the results, the first failure, what would make the text fit, its budget, a verdict too near to trust), or
/// ``fit(_:)`` (the results alone).
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
    /// Texts already shaped for a fit, by everything shaping depends on (not the size); bounded. Plural and device
    /// variants, repeated keys and pseudolocalized copies of the same text are shaped once per engine.
    ///
    /// An engine is used by one thread (the shaping a miss here runs does not read this cache).
    private var shapedTexts = LRUCache<ShapedTextKey, MeasuredText>(
        capacity: LayoutEngine.shapedTextCapacity, reserved: true
    )
    /// Whether fits reuse texts and short runs shaped before (``shapedTexts``, the shaper's runs); the benchmark
    /// turns it off to time the cold path.
    package var reusesShapedTexts = true {
        didSet { measurer.shaper.reusesRuns = reusesShapedTexts }
    }
    /// The files of the faces of the last texts laid out (``fileInfo(forPath:)``), at most 8.
    private var recentFiles: [(path: String, info: FontFileInfo)] = []
    /// The paths of the faces the last text used, in order (``fontFiles(_:)``), and the files they made.
    private var lastFontFiles: (paths: [String], files: [FontFileInfo]) = ([], [])
    /// The size memo of the last source made (``advanceSource(_:plan:)``), for the next when no source uses it.
    private var spareMemo = SizeMemo()
    /// The last plan made, with what it was made from (``plan(_:)``).
    /// (Two fields, not an optional tuple: unwrapped, a tuple would be copied whole for each text.)
    private var lastPlanInputs: Fitter.PlanInputs?
    private var lastPlan: [FitStep] = []

    /// Texts kept shaped per engine.
    package static let shapedTextCapacity = 512

    /// Creates an engine with the bundled fonts.
    ///
    /// - Parameter fontsDirectory: the bundled `Fonts/` folder; nil searches for it: `$LAYOUTSIM_FONTS`, `Fonts/`
    ///   and `../share/layoutsim/Fonts/` next to the executable, then the package's own `Fonts/`.
    /// - Parameter appleFonts: Apple's own fonts to lay the system font and its cascade out with (`--apple-fonts`);
    ///   nil (default) for the bundled stand-ins.
    public init(fontsDirectory: URL? = nil, appleFonts: AppleFontIndex? = nil) throws(LayoutSimError) {
        do { registry = try FontRegistry(fontsDirectory: fontsDirectory) } catch { throw .font(error) }
        cascades = FontCascades(registry: registry, appleFonts: appleFonts)
        self.appleFonts = appleFonts
    }

    /// Apple's own fonts in use, nil for the stand-ins.
    public let appleFonts: AppleFontIndex?

    /// Where the system font and its cascade come from, as reports say it: "stand-ins", or "apple-fonts DIR".
    public var systemFontSource: String { appleFonts.map { "apple-fonts " + $0.directory } ?? "stand-ins" }

    /// Number of HarfBuzz shaping calls this engine has made (each text is shaped once per fit, and once per
    /// engine while it stays among the last ``shapedTextCapacity`` texts shaped for a fit).
    public var shapeCallCount: Int { measurer.shaper.shapeCalls }

    /// Swift's `Character` count of `text` (`text.count`), for less than Swift takes where the text's code points
    /// allow (``TextMeasurer/characterCount(_:)``).
    package func characterCount(_ text: String) -> Int { measurer.characterCount(text) }

    /// Fits whose text was found shaped (``shapedTexts``), and fits that shaped it.
    package var shapedTextHits: Int { shapedTexts.hits }
    package var shapedTextMisses: Int { shapedTexts.misses }

    /// The system-font model, made on first use, with its Inter face of `weight` open.
    package func systemFont(weight: FontWeight) throws(LayoutSimError) -> SystemFontModel {
        let model = systemFontModel ?? SystemFontModel(registry: registry)
        systemFontModel = model
        do { try model.open(weight) } catch { throw .font(error) }
        return model
    }

    /// The cascade for `font` at `weight` (primary face, the user's fallbacks, then the system cascade).
    package func cascade(for font: FontChoice, weight: FontWeight, language: String? = nil) throws(LayoutSimError) -> FontCascade {
        do { return try cascades.cascade(for: font, weight: weight, language: language) } catch { throw .font(error) }
    }

    /// Shapes `text` once in the cascade of `font` at `weight` (see ``TextMeasurer``).
    package func measure(
        _ text: String, font: FontChoice, weight: FontWeight, language: String?, usesSystemFonts: Bool = false,
        lineBreakRules: LineBreakRules = .strict, sizes: ClosedRange<Double>? = nil
    ) throws(LayoutSimError) -> MeasuredText {
        let cascade = try cascade(for: font, weight: weight, language: language)
        let measured: MeasuredText
        do {
            measured = try measurer.measure(
                text, cascade: cascade, language: language, systemFonts: usesSystemFonts ? registry : nil,
                lineBreakRules: lineBreakRules, opticalSizeRange: sizes
            )
        } catch {
            throw .segmentation(error)
        }
        // A stand-in of the system cascade the text needed, opened when a text first needed it, could not be.
        if let failure = measurer.unopenedFace { throw .font(failure) }
        if let problem = Self.impossibleShaping(measured) { throw .font(problem) }
        return measured
    }

    /// ``measure(_:font:weight:language:usesSystemFonts:lineBreakRules:)`` through the cache of shaped texts.
    ///
    /// - Parameter sizes: with Apple's fonts, the point sizes the fit lays out at (optical sizes are shaped for them).
    private func measureForFit(
        _ request: FitRequest, weight: FontWeight, sizes: ClosedRange<Double>?
    ) throws(LayoutSimError) -> MeasuredText {
        let key = ShapedTextKey(
            text: ExactText(string: request.text), face: request.font.face, fallbackFiles: request.font.fallbackFiles, weight: weight,
            language: request.language, usesSystemFonts: request.usesSystemFonts, lineBreakRules: request.lineBreakRules,
            sizes: sizes
        )
        func shape() throws(LayoutSimError) -> MeasuredText {
            try measure(
                request.text, font: request.font, weight: weight, language: request.language,
                usesSystemFonts: request.usesSystemFonts, lineBreakRules: request.lineBreakRules, sizes: sizes
            )
        }
        guard reusesShapedTexts else { return try shape() }
        return try shapedTexts.value(for: key, orInsert: shape)
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
    ///
    /// - Parameter detail: ``ResultDetail/failures`` for a check: passing categories as summaries.
    package func layOut(
        _ request: consuming FitRequest, detail: ResultDetail = .full
    ) throws(LayoutSimError) -> (report: FitReport, source: AdvanceSource) {
        try Fitter.validate(request.container)
        // No more UTF-16 code units than UTF-8 bytes (counted at once; UTF-16 is counted by reading the text).
        if request.text.utf8.count > FitRequest.maximumTextLength {
            let length = request.text.utf16.count
            guard length <= FitRequest.maximumTextLength else { throw .textTooLong(length) }
        }
        let plan = try self.plan(request)
        let source = try advanceSource(request, plan: plan)
        let (results, firstFailing) = Fitter.fitFindingFailure(source, plan: plan, request: request, detail: detail)

        let files = try fontFiles(source.text)
        let notes = appleFontNotes(source.text)
        // (The text's own, shared, when the folder of Apple's fonts has nothing to add: most texts.)
        let warnings = notes.isEmpty ? source.text.warnings
            : source.text.warnings + notes.map { (appleFonts?.directory ?? "") + ": " + $0 }
        let report = FitReport(
            request: request, fontFiles: files, results: results, missingGlyphs: source.text.missingGlyphs,
            warnings: warnings, systemFontSource: appleFonts != nil ? systemFontSource : nil, appleFontNotes: notes,
            plan: plan, firstFailingIndex: .some(firstFailing)
        )
        return (report, source)
    }

    /// Every face that shaped part of `text`, primary first, as files.
    private func fontFiles(_ text: MeasuredText) throws(LayoutSimError) -> [FontFileInfo] {
        // (The measured text is read in place: a copy of it retains each of its arrays.)
        var files: [FontFileInfo] = []
        do {
            let faces = text.faces
            // The faces used, as bits (a text uses a few faces; no array of flags is made for every string), with
            // flags beyond the 64th.
            var usedBits: UInt64 = 0
            var usedBeyond: [Bool] = []
            if faces.count > 64 { usedBeyond = [Bool](repeating: false, count: faces.count) }
            for face in text.faceIndex where Int(face) < faces.count {
                if face < 64 { usedBits |= 1 << UInt64(face) } else { usedBeyond[Int(face)] = true }
            }
            func listed(_ index: Int) -> Bool {
                index == 0 || (index < 64 ? usedBits & (1 << UInt64(index)) != 0 : usedBeyond[index])
            }
            // The last text's files when its faces used had the same paths (most texts of a catalog: one script's
            // faces): the list shared, not made, looked up and freed again per text.
            var same = true
            var k = 0
            let last = lastFontFiles.paths
            for index in faces.indices where listed(index) {
                if k >= last.count || faces[index].id.path != last[k] {
                    same = false
                    break
                }
                k += 1
            }
            if same && k == last.count { return lastFontFiles.files }
            // Room for two (the primary and one fallback is the common case): grown from empty, the list would be
            // allocated twice. A path listed already, by an earlier face, is compared in place (a few faces).
            files.reserveCapacity(2)
            var paths: [String] = []
            paths.reserveCapacity(2)
            for index in faces.indices where listed(index) {
                let path = faces[index].id.path
                paths.append(path)
                guard !(0..<index).contains(where: { listed($0) && faces[$0].id.path == path }) else { continue }
                files.append(try fileInfo(forPath: path))
            }
            lastFontFiles = (paths, files)
        } catch { throw .font(error) }
        return files
    }

    /// ``FontRegistry/fileInfo(forPath:)`` through the files of the last texts: their paths are the same strings
    /// (one face's), compared at once where the registry's dictionary hashed every character.
    private func fileInfo(forPath path: String) throws(FontError) -> FontFileInfo {
        if let known = recentFiles.first(where: { $0.path == path }) { return known.info }
        let info = try registry.fileInfo(forPath: path)
        if recentFiles.count >= 8 { recentFiles.removeFirst() }
        recentFiles.append((path, info))
        return info
    }

    /// ``Fitter/plan(_:)``, the last one kept: a check's strings of one element plan the same sizes.
    func plan(_ request: FitRequest) throws(LayoutSimError) -> [FitStep] {
        // The request's fields compared where they are (made into inputs first, they would be copied for each text).
        if lastPlanInputs?.match(request) == true { return lastPlan }
        let plan = try Fitter.plan(request)
        lastPlanInputs = Fitter.PlanInputs(request)
        lastPlan = plan
        return plan
    }
}

extension LayoutEngine {
    /// The text of `request` shaped (through the cache) for the sizes of `plan`, with its advances at any size.
    package func advanceSource(_ request: FitRequest, plan: [FitStep]) throws(LayoutSimError) -> AdvanceSource {
        let weight = plan.first?.weight ?? .regular
        var measured = try measureForFit(
            request, weight: weight, sizes: appleFonts == nil ? nil : Self.sizes(of: plan, label: request.label)
        )
        measured.calibratesStandIns = request.calibratesStandIns
        // (Each face's stand-in read in place, `usesSystemModel`'s test: through a closure or that getter, the face
        // would be copied out.)
        var usesSFModel = false
        for i in measured.faces.indices where measured.faces[i].standIn == .sf {
            usesSFModel = true
            break
        }
        let sfWeight = request.font.face == .system ? weight : .regular
        let system: SystemFontModel? = usesSFModel ? try systemFont(weight: sfWeight) : nil
        // The memo of the text before, when no source uses it any more (a check is done with a text's source before
        // the next text).
        if isKnownUniquelyReferenced(&spareMemo) {
            spareMemo.reset()
        } else {
            spareMemo = SizeMemo()
        }
        return AdvanceSource(text: consume measured, system: system, weight: sfWeight, memo: spareMemo)
    }

    /// The point sizes a plan lays out at: its steps' sizes, down to the smallest times `minimumScaleFactor`.
    static func sizes(of plan: [FitStep], label: LabelBehavior) -> ClosedRange<Double>? {
        guard let low = plan.map(\.pointSize).min(), let high = plan.map(\.pointSize).max() else { return nil }
        let factor = label.minimumScaleFactor.map { $0 > 0 && $0 < 1 ? $0 : 1 } ?? 1
        return (low * factor)...high
    }

    /// With Apple's fonts: files of the folder that could not be read, and the stand-ins that still shaped part of the
    /// text because the folder lacks their Apple font (about the folder, not the text: `check` says each once).
    func appleFontNotes(_ measured: MeasuredText) -> [String] {
        guard let appleFonts else { return [] }
        let used = Set(measured.faceIndex)
        var out = appleFonts.skipped.map { "skipped \($0)" }
        for (index, face) in measured.faces.enumerated() where used.contains(UInt16(index)) {
            guard let standIn = face.standIn else { continue }
            let file = registry.reportName(forPath: face.id.path)
            // SF's stand-in takes SF's own advances (the SF model's table), as without Apple's fonts.
            let calibrated = StandInCalibration.widthFactor(standIn, language: nil) != 1 || standIn == .emoji
            let how = standIn == .sf ? "with SF's advances from the bundled table" : calibrated ? "calibrated" : "uncalibrated"
            out.append("has no \(StandInNames.appleFont(standIn)): \(file) stands in for it (\(how))")
        }
        return out
    }

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

/// What shaping a text depends on: the text, the cascade (face, fallbacks, weight), the language, whether installed
/// fonts are a last resort, and the line-break rules (the break opportunities found with it). Not the size: a text is
/// shaped once in font units.
private struct ShapedTextKey: Hashable {
    let text: ExactText
    let face: FontChoice.Face
    let fallbackFiles: [FontFile]
    let weight: FontWeight
    let language: String?
    let usesSystemFonts: Bool
    let lineBreakRules: LineBreakRules
    /// With Apple's fonts, the sizes whose optical sizes were shaped (nil with the stand-ins).
    let sizes: ClosedRange<Double>?
}

/// A text compared and hashed by its UTF-8 bytes, not by `String`'s canonical equivalence: one spelling's shaped
/// text is not another's (precomposed "é" and "e" + U+0301 have different code units and may shape differently), and
/// hashing the bytes spares the normalization `String`'s own hashing does for every text that is not ASCII. The bytes
/// are read in place (``TextBytes``), as a block, not one at a time through `utf8`.
private struct ExactText: Hashable {
    let string: String

    static func == (a: ExactText, b: ExactText) -> Bool { TextBytes.sameBytes(a.string, b.string) }

    func hash(into hasher: inout Hasher) { TextBytes.hash(string, into: &hasher) }
}
