import LayoutSimFaces
import LayoutSimModel
import LayoutSimSystemFont

/// The engine's answer for one text and its requirement (``LayoutEngine/evaluate(_:through:samples:)``): every
/// category's result, the first failure among those it must fit, what would make it fit there, the room it has for a
/// translator's budget, and a verdict too close to trust as facts. The words are made in VerdictWords.swift.
///
/// Not `Sendable`, like its engine: it keeps the measured text, which a drawing of it reuses.
public struct FitEvaluation {
    /// Every category's result, in order (a group child's: its layouts' merged), with the fonts and warnings.
    public let report: FitReport
    /// The largest category the text must fit through.
    public let requirement: ContentSizeCategory
    /// The index in the report's results of the first that fails among those the text must fit (a fixed size counts
    /// as `large`); nil when it fits through ``requirement``.
    public let requiredFailureIndex: Int?
    /// What would make the text fit at the largest category it must fit (or, when it fits there but not below, at the
    /// first that fails); nil when it fits, or a glyph is missing.
    public let remedy: FitRemedy?
    /// The container the remedy is for (a row child's: its share there), which its words compare with.
    public let remedyContainer: Container?
    /// The room the text has, for a translator's budget; nil when nothing was laid out.
    public let budget: FitBudget?
    /// A failure by less than the stand-in fonts' widths can be off (``NearVerdict/miss(neededWidth:room:uncertainty:)``),
    /// or a pass that would fail were they that much wider (``NearVerdict/pass(at:uncertainty:)``; not judged for a
    /// group child, whose share of a row grows with its text); nil otherwise.
    public let near: NearVerdict?
    /// The layouts the results come from: one, or a group child's one per layout of its group (for drawings).
    let parts: [LaidOutText]

    /// The first result that fails among those the text must fit.
    public var requiredFailure: CategoryResult? { requiredFailureIndex.map { report.results[$0] } }

    /// Whether the text fits through ``requirement``.
    public var fits: Bool { requiredFailureIndex == nil }

    /// The index in `parts` of the layout that made the result at `category`.
    static func part(_ parts: [LaidOutText], at category: ContentSizeCategory?) -> Int {
        parts.count == 1 ? 0 : parts.firstIndex { $0.report.results.contains { $0.category == category } } ?? 0
    }
}

/// The room a text has at the largest category it must fit (a group child shown there without a line limit but with
/// one at smaller categories: the largest of those, where its length is bounded), for a translator's budget.
public struct FitBudget: Sendable, Hashable {
    /// The category; nil for a fixed size.
    public let category: ContentSizeCategory?
    /// The point size there.
    public let pointSize: Double
    /// The container there: its size at the category, with the insets there (scaled with the text style when the
    /// label scales them).
    public let container: Container
    /// The width of the text's paragraphs, each set on one line there, added: points.
    public let textWidth: Double
    /// The width of the clusters that start in the samples asked for (UTF-16 ranges of the text), points.
    public let samplesWidth: Double
}

/// A verdict closer than the stand-in fonts' widths can be off from iOS's: to confirm on a device.
public enum NearVerdict: Sendable, Hashable {
    /// A failure by less: the text needs `neededWidth` points of width and the container has `room`.
    case miss(neededWidth: Double, room: Double, uncertainty: StandInUncertainty)
    /// A pass at `at` (nil: a fixed size) that would fail were the text's clusters in the stand-ins as much wider as
    /// their widths can be off.
    case pass(at: ContentSizeCategory?, uncertainty: StandInUncertainty)
}

/// How far the stand-ins a text is measured with can be off from the fonts iOS draws it in.
public struct StandInUncertainty: Sendable, Hashable {
    /// The stand-ins' font files, sorted.
    public let files: [String]
    /// The most the widths of one of them can be off (0.08: ±8 %).
    public let fraction: Double
    /// Whether that is assumed, with no measurement of iOS's font behind it.
    public let assumed: Bool

    init(_ uncertainty: WidthUncertainty) {
        files = uncertainty.files
        fraction = uncertainty.fraction
        assumed = uncertainty.assumed
    }
}

extension LayoutEngine {
    /// What is laid out for one text.
    package enum Layouts {
        /// One request.
        case one(FitRequest)
        /// A child of a group (a row, a column, alternatives): one request per layout of the group that shows it,
        /// each for the categories that layout is used at, with the child's width there. Their results are merged in
        /// category order.
        case groupChild([FitRequest])
    }

