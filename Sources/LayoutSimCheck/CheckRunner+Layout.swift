import Dispatch
import Foundation
import LayoutSimCatalogs
import LayoutSimFaces
import LayoutSimFitting
import LayoutSimModel

/// Lays out jobs on `workers` threads while they are still being made: `workers − 1` threads start at once (each
/// makes its engine while the caller reads the catalogs), take runs of jobs as ``add(_:)`` hands them over, and the
/// caller joins them in ``finish()`` once it has made every job. Results are kept by job index (the order the jobs
/// were added in); each run of jobs is let go once laid out.
final class LayoutFeed: @unchecked Sendable {
    /// What laying out every job gave.
    struct Outcome {
        /// Each job's result, in the order the jobs were added.
        var results: [CheckResult]
        /// The first ``CheckReport/maximumDrawings`` failures in report order, drawn, by result identity.
        var drawings: [String: LabelDrawing]
        /// Every font file used, sorted.
        var fonts: [CheckReport.FontFile]
        /// The layouts' warnings, sorted.
        var warnings: [ReportDiagnostic]
        /// The results counted in the order the jobs were added, when that is report order (nil otherwise, and
        /// with a baseline, which changes them after).
        var tally: CheckReport.Tally?
    }

    /// Jobs handed over at a time: neighbours (a key's locales and variants, which share texts and fonts) stay on
    /// one worker's shape cache, and whichever worker is free takes the next run, so all finish together.
    static let runSize = 16

    private let options: CheckOptions
    private let appleFonts: AppleFontIndex?
    private let condition = NSCondition()
    private let started = DispatchGroup()
    /// Runs not taken yet (from `firstWaiting` on): a run's index of its first job, and its jobs.
    private var waiting: [(start: Int, jobs: [CheckJob])] = []
    private var firstWaiting = 0
    /// Every job is added.
    private var closed = false
    /// The last job added, and whether every job so far was added in report order (read and written by the
    /// thread that adds the jobs only).
    private var lastAdded: CheckReport.OrderKey?
    private var addedInOrder = true
    /// Jobs added so far.
    private var added = 0
    /// Each added job's result by index (an empty result until it is done): handed over whole at the end.
    ///
    /// The results, and what says which are done and counted, are read and changed with the condition locked only.
    private var storage: [CheckResult] = []
    private var done = 0
    /// Which results are done, by index.
    private var isDone: [Bool] = []
    /// The results counted so far, each once every result before it is done (nil: not counted here).
    private var tally: CheckReport.Tally?
    /// Drawings of failures by job index: only those of the ``CheckReport/maximumDrawings`` first results in report
    /// order are kept (memory stays bounded), whatever the order the jobs come in and the number of workers.
    private var drawn: [Int: (order: CheckReport.OrderKey, drawing: LabelDrawing)] = [:]
    /// The last kept drawing in report order, when as many as can be kept are.
    private var lastDrawn: (order: CheckReport.OrderKey, index: Int)?
    private var firstError: LayoutSimError?
    private var fontFiles = Set<CheckReport.FontFile>()
    private var layoutWarnings = Set<ReportDiagnostic>()

    /// An empty result, the place of one not laid out yet (or of one swapped out): made where it is used, not copied
    /// from a stored one.
    static var pending: CheckResult {
        CheckResult(
            key: "", locale: "", variant: [], file: "", line: 0, column: 0, text: "", textSHA256: "", element: nil,
            mustFitThrough: .accessibility5, fitsThrough: nil, passed: false, known: false, failure: nil,
            failingCategories: [], error: nil
        )
    }

