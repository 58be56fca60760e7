import Foundation
import LayoutSimFitting
import LayoutSimModel
import LayoutSimSupport

// The JSON report, written by ``JSONWriter`` straight from the values: the same bytes `JSONEncoder` gives for the
// `Codable` conformances (sorted keys, pretty-printed, nil optionals left out) — a test compares the two — without
// building the document as a tree first, and streamed to a sink in chunks. Keys are listed in sorted order here.

extension CheckReport {
    /// The report as JSON: sorted keys, pretty-printed, no final newline.
    public func jsonData() throws -> Data {
        var writer = JSONWriter()
        try write(to: &writer)
        return Data(try writer.finish())
    }

    /// Streams the report as JSON (as ``jsonData()``, then `trailer`) to `sink`, in chunks of about 64 KB. With
    /// `workers` above 1 the results are encoded in runs on as many threads, and each run is handed to `sink` whole,
    /// in order: the same bytes. A chunk is a slice of the writer's buffer (see ``JSONWriter``): `sink` must not keep
    /// it.
    public func writeJSON(
        trailer: String = "", workers: Int = 1, to sink: @escaping (ArraySlice<UInt8>) throws -> Void
    ) throws {
        guard workers > 1, results.count >= 2 * Self.resultsPerRun else {
            var writer = JSONWriter(sink: sink)
            try write(to: &writer)
            _ = try writer.finish()
            if !trailer.isEmpty { try sink(Array(trailer.utf8)[...]) }
            return
        }
        // What comes before the results, then the runs of results as they are encoded (not copied into a writer and
        // out again), then what follows them, written as the whole report's writer would write it there.
        var head = JSONWriter(sink: sink)
        try writeHead(to: &head)
        let containers = head.openContainers
        _ = try head.finish()
        try writeResults(continuing: containers, workers: workers, to: sink)
        var tail = JSONWriter(continuing: containers, afterItems: results.count)
        try writeTail(to: &tail)
        try sink((try tail.finish() + Array(trailer.utf8))[...])
    }

    package func write(to w: inout JSONWriter) throws {
        try writeHead(to: &w)
        // Each result written where it is (a loop variable would copy it, its two dozen strings and arrays).
        for index in results.indices { try results[index].write(to: &w) }
        try writeTail(to: &w)
    }

    /// The report up to its results: the members before them and the results array opened.
    private func writeHead(to w: inout JSONWriter) throws {
        try w.beginObject()
        w.key("catalogs"); try w.strings(catalogs)
        w.key("categories"); try w.strings(categories)
        w.key("diagnostics"); try w.beginArray()
        for diagnostic in diagnostics { try diagnostic.write(to: &w) }
        try w.endArray()
        w.key("fixedSinceBaseline"); try w.beginArray()
        for fixed in fixedSinceBaseline { try fixed.write(to: &w) }
        try w.endArray()
        w.key("fonts"); try w.beginArray()
        for font in fonts {
            try w.beginObject()
            try w.field("name", font.name)
            try w.field("sha256", font.sha256)
            try w.endObject()
        }
        try w.endArray()
        if let input {
            w.key("input"); try input.write(to: &w)
        }
        w.key("results"); try w.beginArray()
    }

    /// The report after its results: the results array closed, the members after it.
    private func writeTail(to w: inout JSONWriter) throws {
        try w.endArray()
        w.key("shards"); try w.strings(shards)
        w.key("skipped"); try w.beginArray()
        for key in skipped { try key.write(to: &w) }
        try w.endArray()
        try w.field("spec", spec)
        w.key("summary"); try summary.write(to: &w)
        if let systemFontSource {
            try w.field("systemFontSource", systemFontSource)
        }
        if let toolVersion {
            try w.field("toolVersion", toolVersion)
        }
        w.key("unspecifiedKeys"); try w.strings(unspecifiedKeys)
        try w.field("version", version)
        try w.endObject()
    }

    /// Results per run a thread encodes at a time: enough to outweigh handing it over, few enough that the runs
    /// encoded ahead of the writing (``EncodedRuns/window`` per worker) stay small, whatever the number of results.
    static let resultsPerRun = 256