    /// Lays `request.text` out at every requested category and judges it against `requirement`: the results, the
    /// first failure, the remedy, the budget (with the width of `samples`, UTF-16 ranges of the text) and a near
    /// verdict.
    ///
    /// - Throws: ``LayoutSimError`` for bad input, as ``fit(_:)``. Text that does not fit is a result.
    public func evaluate(
        _ request: FitRequest, through requirement: ContentSizeCategory = .accessibility5, samples: [Range<Int>] = []
    ) throws(LayoutSimError) -> FitEvaluation {
        let (report, source) = try layOut(request)
        return try evaluation(report, parts: [LaidOutText(report: report, source: source)], through: requirement,
                              samples: samples, judgesNearPass: true)
    }

    /// ``evaluate(_:through:samples:)`` of one request or of a group child's layouts, with `detail` (a check reads
    /// the details of failing categories only); nil for a group child that no layout shows.
    package func evaluate(
        _ layouts: Layouts, through requirement: ContentSizeCategory, samples: [Range<Int>] = [],
        detail: ResultDetail = .full
    ) throws(LayoutSimError) -> FitEvaluation? {
        switch layouts {
        case .one(let request):
            let (report, source) = try layOut(request, detail: detail)
            return try evaluation(report, parts: [LaidOutText(report: report, source: source)], through: requirement,
                                  samples: samples, judgesNearPass: true)
        case .groupChild(let requests):
            var parts: [LaidOutText] = []
            for request in requests {
                let (report, source) = try layOut(request, detail: detail)
                parts.append(LaidOutText(report: report, source: source))
            }
            guard let report = Self.merged(parts) else { return nil }
            return try evaluation(report, parts: parts, through: requirement, samples: samples, judgesNearPass: false)
        }
    }

    /// The reports of a group child's layouts as one, results in category order; nil for none.
    private static func merged(_ parts: [LaidOutText]) -> FitReport? {
        guard let first = parts.first else { return nil }
        var files: [FontFileInfo] = []
        for part in parts { for file in part.report.fontFiles where !files.contains(file) { files.append(file) } }
        var report = FitReport(
            request: first.report.request, fontFiles: files,
            results: parts.flatMap { $0.report.results }.sorted { ($0.category ?? .xSmall) < ($1.category ?? .xSmall) },
            missingGlyphs: first.report.missingGlyphs, warnings: Array(Set(parts.flatMap { $0.report.warnings })).sorted()
        )
        report.systemFontSource = first.report.systemFontSource
        report.appleFontNotes = first.report.appleFontNotes
        return report
    }

    /// The evaluation of `report`, made from `parts`.
    private func evaluation(
        _ report: FitReport, parts: [LaidOutText], through must: ContentSizeCategory, samples: [Range<Int>],
        judgesNearPass: Bool
    ) throws(LayoutSimError) -> FitEvaluation {
        let allowsBreaks = report.request.allowsWordBreaks
        let results = report.results
        // From the first failing result on (the fit found it): the ones before it pass.
        let failingFrom = report.firstFailingIndex ?? results.endIndex
        let failing = results[failingFrom...].firstIndex {
            ($0.category ?? .large) <= must && !$0.passes(allowingWordBreaks: allowsBreaks)
        }
        let budget = Self.budget(report, parts: parts, must: must, samples: samples)
        var remedy: (remedy: FitRemedy, container: Container)?
        var near: NearVerdict?
        if let failing, report.missingGlyphs.isEmpty {
            let target = Self.target(report, failing: results[failing], must: must)
            remedy = try Self.remedy(parts: parts, at: target, must: must)
            near = remedy.flatMap { Self.nearMiss($0.remedy, container: $0.container, parts: parts, at: target) }
        } else if judgesNearPass {
            near = try Self.nearPass(report, parts: parts, must: must)
        }
        return FitEvaluation(
            report: report, requirement: must, requiredFailureIndex: failing, remedy: remedy?.remedy,
            remedyContainer: remedy?.container, budget: budget, near: near, parts: parts
        )
    }
}

