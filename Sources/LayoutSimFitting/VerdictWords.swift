import LayoutSimModel

/// The kind of a verdict without its payload: what reports store and compare (`check`'s JSON, baselines).
public enum VerdictKind: String, Sendable, Hashable, Codable, CaseIterable {
    case fits, fitsWithWordBroken, truncated, clipped, inkClipped, inkOverlap, missingGlyphs
}

// The one place a verdict becomes words: names in JSON, phrases in summaries, messages and pictures.

extension Verdict {
    /// The verdict without its payload.
    public var kind: VerdictKind {
        switch self {
        case .fits: return .fits
        case .fitsWithWordBroken: return .fitsWithWordBroken
        case .truncated: return .truncated
        case .clipped: return .clipped
        case .inkClipped: return .inkClipped
        case .inkOverlap: return .inkOverlap
        case .missingGlyphs: return .missingGlyphs
        }
    }

    /// The verdict's name in reports: `fits`, `fitsWithWordBroken`, `truncated`, `clipped`, `inkClipped`,
    /// `inkOverlap`, `missingGlyphs`.
    public var name: String { kind.rawValue }
}

extension VerdictKind {
    /// Words for a summary line: "truncated", "clipped", "a word broken".
    public var phrase: String {
        switch self {
        case .fits: return "fits"
        case .fitsWithWordBroken: return "a word broken"
        case .truncated: return "truncated"
        case .clipped: return "clipped"
        case .inkClipped: return "ink clipped"
        case .inkOverlap: return "lines overlap"
        case .missingGlyphs: return "missing glyphs"
        }
    }

    /// Words for a failure in `check`'s messages ("word broken from xxLarge").
    public var failurePhrase: String {
        self == .fitsWithWordBroken ? "word broken" : phrase
    }
}

extension CategoryResult {
    /// The verdict with its amounts, for the `fit` table: "truncated (1 line hidden): "Geschwindigkeits…"",
    /// "clipped by 3 pt", "fits (shrunk to 82%)", ink outside line boxes.
    public var tableVerdict: String {
        let format = ReportNumber.twoDecimals
        var text = verdict.name
        switch verdict {
        case .truncated(let hidden):
            text += " (\(hidden) line\(hidden == 1 ? "" : "s") hidden)"
        case .clipped(let by):
            text += clippedBy != nil ? " by \(format(by)) pt" : " (line \(format(by)) pt too wide)"
        case .inkClipped(let by), .inkOverlap(let by):
            text += " by \(format(by)) pt"
        case .missingGlyphs(let count):
            text += " (\(count) cluster\(count == 1 ? "" : "s"))"
        case .fits, .fitsWithWordBroken:
            break
        }
        if wordBroken, verdict != .fitsWithWordBroken { text += ", word broken" }
        if scaleFactor < 1 {
            text += shrinkReachedMinimum
                ? " (shrunk to the minimum \(format(scaleFactor * 100))%)"
                : " (shrunk to \(format(scaleFactor * 100))%)"
        }
        if tracking < 0 { text += " (tightened \(format(tracking)) pt)" }
        if case .truncated = verdict { text += ": \"" + visibleText.withLineFeedsShown(as: "⏎") + "\"" }
        let above = lineBoxes.prefix(shownLineCount).map(\.overflowAbove).max() ?? 0
        let below = lineBoxes.prefix(shownLineCount).map(\.overflowBelow).max() ?? 0
        // Only when it shows at two decimals: "0 pt above, 0 pt below" said nothing.
        if format(above) != format(0) || format(below) != format(0) {
            text += "; ink outside line box: \(format(above)) pt above, \(format(below)) pt below"
        }
        return text
    }

    /// The verdict with its amounts, short, for a picture's caption: "truncated: 12 characters, 1 line hidden".
    public var captionVerdict: String {
        let n = ReportNumber.text
        switch verdict {
        case .fits: return scaleFactor < 1 ? "fits (shrunk to \(Int((scaleFactor * 100).rounded())) %)" : "fits"
        case .fitsWithWordBroken: return "a word broken"
        case .truncated(let hidden):
            return "truncated: \(hiddenCharacters) character\(hiddenCharacters == 1 ? "" : "s"), "
                + "\(hidden) line\(hidden == 1 ? "" : "s") hidden"
        case .clipped(let by): return "clipped by \(n(by)) pt"
        case .inkClipped(let by): return "ink clipped by \(n(by)) pt"
        case .inkOverlap(let by): return "lines overlap by \(n(by)) pt"
        case .missingGlyphs(let count): return "\(count) cluster\(count == 1 ? " has" : "s have") no font"
        }
    }
}