    /// The results in runs of ``resultsPerRun``, encoded on `workers` threads (this one and `workers − 1` others) as
    /// items of the results array open in `containers` (a writer's ``JSONWriter/openContainers``), and handed to
    /// `sink` in order as they come: this thread hands over whatever is next whenever it is ready and encodes a run
    /// meanwhile, so no thread waits for the slowest of a batch.
    private func writeResults(
        continuing containers: [Int], workers: Int, to sink: (ArraySlice<UInt8>) throws -> Void
    ) throws {
        let run = Self.resultsPerRun
        let results = self.results
        let runs = EncodedRuns(count: (results.count + run - 1) / run, workers: workers) { index, capacity in
            let from = index * run, to = min(from + run, results.count)
            var writer = JSONWriter(continuing: containers, afterItems: from, capacity: capacity)
            for i in from..<to { try results[i].write(to: &writer) }
            return try writer.finish()
        }
        let helpers = DispatchGroup()
        for _ in 1..<workers {
            DispatchQueue.global().async(group: helpers) { runs.encodeAll() }
        }
        defer {
            runs.stop()
            helpers.wait()
        }
        for index in 0..<runs.count { try sink(try runs.take(index)[...]) }
    }
}

/// The runs of results of ``CheckReport/writeResults(continuing:workers:to:)``: encoded by whichever thread claims one next (at
/// most ``window`` runs per worker ahead of the one to be written), taken in order by the writing thread.
private final class EncodedRuns: @unchecked Sendable {
    let count: Int
    /// Encodes the run at an index, in a buffer of a capacity given.
    private let encode: @Sendable (Int, Int) throws -> [UInt8]
    private let condition = NSCondition()
    /// Encoded runs not taken yet, by index.
    private var encoded: [Int: [UInt8]] = [:]
    /// The next run to claim, and the next to take.
    private var nextClaim = 0
    private var nextTake = 0
    private let limit: Int
    private var error: Error?
    private var stopped = false
    /// The buffer a run is encoded in: an eighth more than the largest run so far (neighbouring results are alike).
    private var capacity = 1 << 12

    /// Runs per worker encoded ahead of the writing at most.
    static let window = 4

    init(count: Int, workers: Int, encode: @escaping @Sendable (Int, Int) throws -> [UInt8]) {
        self.count = count
        self.encode = encode
        limit = workers * Self.window
    }

    /// A helper: encodes the runs it claims until none is left (or the writing stopped).
    func encodeAll() {
        while let index = claim(waiting: true) { encodeRun(index) }
    }

    /// The run `index`, encoded (by this thread when no other has claimed it); throws the first encoding error.
    func take(_ index: Int) throws -> [UInt8] {
        while true {
            condition.lock()
            if let error {
                condition.unlock()
                throw error
            }
            if let run = encoded.removeValue(forKey: index) {
                nextTake = index + 1
                condition.broadcast()
                condition.unlock()
                return run
            }
            condition.unlock()
            // Not ready: encode the next unclaimed run meanwhile, or wait for one.
            if let claimed = claim(waiting: false) {
                encodeRun(claimed)
            } else {
                condition.withLock {
                    if encoded[index] == nil && error == nil { condition.wait() }
                }
            }
        }
    }

    /// Helpers stop claiming runs (at the end, or when the writing failed).
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    /// The next run to encode, or nil when none is left; while the window is full, waits (`waiting`) or returns nil.
    private func claim(waiting: Bool) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped && error == nil && nextClaim < count {
            if nextClaim < nextTake + limit {
                nextClaim += 1
                return nextClaim - 1
            }
            guard waiting else { return nil }
            condition.wait()
        }
        return nil
    }

    private func encodeRun(_ index: Int) {
        do {
            let run = try encode(index, condition.withLock { capacity })
            condition.withLock {
                capacity = max(capacity, run.count + run.count / 8)
                encoded[index] = run
                condition.broadcast()
            }
        } catch {
            condition.withLock {
                if self.error == nil { self.error = error }
                condition.broadcast()
            }
        }
    }
}