extension LayoutEngine {
    /// The room at `must`; for a group child shown there without a line limit (a stack at accessibility sizes) but
    /// with one at smaller categories (its row), the room of the largest of those: where its length is bounded.
    private static func budget(
        _ report: FitReport, parts: [LaidOutText], must: ContentSizeCategory, samples: [Range<Int>]
    ) -> FitBudget? {
        let results = report.results
        func isRequired(_ i: Int) -> Bool { (results[i].category ?? must) <= must }
        func lineLimit(at category: ContentSizeCategory?) -> Int {
            parts[FitEvaluation.part(parts, at: category)].report.request.container.lineLimit
        }
        guard let mustIndex = results.indices.last(where: isRequired) ?? results.indices.first else { return nil }
        var budgetIndex = mustIndex
        // (One layout has one line limit: only a group child's layouts can differ.)
        if parts.count > 1, lineLimit(at: results[mustIndex].category) == 0 {
            budgetIndex = results.indices.last { isRequired($0) && lineLimit(at: results[$0].category) > 0 } ?? mustIndex
        }
        let category = results[budgetIndex].category
        let size = results[budgetIndex].pointSize
        let i = FitEvaluation.part(parts, at: category)
        return FitBudget(
            category: category, pointSize: size,
            container: parts[i].report.request.container.at(category, plan: parts[i].report.plan),
            textWidth: Fitter.totalParagraphWidth(parts[i].source, size: size),
            samplesWidth: Fitter.width(of: samples, parts[i].source, size: size)
        )
    }

    /// What would make the text fit at `target` (``target(_:failing:must:)``), with the container of the layout
    /// there; nil when nothing would.
    private static func remedy(
        parts: [LaidOutText], at target: CategoryResult, must: ContentSizeCategory
    ) throws(LayoutSimError) -> (remedy: FitRemedy, container: Container)? {
        let i = FitEvaluation.part(parts, at: target.category)
        return try Fitter.remedy(parts[i].source, report: parts[i].report, through: target.category ?? must).map {
            (remedy: $0, container: parts[i].report.request.container)
        }
    }

    /// The result a remedy is for: the largest category the text must fit when it fails there, else `failing` (the
    /// first that fails among those it must fit: it fits at the largest but not below, in a frame or a layout that
    /// changes with the category).
    private static func target(_ report: FitReport, failing: CategoryResult, must: ContentSizeCategory) -> CategoryResult {
        let largest = report.results.last { ($0.category ?? .large) <= must }
        return largest.map { $0.passes(allowingWordBreaks: report.request.allowsWordBreaks) ? failing : $0 } ?? failing
    }

    /// A failure by less than the stand-ins' widths can be off at the remedy's size (the share of the text's width in
    /// them: ``AdvanceSource/widthUncertainty(atSize:)``): a verdict a team should confirm on a device before acting
    /// on it. Nil otherwise.
    private static func nearMiss(
        _ remedy: FitRemedy, container: Container, parts: [LaidOutText], at target: CategoryResult
    ) -> NearVerdict? {
        // The width the remedy's words compare with.
        let room = container.width(at: remedy.category)
        guard let needed = remedy.neededWidth, room > 0, needed <= room * 1.2 else { return nil }
        let source = parts[FitEvaluation.part(parts, at: target.category)].source
        guard let uncertainty = source.widthUncertainty(atSize: target.pointSize),
              needed <= room * (1 + uncertainty.share) else { return nil }
        return .miss(neededWidth: needed, room: room, uncertainty: StandInUncertainty(uncertainty))
    }

    /// A pass that would fail at the largest category the text must fit, the one with the least room, if the
    /// clusters in stand-ins were as much wider as their widths can be off (the text's width grown by their share:
    /// ``AdvanceSource/widthUncertainty(atSize:)``): "fits" is then a guess a team should confirm on a device. Nil
    /// otherwise.
    private static func nearPass(
        _ report: FitReport, parts: [LaidOutText], must: ContentSizeCategory
    ) throws(LayoutSimError) -> NearVerdict? {
        let results = report.results
        guard report.missingGlyphs.isEmpty,
              let i = results.indices.last(where: { (results[$0].category ?? .large) <= must }) else { return nil }
        let category = results[i].category
        let size = results[i].pointSize
        let p = FitEvaluation.part(parts, at: category)
        // Without working the text's share out at that size (a pass over its clusters, for every string that
        // passes): none when no face of the text can be off; none when it would still pass were every cluster as far
        // off as the face that can be most (the share is a mean of the faces' fractions weighted by advances, so at
        // most that: the margin covers its rounding).
        let largest = parts[p].source.largestWidthUncertainty
        guard largest > 0 else { return nil }
        if try Fitter.passes(parts[p].source, report: parts[p].report, at: category,
                             widthsTimes: 1 + largest * (1 + 1e-6), quickly: true) == true {
            return nil
        }
        guard let uncertainty = parts[p].source.widthUncertainty(atSize: size),
              try Fitter.passes(parts[p].source, report: parts[p].report, at: category,
                                widthsTimes: 1 + uncertainty.share) == false
        else { return nil }
        return .pass(at: category, uncertainty: StandInUncertainty(uncertainty))
    }
}
