import Foundation
import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimFitting
import LayoutSimModel
import LayoutSimSupport

/// The self-contained HTML report of `layoutsim check --html DIR`: an index with a grid of keys × locales coloured
/// by the first failing category (sortable), and a section per failure with pictures of the label at the default
/// size, at the first failing category and at AX5. Inline SVG and CSS, one small inline script for sorting, nothing
/// loaded from anywhere; every string from a catalog is escaped.
public enum HTMLReport {
    /// At most this many failure sections (the grid still shows every string).
    public static let maximumSections = CheckReport.maximumDrawings

    /// Writes `index.html` into `directory` (created if needed). The pictures are the report's drawings (a check
    /// run with ``CheckOptions/drawsFailures``).
    public static func write(_ report: CheckReport, to directory: URL) throws {
        try OutputFile.makeFolder(directory.path)
        let html = render(report)
        try OutputFile.write(Data(html.utf8), to: directory.appendingPathComponent("index.html").path)
    }

    /// Colour of a string's first failing category: green when it fits through its requirement, then from amber
    /// (fails only at the largest accessibility sizes) to red (fails at the default size or smaller).
    package static func colour(firstFailure: ContentSizeCategory?) -> String {
        guard let category = firstFailure else { return "#2da44e" }
        let palette = ["#a40e26", "#a40e26", "#a40e26", "#cf222e", "#d1242f", "#e16f24", "#e16f24",
                       "#f08c2e", "#f2a33a", "#f4b940", "#d4a72c", "#bf8700"]
        return palette[category.rawValue]
    }

