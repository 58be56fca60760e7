import Dispatch
import Foundation
import LayoutSimCatalogs
import LayoutSimFaces
import LayoutSimFitting
import LayoutSimModel

/// What `layoutsim check` checks, and how.
public struct CheckOptions: Sendable {
    /// Catalog files (`.xcstrings`, `.strings`, `.stringsdict`, `.xliff`, `.xcloc`), as given.
    public var catalogs: [String]
    /// The layout spec (JSON or YAML).
    public var spec: String
    /// Only these locales (BCP 47, as in the catalogs); nil checks every locale.
    public var locales: [String]?
    /// Categories to lay out. Default all twelve.
    public var categories: [ContentSizeCategory]
    /// Placeholder samples.
    public var samples: PlaceholderSamples
    /// Pseudolocalize the source language with these modes (an extra locale, `x-pseudo`); nil: none.
    public var pseudo: Set<Pseudolocalizer.Mode>?
    /// Check only shard `index` (1-based) of `count`: the strings whose position in the sorted list of all
    /// strings, modulo `count`, is `index − 1`.
    public var shard: (index: Int, count: Int)?
    /// Failures this baseline accepted are known: they do not fail the run (``Baseline``).
    public var baseline: Baseline?
    /// Threads laying out strings (each with its own engine, started before the catalogs are read, laying out the
    /// strings as they are made) and encoding the JSON report; above 1, a String Catalog's line index is made beside
    /// its parsing. Output does not depend on it.
    public var workers: Int
    /// The bundled fonts folder, if not found by itself.
    public var fontsDirectory: URL?
    /// Fonts installed on the machine as a last resort.
    public var usesSystemFonts: Bool
    /// The language of `Base.lproj` strings files. Default "en".
    public var developmentLanguage: String = "en"
    /// Draw the first ``CheckReport/maximumDrawings`` failures (at Large, the first failing category and AX5) into
    /// ``CheckReport/drawings``, from the layouts the check made (for `--html`). Default false.
    public var drawsFailures: Bool = false
    /// Called with (done, total) from time to time (for a progress line).
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// `--apple-fonts`: a folder of Apple's fonts, `auto` or `off`; nil: the spec's `appleFonts`, else
    /// `$LAYOUTSIM_APPLE_FONTS`, else the stand-ins.
    public var appleFonts: String?
    /// `--require-fonts`: fail (as bad input) unless the system font comes from these.
    public var requiredFonts: RequiredFonts?
    /// Apple's fonts as resolved from the above (set by the runner).
    package var appleFontIndex: AppleFontIndex?
    /// Whether String Catalogs' jobs are made as their keys are read (tests turn it off to compare: the report is
    /// the same either way).
    package var streamsCatalogs = true

    /// Creates options with the defaults.
    public init(catalogs: [String], spec: String) {
        self.catalogs = catalogs
        self.spec = spec
        self.locales = nil
        self.categories = ContentSizeCategory.allCases
        self.samples = PlaceholderSamples()
        self.pseudo = nil
        self.shard = nil
        self.baseline = nil
        self.workers = 2
        self.fontsDirectory = nil
        self.usesSystemFonts = false
        self.progress = nil
    }
}

/// An element's fields for the locale of a run of strings, made once and shared by the jobs of the run (each job's
/// copy of them was copied in and freed again), and by identity the one request a worker made for the last of them
/// (``CheckRunner/RequestMemo``).
package final class SharedElement: Sendable {
    package let spec: ElementSpec

    package init(_ spec: ElementSpec) {
        self.spec = spec
    }
}

