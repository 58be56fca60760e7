import LayoutSimCatalogs
import LayoutSimFaces
import LayoutSimFitting
import LayoutSimModel

/// A job's place in a group: the group (its fields over the defaults, for the job's locale) and the texts of the
/// group's other catalog children in the job's locale. A class, so that a job outside any group (most of them) does
/// not carry a whole group's worth of empty fields inline (12 MB over 20,000 strings).
package final class GroupContext: Sendable {
    package let group: GroupSpec
    /// Each other key's texts in this locale (every variant, placeholders filled; the source language's when the
    /// locale has none, as iOS shows); a key in no catalog is absent and takes no room.
    package let siblings: [String: [String]]

    package init(group: GroupSpec, siblings: [String: [String]]) {
        self.group = group
        self.siblings = siblings
    }
}

/// Laying out a child of a group: which layout is used at each category (the first that applies and fits), and
/// the width the row gives the child there.
extension CheckRunner {
    /// The child's layouts: for each layout used, the categories it is used at and the child's width there.
    struct GroupPlan {
        struct Part {
            /// The layout's index in the group.
            var layout: Int
            /// The child's item in that layout: its fields.
            var element: ElementSpec
            var categories: [ContentSizeCategory]
            /// The child's width (insets included) at each of `categories`.
            var widths: [ContentSizeCategory: Double]
            /// The most the child could take at each of `categories` with its siblings still at their ideal widths:
            /// its room, for a translator's budget (its width is only what its text takes of it).
            var rooms: [ContentSizeCategory: Double] = [:]
            /// In a row, at each of `categories`: how the row shares its width (what the width a text needs asks of it).
            var rows: [ContentSizeCategory: RowShare] = [:]
        }

        var parts: [Part]
        var placement: CheckResult.Placement
    }

    /// Plans `job`'s text in its group at `categories`: at each, the layout the group uses (the first that applies
    /// and fits), and the width and room the child has there.
    static func planGroup(
        _ job: CheckJob, context: GroupContext, categories: [ContentSizeCategory], engine: LayoutEngine
    ) throws(LayoutSimError) -> GroupPlan {
        let group = context.group
        let categories = Array(Set(categories)).sorted()
        let room = try groupRoom(group, categories: categories)
        let ideals = try idealWidths(job, context: context, categories: categories, engine: engine)
        let limits = group.fields.categoryLimits
        var parts: [Int: GroupPlan.Part] = [:]
        var slots: [CheckResult.Placement.Slot] = []
        var hidden: [String] = []
        for category in categories {
            let shown = limits.apply(to: category)
            let width = room[category] ?? 0
            guard let chosen = chosenLayout(group, ideals: ideals, category: category, shown: shown, width: width) else {
                continue
            }
            let layout = group.layouts[chosen]
            guard let own = layout.items.firstIndex(where: { $0.key == job.entry.key }),
                  case .key(_, let item, _) = layout.items[own] else {
                hidden.append(category.swiftUIName)
                continue
            }
            var share = width
            var roomForText = width
            let row = layout.axis == .row
                ? rowShare(layout, ideals: ideals[chosen], child: own, category: category, shown: shown) : nil
            if let row { (share, roomForText) = row.childWidths(width: width) }
            var part = parts[chosen] ?? GroupPlan.Part(
                layout: chosen, element: childElement(item, group: group, locale: job.entry.locale), categories: [], widths: [:]
            )
            part.categories.append(category)
            part.widths[category] = share
            part.rooms[category] = roomForText
            if layout.axis == .row { part.rows[category] = row }
            parts[chosen] = part
            slots.append(CheckResult.Placement.Slot(
                category: category.swiftUIName, layout: layout.name(index: chosen, of: group.layouts.count),
                width: ReportNumber.rounded(share), groupWidth: ReportNumber.rounded(width)
            ))
        }
        return GroupPlan(
            parts: parts.values.sorted { ($0.categories.first ?? .xSmall) < ($1.categories.first ?? .xSmall) },
            placement: CheckResult.Placement(group: group.name, at: slots, hiddenAt: hidden)
        )
    }

