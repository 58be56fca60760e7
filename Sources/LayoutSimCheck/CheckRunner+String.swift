import Foundation
import LayoutSimCatalogs
import LayoutSimFaces
import LayoutSimFitting
import LayoutSimModel

/// Checking one string: its layout, its failure and remedy, its budget.
extension CheckRunner {
    /// What checking one string gives: its result, its drawing (a failure, when asked), and the layout's warnings at
    /// the key's location. (The font files its layout used are the worker's ``FontFilesMemo``'s.)
    struct Checked {
        var result: CheckResult
        var drawing: LabelDrawing?
        var warnings: [ReportDiagnostic] = []
    }

    /// The font files of the last layout a worker checked, as the check report names them, with their digests.
    ///
    /// Neighbouring strings use the same fonts: the files of a layout are compared with the last ones (their names
    /// and paths) and named again only when they differ.
    struct FontFilesMemo {
        private var files: [FontFileInfo] = []
        /// The files of the last layout, named.
        private(set) var named: [CheckReport.FontFile] = []
        /// Whether the string checked last named other files than the ones before.
        private(set) var changed = false

        /// The files of `report`, the layout just made. A digest read once is kept (``FontFileInfo/sha256``): the
        /// files named again give what they gave before.
        mutating func update(_ report: FitReport) throws(LayoutSimError) {
            guard report.fontFiles != files else { return }
            do {
                named = try report.fontFiles.map { file throws(FontError) in
                    CheckReport.FontFile(name: relative(file.name), sha256: try file.sha256)
                }
            } catch { throw .font(error) }
            files = report.fontFiles
            changed = true
        }

        /// Nothing named since the last ``update(_:)`` (a string that was not laid out).
        mutating func unchanged() { changed = false }
    }

    /// The requests a worker made, one per element its jobs shared with other jobs (the defaults' for a locale, made
    /// once per locale and shared by its strings): the next job of that element and language has the same request but
    /// for its text. Bounded: forgotten past 1024 elements.
    struct RequestMemo {
        /// A request made, with what it was made from. A class: found in the table and changed in place, not copied.
        private final class Made {
            let element: SharedElement
            let language: String
            var request: FitRequest

            init(element: SharedElement, language: String, request: FitRequest) {
                self.element = element
                self.language = language
                self.request = request
            }
        }

        /// By the identity of the element (each held here, so that no other takes its identity).
        private var made: [ObjectIdentifier: Made] = [:]
        /// The last one used (strings of one locale one after the other need no lookup).
        private var last: Made?

        /// ``ElementSpec/request(text:language:categories:usesSystemFonts:displayScale:faceIndex:)`` of `job`'s
        /// element, text and language, with the categories and system fonts of `options` (the same for every job of
        /// a check).
        mutating func request(_ job: CheckJob, options: CheckOptions) throws(LayoutSimError) -> FitRequest {
            let shared = job.sharedElement
            // (Kept by the element's identity, which the element held here keeps its own.)
            let found = last?.element === shared ? last : made[ObjectIdentifier(shared)]
            // The text set in place, then the request copied out once.
            if let found, found.language == job.language {
                last = found
                found.request.text = job.text
                return found.request
            }
            let request = try shared.spec.request(
                text: job.text, language: job.language, categories: options.categories,
                usesSystemFonts: options.usesSystemFonts
            )
            if made.count >= 1024 { made.removeAll() }
            let entry = Made(element: shared, language: job.language, request: request)
            made[ObjectIdentifier(shared)] = entry
            last = entry
            return request
        }
    }

    /// What the engine said of a job (a group child's: of its layouts, one per range of categories), with the
    /// child's room and row share at each category.
    struct LaidOutJob {
        var evaluation: FitEvaluation
        var rooms: [ContentSizeCategory: Double] = [:]
        var rows: [ContentSizeCategory: RowShare] = [:]
    }

