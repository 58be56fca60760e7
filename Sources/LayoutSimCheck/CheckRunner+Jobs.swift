import Foundation
import LayoutSimCatalogs
import LayoutSimFaces
import LayoutSimFitting
import LayoutSimModel

/// The diagnostics of a check as they are found, in order: a catalog's missing translation into a locale this check
/// leaves out is not this check's business.
struct Diagnostics {
    private let wantedLocales: Set<String>?
    var all: [ReportDiagnostic] = []

    init(locales: [String]?) {
        wantedLocales = locales.map { Set($0.map { $0.lowercased() }) }
    }

    mutating func add(_ d: CatalogDiagnostic) {
        if let locale = d.locale, let wantedLocales, !wantedLocales.contains(locale.lowercased()) { return }
        all.append(ReportDiagnostic(file: CheckRunner.relative(d.location.file), line: d.location.line,
                                    column: d.location.column, severity: d.severity, message: d.message, subject: d.subject))
    }

    var hasErrors: Bool { all.contains { $0.severity == .error } }
}

/// What the catalogs gave: their entries, files made relative as reported, and the source language.
struct ReadCatalogs {
    var entries: [CatalogEntry] = []
    var sourceLanguage = "en"
    /// The last file made relative: a catalog's entries share their file, whose relative path is made once.
    private var file: (path: String, relative: String)?

    /// `catalog`'s entries from `first` on made to say their file as reported.
    mutating func relativeFiles(_ catalog: inout [CatalogEntry], from first: Int = 0) {
        for i in first..<catalog.count {
            let path = catalog[i].source.file
            if file?.path != path { file = (path, CheckRunner.relative(path)) }
            catalog[i].source.file = file?.relative ?? path
        }
    }

    /// Takes the entries, diagnostics and source language of the catalogs read (moved out of `read`, not copied);
    /// `streamed`: their files were made relative as they were read.
    mutating func collect(_ read: inout [CatalogReadResult], streamed: Bool, said: inout Diagnostics) {
        for index in read.indices {
            read[index].diagnostics.forEach { said.add($0) }
            var catalog: [CatalogEntry] = []
            swap(&catalog, &read[index].entries)
            if !streamed { relativeFiles(&catalog) }
            if entries.isEmpty { swap(&entries, &catalog) } else { entries += catalog }
            if let language = read[index].sourceLanguage { sourceLanguage = language }
        }
    }
}

extension CheckRunner {
    /// The catalogs of `options` read whole (a check without a usable spec reads them for their diagnostics).
    static func readCatalogs(_ options: CheckOptions, said: inout Diagnostics) -> ReadCatalogs {
        let urls = options.catalogs.map { URL(fileURLWithPath: $0) }
        var read = CatalogReader.readEach(urls, developmentLanguage: options.developmentLanguage, inParallel: options.workers > 1)
        var catalogs = ReadCatalogs()
        catalogs.collect(&read, streamed: false, said: &said)
        return catalogs
    }

    /// The report of a check before its results: what was asked, the input's hashes, the system font's source.
    static func startedReport(_ options: CheckOptions, input: CheckReport.Input, appleFonts: AppleFontIndex?) -> CheckReport {
        var report = CheckReport(
            catalogs: options.catalogs, spec: options.spec, categories: options.categories.map(\.swiftUIName),
            shards: [options.shard.map { "\($0.index)/\($0.count)" } ?? "1/1"], results: [], unspecifiedKeys: [],
            diagnostics: [],
            summary: CheckReport.Summary(keys: 0, locales: 0, strings: 0, layouts: 0, failures: 0, newFailures: 0, errors: 0, warnings: 0)
        )
        report.toolVersion = LayoutSimVersion.current
        report.input = input
        report.systemFontSource = appleFonts.map { "apple-fonts " + $0.directory }
        return report
    }
}

