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

    /// The layouts a job's result is read from: one, or a group child's (one per range of categories, in `parts`,
    /// with the child's room and row share at each category); `report` holds every category's result, and
    /// `source` is the text's (a group child's: its first part's).
    struct LaidOutJob {
        var report: FitReport
        var source: LaidOutSource
        var parts: [LaidOutText] = []
        var rooms: [ContentSizeCategory: Double] = [:]
        var rows: [ContentSizeCategory: RowShare] = [:]

        /// `body` of the layout that made the result at `category`, and its text's advances.
        func withPart<R, E: Error>(
            _ category: ContentSizeCategory?, _ body: (FitReport, LaidOutSource) throws(E) -> R
        ) throws(E) -> R {
            if parts.isEmpty { return try body(report, source) }
            let index = parts.firstIndex { $0.report.results.contains { $0.category == category } } ?? 0
            return try body(parts[index].report, parts[index].source)
        }
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
            guard let laidOut = try layOut(job, engine: engine, options: options, detail: draws ? .full : .failures,
                                           requests: &requests, placement: &result.placement) else {
                // A group child that no layout of its group shows.
                result.passed = true
                result.fitsThrough = options.categories.max()
                return Checked(result: result)
            }
            let report = laidOut.report
            try fonts.update(report)
            checked.warnings = Self.warnings(of: report, entry: entry, appleFonts: engine.appleFonts)
            result.fitsThrough = fitsThrough(report, hiddenAt: result.placement?.hiddenAt, categories: options.categories)
            result.budget = budget(job, laidOut, must: must, engine: engine)
            let allowsBreaks = report.request.allowsWordBreaks
            // From the first failing result on (the fit found it): the ones before it pass.
            let failingFrom = report.firstFailingIndex ?? report.results.endIndex
            result.failingCategories = report.results[failingFrom...].compactMap { r in
                r.passes(allowingWordBreaks: allowsBreaks) ? nil : CheckResult.CategoryVerdict(category: r.category, verdict: r.verdict.kind)
            }
            if let failing = report.results[failingFrom...].first(where: {
                ($0.category ?? .large) <= must && !$0.passes(allowingWordBreaks: allowsBreaks)
            }) {
                try fail(&result, at: failing, job, laidOut, must: must, warnings: &checked.warnings)
                if draws {
                    // The default size, the first failing category and the largest, from the layouts just made.
                    let wanted: Set<ContentSizeCategory?> = [.large, failing.category, .accessibility5]
                    checked.drawing = try laidOut.withPart(failing.category) { there, source throws(LayoutSimError) in
                        try engine.drawing(of: there, source: source, results: there.results.filter { wanted.contains($0.category) })
                    }
                }
            } else {
                result.passed = true
                if job.group == nil, let near = try nearPass(laidOut, must: must, entry: entry) { checked.warnings.append(near) }
            }
        } catch {
            result.error = "\(entry.source.file):\(entry.source.line):\(entry.source.column): \(entry.key): \(error.description)"
        }
        // The result moved into the value returned, not copied.
        swap(&checked.result, &result)
        return checked
    }

    /// Lays `job` out: its request, or its group's plan and the child's layouts (the plan's placement set in
    /// `placement`); nil for a group child no layout of its group shows.
    private static func layOut(
        _ job: CheckJob, engine: LayoutEngine, options: CheckOptions, detail: ResultDetail, requests: inout RequestMemo,
        placement: inout CheckResult.Placement?
    ) throws(LayoutSimError) -> LaidOutJob? {
        guard let context = job.group else {
            let (report, source) = try engine.layOut(try requests.request(job, options: options), detail: detail)
            return LaidOutJob(report: report, source: source)
        }
        let plan = try planGroup(job, context: context, categories: options.categories, engine: engine)
        placement = plan.placement
        guard let laidOut = try layOutGroupChild(job, plan: plan, engine: engine, usesSystemFonts: options.usesSystemFonts,
                                                 detail: detail), let firstPart = laidOut.parts.first else {
            return nil
        }
        return LaidOutJob(
            report: laidOut.report, source: firstPart.source, parts: laidOut.parts,
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

    /// The room at `mustFitThrough`; for a group child shown there without a line limit (a stack at accessibility
    /// sizes) but with one at smaller categories (its row), the room of the largest of those: where its length is
    /// bounded.
    private static func budget(
        _ job: CheckJob, _ laidOut: LaidOutJob, must: ContentSizeCategory, engine: LayoutEngine
    ) -> CheckResult.Budget? {
        let results = laidOut.report.results
        func isRequired(_ i: Int) -> Bool { (results[i].category ?? must) <= must }
        func lineLimit(at category: ContentSizeCategory?) -> Int {
            laidOut.withPart(category) { there, _ in there.request.container.lineLimit }
        }
        guard let mustIndex = results.indices.last(where: isRequired) ?? results.indices.first else { return nil }
        var budgetIndex = mustIndex
        if job.group != nil, lineLimit(at: results[mustIndex].category) == 0 {
            budgetIndex = results.indices.last { isRequired($0) && lineLimit(at: results[$0].category) > 0 } ?? mustIndex
        }
        let at = (category: results[budgetIndex].category, pointSize: results[budgetIndex].pointSize)
        var (container, textWidth, sampleWidth) = laidOut.withPart(at.category) { there, source in
            // The insets there too: scaled with the text style when the label scales them (@ScaledMetric).
            (there.request.container.at(at.category, plan: there.plan),
             Fitter.totalParagraphWidth(source, size: at.pointSize),
             Fitter.width(of: job.samples, source, size: at.pointSize))
        }
        // In a group: the child's room there, not only the width its text takes.
        if let category = at.category, let room = laidOut.rooms[category] { container.width = room }
        var budget = CheckResult.Budget(
            category: at.category, pointSize: ReportNumber.rounded(at.pointSize),
            width: ReportNumber.rounded(container.textWidth), lines: container.lineLimit,
            characters: engine.characterCount(job.text), textWidth: ReportNumber.rounded(textWidth)
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
            budget.samples = .init(characters: characters, codePoints: codePoints, width: ReportNumber.rounded(sampleWidth))
        }
        return budget
    }

    /// Sets `result`'s failure at `failing` (the first category that fails among those it must fit), with what would
    /// make it fit at the required size (or, when it fits there but not below, a layout or frame that changes with
    /// the category, at the first size where it fails); a near miss is warned of.
    private static func fail(
        _ result: inout CheckResult, at failing: CategoryResult, _ job: CheckJob, _ laidOut: LaidOutJob,
        must: ContentSizeCategory, warnings: inout [ReportDiagnostic]
    ) throws(LayoutSimError) {
        let report = laidOut.report
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
            missingGlyphs: report.missingGlyphs.flatMap(\.codePoints)
        )
        if let applied = failing.appliedCategory, applied != failing.category { result.failure?.appliedCategory = applied }
        let largest = report.results.last { ($0.category ?? .large) <= must }
        let target = largest.map { $0.passes(allowingWordBreaks: report.request.allowsWordBreaks) ? failing : $0 } ?? failing
        guard report.missingGlyphs.isEmpty, let (remedy, container) = try laidOut.withPart(target.category, {
            there, source throws(LayoutSimError) in
            try Fitter.remedy(source, report: there, through: target.category ?? must).map { ($0, there.request.container) }
        }) else { return }
        if let near = laidOut.withPart(target.category, { _, source in
            nearMissNote(remedy, container: container, size: target.pointSize, entry: job.entry, in: source)
        }) {
            warnings.append(near)
        }
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

    /// A pass by less than the stand-ins' widths can be off (Noto Sans Arabic ±8 %), to confirm on a device, at the
    /// largest size it must fit, the one with the least room. Not for a group's child: its share of a row is not
    /// fixed (a row with room to spare gives a wider text more), which the probe, keeping the share, would not model.
    private static func nearPass(
        _ laidOut: LaidOutJob, must: ContentSizeCategory, entry: CatalogEntry
    ) throws(LayoutSimError) -> ReportDiagnostic? {
        let results = laidOut.report.results
        guard laidOut.report.missingGlyphs.isEmpty,
              let i = results.indices.last(where: { (results[$0].category ?? .large) <= must }) else { return nil }
        let largest = (category: results[i].category, size: results[i].pointSize)
        return try laidOut.withPart(largest.category) { there, source throws(LayoutSimError) in
            try nearPassNote(there, category: largest.category, size: largest.size, entry: entry, in: source)
        }
    }

    /// The locale and variant of a note: "ar, plural:few".
    private static func subject(_ entry: CatalogEntry) -> String {
        ([entry.locale] + entry.variantPath).joined(separator: ", ")
    }

    /// How a stand-in's uncertainty is said: "NotoSansArabic-Regular.ttf, whose widths can be off from iOS's font by
    /// up to 8 %".
    private static func uncertaintyWords(_ uncertainty: WidthUncertainty) -> String {
        let percent = ReportNumber.text(uncertainty.fraction * 100)
        return uncertainty.files.joined(separator: ", ") + (uncertainty.assumed
            ? ", a stand-in whose widths no measurement of iOS's font backs (taken as up to \(percent) % off)"
            : ", whose widths can be off from iOS's font by up to \(percent) %")
    }

    /// A warning for a failure by less than the stand-ins' widths can be off at `size` (the share of the text's width
    /// in them: ``AdvanceSource/widthUncertainty(atSize:)``): a verdict a team should confirm on a device before acting
    /// on it. Nil otherwise.
    private static func nearMissNote(
        _ remedy: FitRemedy, container: Container, size: Double, entry: CatalogEntry, in source: LaidOutSource
    ) -> ReportDiagnostic? {
        // The width the remedy's words compare with.
        let room = container.width(at: remedy.category)
        guard let needed = remedy.neededWidth, room > 0, needed <= room * 1.2,
              let uncertainty = source.widthUncertainty(atSize: size),
              needed <= room * (1 + uncertainty.share) else { return nil }
        let n = ReportNumber.text
        return ReportDiagnostic(
            file: entry.source.file, line: entry.source.line, column: entry.source.column, severity: .warning,
            message: "'\(entry.key)' (\(subject(entry))): a near miss (needs \(n(needed)) pt of width, has "
                + "\(n(room))) measured with \(uncertaintyWords(uncertainty)): confirm on a device",
            subject: .nearVerdict(key: entry.key, locale: entry.locale)
        )
    }

    /// A warning for a pass that would fail at `category` (`size` points) if the clusters in stand-ins were as much
    /// wider as their widths can be off (the text's width grown by their share: ``AdvanceSource/widthUncertainty(atSize:)``):
    /// "fits" is then a guess a team should confirm on a device. Nil otherwise.
    private static func nearPassNote(
        _ report: FitReport, category: ContentSizeCategory?, size: Double, entry: CatalogEntry, in source: LaidOutSource
    ) throws(LayoutSimError) -> ReportDiagnostic? {
        // Without working the text's share out at that size (a pass over its clusters, for every string that
        // passes): none when no face of the text can be off; none when it would still pass were every cluster as far
        // off as the face that can be most (the share is a mean of the faces' fractions weighted by advances, so at
        // most that: the margin covers its rounding).
        let largest = source.largestWidthUncertainty
        guard largest > 0 else { return nil }
        if try Fitter.passes(source, report: report, at: category, widthsTimes: 1 + largest * (1 + 1e-6), quickly: true)
            == true {
            return nil
        }
        guard let uncertainty = source.widthUncertainty(atSize: size),
              try Fitter.passes(source, report: report, at: category, widthsTimes: 1 + uncertainty.share) == false else {
            return nil
        }
        let at = category.map { " at \($0.swiftUIName)" } ?? ""
        return ReportDiagnostic(
            file: entry.source.file, line: entry.source.line, column: entry.source.column, severity: .warning,
            message: "'\(entry.key)' (\(subject(entry))): a near pass: it fits\(at), but would not if its clusters in "
                + "\(uncertaintyWords(uncertainty)), were that much wider: confirm on a device",
            subject: .nearVerdict(key: entry.key, locale: entry.locale)
        )
    }
}