/// The names of the members of a result, its failure and its budget, each made once (``JSONWriter/Name``): a result
/// writes two to three dozen. The values known to need no escape (category and verdict names) are written without
/// looking for one.
///
/// They are kept in one value behind one global (``ReportConstants/shared``), read through these properties.
enum Member {
    static var appliedCategory: JSONWriter.Name { ReportConstants.shared.appliedCategory }
    static var averageAdvance: JSONWriter.Name { ReportConstants.shared.averageAdvance }
    static var budget: JSONWriter.Name { ReportConstants.shared.budget }
    static var category: JSONWriter.Name { ReportConstants.shared.category }
    static var characters: JSONWriter.Name { ReportConstants.shared.characters }
    static var clippedBy: JSONWriter.Name { ReportConstants.shared.clippedBy }
    static var codePoints: JSONWriter.Name { ReportConstants.shared.codePoints }
    static var column: JSONWriter.Name { ReportConstants.shared.column }
    static var element: JSONWriter.Name { ReportConstants.shared.element }
    static var error: JSONWriter.Name { ReportConstants.shared.error }
    static var failingCategories: JSONWriter.Name { ReportConstants.shared.failingCategories }
    static var failure: JSONWriter.Name { ReportConstants.shared.failure }
    static var file: JSONWriter.Name { ReportConstants.shared.file }
    static var fitsThrough: JSONWriter.Name { ReportConstants.shared.fitsThrough }
    static var fitsThroughWithOneMoreLine: JSONWriter.Name { ReportConstants.shared.fitsThroughWithOneMoreLine }
    static var height: JSONWriter.Name { ReportConstants.shared.height }
    static var hiddenCharacters: JSONWriter.Name { ReportConstants.shared.hiddenCharacters }
    static var key: JSONWriter.Name { ReportConstants.shared.key }
    static var known: JSONWriter.Name { ReportConstants.shared.known }
    static var line: JSONWriter.Name { ReportConstants.shared.line }
    static var lines: JSONWriter.Name { ReportConstants.shared.lines }
    static var locale: JSONWriter.Name { ReportConstants.shared.locale }
    static var maxCharacters: JSONWriter.Name { ReportConstants.shared.maxCharacters }
    static var missingGlyphs: JSONWriter.Name { ReportConstants.shared.missingGlyphs }
    static var mustFitThrough: JSONWriter.Name { ReportConstants.shared.mustFitThrough }
    static var neededHeight: JSONWriter.Name { ReportConstants.shared.neededHeight }
    static var neededLines: JSONWriter.Name { ReportConstants.shared.neededLines }
    static var neededTogether: JSONWriter.Name { ReportConstants.shared.neededTogether }
    static var neededWidth: JSONWriter.Name { ReportConstants.shared.neededWidth }
    static var passed: JSONWriter.Name { ReportConstants.shared.passed }
    static var place: JSONWriter.Name { ReportConstants.shared.place }
    static var placement: JSONWriter.Name { ReportConstants.shared.placement }
    static var pointSize: JSONWriter.Name { ReportConstants.shared.pointSize }
    static var remedy: JSONWriter.Name { ReportConstants.shared.remedy }
    static var samples: JSONWriter.Name { ReportConstants.shared.samples }
    static var text: JSONWriter.Name { ReportConstants.shared.text }
    static var textSHA256: JSONWriter.Name { ReportConstants.shared.textSHA256 }
    static var textWidth: JSONWriter.Name { ReportConstants.shared.textWidth }
    static var variant: JSONWriter.Name { ReportConstants.shared.variant }
    static var verdict: JSONWriter.Name { ReportConstants.shared.verdict }
    static var visibleText: JSONWriter.Name { ReportConstants.shared.visibleText }
    static var width: JSONWriter.Name { ReportConstants.shared.width }
    static var words: JSONWriter.Name { ReportConstants.shared.words }
}

/// The values of a result's category and verdict members (``CategoryName/text(_:)``, ``VerdictKind``'s raw values),
/// quoted and packed once (``JSONWriter/Constant``): written from a String, each was copied and looked through for
/// characters to escape.
enum Quoted {
    /// `CategoryName.text(category)`, quoted.
    static func category(_ category: ContentSizeCategory?) -> JSONWriter.Constant {
        category.map { ReportConstants.shared.categories[$0.rawValue] } ?? ReportConstants.shared.fixedCategory
    }

    /// `verdict.rawValue`, quoted.
    static func verdict(_ verdict: VerdictKind) -> JSONWriter.Constant {
        ReportConstants.shared.verdicts.first { $0.kind == verdict }?.quoted ?? JSONWriter.Constant(verdict.rawValue)
    }
}