    /// Starts `options.workers − 1` threads, whose engines lay the system font out with `appleFonts` when given.
    init(options: CheckOptions, appleFonts: AppleFontIndex?) {
        self.options = options
        self.appleFonts = appleFonts
        tally = options.baseline == nil ? CheckReport.Tally() : nil
        for _ in 1..<max(1, options.workers) {
            started.enter()
            let thread = Thread { [self] in
                work()
                started.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Makes room for the results of about `jobs` jobs at once (not each time they outgrow it).
    func reserve(_ jobs: Int) {
        condition.withLock {
            storage.reserveCapacity(jobs)
            isDone.reserveCapacity(jobs)
        }
    }

    /// Hands `jobs` (the next ones, in order) to the workers.
    func add(_ jobs: [CheckJob]) {
        guard !jobs.isEmpty else { return }
        if addedInOrder {
            for job in jobs {
                let order = (job.entry.key, job.entry.locale, job.entry.variantPath, job.place)
                if let lastAdded, CheckReport.precedes(key: order, lastAdded) {
                    addedInOrder = false
                    break
                }
                lastAdded = order
            }
        }
        condition.lock()
        waiting.append((added, jobs))
        added += jobs.count
        // A placeholder for each job's result.
        for _ in jobs.indices { storage.append(Self.pending) }
        isDone.append(contentsOf: repeatElement(false, count: jobs.count))
        condition.signal()
        condition.unlock()
    }

    /// With every job added: lays out on this thread too until every job is done, and returns what the layouts gave.
    func finish() throws(LayoutSimError) -> Outcome {
        condition.lock()
        closed = true
        condition.broadcast()
        let finalProgress = done == added && added > 0
        condition.unlock()
        if finalProgress, let progress = options.progress { progress(added, added) }
        work()
        started.wait()
        condition.lock()
        defer { condition.unlock() }
        if let firstError { throw firstError }
        var drawings: [String: LabelDrawing] = [:]
        for (index, kept) in drawn { drawings[storage[index].identity] = kept.drawing }
        let results = storage
        storage = []
        return Outcome(
            results: results, drawings: drawings, fonts: fontFiles.sorted(), warnings: layoutWarnings.sorted(),
            tally: addedInOrder ? tally : nil
        )
    }

    /// One worker: its own engine, then runs of jobs until every job is added and taken.
    private func work() {
        let engine: LayoutEngine
        do throws(LayoutSimError) {
            engine = try LayoutEngine(fontsDirectory: options.fontsDirectory, appleFonts: appleFonts)
        } catch {
            condition.withLock { if firstError == nil { firstError = error } }
            return
        }
        var fonts = Set<CheckReport.FontFile>()
        // Neighbouring strings use the same fonts: the set is given a layout's files when they are not the last ones.
        var lastFonts = CheckRunner.FontFilesMemo()
        var requests = CheckRunner.RequestMemo()
        var warnings = Set<ReportDiagnostic>()
        // A run's results are stored together, with one lock (one per result kept the two workers' cores passing
        // the lock's memory between them for every string); a result with a drawing at once, as the drawings kept
        // so far decide whether the next failure is drawn.
        var laidOut: [(index: Int, result: CheckResult)] = []
        while let run = nextRun() {
            for (offset, job) in run.jobs.enumerated() {
                let index = run.start + offset
                let order = (job.entry.key, job.entry.locale, job.entry.variantPath, job.place)
                let draws = options.drawsFailures && wantsDrawing(order, index: index)
                var checked = CheckRunner.check(job, engine: engine, options: options, draws: draws, fonts: &lastFonts,
                                                  requests: &requests)
                if lastFonts.changed { fonts.formUnion(lastFonts.named) }
                if !checked.warnings.isEmpty { warnings.formUnion(checked.warnings) }
                // Moved in (appended from `checked`, the result was copied: every string and array in it retained).
                laidOut.append((index, Self.pending))
                swap(&laidOut[laidOut.count - 1].result, &checked.result)
                if let drawing = checked.drawing { store(&laidOut, drawing: (index, order, drawing)) }
            }
            store(&laidOut)
        }
        condition.withLock {
            fontFiles.formUnion(fonts)
            layoutWarnings.formUnion(warnings)
        }
    }

    /// The next run of jobs, waiting for one while jobs are still being made; nil when every job is taken.
    private func nextRun() -> (start: Int, jobs: [CheckJob])? {
        condition.lock()
        defer { condition.unlock() }
        while firstWaiting == waiting.count {
            if closed { return nil }
            condition.wait()
        }
        let run = waiting[firstWaiting]
        waiting[firstWaiting].jobs = []
        firstWaiting += 1
        // The runs taken are dropped from time to time (not one by one: each removal moves the rest).
        if firstWaiting >= 64 && firstWaiting * 2 >= waiting.count {
            waiting.removeFirst(firstWaiting)
            firstWaiting = 0
        }
        return run
    }

    /// Whether `a` (a job's report order and index) comes before `b` in the report.
    private static func before(_ a: (order: CheckReport.OrderKey, index: Int), _ b: (order: CheckReport.OrderKey, index: Int)) -> Bool {
        if CheckReport.precedes(key: a.order, b.order) { return true }
        if CheckReport.precedes(key: b.order, a.order) { return false }
        return a.index < b.index
    }

    /// Whether a failure of the job at `index` would be kept if drawn.
    private func wantsDrawing(_ order: CheckReport.OrderKey, index: Int) -> Bool {
        condition.withLock {
            guard let lastDrawn else { return true }
            return Self.before((order, index), lastDrawn)
        }
    }

    /// The last drawing kept, in report order.
    private func lastKeptDrawing() -> (order: CheckReport.OrderKey, index: Int)? {
        drawn.lazy.map { (order: $0.value.order, index: $0.key) }.max(by: Self.before)
    }

    /// Stores `results` (emptied) as their jobs' (each moved into its slot), and `drawing`, the last result's; reports
    /// the progress once every job is added.
    private func store(
        _ results: inout [(index: Int, result: CheckResult)],
        drawing: (index: Int, order: CheckReport.OrderKey, drawing: LabelDrawing)? = nil
    ) {
        guard !results.isEmpty else { return }
        condition.lock()
        var counts = false
        done += results.count
        // Each taken out of the run (moved, not copied) into its slot.
        while let (index, result) = results.popLast() {
            storage[index] = result
            isDone[index] = true
            if tally?.count == index { counts = true }
        }
        // Counted in order: the results done from the first not counted on, when this store made it done.
        // Taken out, not copied, and so not copied while it grows.
        if counts, var counting = tally.take() {
            while counting.count < storage.count && isDone[counting.count] { counting.add(storage, at: counting.count) }
            tally = counting
        }
        if let drawing {
            drawn[drawing.index] = (drawing.order, drawing.drawing)
            if drawn.count > CheckReport.maximumDrawings, let last = lastKeptDrawing() { drawn[last.index] = nil }
            // The last one kept changes only when a drawing is kept.
            if drawn.count >= CheckReport.maximumDrawings { lastDrawn = lastKeptDrawing() }
        }
        let progress = closed ? (done, added) : nil
        condition.unlock()
        if let progress, let report = options.progress { report(progress.0, progress.1) }
    }
}