/// Makes a job of every string the spec lays out, as the catalogs are read, and hands the jobs to the workers.
///
/// Jobs go to the workers in runs as they are made. A shard is a share of the sorted jobs: then they are all made,
/// sorted and shared out at the end (elsewhere their order does not matter: the results are sorted). Used by one
/// thread (the one reading the catalogs).
final class JobMaker {
    let spec: LayoutSpec
    let options: CheckOptions
    private let feed: LayoutFeed
    /// The options' placeholder samples with the spec's.
    private let samples: PlaceholderSamples
    /// The locales asked for (lowercased); nil: all.
    private let wanted: Set<String>?
    /// Why the defaults cannot lay a string out (no width), if they cannot: the keys no element names are skipped.
    private let defaultsProblem: String?
    private var reportedDefaultsProblem = false
    /// A spec of defaults only gives every key the defaults' one place, made once. Its name, made for no key, is
    /// never read: a key shown in one place is reported without one.
    private let defaultsPlaces: (places: [Place], named: Bool)?

    private(set) var said: Diagnostics
    private(set) var catalogs = ReadCatalogs()
    private(set) var queue: JobQueue
    /// Keys no element names, in the order met (``CheckReport/finish(counted:)`` sorts them).
    private(set) var unspecified: [String] = []
    private(set) var skipped = Set<CheckReport.SkippedKey>()
    /// A key's places, looked up once, not once per locale and variant; the last key's first (a key's entries mostly
    /// come one after another).
    private var placesByKey: [String: (places: [Place], named: Bool)] = [:]
    /// The spec's keys, indexed once for every key of the catalogs.
    private let index: SpecIndex
    private var lastKey: String?
    private var lastPlaces: (places: [Place], named: Bool)?
    /// The defaults' element for each locale met, and for the last one (a catalog lists each key's locales in turn).
    private var defaultsElements: [String: SharedElement] = [:]
    private var defaultsElement: (locale: String, element: SharedElement)?
    private var deviceWarnings = Set<String>()
    private var warned = Set<String>()
    /// The texts of the keys groups show, which a group child is laid out beside (all of them read first).
    private var siblings = GroupTexts(sourceLanguage: "en")

    /// Starts the workers: each makes its engine while this thread reads the catalogs.
    init(spec: LayoutSpec, options: CheckOptions, appleFonts: AppleFontIndex?, said: Diagnostics) {
        self.spec = spec
        index = SpecIndex(spec)
        self.options = options
        self.said = said
        feed = LayoutFeed(options: options, appleFonts: appleFonts)
        var samples = options.samples
        for (specifier, sample) in spec.placeholders { samples.overrides[specifier] = sample }
        self.samples = samples
        wanted = options.locales.map { Set($0.map { $0.lowercased() }) }
        defaultsProblem = LayoutSpec.problem(of: spec.defaults)
        defaultsPlaces = spec.elements.isEmpty && spec.groups.isEmpty ? spec.places(forKey: "") : nil
        queue = JobQueue(feed: feed, collectsIdentities: options.baseline != nil, sharded: options.shard != nil)
    }

    /// Reads the catalogs. String Catalogs' jobs are made as their keys are read, so that the workers start on the
    /// first strings while later keys are still read. Not with groups, whose children are laid out beside the texts
    /// of every key they show, nor with catalogs of other formats among them (their entries come whole at the end,
    /// and the order jobs are made in decides ties between catalogs).
    func readCatalogs() {
        let urls = options.catalogs.map { URL(fileURLWithPath: $0) }
        let streams = options.streamsCatalogs && spec.groups.isEmpty && urls.allSatisfy { $0.pathExtension.lowercased() == "xcstrings" }
        var expectedJobs = 0
        var read = CatalogReader.readEach(
            urls, developmentLanguage: options.developmentLanguage, inParallel: options.workers > 1,
            emit: streams ? { [self] catalog, first in
                // Room for the results of a catalog's strings made at once: the reader made room for an entry per
                // key as it started, the capacity of the array lent.
                if first == 0 {
                    expectedJobs += catalog.capacity
                    feed.reserve(expectedJobs)
                }
                catalogs.relativeFiles(&catalog, from: first)
                for index in first..<catalog.count { check(catalog[index]) }
            } : nil
        )
        catalogs.collect(&read, streamed: streams, said: &said)
        if !streams {
            feed.reserve(catalogs.entries.count)
            siblings = CheckRunner.groupTexts(catalogs.entries, spec: spec, samples: samples,
                                              sourceLanguage: catalogs.sourceLanguage, pseudo: options.pseudo)
        }
        // (Warnings of what the catalogs hold, before the jobs of catalogs read whole.)
        CheckRunner.unmatchedKeyWarnings(spec, entries: catalogs.entries).forEach { said.add($0) }
        CheckRunner.frameWiderThanScreenWarnings(spec, categories: options.categories).forEach { said.add($0) }
        if !streams {
            for entry in catalogs.entries { check(entry) }
        }
    }

