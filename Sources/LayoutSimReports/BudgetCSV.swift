import LayoutSimCheck
import LayoutSimModel

/// The room each string has, as CSV for localization platforms and translators (`check --budgets FILE`): one row per
/// key × locale × variant, RFC 4180 (fields with a comma, quote or line break are quoted, quotes doubled), UTF-8,
/// rows in report order.
public enum BudgetCSV {
    /// The columns, in order.
    public static let header = [
        "key", "locale", "variant", "element", "category", "point_size", "width_pt", "lines", "characters",
        "max_characters", "average_advance_pt", "text_width_pt", "fits", "source",
    ]

    /// The CSV text, header first.
    public static func render(_ report: CheckReport) -> String {
        var out = header.joined(separator: ",") + "\r\n"
        for result in report.results {
            guard let budget = result.budget else { continue }
            let row: [String] = [
                result.key, result.locale, result.variant.joined(separator: "/"), result.element ?? "",
                budget.category?.swiftUIName ?? "fixed", ReportNumber.text(budget.pointSize),
                ReportNumber.text(budget.width), "\(budget.lines)", "\(budget.characters)",
                budget.maxCharacters.map { "\($0)" } ?? "", budget.averageAdvance.map(ReportNumber.text) ?? "",
                ReportNumber.text(budget.textWidth), result.passed ? "yes" : "no",
                "\(result.file):\(result.line)",
            ]
            out += row.map(field).joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// One field, quoted when it must be (and when it starts with a character a spreadsheet would take for a
    /// formula, which is prefixed with a quote mark so the cell shows the text).
    static func field(_ text: String) -> String {
        var text = text
        if let first = text.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
