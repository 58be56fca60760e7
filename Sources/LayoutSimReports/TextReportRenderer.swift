import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimFitting
import LayoutSimModel

/// Renders a ``FitReport`` as the human-readable table `layoutsim fit` prints.
public enum TextReportRenderer {
    /// The table: a row per category (size, weight, lines needed/shown, label height and widest line, verdict),
    /// then the summary line.
    public static func render(_ report: FitReport) -> String {
        // A frame that changes with the category (`--scaled-width`, `--scaled-height`) gets its own column.
        let container = report.request.container
        let scaledFrame = !(container.categoryWidths.isEmpty && container.categoryHeights.isEmpty)
        var rows: [[String]] = [["category", "pt", "weight", "lines", "height", "widest"] + (scaledFrame ? ["frame"] : []) + ["verdict"]]
        for result in report.results {
            var frame: [String] = []
            if scaledFrame {
                let box = container.at(result.category)
                frame = [format(box.width) + (box.height.map { " × " + format($0) } ?? "")]
            }
            rows.append([
                categoryCell(result),
                format(result.pointSize),
                result.weight?.rawValue ?? "-",
                result.shownLineCount == result.lineCount ? "\(result.lineCount)" : "\(result.shownLineCount)/\(result.lineCount)",
                format(result.height),
                format(result.shownLineWidths.max() ?? 0),
            ] + frame + [result.tableVerdict])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var out = ""
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                // Numbers right-aligned, names left-aligned.
                if [1, 3, 4, 5, 6].contains(column) && column < row.count - 1 { line += pad + cell } else { line += cell + pad }
                if column < row.count - 1 { line += "  " }
            }
            // The trailing padding cut off at once: after the last byte that is not a space (a space is never part of
            // another character's bytes, and the characters before trailing spaces end before them).
            let kept = line.utf8.lastIndex { $0 != UInt8(ascii: " ") }.map { line.utf8.index(after: $0) } ?? line.startIndex
            line = String(line[..<kept])
            out += line + "\n"
        }
        if !report.missingGlyphs.isEmpty {
            let list = report.missingGlyphs.map { "\($0.codePoints.joined(separator: " ")) at \($0.offset)" }
            out += "missing glyphs (measured as .notdef): " + list.joined(separator: ", ") + "\n"
        }
        for warning in report.warnings { out += "warning: \(warning)\n" }
        if let source = report.systemFontSource { out += "system font: \(source)\n" }
        out += report.summary + "\n"
        return out
    }

    private static func format(_ value: Double) -> String { ReportNumber.twoDecimals(value) }

    /// The requested category, and the one the view's limits make it use when that differs:
    /// "accessibility5 → xxxLarge".
    private static func categoryCell(_ result: CategoryResult) -> String {
        guard let category = result.category else { return "(fixed)" }
        guard let applied = result.appliedCategory, applied != category else { return category.swiftUIName }
        return "\(category.swiftUIName) → \(applied.swiftUIName)"
    }
}