    /// Checks one string; draws it when it fails and the options ask for drawings. The fonts its layout used are
    /// `fonts`'s (unchanged, when it was not laid out).
    static func check(
        _ job: CheckJob, engine: LayoutEngine, options: CheckOptions, draws: Bool = false, fonts: inout FontFilesMemo,
        requests: inout RequestMemo
    ) -> Checked {
        fonts.unchanged()
        let entry = job.entry
        let must = job.element.mustFitThrough ?? .accessibility5
        var result = CheckResult(
            key: entry.key, locale: entry.locale, variant: entry.variantPath, file: entry.source.file,
            line: entry.source.line, column: entry.source.column, text: job.text, textSHA256: CheckResult.textHash(job.text),
            element: job.named ? job.element.key : nil, mustFitThrough: must, fitsThrough: nil,
            passed: false, known: false, failure: nil, failingCategories: [], error: nil
        )
        result.place = job.place
        var checked = Checked(result: LayoutFeed.pending)
        do {
            // A check reads the details of failing categories only; a drawing shows passing ones too.
            guard let laidOut = try evaluate(job, engine: engine, options: options, must: must,
                                             detail: draws ? .full : .failures, requests: &requests,
                                             placement: &result.placement) else {
                // A group child that no layout of its group shows.
                result.passed = true
                result.fitsThrough = options.categories.max()
                return Checked(result: result)
            }
            let evaluation = laidOut.evaluation
            let report = evaluation.report
            try fonts.update(report)
            checked.warnings = Self.warnings(of: report, entry: entry, appleFonts: engine.appleFonts)
            result.fitsThrough = fitsThrough(report, hiddenAt: result.placement?.hiddenAt, categories: options.categories)
            result.budget = budget(job, laidOut, engine: engine)
            let allowsBreaks = report.request.allowsWordBreaks
            // From the first failing result on (the fit found it): the ones before it pass.
            let failingFrom = report.firstFailingIndex ?? report.results.endIndex
            result.failingCategories = report.results[failingFrom...].compactMap { r in
                r.passes(allowingWordBreaks: allowsBreaks) ? nil : CheckResult.CategoryVerdict(category: r.category, verdict: r.verdict.kind)
            }
            if let near = evaluation.near { checked.warnings.append(nearNote(near, entry: entry)) }
            if let failing = evaluation.requiredFailure {
                fail(&result, at: failing, laidOut)
                if draws {
                    // The default size, the first failing category and the largest, from the layouts just made.
                    checked.drawing = try engine.drawing(
                        of: evaluation, at: failing.category, showing: [.large, failing.category, .accessibility5]
                    )
                }
            } else {
                result.passed = true
            }
        } catch {
            result.error = "\(entry.source.file):\(entry.source.line):\(entry.source.column): \(entry.key): \(error.description)"
        }
        // The result moved into the value returned, not copied.
        swap(&checked.result, &result)
        return checked
    }

    /// What the engine says of `job`: of its request, or of its group's plan and the child's layouts (the plan's
    /// placement set in `placement`); nil for a group child no layout of its group shows.
    private static func evaluate(
        _ job: CheckJob, engine: LayoutEngine, options: CheckOptions, must: ContentSizeCategory, detail: ResultDetail,
        requests: inout RequestMemo, placement: inout CheckResult.Placement?
    ) throws(LayoutSimError) -> LaidOutJob? {
        guard let context = job.group else {
            let request = try requests.request(job, options: options)
            return try engine.evaluate(.one(request), through: must, samples: job.samples, detail: detail)
                .map { LaidOutJob(evaluation: $0) }
        }
        let plan = try planGroup(job, context: context, categories: options.categories, engine: engine)
        placement = plan.placement
        let parts = try groupChildRequests(job, plan: plan, usesSystemFonts: options.usesSystemFonts)
        guard let evaluation = try engine.evaluate(.groupChild(parts), through: must, samples: job.samples,
                                                   detail: detail) else { return nil }
        return LaidOutJob(
            evaluation: evaluation,
            rooms: plan.parts.reduce(into: [:]) { $0.merge($1.rooms) { a, _ in a } },
            rows: plan.parts.reduce(into: [:]) { $0.merge($1.rows) { a, _ in a } }
        )
    }

    /// The largest category through which the text fits; where the layout used does not show the text at some
    /// categories (`hiddenAt`), nothing of it can fail there.
    private static func fitsThrough(
        _ report: FitReport, hiddenAt hidden: [String]?, categories: [ContentSizeCategory]
    ) -> ContentSizeCategory? {
        guard let hidden, !hidden.isEmpty else { return report.fitsThrough }
        var fitsThrough: ContentSizeCategory?
        for category in Array(Set(categories)).sorted() {
            let shown = report.results.first { $0.category == category }
            if let shown, !shown.passes(allowingWordBreaks: report.request.allowsWordBreaks) { break }
            if shown == nil && !hidden.contains(category.swiftUIName) { break }
            fitsThrough = category
        }
        return fitsThrough
    }