    /// The group's own width after its insets at each category (scaled with its style when it scales them).
    private static func groupRoom(
        _ group: GroupSpec, categories: [ContentSizeCategory]
    ) throws(LayoutSimError) -> [ContentSizeCategory: Double] {
        try LayoutEngine.textWidths(group.fields.request(text: " ", language: nil, categories: categories))
    }

    /// A text child's fields in the group, for `locale`, at any width (ideal widths do not depend on it).
    private static func childElement(_ item: ElementSpec, group: GroupSpec, locale: String) -> ElementSpec {
        var spec = item.over(group.textFields).forLocale(locale)
        spec.width = 1_000
        return spec
    }

    /// Every text child's ideal width (its widest text on one line) at each category, by item index, per layout.
    private static func idealWidths(
        _ job: CheckJob, context: GroupContext, categories: [ContentSizeCategory], engine: LayoutEngine
    ) throws(LayoutSimError) -> [[Int: [ContentSizeCategory: Double]]] {
        var ideals: [[Int: [ContentSizeCategory: Double]]] = []
        for layout in context.group.layouts {
            var widths: [Int: [ContentSizeCategory: Double]] = [:]
            for (index, item) in layout.items.enumerated() {
                let texts: [String]
                let spec: ElementSpec
                switch item {
                case .view: continue
                case .key(let key, let item, _):
                    spec = childElement(item, group: context.group, locale: job.entry.locale)
                    texts = key == job.entry.key ? [job.text] : context.siblings[key] ?? []
                case .sample(let text, let item, _):
                    spec = childElement(item, group: context.group, locale: job.entry.locale)
                    texts = [text]
                }
                var widest: [ContentSizeCategory: Double] = [:]
                for text in texts {
                    let request = try spec.request(text: text, language: job.language, categories: categories)
                    for (category, width) in try engine.idealWidths(request) { widest[category] = max(widest[category] ?? 0, width) }
                }
                widths[index] = widest
            }
            ideals.append(widths)
        }
        return ideals
    }

    /// The fixed part of a row (views and gaps) at `shown`.
    private static func fixedWidth(_ layout: GroupLayout, at shown: ContentSizeCategory) -> Double {
        let views = layout.items.reduce(0.0) { sum, item in
            if case .view(let length) = item { return sum + length.value(at: shown) }
            return sum
        }
        return views + Double(max(0, layout.items.count - 1)) * layout.spacing.value(at: shown)
    }

    /// The layout the group uses at `category` (`shown` within its limits, `width` wide): the first that applies and
    /// fits its texts at their ideal widths, else the last that applies; nil when none applies.
    private static func chosenLayout(
        _ group: GroupSpec, ideals: [[Int: [ContentSizeCategory: Double]]], category: ContentSizeCategory,
        shown: ContentSizeCategory, width: Double
    ) -> Int? {
        let candidates = group.layouts.indices.filter { group.layouts[$0].when.contains(shown) }
        guard let last = candidates.last else { return nil }
        func fits(_ index: Int) -> Bool {
            let layout = group.layouts[index]
            let texts = ideals[index].values.map { $0[category] ?? 0 }
            switch layout.axis {
            case .row:
                return fixedWidth(layout, at: shown) + texts.reduce(0, +) <= width + Fitter.tolerance
            case .column:
                let views = layout.items.compactMap { item -> Double? in
                    if case .view(let length) = item { return length.value(at: shown) }
                    return nil
                }
                return (texts + views).allSatisfy { $0 <= width + Fitter.tolerance }
            }
        }
        return candidates.first(where: fits) ?? last
    }