extension FitReport {
    /// One line: "fits through xxxLarge; truncated from accessibility1", "fits at every category", …, and when the
    /// view's category limits changed a category, which ("; xxLarge to accessibility2 shown at xLarge").
    public var summary: String {
        // Runs of requested categories shown at one other category: "xSmall to medium shown at large".
        var groups: [(first: ContentSizeCategory, last: ContentSizeCategory, applied: ContentSizeCategory)] = []
        for result in results {
            guard let category = result.category, let applied = result.appliedCategory, applied != category else { continue }
            if let last = groups.last, last.applied == applied {
                groups[groups.count - 1].last = category
            } else {
                groups.append((category, category, applied))
            }
        }
        let notes = groups.map { group in
            let span = group.first == group.last
                ? group.first.swiftUIName : "\(group.first.swiftUIName) to \(group.last.swiftUIName)"
            return "\(span) shown at \(group.applied.swiftUIName)"
        }
        return ([verdictSummary] + notes).joined(separator: "; ")
    }

    private var verdictSummary: String {
        if !missingGlyphs.isEmpty {
            let points = missingGlyphs.flatMap(\.codePoints).joined(separator: " ")
            return "cannot be displayed: no font covers \(points)"
        }
        guard let failure = firstFailure else {
            if results.count == 1, results.first?.category == nil { return "fits" }
            if results.count == ContentSizeCategory.allCases.count { return "fits at every category" }
            // Say exactly what was checked: an extraLargeTitle is known at Large only, a range may be partial.
            let names = results.compactMap { $0.category?.swiftUIName }
            return "fits at the categories checked: " + names.joined(separator: ", ")
        }
        let phrase = failure.verdict.kind.phrase
        guard let category = failure.category else { return "does not fit: \(phrase)" }
        let from = "\(phrase) from \(category.swiftUIName)"
        if let through = fitsThrough { return "fits through \(through.swiftUIName); \(from)" }
        return "does not fit at \(category.swiftUIName): \(phrase)"
    }
}

extension FitFailure {
    /// What a test failure says, one fact a line:
    ///
    /// ```
    /// "abcdefghij" must fit through accessibility5: truncated at xxxLarge (fits through xxLarge)
    ///   shows: "abcdefgh…"
    ///   missing room: 1 more line of 22.33 pt; 2 characters hidden
    ///   to fit at accessibility5 it needs 140 pt of width (has 100), or 2 lines (1 allowed)
    /// ```
    ///
    /// A catalog string starts with its key, locale and variant (`button.continue [de, plural:one]`) and ends with
    /// where the key is (`  at Localizable.xcstrings:12:7`). Line breaks in shown text read `⏎`.
    public var message: String {
        let format = ReportNumber.twoDecimals
        var subject = "\"" + text.withLineFeedsShown(as: "⏎") + "\""
        if let key {
            let place = ([locale].compactMap { $0 } + variant).joined(separator: ", ")
            subject = key + (place.isEmpty ? "" : " [\(place)]") + " " + subject
        }
        var first: String
        if let category, let mustFitThrough {
            let through = fitsThrough.map { "fits through \($0.swiftUIName)" } ?? "fails from the smallest size"
            first = "\(subject) must fit through \(mustFitThrough.swiftUIName): \(verdict.failurePhrase) at "
                + "\(category.swiftUIName) (\(through))"
        } else {
            first = "\(subject) does not fit at its fixed size: \(verdict.failurePhrase)"
        }
        var lines = [first]
        if let visibleText { lines.append("  shows: \"" + visibleText.withLineFeedsShown(as: "⏎") + "\"") }
        var room: [String] = []
        if let hiddenLines, hiddenLines > 0 {
            var phrase = "\(hiddenLines) more line\(hiddenLines == 1 ? "" : "s")"
            if let lineHeight { phrase += " of \(format(lineHeight)) pt" }
            room.append(phrase)
        }
        switch verdict {
        case .clipped:
            if let overflowWidth { room.append("a character is \(format(overflowWidth)) pt wider than the line") }
            if let clippedBy { room.append("\(format(clippedBy)) pt too tall") }
        case .inkClipped:
            if let clippedBy { room.append("ink cut off by \(format(clippedBy)) pt") }
        case .inkOverlap:
            if let clippedBy { room.append("lines overlap by \(format(clippedBy)) pt") }
        case .fitsWithWordBroken:
            room.append("a word is wider than the line and split mid-word")
        case .missingGlyphs:
            room.append("no font covers " + missingGlyphs.joined(separator: " "))
        case .fits, .truncated:
            break
        }
        if hiddenCharacters > 0 { room.append("\(hiddenCharacters) character\(hiddenCharacters == 1 ? "" : "s") hidden") }
        if !room.isEmpty { lines.append("  missing room: " + room.joined(separator: "; ")) }
        // What would make it fit: the room above says what is cut off, not that so much more would do (a word wider
        // than the line stays broken on more lines).
        if let remedy { lines.append("  " + remedy) }
        if let location { lines.append("  at \(location)") }
        return lines.joined(separator: "\n")
    }
}