/// The member names (``Member``) and quoted values (``Quoted``) of a result, made once, together.
struct ReportConstants: Sendable {
    static let shared = ReportConstants()

    let appliedCategory = JSONWriter.Name("appliedCategory")
    let averageAdvance = JSONWriter.Name("averageAdvance")
    let budget = JSONWriter.Name("budget")
    let category = JSONWriter.Name("category")
    let characters = JSONWriter.Name("characters")
    let clippedBy = JSONWriter.Name("clippedBy")
    let codePoints = JSONWriter.Name("codePoints")
    let column = JSONWriter.Name("column")
    let element = JSONWriter.Name("element")
    let error = JSONWriter.Name("error")
    let failingCategories = JSONWriter.Name("failingCategories")
    let failure = JSONWriter.Name("failure")
    let file = JSONWriter.Name("file")
    let fitsThrough = JSONWriter.Name("fitsThrough")
    let fitsThroughWithOneMoreLine = JSONWriter.Name("fitsThroughWithOneMoreLine")
    let height = JSONWriter.Name("height")
    let hiddenCharacters = JSONWriter.Name("hiddenCharacters")
    let key = JSONWriter.Name("key")
    let known = JSONWriter.Name("known")
    let line = JSONWriter.Name("line")
    let lines = JSONWriter.Name("lines")
    let locale = JSONWriter.Name("locale")
    let maxCharacters = JSONWriter.Name("maxCharacters")
    let missingGlyphs = JSONWriter.Name("missingGlyphs")
    let mustFitThrough = JSONWriter.Name("mustFitThrough")
    let neededHeight = JSONWriter.Name("neededHeight")
    let neededLines = JSONWriter.Name("neededLines")
    let neededTogether = JSONWriter.Name("neededTogether")
    let neededWidth = JSONWriter.Name("neededWidth")
    let passed = JSONWriter.Name("passed")
    let place = JSONWriter.Name("place")
    let placement = JSONWriter.Name("placement")
    let pointSize = JSONWriter.Name("pointSize")
    let remedy = JSONWriter.Name("remedy")
    let samples = JSONWriter.Name("samples")
    let text = JSONWriter.Name("text")
    let textSHA256 = JSONWriter.Name("textSHA256")
    let textWidth = JSONWriter.Name("textWidth")
    let variant = JSONWriter.Name("variant")
    let verdict = JSONWriter.Name("verdict")
    let visibleText = JSONWriter.Name("visibleText")
    let width = JSONWriter.Name("width")
    let words = JSONWriter.Name("words")

    /// By raw value.
    let categories = ContentSizeCategory.allCases.map { JSONWriter.Constant($0.swiftUIName) }
    let fixedCategory = JSONWriter.Constant(CategoryName.text(nil))
    let verdicts = VerdictKind.allCases.map { (kind: $0, quoted: JSONWriter.Constant($0.rawValue)) }
}

extension CheckResult {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        if let budget {
            w.key(Member.budget); try budget.write(to: &w)
        }
        try w.field(Member.column, column)
        if let element {
            try w.field(Member.element, element)
        }
        if let error {
            try w.field(Member.error, error)
        }
        w.key(Member.failingCategories); try w.beginArray()
        for verdict in failingCategories {
            try w.beginObject()
            try w.field(Member.category, Quoted.category(verdict.category))
            try w.field(Member.verdict, Quoted.verdict(verdict.verdict))
            try w.endObject()
        }
        try w.endArray()
        if let failure {
            w.key(Member.failure); try failure.write(to: &w)
        }
        try w.field(Member.file, file)
        if let fitsThrough {
            try w.field(Member.fitsThrough, Quoted.category(fitsThrough))
        }
        try w.field(Member.key, key)
        try w.field(Member.known, known)
        try w.field(Member.line, line)
        try w.field(Member.locale, locale)
        try w.field(Member.mustFitThrough, Quoted.category(mustFitThrough))
        try w.field(Member.passed, passed)
        if let place {
            try w.field(Member.place, place)
        }
        if let placement {
            w.key(Member.placement); try placement.write(to: &w)
        }
        try w.field(Member.text, text)
        if let textSHA256 {
            try w.field(Member.textSHA256, textSHA256)
        }
        w.key(Member.variant); try w.strings(variant)
        try w.endObject()
    }
}

