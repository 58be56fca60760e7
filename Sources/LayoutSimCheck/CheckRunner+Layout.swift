import Dispatch
import Foundation
import LayoutSimCatalogs
import LayoutSimFaces
import LayoutSimFitting
import LayoutSimModel

extension CheckRunner {
    /// Lays out every job on `options.workers` threads, each with its own engine, taking runs of jobs as it becomes
    /// free; results keep the jobs' order.
    package static func layout(
        _ jobs: [CheckJob], options: CheckOptions
    ) throws(LayoutSimError) -> (
        results: [CheckResult], drawings: [String: LabelDrawing], fonts: [CheckReport.FontFile], warnings: [ReportDiagnostic]
    ) {
        let workers = max(1, min(options.workers, jobs.count))
        let sink = ResultSink(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let engine: LayoutEngine
            do throws(LayoutSimError) {
                engine = try LayoutEngine(fontsDirectory: options.fontsDirectory, appleFonts: options.appleFontIndex)
            } catch {
                sink.fail(error)
                return
            }
            var fonts = Set<CheckReport.FontFile>()
            // Neighbouring strings use the same fonts: a set hashes each file's name and digest, an array compares.
            var lastFonts: [CheckReport.FontFile] = []
            var warnings = Set<ReportDiagnostic>()
            while let chunk = sink.nextChunk() {
                for index in chunk {
                    let checked = check(
                        jobs[index], engine: engine, options: options, draws: options.drawsFailures && sink.wantsDrawing(at: index)
                    )
                    if checked.fonts != lastFonts {
                        fonts.formUnion(checked.fonts)
                        lastFonts = checked.fonts
                    }
                    if !checked.warnings.isEmpty { warnings.formUnion(checked.warnings) }
                    sink.store(checked.result, drawing: checked.drawing, at: index)
                    if let progress = options.progress { progress(sink.done, jobs.count) }
                }
            }
            sink.add(fonts, warnings: warnings)
        }
        if let error = sink.error { throw error }
        let drawings = sink.drawings
        return (sink.takeResults(), drawings, sink.fonts, sink.warnings)
    }
}

/// Collects results from worker threads by index (each index written once), and the first setup error.
private final class ResultSink: @unchecked Sendable {
    private let lock = NSLock()
    /// Each job's result by index (an empty result until the job is done): handed over whole at the end, not copied
    /// out of an array of optionals (which held every result twice at the peak of a large check).
    private var storage: [CheckResult]
    /// Drawings of failures by job index: only the `maximumDrawings` smallest indexes are kept, so that at the end
    /// they are the first failures in report order whatever the number of workers (memory stays bounded).
    private var drawn: [Int: LabelDrawing] = [:]
    private var firstError: LayoutSimError?
    private var count = 0
    private var fontFiles = Set<CheckReport.FontFile>()
    private var layoutWarnings = Set<ReportDiagnostic>()

    /// The first job no worker has taken yet.
    private var next = 0
    /// Jobs a worker takes at a time: neighbours (a key's locales and variants, which share texts and fonts) stay
    /// on one worker's shape cache, and whichever worker is free takes the next run, so both finish together.
    private static let chunkSize = 16

    init(count: Int) {
        let empty = CheckResult(
            key: "", locale: "", variant: [], file: "", line: 0, column: 0, text: "", textSHA256: "", element: nil,
            mustFitThrough: .accessibility5, fitsThrough: nil, passed: false, known: false, failure: nil,
            failingCategories: [], error: nil
        )
        storage = Array(repeating: empty, count: count)
    }

    /// The next run of jobs to lay out, or nil when every job is taken.
    func nextChunk() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard next < storage.count else { return nil }
        let chunk = next..<min(next + Self.chunkSize, storage.count)
        next = chunk.upperBound
        return chunk
    }

    /// Whether a failure at job `index` would be kept if drawn.
    func wantsDrawing(at index: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return drawn.count < CheckReport.maximumDrawings || index < (drawn.keys.max() ?? 0)
    }

    func store(_ result: CheckResult, drawing: LabelDrawing?, at index: Int) {
        lock.lock()
        storage[index] = result
        count += 1
        if let drawing {
            drawn[index] = drawing
            if drawn.count > CheckReport.maximumDrawings, let last = drawn.keys.max() { drawn[last] = nil }
        }
        lock.unlock()
    }

    /// The kept drawings by result identity.
    var drawings: [String: LabelDrawing] {
        lock.lock()
        defer { lock.unlock() }
        var out: [String: LabelDrawing] = [:]
        for (index, drawing) in drawn { out[storage[index].identity] = drawing }
        return out
    }

    /// Font files a worker's layouts used.
    func add(_ fonts: Set<CheckReport.FontFile>, warnings: Set<ReportDiagnostic>) {
        lock.lock()
        fontFiles.formUnion(fonts)
        layoutWarnings.formUnion(warnings)
        lock.unlock()
    }

    /// The layouts' warnings, sorted.
    var warnings: [ReportDiagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return layoutWarnings.sorted()
    }

    /// Every font file used, sorted.
    var fonts: [CheckReport.FontFile] {
        lock.lock()
        defer { lock.unlock() }
        return fontFiles.sorted()
    }

    package func fail(_ error: LayoutSimError) {
        lock.lock()
        if firstError == nil { firstError = error }
        lock.unlock()
    }

    package var done: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    package var error: LayoutSimError? {
        lock.lock()
        defer { lock.unlock() }
        return firstError
    }

    /// Every result, in the jobs' order, handed over: the sink keeps none (call once, when every job is done).
    package func takeResults() -> [CheckResult] {
        lock.lock()
        defer { lock.unlock() }
        let out = storage
        storage = []
        return out
    }
}