    /// How the row `layout` shares its width at `category` among its texts (their ideal widths and priorities), the
    /// child at item `child` among them; nil when the child is not one of its texts.
    private static func rowShare(
        _ layout: GroupLayout, ideals: [Int: [ContentSizeCategory: Double]], child: Int, category: ContentSizeCategory,
        shown: ContentSizeCategory
    ) -> RowShare? {
        let textIndexes = layout.items.indices.filter { ideals[$0] != nil }
        guard let position = textIndexes.firstIndex(of: child) else { return nil }
        let texts = textIndexes.map { index -> RowSharing.Text in
            var priority = 0.0
            switch layout.items[index] {
            case .key(_, _, let p), .sample(_, _, let p): priority = p
            case .view: break
            }
            return RowSharing.Text(ideal: ideals[index]?[category] ?? 0, priority: priority)
        }
        return RowShare(fixed: fixedWidth(layout, at: shown), texts: texts, position: position)
    }

    /// A group child's requests: one per part (each layout used), for the categories it is used at, with the child's
    /// width at each.
    static func groupChildRequests(
        _ job: CheckJob, plan: GroupPlan, usesSystemFonts: Bool
    ) throws(LayoutSimError) -> [FitRequest] {
        var requests: [FitRequest] = []
        for part in plan.parts {
            var spec = part.element
            // The container's own width only has to be valid: each category's width (which may leave the text no
            // room at all) is set below.
            let insets = (spec.insets?.left ?? 0) + (spec.insets?.right ?? 0)
            spec.width = max(insets + 1, part.widths[part.categories[0]] ?? 0)
            var request = try spec.request(text: job.text, language: job.language, categories: part.categories,
                                           usesSystemFonts: usesSystemFonts)
            request.container.categoryWidths = part.widths
            requests.append(request)
        }
        return requests
    }
}

/// The texts of the keys that groups show, by key and locale (placeholders filled), for sizing each child's
/// siblings.
struct GroupTexts {
    var byKey: [String: [String: [String]]] = [:]
    var sourceLanguage: String

    /// The other catalog children of `group` in `locale`: their texts there, else the source language's (what iOS
    /// shows for a missing translation); a key in no catalog is left out.
    func texts(besides key: String, in group: GroupSpec, locale: String) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for other in group.keys where other != key {
            if let texts = byKey[other]?[locale] ?? byKey[other]?[sourceLanguage] { out[other] = texts }
        }
        return out
    }
}

extension CheckRunner {
    /// Every text of every key a group shows, in every locale (and pseudolocalized, when asked).
    static func groupTexts(
        _ entries: [CatalogEntry], spec: LayoutSpec, samples: PlaceholderSamples, sourceLanguage: String,
        pseudo: Set<Pseudolocalizer.Mode>?
    ) -> GroupTexts {
        var out = GroupTexts(sourceLanguage: sourceLanguage)
        let keys = Set(spec.groups.flatMap(\.keys))
        guard !keys.isEmpty else { return out }
        let pseudolocalizer = Pseudolocalizer()
        func add(_ key: String, _ locale: String, _ value: String, language: String, plural: PluralCategory?) {
            let filled = samples.fill(value, locale: language, plural: plural)
            guard !filled.tooLong, filled.neverShown == nil else { return }
            var texts = out.byKey[key, default: [:]][locale, default: []]
            if !texts.contains(filled.text) { texts.append(filled.text) }
            out.byKey[key, default: [:]][locale] = texts
        }
        for entry in entries where keys.contains(entry.key) && !entry.isStale {
            add(entry.key, entry.locale, entry.value, language: entry.locale, plural: entry.pluralCategory)
            if let modes = pseudo, entry.locale == sourceLanguage, entry.shouldTranslate,
               entry.value.utf16.count <= FitRequest.maximumTextLength {
                add(entry.key, Pseudolocalizer.locale, pseudolocalizer.pseudolocalize(entry.value, modes: modes),
                    language: sourceLanguage, plural: entry.pluralCategory)
            }
        }
        return out
    }
}