    /// The room the engine found (``FitBudget``), as the report says it; in a group, the child's room there, not
    /// only the width its text takes.
    private static func budget(_ job: CheckJob, _ laidOut: LaidOutJob, engine: LayoutEngine) -> CheckResult.Budget? {
        guard let found = laidOut.evaluation.budget else { return nil }
        var container = found.container
        if let category = found.category, let room = laidOut.rooms[category] { container.width = room }
        var budget = CheckResult.Budget(
            category: found.category, pointSize: ReportNumber.rounded(found.pointSize),
            width: ReportNumber.rounded(container.textWidth), lines: container.lineLimit,
            characters: engine.characterCount(job.text), textWidth: ReportNumber.rounded(found.textWidth)
        )
        if !job.samples.isEmpty {
            // The samples' own text (UTF-16 offsets into the job's text).
            let utf16 = Array(job.text.utf16)
            var characters = 0, codePoints = 0
            for range in job.samples where range.upperBound <= utf16.count {
                let sample = String(decoding: utf16[range], as: UTF16.self)
                characters += engine.characterCount(sample)
                codePoints += sample.unicodeScalars.count
            }
            budget.samples = .init(characters: characters, codePoints: codePoints,
                                   width: ReportNumber.rounded(found.samplesWidth))
        }
        return budget
    }

    /// Sets `result`'s failure at `failing` (the first category that fails among those it must fit), with what would
    /// make it fit (the engine's remedy) and, for a row's child, the row width that would.
    private static func fail(_ result: inout CheckResult, at failing: CategoryResult, _ laidOut: LaidOutJob) {
        let evaluation = laidOut.evaluation
        var clipped = failing.clippedBy
        var showsPart = failing.hiddenCharacters > 0
        switch failing.verdict {
        case .inkClipped(let by), .inkOverlap(let by): clipped = by
        case .truncated: showsPart = true
        default: break
        }
        result.failure = CheckResult.Failure(
            category: failing.category, verdict: failing.verdict.kind,
            visibleText: showsPart ? failing.visibleText : nil, hiddenCharacters: failing.hiddenCharacters,
            clippedBy: clipped.map(ReportNumber.rounded),
            missingGlyphs: evaluation.report.missingGlyphs.flatMap(\.codePoints)
        )
        if let applied = failing.appliedCategory, applied != failing.category { result.failure?.appliedCategory = applied }
        guard let remedy = evaluation.remedy, let container = evaluation.remedyContainer else { return }
        if let needed = remedy.neededWidth, let slot = result.placement?.slot(at: remedy.category), needed > slot.width,
           slot.layout.hasSuffix("row"), let category = remedy.category,
           let width = laidOut.rows[category]?.width(forChildWidth: needed, scale: container.displayScale) {
            result.placement?.neededGroupWidth = ReportNumber.rounded(width)
            result.placement?.neededGroupWidthAt = slot.category
        }
        result.failure?.remedy = CheckResult.Failure.Remedy(
            neededWidth: remedy.neededWidth.map(ReportNumber.rounded), neededLines: remedy.neededLines,
            neededHeight: remedy.neededHeight.map(ReportNumber.rounded),
            fitsThroughWithOneMoreLine: remedy.fitsThroughWithOneMoreLine,
            words: remedy.words(container: container)
        )
        result.failure?.remedy?.neededTogether = remedy.neededTogether.map {
            .init(width: ReportNumber.rounded($0.width), height: ReportNumber.rounded($0.height))
        }
    }

    /// The warning for a verdict too close to trust (``NearVerdict``), at the key's place.
    private static func nearNote(_ near: NearVerdict, entry: CatalogEntry) -> ReportDiagnostic {
        ReportDiagnostic(
            file: entry.source.file, line: entry.source.line, column: entry.source.column, severity: .warning,
            message: near.message(key: entry.key, locale: entry.locale, variant: entry.variantPath),
            subject: .nearVerdict(key: entry.key, locale: entry.locale)
        )
    }
}