/// One string to check.
///
/// Its fields live in one shared object: a job is copied on its way from the catalog to a worker and back (made,
/// queued, handed out, checked, its result stored), and each copy of its two dozen strings and arrays counted every
/// reference again (about 6 k instructions per string).
package struct CheckJob: Sendable {
    private final class Fields: Sendable {
        let entry: CatalogEntry
        let text: String
        let language: String
        let element: SharedElement
        let named: Bool
        let place: String?
        let group: GroupContext?
        let samples: [Range<Int>]

        init(entry: CatalogEntry, text: String, language: String, element: SharedElement, named: Bool, place: String?,
             group: GroupContext?, samples: [Range<Int>]) {
            self.entry = entry
            self.text = text
            self.samples = samples
            self.language = language
            self.element = element
            self.named = named
            self.place = place
            self.group = group
        }
    }

    private let fields: Fields

    package init(entry: CatalogEntry, text: String, language: String, element: ElementSpec, named: Bool,
                 place: String? = nil, group: GroupContext? = nil, samples: [Range<Int>] = []) {
        self.init(entry: entry, text: text, language: language, shared: SharedElement(element), named: named,
                  place: place, group: group, samples: samples)
    }

    /// A job of an element shared with other jobs.
    package init(entry: CatalogEntry, text: String, language: String, shared element: SharedElement, named: Bool,
                 place: String? = nil, group: GroupContext? = nil, samples: [Range<Int>] = []) {
        fields = Fields(entry: entry, text: text, language: language, element: element, named: named, place: place,
                        group: group, samples: samples)
    }

    /// Where the placeholders' samples are in ``text`` (UTF-16 offsets): ``PlaceholderSamples/FilledString/samples``.
    package var samples: [Range<Int>] { fields.samples }

    package var entry: CatalogEntry { fields.entry }
    package var text: String { fields.text }
    package var language: String { fields.language }
    package var element: ElementSpec { fields.element.spec }
    /// ``element`` as the jobs that share it hold it.
    package var sharedElement: SharedElement { fields.element }
    package var named: Bool { fields.named }
    /// The place's name when the spec shows the key in several places.
    package var place: String? { fields.place }
    /// The group the key is a child of, when it is.
    package var group: GroupContext? { fields.group }
}