extension CheckRunner {
    /// A spec key no catalog has is most likely a typo: an element that checks nothing, or a row child that silently
    /// takes no room and leaves its neighbours more than they have.
    /// A warning for each element (or the defaults) whose frame, sized with `@ScaledMetric` (`scaledWidth`), grows
    /// wider than its device's screen at the largest category checked: the text may "fit" a frame an iPhone shows cut
    /// at the screen's edge.
    static func frameWiderThanScreenWarnings(_ spec: LayoutSpec, categories: [ContentSizeCategory]) -> [CatalogDiagnostic] {
        guard let largest = categories.max() else { return [] }
        var out: [CatalogDiagnostic] = []
        let top = CatalogSourceLocation(file: spec.file, line: 1, column: 1)
        // (The screen is the element's device or the defaults': a frame of its own takes the place of an inherited
        // device's width, not of the screen it is shown on.)
        for (element, device, isDefaults) in [(spec.defaults, spec.defaults.device, true)]
            + spec.elements.map({ ($0.over(spec.defaults), $0.device ?? spec.defaults.device, false) }) {
            guard let scaledWidth = element.scaledWidth, let device else { continue }
            // The defaults' frame is said once, at the defaults; an element's only when it is its own.
            if !isDefaults, element.scaledWidth == spec.defaults.scaledWidth, spec.defaults.scaledWidth != nil { continue }
            let scaler: FontMetricsScaler
            // A style with no scale (said where the element is laid out) has no width to compare.
            do { scaler = try FontMetricsScaler(relativeTo: element.relativeTo ?? element.style ?? .body) } catch { continue }
            let shown = element.categoryLimits.apply(to: largest)
            let width = scaler.scaledValue(scaledWidth, at: shown)
            guard width > device.screenWidth + Fitter.tolerance else { continue }
            let what = isDefaults ? "the defaults' frame" : "the frame of '\(element.key ?? element.name ?? "element")'"
            out.append(.warning(
                "\(what) (scaledWidth \(ReportNumber.text(scaledWidth)) pt) is \(ReportNumber.text(width)) pt wide at "
                    + "\(shown.swiftUIName), wider than the \(device.rawValue)'s \(ReportNumber.text(device.screenWidth)) pt "
                    + "screen: an iPhone shows it cut at the screen's edge, whatever fits in it",
                at: element.location ?? top
            ))
        }
        return out
    }

    static func unmatchedKeyWarnings(_ spec: LayoutSpec, entries: [CatalogEntry]) -> [CatalogDiagnostic] {
        // Nothing to look up for a spec of defaults only; else each key once (a key's entries come together).
        guard spec.elements.contains(where: { $0.key != nil }) || !spec.groups.isEmpty else { return [] }
        var keys = Set<String>()
        var last: String?
        // Each key read in place, not each entry copied into a loop variable.
        for index in entries.indices where entries[index].key != last {
            keys.insert(entries[index].key)
            last = entries[index].key
        }
        var out: [CatalogDiagnostic] = []
        let top = CatalogSourceLocation(file: spec.file, line: 1, column: 1)
        // Each key meets only the globs it starts like: linear in the keys, not keys × globs.
        let matchedGlobs = SpecIndex(spec).globsMatched(by: keys)
        for (index, element) in spec.elements.enumerated() {
            guard let pattern = element.key else { continue }
            let isGlob = pattern.contains("*") || pattern.contains("?")
            let matches = isGlob ? matchedGlobs.contains(index) : keys.contains(pattern)
            if !matches {
                // A shell's character class or braces are not this glob's: say so where they are the likely reason.
                let hint = isGlob && pattern.contains(where: { "[]{}".contains($0) }) ? " (a key glob takes only * and ?)" : ""
                out.append(.warning("'\(pattern)' matches no key of the catalogs checked\(hint)", at: element.location ?? top))
            }
        }
        for group in spec.groups {
            for key in group.keys where !keys.contains(key) {
                out.append(.warning("'\(group.name)' shows '\(key)', which no catalog checked has: it takes no room in the group",
                                    at: group.fields.location ?? top))
            }
        }
        return out
    }
}
