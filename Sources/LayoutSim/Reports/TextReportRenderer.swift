/// Renders a ``FitReport`` as the human-readable table `layoutsim fit` prints.
public enum TextReportRenderer {
    /// The table: a row per category (size, weight, lines needed/shown, label height and widest line, verdict),
    /// then the summary line.
    public static func render(_ report: FitReport) -> String {
        var rows: [[String]] = [["category", "pt", "weight", "lines", "height", "widest", "verdict"]]
        for result in report.results {
            var verdict = result.verdict.name
            switch result.verdict {
            case .truncated(let hidden):
                verdict += " (\(hidden) line\(hidden == 1 ? "" : "s") hidden)"
            case .clipped(let by):
                verdict += result.clippedBy != nil ? " by \(format(by)) pt" : " (line \(format(by)) pt too wide)"
            case .inkClipped(let by):
                verdict += " by \(format(by)) pt"
            case .missingGlyphs(let count):
                verdict += " (\(count) cluster\(count == 1 ? "" : "s"))"
            case .fits, .fitsWithWordBroken:
                break
            }
            if result.wordBroken, result.verdict != .fitsWithWordBroken { verdict += ", word broken" }
            if result.scaleFactor < 1 {
                verdict += result.shrinkReachedMinimum
                    ? " (shrunk to the minimum \(format(result.scaleFactor * 100))%)"
                    : " (shrunk to \(format(result.scaleFactor * 100))%)"
            }
            if result.tracking < 0 { verdict += " (tightened \(format(result.tracking)) pt)" }
            if case .truncated = result.verdict { verdict += ": \"" + result.visibleText.replacingOccurrences(of: "\n", with: "⏎") + "\"" }
            let above = result.lineBoxes.prefix(result.shownLineCount).map(\.overflowAbove).max() ?? 0
            let below = result.lineBoxes.prefix(result.shownLineCount).map(\.overflowBelow).max() ?? 0
            if above > 0 || below > 0 {
                verdict += "; ink outside line box: \(format(above)) pt above, \(format(below)) pt below"
            }
            rows.append([
                result.category?.swiftUIName ?? "(fixed)",
                format(result.pointSize),
                result.weight?.rawValue ?? "-",
                result.shownLineCount == result.lineCount ? "\(result.lineCount)" : "\(result.shownLineCount)/\(result.lineCount)",
                format(result.height),
                format(result.shownLineWidths.max() ?? 0),
                verdict,
            ])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var out = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                // Numbers right-aligned, names left-aligned.
                if [1, 3, 4, 5].contains(column) { line += pad + cell } else { line += cell + pad }
                if column < row.count - 1 { line += "  " }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        if !report.missingGlyphs.isEmpty {
            let list = report.missingGlyphs.map { "\($0.codePoints.joined(separator: " ")) at \($0.offset)" }
            out += "missing glyphs (measured as .notdef): " + list.joined(separator: ", ") + "\n"
        }
        out += report.summary + "\n"
        return out
    }

    /// A number with at most two decimals, trailing zeros dropped ("17", "16.33", "20.29").
    static func format(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100
        let fraction = abs(hundredths % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits)"
    }
}