    /// The jobs of the pseudolocalized source strings, when asked for.
    func makePseudolocalizedJobs() {
        guard let modes = options.pseudo else { return }
        let pseudolocalizer = Pseudolocalizer()
        let sourceLanguage = catalogs.sourceLanguage
        for entry in catalogs.entries where entry.locale == sourceLanguage && entry.shouldTranslate && !entry.isStale
            && entry.value.utf16.count <= FitRequest.maximumTextLength {
            var pseudo = entry
            pseudo.locale = Pseudolocalizer.locale
            pseudo.value = pseudolocalizer.pseudolocalize(entry.value, modes: modes)
            if let text = filled(pseudo, locale: sourceLanguage) {
                job(pseudo, text: text.text, language: sourceLanguage, samples: text.samples)
            }
        }
    }

    /// Hands the jobs not handed out yet to the workers (a shard's share of all of them), and waits for every
    /// layout.
    func layOut() throws(LayoutSimError) -> LayoutFeed.Outcome {
        queue.sendKeyJobs()
        var jobs = queue.takeJobs()
        if let shard = options.shard {
            // Sorted as the results are (``CheckReport/precedes(key:_:)``), ties in the order made.
            if let order = CheckReport.sortedOrder(count: jobs.count, key: {
                (jobs[$0].entry.key, jobs[$0].entry.locale, jobs[$0].entry.variantPath, jobs[$0].place)
            }) {
                jobs.reorder(by: order)
            }
            jobs = jobs.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
            for start in stride(from: 0, to: jobs.count, by: LayoutFeed.runSize) {
                feed.add(Array(jobs[start..<min(start + LayoutFeed.runSize, jobs.count)]))
            }
        } else {
            feed.add(jobs)
        }
        return try feed.finish()
    }

    /// Adds a diagnostic found after the jobs were made.
    func add(_ diagnostic: CatalogDiagnostic) { said.add(diagnostic) }

    /// The jobs of `entry`. A locale with no localization of the key shows the source text: where the spec gives
    /// that locale fields of its own (another width, lines…), it is laid out there too, as that locale's result;
    /// elsewhere the source language's result is that locale's too. (A source text too long to lay out is said
    /// once, at its own locale.)
    private func check(_ entry: consuming CatalogEntry) {
        if !entry.sourceShownIn.isEmpty && !entry.isStale && entry.value.utf16.count <= FitRequest.maximumTextLength {
            let places = index.places(forKey: entry.key).places
            for locale in entry.sourceShownIn where wanted?.contains(locale.lowercased()) ?? true
                && CheckRunner.layoutDiffers(places, key: entry.key, locale, entry.locale, siblings: siblings) {
                var shown = copy entry
                shown.locale = locale
                shown.sourceShownIn = []
                if let text = filled(shown, locale: locale) {
                    job(shown, text: text.text, language: locale, samples: text.samples)
                }
            }
        }
        guard wanted?.contains(entry.locale.lowercased()) ?? true else { return }
        guard !entry.isStale else {
            skipped.insert(CheckReport.SkippedKey(key: entry.key, file: entry.source.file, line: entry.source.line, reason: "stale"))
            return
        }
        if let text = filled(entry, locale: entry.locale) {
            let language = entry.locale
            job(entry, text: text.text, language: language, samples: text.samples)
        }
    }

