import Dispatch
import Foundation
import LayoutSimCatalogs
import LayoutSimFaces
import LayoutSimFitting
import LayoutSimModel
import LayoutSimSupport

/// What `layoutsim check` checks, and how.
public struct CheckOptions: Sendable {
    /// Catalog files (`.xcstrings`, `.strings`, `.stringsdict`, `.xliff`, `.xcloc`), as given.
    public var catalogs: [String]
    /// The layout spec (JSON or YAML); "" for none, when ``sourcesSpec`` gives the places.
    public var spec: String
    /// A spec derived from the app's sources (`layoutsim scan`'s draft, as text): its places are checked, with the
    /// spec file's fields over them per key (``LayoutSpec/withSources(_:)``).
    public var sourcesSpec: String?
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
    /// Whether String Catalogs' jobs are made as their keys are read (tests turn it off to compare: the report is
    /// the same either way).
    package var streamsCatalogs = true

    /// How reports name the spec derived from the sources.
    public static let sourcesName = "(spec from the sources)"

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
/// queued, handed out, checked, its result stored), and a copy of one reference is a copy of all of them.
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
    ///
    /// The pipeline: read the spec; start the workers; make a job of every string as the catalogs are read (the
    /// workers lay them out meanwhile); hand the rest out and wait for the layouts; assemble the report.
    /// The spec file, the spec derived from the sources, or the first over the second.
    static func readSpec(_ options: CheckOptions) -> (LayoutSpec?, [CatalogDiagnostic]) {
        guard let derivedText = options.sourcesSpec else { return LayoutSpecReader.read(path: options.spec) }
        let (derived, derivedDiagnostics) = LayoutSpecReader.read(text: derivedText, path: CheckOptions.sourcesName)
        guard !options.spec.isEmpty else { return (derived, derivedDiagnostics) }
        // The hand spec's elements may leave the width to the derived places: each is checked once merged.
        var (hand, diagnostics) = LayoutSpecReader.read(text: nil, path: options.spec, validates: false)
        diagnostics = derivedDiagnostics + diagnostics
        guard let derived, let hand else { return (hand ?? derived, diagnostics) }
        var merged = hand.withSources(derived)
        merged.validate { message, location in diagnostics.append(CatalogDiagnostic(severity: .error, message: message, location: location)) }
        return (merged, diagnostics)
    }

    public static func run(_ options: CheckOptions) throws(LayoutSimError) -> CheckReport {
        var said = Diagnostics(locales: options.locales)
        // The input's hashes read every file again: beside the reading, on a second core when there is one.
        let input = BackgroundValue(inParallel: options.workers > 1) {
            CheckReport.Input(options, toolVersion: LayoutSimVersion.current)
        }
        let (spec, specDiagnostics) = readSpec(options)
        specDiagnostics.forEach { said.add($0) }
        said.all += options.baseline?.diagnostics ?? []
        guard let spec else {
            // Nothing can be laid out: the catalogs are read for what they say.
            _ = readCatalogs(options, said: &said)
            var report = startedReport(options, input: input.value, appleFonts: nil)
            report.diagnostics = said.all
            report.finish()
            return report
        }
        // Apple's fonts as the options, the spec and the environment say (nil: the bundled stand-ins).
        let appleFonts = try appleFonts(options, spec: spec)
        let jobs = JobMaker(spec: spec, options: options, appleFonts: appleFonts, said: said)
        jobs.readCatalogs()
        let report = startedReport(options, input: input.value, appleFonts: appleFonts)
        jobs.makePseudolocalizedJobs()
        let laidOut = try jobs.layOut()
        return assemble(report, laidOut: laidOut, jobs: jobs)
    }