extension CheckResult.Failure {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        if let appliedCategory {
            try w.field(Member.appliedCategory, Quoted.category(appliedCategory))
        }
        try w.field(Member.category, Quoted.category(category))
        if let clippedBy {
            try w.field(Member.clippedBy, clippedBy)
        }
        try w.field(Member.hiddenCharacters, hiddenCharacters)
        w.key(Member.missingGlyphs); try w.strings(missingGlyphs)
        if let remedy {
            w.key(Member.remedy); try remedy.write(to: &w)
        }
        try w.field(Member.verdict, Quoted.verdict(verdict))
        if let visibleText {
            try w.field(Member.visibleText, visibleText)
        }
        try w.endObject()
    }
}

extension CheckResult.Failure.Remedy {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        if let fitsThroughWithOneMoreLine {
            try w.field(Member.fitsThroughWithOneMoreLine, Quoted.category(fitsThroughWithOneMoreLine))
        }
        if let neededHeight {
            try w.field(Member.neededHeight, neededHeight)
        }
        try w.field(Member.neededLines, neededLines)
        if let neededTogether {
            w.key(Member.neededTogether)
            try w.beginObject()
            try w.field(Member.height, neededTogether.height)
            try w.field(Member.width, neededTogether.width)
            try w.endObject()
        }
        if let neededWidth {
            try w.field(Member.neededWidth, neededWidth)
        }
        try w.field(Member.words, words)
        try w.endObject()
    }
}

extension ReportDiagnostic {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        if let subject {
            w.key("about")
            try w.beginObject()
            try w.field("key", subject.key)
            try w.field("kind", subject.kind)
            try w.field("locale", subject.locale)
            try w.endObject()
        }
        try w.field("column", column)
        try w.field("file", file)
        try w.field("line", line)
        try w.field("message", message)
        try w.field("severity", severity.rawValue)
        try w.endObject()
    }
}

extension FixedBaselineEntry {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        if let element = entry.element {
            try w.field("element", element)
        }
        try w.field("key", entry.key)
        try w.field("locale", entry.locale)
        try w.field("reason", reason.rawValue)
        if let textSHA256 = entry.textSHA256 {
            try w.field("textSHA256", textSHA256)
        }
        w.key("variant"); try w.strings(entry.variant)
        try w.endObject()
    }
}

extension CheckReport.Input {
    package func write(to w: inout JSONWriter) throws {
        func digest(_ file: CheckReport.FileDigest, _ w: inout JSONWriter) throws {
            try w.beginObject()
            try w.field("file", file.file)
            if let sha256 = file.sha256 {
                try w.field("sha256", sha256)
            }
            try w.endObject()
        }
        try w.beginObject()
        w.key("catalogs"); try w.beginArray()
        for catalog in catalogs { try digest(catalog, &w) }
        try w.endArray()
        try w.field("fingerprint", fingerprint)
        w.key("options"); try w.beginObject()
        w.key("categories"); try w.strings(options.categories)
        try w.field("developmentLanguage", options.developmentLanguage)
        if let locales = options.locales {
            w.key("locales"); try w.strings(locales)
        }
        if let pseudoModes = options.pseudoModes {
            w.key("pseudoModes"); try w.strings(pseudoModes)
        }
        try w.field("systemFonts", options.systemFonts)
        try w.endObject()
        w.key("spec"); try digest(spec, &w)
        try w.endObject()
    }
}

extension CheckReport.Summary {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        try w.field("errors", errors)
        try w.field("failures", failures)
        try w.field("fixedSinceBaseline", fixedSinceBaseline)
        try w.field("keys", keys)
        try w.field("layouts", layouts)
        try w.field("locales", locales)
        try w.field("newFailures", newFailures)
        try w.field("strings", strings)
        try w.field("warnings", warnings)
        try w.endObject()
    }
}

extension CheckReport.SkippedKey {
    package func write(to w: inout JSONWriter) throws {
        try w.beginObject()
        try w.field("file", file)
        try w.field("key", key)
        try w.field("line", line)
        if let locale {
            try w.field("locale", locale)
        }
        try w.field("reason", reason)
        w.key("variant"); try w.strings(variant)
        try w.endObject()
    }
}