    package static func render(_ report: CheckReport) -> String {
        let x = CheckRenderer.xml
        let locales = Array(Set(report.results.map(\.locale))).sorted()
        let keys = Array(Set(report.results.map(\.key))).sorted()
        let byCell = Dictionary(grouping: report.results) { "\($0.key)\u{1F}\($0.locale)" }
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>layoutsim check report</title>
            <style>
            body { font: 14px -apple-system, Helvetica, Arial, sans-serif; margin: 24px; color: #1f2328; }
            table.grid { border-collapse: collapse; }
            table.grid th, table.grid td { border: 1px solid #d0d7de; padding: 4px 8px; font-size: 12px; }
            table.grid th { background: #f6f8fa; cursor: pointer; position: sticky; top: 0; }
            td.cell { color: #fff; text-align: center; min-width: 64px; }
            td.cell a { color: #fff; text-decoration: none; display: block; }
            td.none { background: #eaeef2; }
            section.failure { border-top: 1px solid #d0d7de; margin-top: 24px; padding-top: 12px; }
            .reason { color: #cf222e; } .known { color: #9a6700; } .text { font-family: ui-monospace, monospace; background: #f6f8fa; padding: 2px 4px; }
            .legend span { display: inline-block; padding: 2px 8px; color: #fff; margin-right: 4px; font-size: 12px; }
            .pictures svg { max-width: 100%; height: auto; }
            </style></head><body>
            <h1>layoutsim check</h1>

            """
        let s = report.summary
        html += "<p class=\"summary\">\(s.keys) keys × \(s.locales) locales: \(s.strings) strings × \(report.categories.count) categories = \(s.layouts) layouts; <strong>\(s.failures) do not fit</strong> (\(s.newFailures) new); \(CheckRenderer.count(s.errors, "error")), \(CheckRenderer.count(s.warnings, "warning")).</p>\n"
        html += "<p class=\"legend\">First failing category: <span style=\"background:#2da44e\">fits through its requirement</span>"
        for category in [ContentSizeCategory.accessibility5, .accessibility3, .accessibility1, .xxxLarge, .large] {
            html += "<span style=\"background:\(colour(firstFailure: category))\">\(category.shortName)</span>"
        }
        html += "</p>\n"

        // The grid.
        html += "<table class=\"grid\" id=\"grid\"><thead><tr><th data-type=\"text\">key</th>"
        for locale in locales { html += "<th data-type=\"rank\">\(x(locale))</th>" }
        html += "</tr></thead><tbody>\n"
        var sectionIDs: [String: String] = [:]
        var failures: [CheckResult] = []
        for result in report.results where !result.passed && result.error == nil { failures.append(result) }
        // Only the failures given a section (the first ``maximumSections``) are linked: a link to none led nowhere.
        for (index, failure) in failures.prefix(maximumSections).enumerated() { sectionIDs[failure.identity] = "f\(index)" }
        for key in keys {
            html += "<tr><td>\(x(key))</td>"
            for locale in locales {
                guard let results = byCell["\(key)\u{1F}\(locale)"] else { html += "<td class=\"none\" data-rank=\"99\"></td>"; continue }
                // The worst variant: the smallest first failing category.
                let worst = results.filter { !$0.passed }.min { rank($0) < rank($1) }
                let label = worst.map { $0.failure?.category?.shortName ?? "error" } ?? "✓"
                let id = worst.flatMap { sectionIDs[$0.identity] }
                let title = worst.map(CheckRenderer.message) ?? "fits through \(results.first?.mustFitThrough.swiftUIName ?? "")"
                let inner = id.map { "<a href=\"#\($0)\">\(x(label))</a>" } ?? x(label)
                html += "<td class=\"cell\" data-rank=\"\(worst.map(rank) ?? 50)\" style=\"background:\(colour(firstFailure: worst?.failure?.category ?? nil))\" title=\"\(x(title))\">\(inner)</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody></table>\n"

        // Failure sections with pictures.
        for (index, failure) in failures.prefix(maximumSections).enumerated() {
            let variant = failure.variant.isEmpty ? "" : " · " + failure.variant.joined(separator: ", ")
            html += "<section class=\"failure\" id=\"f\(index)\"><h2>\(x(failure.key)) · \(x(failure.locale))\(x(variant))</h2>\n"
            html += "<p class=\"\(failure.known ? "known" : "reason")\">\(x(CheckRenderer.message(failure)))\(failure.known ? " (in the baseline)" : "")</p>\n"
            html += "<p>Text: <span class=\"text\">\(x(failure.text))</span> — \(x(failure.file)):\(failure.line)</p>\n"
            if let drawing = report.drawings[failure.identity] {
                html += "<div class=\"pictures\">\n\(SVGRenderer.render(drawing))</div>\n"
            }
            html += "</section>\n"
        }
        if failures.count > maximumSections {
            html += "<p>\(failures.count - maximumSections) more failures are in the JSON report.</p>\n"
        }
        if !report.diagnostics.isEmpty {
            html += "<h2>Input problems</h2><ul>\n"
            for diagnostic in report.diagnostics { html += "<li>\(x(diagnostic.text))</li>\n" }
            html += "</ul>\n"
        }
        html += """
            <script>
            // Sorts the grid by a column when its header is clicked (text for keys, the failing category's rank for locales).
            document.querySelectorAll('#grid th').forEach(function (th, column) {
              th.addEventListener('click', function () {
                var body = document.querySelector('#grid tbody');
                var rows = Array.prototype.slice.call(body.rows);
                var numeric = th.dataset.type === 'rank';
                var descending = th.dataset.sorted === 'asc';
                rows.sort(function (a, b) {
                  var x = numeric ? Number(a.cells[column].dataset.rank) : a.cells[column].textContent;
                  var y = numeric ? Number(b.cells[column].dataset.rank) : b.cells[column].textContent;
                  var order = x < y ? -1 : x > y ? 1 : 0;
                  return descending ? -order : order;
                });
                rows.forEach(function (row) { body.appendChild(row); });
                th.dataset.sorted = descending ? 'desc' : 'asc';
              });
            });
            </script>
            </body></html>

            """
        return html
    }

    /// Sort rank of a result: its first failing category (0 = xSmall), 50 when it passes.
    package static func rank(_ result: CheckResult) -> Int {
        guard !result.passed else { return 50 }
        return result.failure?.category?.rawValue ?? -1
    }
}