    /// The report of a check whose layouts are done: the results (a baseline's known failures marked), the
    /// diagnostics of the whole check, the skipped and unnamed keys, the drawings and fonts.
    static func assemble(_ started: CheckReport, laidOut: LayoutFeed.Outcome, jobs: JobMaker) -> CheckReport {
        var report = started
        var laidOut = laidOut
        let options = jobs.options
        // Taken out: a second reference would make the first change to the results copy all of them.
        var results: [CheckResult] = []
        swap(&results, &laidOut.results)
        if let baseline = options.baseline {
            // In report order (``CheckReport/finish()`` sorts them too, where they already are, then nothing moves).
            CheckReport.sortInPlace(&results)
            let wanted = options.locales.map { Set($0.map { $0.lowercased() }) }
            let checksLocale = { (locale: String) in
                locale == Pseudolocalizer.locale ? options.pseudo != nil : wanted?.contains(locale.lowercased()) ?? true
            }
            report.fixedSinceBaseline = baseline.apply(to: &results, allIdentities: jobs.queue.allIdentities, checksLocale: checksLocale)
        }
        if let missing = missingLocales(options, catalogs: jobs.catalogs) { jobs.add(missing) }
        // Nothing laid out, and nothing said why: an empty catalog, or locales it does not have (a CI job pointed at
        // the wrong file would pass in silence). (A shard may be given none of the strings; errors already say why.)
        if results.isEmpty && jobs.skipped.isEmpty && options.shard == nil && !jobs.said.hasErrors,
           let first = options.catalogs.first {
            let why = jobs.catalogs.entries.isEmpty || options.locales == nil ? "the catalogs checked hold no strings"
                : "the catalogs hold no strings in the locales asked for (--locales \(options.locales?.joined(separator: ",") ?? ""))"
            jobs.add(.warning("nothing was laid out: \(why)", at: CatalogSourceLocation(file: first, line: 1, column: 1)))
        }
        swap(&report.results, &results)
        report.drawings = laidOut.drawings
        report.fonts = laidOut.fonts
        report.unspecifiedKeys = jobs.unspecified
        report.skipped = Array(jobs.skipped)
        report.diagnostics = jobs.said.all + laidOut.warnings
        report.finish(counted: laidOut.tally)
        return report
    }

    /// An error for the locales asked for that no catalog checked has (a typo, `zh-Hans` for a catalog's `zh-CN`), so
    /// that a CI job does not pass for checking less than it was told to; the other locales are checked.
    static func missingLocales(_ options: CheckOptions, catalogs: ReadCatalogs) -> CatalogDiagnostic? {
        guard let asked = options.locales, !catalogs.entries.isEmpty, let first = options.catalogs.first else { return nil }
        var known: [String: String] = [catalogs.sourceLanguage.lowercased(): catalogs.sourceLanguage]
        if options.pseudo != nil { known[Pseudolocalizer.locale] = Pseudolocalizer.locale }
        for entry in catalogs.entries {
            known[entry.locale.lowercased()] = entry.locale
            for locale in entry.sourceShownIn { known[locale.lowercased()] = locale }
        }
        let missing = asked.filter { known[$0.lowercased()] == nil }
        guard !missing.isEmpty else { return nil }
        let have = known.values.sorted()
        let list = have.prefix(30).joined(separator: ", ") + (have.count > 30 ? ", …" : "")
        return .error(
            "--locales \(missing.joined(separator: ",")): no catalog checked has "
                + (missing.count == 1 ? "this locale" : "these locales") + " (they have \(list))",
            at: CatalogSourceLocation(file: first, line: 1, column: 1)
        )
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
    /// Whether `key` is laid out otherwise in `locale` than in `other`: a `locales` entry (of an element, of the
    /// defaults, of a group or of a group's child) gives it other fields there, or a group shows it beside other
    /// texts there (its other keys' translations).
    static func layoutDiffers(
        _ places: [Place], key: String, _ locale: String, _ other: String, siblings: GroupTexts
    ) -> Bool {
        func differ(_ element: ElementSpec) -> Bool {
            element.forLocale(locale).layoutFields != element.forLocale(other).layoutFields
        }
        return places.contains { place in
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