/// Runs a check: reads catalogs and spec, expands every string, lays each out at every category (in parallel, one
/// engine per worker), and collects a deterministic report.
public enum CheckRunner {
    /// Runs the check. Input problems are diagnostics in the report; only an unusable font setup throws.
    public static func run(_ options: CheckOptions) throws(LayoutSimError) -> CheckReport {
        var diagnostics: [ReportDiagnostic] = []
        let wantedLocales = options.locales.map { Set($0.map { $0.lowercased() }) }
        func add(_ d: CatalogDiagnostic) {
            // A missing translation into a locale this check leaves out is not this check's business.
            if let locale = d.locale, let wantedLocales, !wantedLocales.contains(locale.lowercased()) { return }
            diagnostics.append(ReportDiagnostic(file: Self.relative(d.location.file), line: d.location.line,
                                                column: d.location.column, severity: d.severity.rawValue, message: d.message))
        }
        // The input's hashes read every file again: beside the reading, on a second core when there is one.
        let input = BackgroundValue(inParallel: options.workers > 1) { CheckReport.Input(options, toolVersion: LayoutSimVersion.current) }
        let (spec, specDiagnostics) = LayoutSpecReader.read(path: options.spec)
        specDiagnostics.forEach(add)
        diagnostics += options.baseline?.diagnostics ?? []
        var options = options
        // With a spec, the workers start now: each makes its engine while this thread reads the catalogs, and lays out
        // the jobs as they are made.
        var feed: LayoutFeed?
        if let spec {
            options.appleFontIndex = try appleFonts(options, spec: spec)
            feed = LayoutFeed(options: options)
        }
        var entries: [CatalogEntry] = []
        var sourceLanguage = "en"
        let urls = options.catalogs.map { URL(fileURLWithPath: $0) }
        /// A catalog's entries from `first` on made to say their file as reported: they share their file, whose
        /// relative path is made once, not once per entry.
        var file: (path: String, relative: String)?
        func relativeFiles(_ catalog: inout [CatalogEntry], from first: Int = 0) {
            for i in first..<catalog.count {
                let path = catalog[i].source.file
                if file?.path != path { file = (path, Self.relative(path)) }
                catalog[i].source.file = file?.relative ?? path
            }
        }
        /// The diagnostics, entries and source language of the catalogs read. The entries are taken out of the
        /// results (a copy held there made the first change copy all of them); `streamed`: their files were made
        /// relative as they were read.
        func collect(_ read: inout [CatalogReadResult], streamed: Bool = false) {
            for index in read.indices {
                read[index].diagnostics.forEach(add)
                var catalog: [CatalogEntry] = []
                swap(&catalog, &read[index].entries)
                if !streamed { relativeFiles(&catalog) }
                if entries.isEmpty { swap(&entries, &catalog) } else { entries += catalog }
                if let language = read[index].sourceLanguage { sourceLanguage = language }
            }
        }
        /// The report of this check, without its results (after the catalogs are read: their hashes are made beside
        /// the reading).
        func started() -> CheckReport {
            var report = CheckReport(
                catalogs: options.catalogs, spec: options.spec, categories: options.categories.map(\.swiftUIName),
                shards: [options.shard.map { "\($0.index)/\($0.count)" } ?? "1/1"], results: [], unspecifiedKeys: [],
                diagnostics: [], summary: CheckReport.Summary(keys: 0, locales: 0, strings: 0, layouts: 0, failures: 0, newFailures: 0, errors: 0, warnings: 0)
            )
            report.toolVersion = LayoutSimVersion.current
            report.input = input.value
            report.systemFontSource = options.appleFontIndex.map { "apple-fonts " + $0.directory }
            return report
        }
        guard let spec, let feed else {
            var read = CatalogReader.readEach(urls, developmentLanguage: options.developmentLanguage, inParallel: options.workers > 1)
            collect(&read)
            var report = started()
            report.diagnostics = diagnostics
            report.finish()
            return report
        }

        // Every concrete string, then the pseudolocalized source strings.
        let wanted = options.locales.map { Set($0.map { $0.lowercased() }) }
        // A constant: the closures below read it in place, where a variable they share was copied (and its access
        // checked) for every string filled.
        let samples = {
            var samples = options.samples
            for (specifier, sample) in spec.placeholders { samples.overrides[specifier] = sample }
            return samples
        }()
        // Jobs go to the workers in runs as they are made. A shard is a share of the sorted jobs: then they are all
        // made, sorted and shared out first (elsewhere their order does not matter: the results are sorted).
        // (The catalogs are read after this: a shard's jobs, all made before they are shared out, grow from here.)
        // What making the jobs keeps from string to string, passed down as one `inout` value: as variables captured
        // by the closures that make the jobs (a String Catalog's as it is read), each read and change of them was
        // checked at run time for exclusive access (`swift_beginAccess`, six a string: 0.4 k instructions).
        struct JobState {
            var queue: JobQueue
            // In the order met (``CheckReport/finish(counted:)`` sorts them, and drops a key met again after others).
            var unspecified: [String] = []
            var placesByKey: [String: (places: [Place], named: Bool)] = [:]
            /// The defaults' element for each locale met, and for the last one (strings of a locale one after the
            /// other need no lookup): a catalog lists each key's locales in turn, so that keeping the last locale's
            /// only resolved and copied the element again for nearly every string.
            var defaultsElements: [String: SharedElement] = [:]
            var defaultsElement: (locale: String, element: SharedElement)?
            var lastKey: String?
            var lastPlaces: (places: [Place], named: Bool)?
        }
        var state = JobState(queue: JobQueue(feed: feed, collectsIdentities: options.baseline != nil, sharded: options.shard != nil))
        var deviceWarnings = Set<String>()
        // The texts of the keys groups show, which a group child is laid out beside (all of them read first).
        var siblings = GroupTexts(sourceLanguage: sourceLanguage)
        var skipped = Set<CheckReport.SkippedKey>()
        // Defaults that cannot lay a string out (no width): one error, and the keys no element names are skipped.
        let defaultsProblem = LayoutSpec.problem(of: spec.defaults)
        var reportedDefaultsProblem = false
        // A key's places are looked up once, not once per locale and variant (globs are matched in order); a key's
        // entries mostly come one after another, so the last key's are compared first (no hashing).
        // A spec of defaults only gives every key the defaults' one place, made once: nothing to remember, and no key
        // to hash (made for each key, its element was copied and its array allocated; with `samples` made a constant,
        // 1.6 k instructions per German string). Its name, made for no key, is never read: a key shown in one place
        // is reported without one.
        let defaultsPlaces = spec.elements.isEmpty && spec.groups.isEmpty ? spec.places(forKey: "") : nil
        /// (`entry` consumed: its job holds it, not a copy of it.)
        func job(
            _ entry: consuming CatalogEntry, text: String, language: String, samples: [Range<Int>] = [],
            _ state: inout JobState
        ) {
            let found: (places: [Place], named: Bool)
            let repeatsKey = state.lastKey == entry.key
            if !repeatsKey { state.lastKey = entry.key }
            if let defaultsPlaces {
                found = defaultsPlaces
            } else if repeatsKey, let lastPlaces = state.lastPlaces {
                found = lastPlaces
            } else {
                // One hash lookup: the slot is read, and filled when empty.
                func remembered(_ slot: inout (places: [Place], named: Bool)?, key: String) -> (places: [Place], named: Bool) {
                    if let known = slot { return known }
                    let places = spec.places(forKey: key)
                    slot = places
                    return places
                }
                found = remembered(&state.placesByKey[entry.key], key: entry.key)
                state.lastPlaces = found
            }
            let (places, named) = found
            if !named, let defaultsProblem {
                if !reportedDefaultsProblem {
                    reportedDefaultsProblem = true
                    add(.error("keys no element names are checked with the defaults, which cannot lay them out: \(defaultsProblem); "
                        + "give it in 'defaults', or name the keys in 'elements' (those keys are listed as skipped)",
                        at: spec.defaults.location ?? CatalogSourceLocation(file: spec.file, line: 1, column: 1)))
                }
                skipped.insert(CheckReport.SkippedKey(
                    key: entry.key, locale: entry.locale, variant: entry.variantPath, file: entry.source.file,
                    line: entry.source.line, reason: CheckReport.SkippedKey.defaultsCannotLayOut
                ))
                return
            }
            if !named && !repeatsKey { state.unspecified.append(entry.key) }  // (the key's entry before added it)
            // The defaults' one place, for a string that is not a device variant: its element for the locale is made
            // once per locale (copying the place and resolving its element for each string cost 1.4 k instructions
            // per German string), and shared by its jobs.
            if defaultsPlaces != nil, entry.device == nil {
                if state.defaultsElement?.locale != entry.locale {
                    let element: SharedElement
                    if let known = state.defaultsElements[entry.locale] {
                        element = known
                    } else {
                        element = SharedElement(spec.defaults.forLocale(entry.locale))
                        state.defaultsElements[entry.locale] = element
                    }
                    state.defaultsElement = (entry.locale, element)
                }
                if let element = state.defaultsElement?.element {
                    state.queue.made(CheckJob(entry: entry, text: text, language: language, shared: element,
                                              named: named, samples: samples))
                    return
                }
            }
            for place in places {
                var element: ElementSpec
                var context: GroupContext?
                // A device variant is laid out at its device's geometry when the spec gives one (an element's
                // `devices`, or a group's: its texts cannot have their own).
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
                    add(CatalogDiagnostic(
                        severity: .warning,
                        message: "'\(entry.key)' [device:\(device)] is checked with the element's own geometry; "
                            + "give its width with 'devices: {\(device): {width: …}}' in the spec",
                        location: entry.source
                    ))
                }
                state.queue.made(CheckJob(entry: copy entry, text: text, language: language, element: element,
                                          named: named, place: places.count > 1 ? place.name : nil, group: context,
                                          samples: samples))
            }
        }
        var warned = Set<String>()
        /// The string with its samples, or nil when no user sees it (and it is listed as skipped).
        func filled(_ entry: CatalogEntry, locale: String) -> PlaceholderSamples.FilledString? {
            let filled = samples.fill(entry.value, locale: locale, plural: entry.pluralCategory)
            if filled.tooLong {
                let limit = ReportNumber.integer(FitRequest.maximumTextLength)
                let words = entry.value.utf16.count > FitRequest.maximumTextLength
                    ? "is more than \(limit) characters long"
                    : "would be more than \(limit) characters long with its placeholders filled"
                add(.error("'\(entry.key)' (\(entry.locale)) \(words); layoutsim lays out at most \(limit) "
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
            for warning in filled.warnings where warned.insert(warning).inserted { add(.warning(warning, at: entry.source)) }
            return filled
        }
        /// The jobs of `entry` (consumed: given to its job, where a copy of it was copied again).
        func check(_ entry: consuming CatalogEntry, _ state: inout JobState) {
            // A locale with no localization of the key shows this text: where the spec gives that locale fields of
            // its own (another width, lines…), it is laid out there too, as that locale's result; elsewhere the
            // source language's result is that locale's too.
            // (A source text too long to lay out is said once, at its own locale.)
            if !entry.sourceShownIn.isEmpty && !entry.isStale && entry.value.utf16.count <= FitRequest.maximumTextLength {
                for locale in entry.sourceShownIn where wanted?.contains(locale.lowercased()) ?? true
                    && Self.layoutDiffers(spec, key: entry.key, locale, entry.locale, siblings: siblings) {
                    var shown = copy entry
                    shown.locale = locale
                    shown.sourceShownIn = []
                    if let text = filled(shown, locale: locale) { job(shown, text: text.text, language: locale, samples: text.samples, &state) }
                }
            }
            guard wanted?.contains(entry.locale.lowercased()) ?? true else { return }
            guard !entry.isStale else {
                skipped.insert(CheckReport.SkippedKey(key: entry.key, file: entry.source.file, line: entry.source.line, reason: "stale"))
                return
            }
            if let text = filled(entry, locale: entry.locale) {
                let language = entry.locale
                job(entry, text: text.text, language: language, samples: text.samples, &state)
            }
        }
        // String Catalogs' jobs are made as their keys are read, so that the workers start on the first strings
        // while later keys are still read (reading a catalog was the longest part of a check that one core does
        // alone). Not with groups, whose children are laid out beside the texts of every key they show, nor with
        // catalogs of other formats among them (their entries come whole at the end, and the order jobs are made in
        // decides ties between catalogs).
        var expectedJobs = 0
        let streams = options.streamsCatalogs && spec.groups.isEmpty
            && urls.allSatisfy { $0.pathExtension.lowercased() == "xcstrings" }
        var read = CatalogReader.readEach(
            urls, developmentLanguage: options.developmentLanguage, inParallel: options.workers > 1,
            emit: streams ? { catalog, first in
                // Room for the results of a catalog's strings made at once (grown as the jobs came, they were moved
                // again and again: 0.5 k instructions per Thai string): the reader made room for an entry per key as
                // it started, the capacity of the array lent.
                if first == 0 {
                    expectedJobs += catalog.capacity
                    feed.reserve(expectedJobs)
                }
                relativeFiles(&catalog, from: first)
                for index in first..<catalog.count { check(catalog[index], &state) }
            } : nil
        )
        collect(&read, streamed: streams)
        var report = started()
        unmatchedKeyWarnings(spec, entries: entries).forEach(add)
        frameWiderThanScreenWarnings(spec, categories: options.categories).forEach(add)
        if !streams {
            feed.reserve(entries.count)
            siblings = groupTexts(entries, spec: spec, samples: samples, sourceLanguage: sourceLanguage, pseudo: options.pseudo)
            for entry in entries { check(entry, &state) }
        }
        if let modes = options.pseudo {
            let pseudolocalizer = Pseudolocalizer()
            for entry in entries where entry.locale == sourceLanguage && entry.shouldTranslate && !entry.isStale
                && entry.value.utf16.count <= FitRequest.maximumTextLength {
                var pseudo = entry
                pseudo.locale = Pseudolocalizer.locale
                pseudo.value = pseudolocalizer.pseudolocalize(entry.value, modes: modes)
                if let text = filled(pseudo, locale: sourceLanguage) {
                    job(pseudo, text: text.text, language: sourceLanguage, samples: text.samples, &state)
                }
            }
        }
        state.queue.sendKeyJobs()
        var jobs: [CheckJob] = []
        swap(&jobs, &state.queue.jobs)
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
        jobs = []
        var laidOut = try feed.finish()
        // Taken out: a second reference would make the first change to the results copy all of them.
        var results: [CheckResult] = []
        swap(&results, &laidOut.results)
        if let baseline = options.baseline {
            // In report order (``CheckReport/finish()`` sorts them too, where they already are, then nothing moves).
            CheckReport.sortInPlace(&results)
            let checksLocale = { (locale: String) in
                locale == Pseudolocalizer.locale ? options.pseudo != nil : wanted?.contains(locale.lowercased()) ?? true
            }
            report.fixedSinceBaseline = baseline.apply(to: &results, allIdentities: state.queue.allIdentities, checksLocale: checksLocale)
        }
        // A locale asked for that no catalog checked has (a typo, `zh-Hans` for a catalog's `zh-CN`): an error, so
        // that a CI job does not pass for checking less than it was told to; the other locales are checked.
        if let asked = options.locales, !entries.isEmpty, let first = options.catalogs.first {
            var known: [String: String] = [sourceLanguage.lowercased(): sourceLanguage]
            if options.pseudo != nil { known[Pseudolocalizer.locale] = Pseudolocalizer.locale }
            for entry in entries {
                known[entry.locale.lowercased()] = entry.locale
                for locale in entry.sourceShownIn { known[locale.lowercased()] = locale }
            }
            let missing = asked.filter { known[$0.lowercased()] == nil }
            if !missing.isEmpty {
                let have = known.values.sorted()
                let list = have.prefix(30).joined(separator: ", ") + (have.count > 30 ? ", …" : "")
                add(.error(
                    "--locales \(missing.joined(separator: ",")): no catalog checked has "
                        + (missing.count == 1 ? "this locale" : "these locales") + " (they have \(list))",
                    at: CatalogSourceLocation(file: first, line: 1, column: 1)
                ))
            }
        }
        // Nothing laid out, and nothing said why: an empty catalog, or locales it does not have (a CI job pointed at
        // the wrong file would pass in silence).
        // (A shard may be given none of the strings; errors already say why.)
        if results.isEmpty && skipped.isEmpty && options.shard == nil && !diagnostics.contains(where: { $0.severity == "error" }),
           let first = options.catalogs.first {
            let why = entries.isEmpty || options.locales == nil ? "the catalogs checked hold no strings"
                : "the catalogs hold no strings in the locales asked for (--locales \(options.locales?.joined(separator: ",") ?? ""))"
            add(.warning("nothing was laid out: \(why)", at: CatalogSourceLocation(file: first, line: 1, column: 1)))
        }
        // Moved in, not assigned: a second reference made the first budget filled in copy all the results (0.63 k
        // instructions per German string).
        swap(&report.results, &results)
        report.drawings = laidOut.drawings
        report.fonts = laidOut.fonts
        diagnostics += laidOut.warnings
        report.unspecifiedKeys = state.unspecified
        report.skipped = Array(skipped)
        report.diagnostics = diagnostics
        report.finish(counted: laidOut.tally)
        return report
    }

    /// Paths under the working directory are reported relative to it, so reports are the same on every machine.
    package static func relative(_ file: String) -> String {
        let prefix = workingDirectoryPrefix
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    /// The working directory with a trailing slash, read once (a check asks for every string's fonts).
    private static let workingDirectoryPrefix: String = {
        let cwd = FileManager.default.currentDirectoryPath
        return cwd.hasSuffix("/") ? cwd : cwd + "/"
    }()
}

extension CheckRunner {
    /// The jobs made and not yet handed to the workers: a key's, sorted, then runs of ``LayoutFeed/runSize`` (a
    /// shard's, all of them).
    ///
    /// One value, changed by its methods: as variables of ``run(_:)`` captured by the closures that make the jobs
    /// (a String Catalog's as it is read), each read and change of them was checked at run time for exclusive
    /// access (`swift_beginAccess`, eight a string: 0.4 k instructions per Thai string).
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

    /// Whether `key` is laid out otherwise in `locale` than in `other`: a `locales` entry (of an element, of the
    /// defaults, of a group or of a group's child) gives it other fields there, or a group shows it beside other
    /// texts there (its other keys' translations).
    static func layoutDiffers(
        _ spec: LayoutSpec, key: String, _ locale: String, _ other: String, siblings: GroupTexts
    ) -> Bool {
        func differ(_ element: ElementSpec) -> Bool {
            element.forLocale(locale).layoutFields != element.forLocale(other).layoutFields
        }
        return spec.places(forKey: key).places.contains { place in
            switch place {
            case .element(let element, _):
                return differ(element)
            case .group(let group):
                if differ(group.fields) { return true }
                if siblings.texts(besides: key, in: group, locale: locale) != siblings.texts(besides: key, in: group, locale: other) {
                    return true
                }
                return group.layouts.lazy.flatMap(\.items).contains { item in
                    guard case .key(key, let element, _) = item else { return false }
                    return differ(element.over(group.textFields))
                }
            }
        }
    }
}