    /// The string with its samples, or nil when no user sees it (and it is listed as skipped) or it is too long.
    private func filled(_ entry: CatalogEntry, locale: String) -> PlaceholderSamples.FilledString? {
        let filled = samples.fill(entry.value, locale: locale, plural: entry.pluralCategory)
        if filled.tooLong {
            let limit = ReportNumber.integer(FitRequest.maximumTextLength)
            let words = entry.value.utf16.count > FitRequest.maximumTextLength
                ? "is more than \(limit) characters long"
                : "would be more than \(limit) characters long with its placeholders filled"
            said.add(.error("'\(entry.key)' (\(entry.locale)) \(words); layoutsim lays out at most \(limit) "
                + "(UTF-16 code units): not checked", at: entry.source))
            return nil
        }
        if let reason = filled.neverShown {
            skipped.insert(CheckReport.SkippedKey(
                key: entry.key, locale: entry.locale, variant: entry.variantPath, file: entry.source.file,
                line: entry.source.line, reason: reason
            ))
            return nil
        }
        for warning in filled.warnings where warned.insert(warning).inserted { said.add(.warning(warning, at: entry.source)) }
        return filled
    }

    /// The places the spec shows `key` in, remembered; `repeatsKey`: the last job made was `key`'s too.
    private func places(of key: String, repeatsKey: Bool) -> (places: [Place], named: Bool) {
        if !repeatsKey { lastKey = key }
        if let defaultsPlaces { return defaultsPlaces }
        if repeatsKey, let lastPlaces { return lastPlaces }
        let found = placesByKey[key] ?? index.places(forKey: key)
        placesByKey[key] = found
        lastPlaces = found
        return found
    }

    /// The job of `entry` in each of its places (`entry` consumed: its job holds it, not a copy of it).
    private func job(_ entry: consuming CatalogEntry, text: String, language: String, samples: [Range<Int>] = []) {
        let repeatsKey = lastKey == entry.key
        let (places, named) = places(of: entry.key, repeatsKey: repeatsKey)
        if !named, let defaultsProblem {
            skipBecauseOfTheDefaults(entry, problem: defaultsProblem)
            return
        }
        if !named && !repeatsKey { unspecified.append(entry.key) }  // (the key's entry before added it)
        // The defaults' one place, for a string that is not a device variant: its element for the locale is made
        // once per locale and shared by its jobs.
        if defaultsPlaces != nil, entry.device == nil {
            queue.made(CheckJob(entry: entry, text: text, language: language, shared: defaultsElement(for: entry.locale),
                                named: named, samples: samples))
            return
        }
        for place in places {
            let (element, context) = element(of: entry, at: place)
            queue.made(CheckJob(entry: copy entry, text: text, language: language, element: element,
                                named: named, place: places.count > 1 || place.isNamed ? place.name : nil, group: context,
                                samples: samples))
        }
    }

    /// The defaults' element for `locale`, made once per locale.
    private func defaultsElement(for locale: String) -> SharedElement {
        if let last = defaultsElement, last.locale == locale { return last.element }
        let element = defaultsElements[locale] ?? SharedElement(spec.defaults.forLocale(locale))
        defaultsElements[locale] = element
        defaultsElement = (locale, element)
        return element
    }

    /// The element `entry` is laid out with at `place`, and its group when the place is one. A device variant is laid
    /// out at its device's geometry when the spec gives one (an element's `devices`, or a group's: its texts cannot
    /// have their own); without one, a warning says so.
    private func element(of entry: CatalogEntry, at place: Place) -> (ElementSpec, GroupContext?) {
        var element: ElementSpec
        var context: GroupContext?
        var hasDeviceGeometry = false
        switch place {
        case .element(let spec, _):
            element = spec.forLocale(entry.locale)
            if let device = entry.device { (element, hasDeviceGeometry) = element.forDevice(device) }
        case .group(var group):
            group.fields = group.fields.forLocale(entry.locale)
            if let device = entry.device { (group.fields, hasDeviceGeometry) = group.fields.forDevice(device) }
            // The child's fields where the group first shows it (each layout's are used at its categories).
            let key = entry.key
            let item = group.layouts.lazy.flatMap(\.items).compactMap { item -> ElementSpec? in
                if case .key(key, let element, _) = item { return element }
                return nil
            }.first ?? ElementSpec()
            element = item.over(group.textFields).forLocale(entry.locale)
            element.key = group.name
            context = GroupContext(group: group, siblings: siblings.texts(besides: entry.key, in: group, locale: entry.locale))
        }
        if let device = entry.device, !hasDeviceGeometry, ElementSpec.devicesNeedingGeometry.contains(device),
           deviceWarnings.insert("\(entry.key)\u{1F}\(device)").inserted {
            said.add(CatalogDiagnostic(
                severity: .warning,
                message: "'\(entry.key)' [device:\(device)] is checked with the element's own geometry; "
                    + "give its width with 'devices: {\(device): {width: …}}' in the spec",
                location: entry.source
            ))
        }
        return (element, context)
    }

