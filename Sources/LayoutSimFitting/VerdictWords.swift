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
        if case .truncated = verdict { text += ": \"" + visibleText.replacingOccurrences(of: "\n", with: "⏎") + "\"" }
        let above = lineBoxes.prefix(shownLineCount).map(\.overflowAbove).max() ?? 0
        let below = lineBoxes.prefix(shownLineCount).map(\.overflowBelow).max() ?? 0
        if above > 0 || below > 0 {
            text += "; ink outside line box: \(format(above)) pt above, \(format(below)) pt below"
        }
        return text
    }

    /// The verdict with its amounts, short, for a picture's caption: "truncated: 12 characters, 1 lines hidden".
    public var captionVerdict: String {
        let n = ReportNumber.text
        switch verdict {
        case .fits: return scaleFactor < 1 ? "fits (shrunk to \(Int((scaleFactor * 100).rounded())) %)" : "fits"
        case .fitsWithWordBroken: return "a word broken"
        case .truncated(let hidden): return "truncated: \(hiddenCharacters) characters, \(hidden) lines hidden"
        case .clipped(let by): return "clipped by \(n(by)) pt"
        case .inkClipped(let by): return "ink clipped by \(n(by)) pt"
        case .inkOverlap(let by): return "lines overlap by \(n(by)) pt"
        case .missingGlyphs(let count): return "\(count) clusters have no font"
        }
    }
}

extension FitReport {
    /// One line: "fits through xxxLarge; truncated from accessibility1", "fits at every category", ….
    public var summary: String {
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
