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
    /// and paths) and named again only when they differ (each layout's were named, their paths made relative and
    /// their digests read under a lock: 1.4 k instructions per Thai string).
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
    /// for its text (made from the element's fields for each string, it cost 1.5 k instructions). Bounded: forgotten
    /// past 1024 elements.
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
        var drawing: LabelDrawing?
        var warnings: [ReportDiagnostic] = []
        // A check reads the details of failing categories only; a drawing shows passing ones too.
        let detail: ResultDetail = draws ? .full : .failures
        do {
            let report: FitReport
            /// The text and advances of a string laid out once, or the layouts of a group child (one per range of
            /// categories, in `groupParts`), each with its text and advances; a group child's `source` is its first
            /// part's. (Not an optional: unwrapped in ``withPart``, the advances were copied at each call, every array
            /// of their text and the memo retained and released.)
            let source: LaidOutSource
            var groupParts: [LaidOutText] = []
            var groupRooms: [ContentSizeCategory: Double] = [:]
            var groupRows: [ContentSizeCategory: GroupPlan.RowShare] = [:]
            if let context = job.group {
                let plan = try planGroup(job, context: context, categories: options.categories, engine: engine)
                result.placement = plan.placement
                // (A group child laid out has a part: `layOutGroupChild` gives nil for none.)
                guard let laidOut = try layOutGroupChild(job, plan: plan, engine: engine, usesSystemFonts: options.usesSystemFonts,
                                                         detail: detail), let firstPart = laidOut.parts.first else {
                    result.passed = true
                    result.fitsThrough = options.categories.max()
                    return Checked(result: result)
                }
                report = laidOut.report
                groupRooms = plan.parts.reduce(into: [:]) { $0.merge($1.rooms) { a, _ in a } }
                groupRows = plan.parts.reduce(into: [:]) { $0.merge($1.rows) { a, _ in a } }
                source = firstPart.source
                groupParts = laidOut.parts
            } else {
                let request = try requests.request(job, options: options)
                let (laidOut, laidSource) = try engine.layOut(request, detail: detail)
                report = laidOut
                source = laidSource
            }
            /// `body` of the layout that made the result at `category` and its text's advances, read in place (a copy
            /// of them retains every array of the text and the report).
            func withPart<R, E: Error>(
                _ category: ContentSizeCategory?, _ body: (FitReport, LaidOutSource) throws(E) -> R
            ) throws(E) -> R {
                if groupParts.isEmpty { return try body(report, source) }
                let index = groupParts.firstIndex { $0.report.results.contains { $0.category == category } } ?? 0
                return try body(groupParts[index].report, groupParts[index].source)
            }
            try fonts.update(report)
            warnings = Self.warnings(of: report, entry: entry, appleFonts: engine.appleFonts)
            result.fitsThrough = report.fitsThrough
            if let hidden = result.placement?.hiddenAt, !hidden.isEmpty {
                // Where the layout used does not show the text, nothing of it can fail.
                result.fitsThrough = nil
                for category in Array(Set(options.categories)).sorted() {
                    let shown = report.results.first { $0.category == category }
                    if let shown, !shown.passes(allowingWordBreaks: report.request.allowsWordBreaks) { break }
                    if shown == nil && !hidden.contains(category.swiftUIName) { break }
                    result.fitsThrough = category
                }
            }
            // The room at `mustFitThrough`; for a group child shown there without a line limit (a stack at
            // accessibility sizes) but with one at smaller categories (its row), the room of the largest of those:
            // where its length is bounded.
            // (Searches, not filtered copies: a result is a large value.)
            // (Indices, the fields read in place: a result found by a search was copied out, a large value.)
            let results = report.results
            func isRequired(_ i: Int) -> Bool { (results[i].category ?? must) <= must }
            let mustIndex = results.indices.last(where: isRequired) ?? results.indices.first
            var budgetIndex = mustIndex
            func lineLimit(at category: ContentSizeCategory?) -> Int {
                withPart(category) { there, _ in there.request.container.lineLimit }
            }
            if job.group != nil, let mustIndex, lineLimit(at: results[mustIndex].category) == 0 {
                budgetIndex = results.indices.last { isRequired($0) && lineLimit(at: results[$0].category) > 0 } ?? mustIndex
            }
            if let budgetIndex {
                let at = (category: results[budgetIndex].category, pointSize: results[budgetIndex].pointSize)
                var (container, textWidth, sampleWidth) = withPart(at.category) { there, source in
                    // The insets there too: scaled with the text style when the label scales them (@ScaledMetric).
                    (there.request.container.at(at.category, plan: there.plan),
                     Fitter.totalParagraphWidth(source, size: at.pointSize),
                     Fitter.width(of: job.samples, source, size: at.pointSize))
                }
                // In a group: the child's room there, not only the width its text takes.
                if let category = at.category, let room = groupRooms[category] { container.width = room }
                result.budget = CheckResult.Budget(
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
                    result.budget?.samples = .init(
                        characters: characters, codePoints: codePoints, width: ReportNumber.rounded(sampleWidth)
                    )
                }
            }
            let allowsBreaks = report.request.allowsWordBreaks
            // From the first failing result on (the fit found it): the ones before it pass, and reading a result from
            // the array copies the whole result (two dozen copies per string that passes).
            let failingFrom = report.firstFailingIndex ?? report.results.endIndex
            result.failingCategories = report.results[failingFrom...].compactMap { r in
                r.passes(allowingWordBreaks: allowsBreaks) ? nil : CheckResult.CategoryVerdict(category: r.category, verdict: r.verdict.kind)
            }
            func isRelevant(_ r: CategoryResult) -> Bool { (r.category ?? .large) <= must }
            if let failing = report.results[failingFrom...].first(where: {
                isRelevant($0) && !$0.passes(allowingWordBreaks: allowsBreaks)
            }) {
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
                // What would make it fit at the required size, or, when it fits there but not below (a layout or
                // frame that changes with the category), at the first size where it fails.
                let largest = report.results.last(where: isRelevant)
                let target = largest.map { $0.passes(allowingWordBreaks: allowsBreaks) ? failing : $0 } ?? failing
                let found = report.missingGlyphs.isEmpty ? try withPart(target.category) { there, source throws(LayoutSimError) in
                    try Fitter.remedy(source, report: there, through: target.category ?? must).map { ($0, there.request.container) }
                } : nil
                if let (remedy, remedyContainer) = found {
                    if let near = withPart(target.category, { _, source in
                        nearMissNote(remedy, container: remedyContainer, size: target.pointSize, entry: entry, in: source)
                    }) {
                        warnings.append(near)
                    }
                    if let needed = remedy.neededWidth, let slot = result.placement?.slot(at: remedy.category), needed > slot.width,
                       slot.layout.hasSuffix("row"), let category = remedy.category,
                       let width = groupRows[category]?.width(forChildWidth: needed, scale: remedyContainer.displayScale) {
                        result.placement?.neededGroupWidth = ReportNumber.rounded(width)
                        result.placement?.neededGroupWidthAt = slot.category
                    }
                    result.failure?.remedy = CheckResult.Failure.Remedy(
                        neededWidth: remedy.neededWidth.map(ReportNumber.rounded), neededLines: remedy.neededLines,
                        neededHeight: remedy.neededHeight.map(ReportNumber.rounded),
                        fitsThroughWithOneMoreLine: remedy.fitsThroughWithOneMoreLine,
                        words: remedy.words(container: remedyContainer)
                    )
                    result.failure?.remedy?.neededTogether = remedy.neededTogether.map {
                        .init(width: ReportNumber.rounded($0.width), height: ReportNumber.rounded($0.height))
                    }
                }
                if draws {
                    // The default size, the first failing category and the largest, from the layouts just made.
                    let wanted: Set<ContentSizeCategory?> = [.large, failing.category, .accessibility5]
                    drawing = try withPart(failing.category) { there, source throws(LayoutSimError) in
                        try engine.drawing(of: there, source: source, results: there.results.filter { wanted.contains($0.category) })
                    }
                }
            } else {
                result.passed = true
                // A pass by less than the stand-ins' widths can be off (Noto Sans Arabic ±8 %): said, to confirm on a
                // device. At the largest size it must fit, the one with the least room.
                // (Categories read in place: a search with a closure copies each result it passes.)
                // Not for a group's child: its share of a row is not fixed (a row with room to spare gives a wider
                // text more), which the probe, keeping the share, would not model.
                // The last such category, found from the end (results are in increasing order of category): reading a
                // result's category copies the whole result (twice per result, from the first: 0.7 k instructions).
                var largest: (category: ContentSizeCategory?, size: Double)?
                for i in report.results.indices.reversed() where (report.results[i].category ?? .large) <= must {
                    largest = (report.results[i].category, report.results[i].pointSize)
                    break
                }
                if job.group == nil, let largest, report.missingGlyphs.isEmpty,
                   let near = try withPart(largest.category, { there, source throws(LayoutSimError) in
                       try nearPassNote(there, category: largest.category, size: largest.size, entry: entry, in: source)
                   }) {
                    warnings.append(near)
                }
            }
        } catch {
            result.error = "\(entry.source.file):\(entry.source.line):\(entry.source.column): \(entry.key): \(error.description)"
        }
        // The result moved into the value returned, swapped with an empty one: returned as it is, it was copied (its
        // strings and arrays retained) and the original released (0.6 k instructions per string; `consume result`
        // here hits a compiler bug).
        var checked = Checked(result: LayoutFeed.pending, drawing: drawing, warnings: warnings)
        swap(&checked.result, &result)
        return checked
    }

    /// The key and locale of a near miss or near pass (``nearMissNote(_:container:size:entry:in:)``,
    /// ``nearPassNote(_:category:size:entry:in:)``) from its message, as a report keeps it; nil for any other message.
    ///
    /// Read byte by byte (Foundation's `range(of:)` set up its search on first use: 1.5 M instructions for a check
    /// with a few near notes).
    package static func nearNote(in message: String) -> (key: String, locale: String)? {
        let bytes = Array(message.utf8)
        /// Where `needle` starts in `bytes[range]`, the first or the last occurrence.
        func find(_ needle: String, in range: Range<Int>, last: Bool = false) -> Int? {
            let needle = Array(needle.utf8)
            guard !needle.isEmpty, range.count >= needle.count else { return nil }
            let starts = range.lowerBound...(range.upperBound - needle.count)
            // The first byte compared alone first (comparing a slice at every place cost 12 k instructions a note).
            let first = needle[0]
            let matches = { (i: Int) in bytes[i] == first && bytes[i..<(i + needle.count)].elementsEqual(needle) }
            return last ? starts.reversed().first(where: matches) : starts.first(where: matches)
        }
        guard bytes.first == UInt8(ascii: "'"),
              let marker = find("): a near miss (", in: 1..<bytes.count) ?? find("): a near pass: ", in: 1..<bytes.count),
              let split = find("' (", in: 1..<marker, last: true) else { return nil }   // 'key' (locale, variant
        let subject = bytes[(split + 3)..<marker]
        let locale = subject.split(separator: UInt8(ascii: ","), maxSplits: 1).first ?? subject
        return (String(decoding: bytes[1..<split], as: UTF8.self), String(decoding: locale, as: UTF8.self))
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
            file: entry.source.file, line: entry.source.line, column: entry.source.column, severity: "warning",
            message: "'\(entry.key)' (\(subject(entry))): a near miss (needs \(n(needed)) pt of width, has "
                + "\(n(room))) measured with \(uncertaintyWords(uncertainty)): confirm on a device"
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
            file: entry.source.file, line: entry.source.line, column: entry.source.column, severity: "warning",
            message: "'\(entry.key)' (\(subject(entry))): a near pass: it fits\(at), but would not if its clusters in "
                + "\(uncertaintyWords(uncertainty)), were that much wider: confirm on a device"
        )
    }
}