/// Words for the test helpers' problems other than a string that does not fit.
public enum ExpectationWords {
    /// The engine refused the request (bad font, impossible container): "layoutsim could not lay out "…": …".
    public static func layoutError(text: String, error: String) -> String {
        "layoutsim could not lay out \"\(text)\": \(error)"
    }

    /// The check could not run at all (unreadable spec or catalog).
    public static func checkError(_ error: String) -> String { "layoutsim check could not run: \(error)" }

    /// A catalog string that could not be laid out (a bad element field).
    public static func stringError(key: String, locale: String, error: String, location: String) -> String {
        "\(key) [\(locale)]: \(error)\n  at \(location)"
    }

    /// A check that found no string to lay out: a test that would pass whatever the catalog holds.
    public static func nothingChecked(catalogs: [String]) -> String {
        "layoutsim check found no string to check in " + catalogs.joined(separator: ", ")
            + " (wrong paths, or --locales that the catalogs do not have?)"
    }

    /// The last line of a catalog expectation that failed: "3 of 39 strings do not fit (7 keys in 5 locales)".
    public static func catalogSummary(failures: Int, strings: Int, keys: Int, locales: Int) -> String {
        "\(failures) of \(strings) string\(strings == 1 ? "" : "s") \(failures == 1 ? "does" : "do") not fit "
            + "(\(keys) key\(keys == 1 ? "" : "s") in \(locales) locale\(locales == 1 ? "" : "s"))"
    }
}

extension FitRemedy {
    /// What would make the text fit, one alternative per remedy: "to fit at accessibility5 it needs 212.33 pt of
    /// width (has 120), or 3 lines (1 allowed); with one more line it fits through xxLarge".
    public func words(container: Container) -> String {
        let container = container.at(category)
        let format = ReportNumber.twoDecimals
        var needs: [String] = []
        if let neededWidth { needs.append("\(format(neededWidth)) pt of width (has \(format(container.width)))") }
        // More lines, and the height they take: both are needed together.
        var taller: [String] = []
        if neededLinesAreEnough, container.lineLimit > 0, neededLines > container.lineLimit {
            taller.append("\(neededLines) lines (\(container.lineLimit) allowed)")
        }
        if neededLinesAreEnough, let neededHeight, let height = container.height, neededHeight > height {
            taller.append("\(format(neededHeight)) pt of height (has \(format(height)))")
        }
        if !taller.isEmpty { needs.append(taller.joined(separator: " and ")) }
        if let neededTogether, let height = container.height {
            needs.append("\(format(neededTogether.width)) pt of width (has \(format(container.width))) and "
                + "\(format(neededTogether.height)) pt of height (has \(format(height)))")
        }
        let place = category.map { "to fit at \($0.swiftUIName)" } ?? "to fit"
        var out = needs.isEmpty ? "\(place): no wider or taller container is enough" : "\(place) it needs " + needs.joined(separator: ", or ")
        if container.lineLimit > 0 && !oneMoreLineIsEnough {
            if let through = fitsThroughWithOneMoreLine, through != fitsThrough {
                out += "; with one more line it fits through \(through.swiftUIName)"
            } else {
                out += "; one more line does not help"
            }
        }
        return out
    }
}

extension NearVerdict {
    /// The warning a check gives for `key` in `locale` (and `variant`): "'Continue' (ar, plural:few): a near miss
    /// (needs 120 pt of width, has 118) measured with NotoSansArabic-Regular.ttf, whose widths can be off from iOS's
    /// font by up to 8 %: confirm on a device", or "…: a near pass: it fits at accessibility5, but would not if its
    /// clusters in …, were that much wider: confirm on a device".
    public func message(key: String, locale: String, variant: [String]) -> String {
        let subject = "'\(key)' (" + ([locale] + variant).joined(separator: ", ") + ")"
        let n = ReportNumber.text
        switch self {
        case .miss(let needed, let room, let uncertainty):
            return "\(subject): a near miss (needs \(n(needed)) pt of width, has \(n(room))) measured with "
                + "\(uncertainty.words): confirm on a device"
        case .pass(let category, let uncertainty):
            let at = category.map { " at \($0.swiftUIName)" } ?? ""
            return "\(subject): a near pass: it fits\(at), but would not if its clusters in \(uncertainty.words), were "
                + "that much wider: confirm on a device"
        }
    }
}

extension StandInUncertainty {
    /// "NotoSansArabic-Regular.ttf, whose widths can be off from iOS's font by up to 8 %".
    public var words: String {
        let percent = ReportNumber.text(fraction * 100)
        return files.joined(separator: ", ") + (assumed
            ? ", a stand-in whose widths no measurement of iOS's font backs (taken as up to \(percent) % off)"
            : ", whose widths can be off from iOS's font by up to \(percent) %")
    }
}