    /// A key no element names, when the defaults cannot lay it out: one error for all of them, and each skipped.
    private func skipBecauseOfTheDefaults(_ entry: CatalogEntry, problem: String) {
        if !reportedDefaultsProblem {
            reportedDefaultsProblem = true
            said.add(.error("keys no element names are checked with the defaults, which cannot lay them out: \(problem); "
                + "give it in 'defaults', or name the keys in 'elements' (those keys are listed as skipped)",
                at: spec.defaults.location ?? CatalogSourceLocation(file: spec.file, line: 1, column: 1)))
        }
        skipped.insert(CheckReport.SkippedKey(
            key: entry.key, locale: entry.locale, variant: entry.variantPath, file: entry.source.file,
            line: entry.source.line, reason: CheckReport.SkippedKey.defaultsCannotLayOut
        ))
    }
}

/// The jobs made and not yet handed to the workers: a key's, sorted, then runs of ``LayoutFeed/runSize`` (a
/// shard's, all of them).
struct JobQueue {
    /// The jobs in runs: the next run to hand over, or a shard's jobs.
    var jobs: [CheckJob] = []
    /// Every string's identity, before sharding, when ``collectsIdentities``: a baseline needs them (nothing
    /// else does).
    private(set) var allIdentities = Set<String>()
    /// A key's jobs, sorted before they go: a catalog lists a key's source language first, then the others in
    /// order; sorted by key too (as Xcode writes them), the results come in report order and nothing moves.
    private var keyJobs: [CheckJob] = []
    private let feed: LayoutFeed
    private let collectsIdentities: Bool
    /// All jobs are kept to be sorted and shared out at the end.
    private let sharded: Bool

    init(feed: LayoutFeed, collectsIdentities: Bool, sharded: Bool) {
        self.feed = feed
        self.collectsIdentities = collectsIdentities
        self.sharded = sharded
        jobs.reserveCapacity(LayoutFeed.runSize)
    }

    /// The jobs not handed over (a shard's: all of them), taken out.
    mutating func takeJobs() -> [CheckJob] {
        var taken: [CheckJob] = []
        swap(&taken, &jobs)
        return taken
    }

    /// Adds the next job made.
    mutating func made(_ job: CheckJob) {
        if let last = keyJobs.last, last.entry.key != job.entry.key { sendKeyJobs() }
        keyJobs.append(job)
    }

    /// The last key's jobs, sorted, to the runs; each run handed over once full (unless sharded).
    mutating func sendKeyJobs() {
        // A stable insertion sort: the few jobs out of place move a few places each.
        func order(_ index: Int) -> CheckReport.OrderKey {
            (keyJobs[index].entry.key, keyJobs[index].entry.locale, keyJobs[index].entry.variantPath, keyJobs[index].place)
        }
        for start in keyJobs.indices.dropFirst() {
            var index = start
            while index > 0 && CheckReport.precedes(key: order(index), order(index - 1)) {
                keyJobs.swapAt(index, index - 1)
                index -= 1
            }
        }
        for job in keyJobs {
            if collectsIdentities {
                allIdentities.insert(CheckResult.identity(key: job.entry.key, locale: job.entry.locale, variant: job.entry.variantPath, place: job.place))
            }
            jobs.append(job)
            if !sharded && jobs.count == LayoutFeed.runSize {
                feed.add(jobs)
                jobs.removeAll(keepingCapacity: true)
            }
        }
        keyJobs.removeAll(keepingCapacity: true)
    }
}
