import ArgumentParser
import Foundation
import LayoutSim

/// `layoutsim scale`: prints Apple's iOS Dynamic Type table (text or JSON), or scales a value across content size
/// categories with the `UIFontMetrics` model (``FontMetricsScaler``).
///
/// Bad input (unknown style or category, a malformed number, options that do not go together) prints
/// `error: <message>` on standard error and exits with status 2.
struct ScaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Print Apple's Dynamic Type table, or scale a value the way UIFontMetrics does.",
        discussion: """
            Without --value: one row per text style, one column per content size category, cells are \
            "point size/leading" in points (HIG leading, not UIFont.lineHeight). L (large) is the default category.

            With --value: the value (points, designed for the Large category) scaled to each category with the \
            UIFontMetrics / @ScaledMetric model: value x leading[style][category] / leading[style][large], rounded \
            to the nearest 1/3 pt, then clamped to --max. This model is fitted to eight public measurements; \
            treat results as estimates.

            Categories accept short (xS, L, AX1, AX-M), UIKit (extraSmall, accessibilityMedium), SwiftUI \
            (xSmall, accessibility1) and raw (UICTContentSizeCategoryXS) names. A range is a name, a...b, ...b, \
            a..., all, or a comma-separated list of those.
            """
    )

    /// One text style to print (any UIKit, SwiftUI, HIG or raw spelling). Default: every style.
    @Option(name: .long, help: ArgumentHelp(
        "Print only this text style (e.g. body, title, caption1). Default: all.", valueName: "style"), completion: Completions.styles)
    var style: String?

    /// Print JSON instead of a text table.
    @Flag(name: .long, help: "Print JSON (the shape of ios-dynamic-type.json, or the scaled values with --value).")
    var json = false

    /// A value in points, designed for the Large category, to scale to every selected category.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Scale this value (points at Large) like UIFontMetrics.scaledValue(for:).", valueName: "points"))
    var value: String?

    /// The text style whose curve scales `--value`. Default: body (like `UIFontMetrics.default`).
    @Option(name: .customLong("relative-to"), help: ArgumentHelp(
        "Text style to scale relative to (only with --value). Default: body.", valueName: "style"), completion: Completions.styles)
    var relativeTo: String?

    /// `maximumPointSize`: clamp applied after scaling. Only with `--value`.
    @Option(name: .customLong("max"), help: ArgumentHelp(
        "maximumPointSize: clamp the scaled value to at most this many points (only with --value).", valueName: "points"))
    var maximum: String?

    /// Which categories to print. Default: all twelve.
    @Option(name: .long, help: ArgumentHelp(
        "Categories to print: a name, a...b, ...b, a..., all, or a comma-separated list. Default: all.", valueName: "range"), completion: Completions.categories)
    var categories: String?

    mutating func run() throws {
        do {
            print(try output(), terminator: "")
        } catch let error as ModelError {
            Self.printError(error.description)
            throw ExitCode(2)
        } catch let error as ScaleInputError {
            Self.printError(error.message)
            throw ExitCode(2)
        }
    }

    /// The complete text the command prints (ending in a newline), or an error for bad input.
    func output() throws -> String {
        let selected = try ContentSizeCategory.parseRange(categories ?? "all")
        if let valueText = value {
            if style != nil {
                throw ScaleInputError("--style selects table rows; with --value use --relative-to <style>")
            }
            let amount = try Self.parseNumber(valueText, option: "--value", mustBePositive: false)
            let base = try TextStyle.parse(relativeTo ?? "body")
            let limit = try maximum.map { text throws -> Double in
                try Self.parseNumber(text, option: "--max", mustBePositive: true)
            }
            let scaler = try FontMetricsScaler(relativeTo: base)
            return json
                ? try Self.scaledJSON(amount, scaler: scaler, maximum: limit, categories: selected)
                : Self.scaledText(amount, scaler: scaler, maximum: limit, categories: selected)
        }
        if relativeTo != nil {
            throw ScaleInputError("--relative-to is only used with --value")
        }
        if maximum != nil {
            throw ScaleInputError("--max is only used with --value")
        }
        let styles = try style.map { text throws(ModelError) -> [TextStyle] in [try TextStyle.parse(text)] }
            ?? TextStyle.allCases
        return json
            ? try Self.tableJSON(styles: styles, categories: selected)
            : Self.tableText(styles: styles, categories: selected)
    }

    // MARK: - Table

    /// The aligned text table: one row per style, one "size/leading" column per category, then a note for partial styles.
    static func tableText(styles: [TextStyle], categories: [ContentSizeCategory]) -> String {
        var rows: [[String]] = [["style", "weight", "emphasized"] + categories.map(\.shortName)]
        for style in styles {
            let atLarge = TypeScale.metrics(style, .large)
            let cells = categories.map { category -> String in
                guard let metrics = TypeScale.metrics(style, category) else { return "-" }
                let leading = metrics.leading.map(formatNumber) ?? "?"
                return "\(formatNumber(metrics.pointSize))/\(leading)"
            }
            rows.append([
                style.rawValue,
                atLarge?.weight.rawValue ?? "?",
                atLarge?.emphasizedWeight.rawValue ?? "?",
            ] + cells)
        }
        var lines = [
            "iOS Dynamic Type: point size/leading in points per content size category (L = large, the default).",
            "Leading is the HIG baseline-to-baseline value, not UIFont.lineHeight.",
            "",
        ]
        lines += alignColumns(rows)
        let partial = styles.filter(\.isPartial)
        if !partial.isEmpty {
            lines.append("")
            for style in partial {
                let size = TypeScale.pointSize(style, .large).map(formatNumber) ?? "?"
                let weight = TypeScale.metrics(style, .large)?.weight.rawValue ?? "?"
                lines.append("\(style.rawValue): \(size) pt \(weight) at Large (iOS 17+); leading and other categories unknown.")
            }
        }
        lines.append("")
        lines.append("Source: Apple HIG Typography specifications; sizes verified against a UIKit runtime dump.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The reference JSON shape: `{"categories": [...], "styles": {...}, "partialStyles": {...}}`, sorted keys.
    static func tableJSON(styles: [TextStyle], categories: [ContentSizeCategory]) throws -> String {
        var full: [String: StyleRowJSON] = [:]
        var partial: [String: PartialRowJSON] = [:]
        for style in styles {
            if style.isPartial {
                guard let metrics = TypeScale.metrics(style, .large) else { continue }
                partial[style.rawValue] = PartialRowJSON(
                    weight: metrics.weight.rawValue,
                    sizeAtLarge: JSONNumber(metrics.pointSize)
                )
            } else {
                let rows = try categories.map { category throws(ModelError) in
                    try TypeScale.requiredMetrics(style, category)
                }
                full[style.rawValue] = StyleRowJSON(
                    weight: rows.first?.weight.rawValue ?? "",
                    emphasizedWeight: rows.first?.emphasizedWeight.rawValue ?? "",
                    sizes: rows.map { JSONNumber($0.pointSize) },
                    leading: rows.map { JSONNumber($0.leading ?? 0) }
                )
            }
        }
        let document = TableJSON(categories: categories.map(\.swiftUIName), styles: full, partialStyles: partial)
        return try encode(document)
    }

    // MARK: - Scaled values

    /// One line per category: the scaled value, and the unclamped value where `--max` clamped it.
    static func scaledText(
        _ value: Double, scaler: FontMetricsScaler, maximum: Double?, categories: [ContentSizeCategory]
    ) -> String {
        var header = "\(formatNumber(value)) pt at Large, scaled relative to \(scaler.style.rawValue)"
        if let maximum {
            header += ", maximumPointSize \(formatNumber(maximum)) pt"
        }
        var lines = [
            header,
            "Model: value x leading ratio of the style, rounded to 1/3 pt (fits 8 public measurements; an estimate).",
            "",
        ]
        var rows = [["category", "scaled", ""]]
        for category in categories {
            let unclamped = scaler.scaledValue(value, at: category)
            let scaled = scaler.scaledFontSize(value, at: category, maximumPointSize: maximum)
            let note = scaled < unclamped ? "(clamped from \(formatNumber(unclamped)))" : ""
            rows.append([category.shortName, formatNumber(scaled), note])
        }
        lines += alignColumns(rows)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"value": v, "relativeTo": style, "maximumPointSize": m-or-null, "scaled": {swiftUIName: number}}`.
    static func scaledJSON(
        _ value: Double, scaler: FontMetricsScaler, maximum: Double?, categories: [ContentSizeCategory]
    ) throws -> String {
        var scaled: [String: JSONNumber] = [:]
        for category in categories {
            scaled[category.swiftUIName] = JSONNumber(
                scaler.scaledFontSize(value, at: category, maximumPointSize: maximum)
            )
        }
        let document = ScaledJSON(
            value: JSONNumber(value),
            relativeTo: scaler.style.rawValue,
            maximumPointSize: maximum.map(JSONNumber.init),
            scaled: scaled
        )
        return try encode(document)
    }

    // MARK: - Helpers

    /// Parses a finite number of points, rejecting magnitudes above 1,000,000 (and non-positive values if asked).
    static func parseNumber(_ text: String, option: String, mustBePositive: Bool) throws(ScaleInputError) -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let number = Double(trimmed), number.isFinite, abs(number) <= 1_000_000 else {
            throw ScaleInputError("\(option) expects a number of points (e.g. 16 or 17.5), got '\(text)'")
        }
        if mustBePositive && number <= 0 {
            throw ScaleInputError("\(option) must be greater than 0, got '\(text)'")
        }
        return number
    }

    /// A number rounded to 3 decimals, printed without a fraction when integral ("17", "16.333").
    static func formatNumber(_ value: Double) -> String {
        JSONNumber(value).text
    }

    /// Left-aligns every column, two spaces apart, trailing spaces trimmed.
    static func alignColumns(_ rows: [[String]]) -> [String] {
        let columnCount = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columnCount)
        for row in rows {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], cell.count)
            }
        }
        return rows.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 {
                    line += String(repeating: " ", count: widths[index] - cell.count + 2)
                }
            }
            while line.hasSuffix(" ") {
                line.removeLast()
            }
            return line
        }
    }

    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func printError(_ message: String) {
        StandardStreams.error("error: \(message)\n")
    }
}

/// Bad command-line input for `scale` that is not a ``ModelError`` (malformed number, conflicting options).
struct ScaleInputError: Error, Equatable, CustomStringConvertible {
    /// The one-line message printed after `error: `.
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}

/// A JSON number rounded to 3 decimals that encodes as an integer when integral (17, not 17.0).
struct JSONNumber: Encodable, Equatable {
    /// The rounded value.
    let value: Double

    init(_ value: Double) {
        self.value = value.isFinite ? (value * 1000).rounded() / 1000 : value
    }

    /// The integer value when the rounded value is integral and fits comfortably in an `Int`.
    var integerValue: Int? {
        guard value.isFinite, abs(value) < 1e15, value == value.rounded() else { return nil }
        return Int(value)
    }

    /// The number as printed in text output: "17", "16.333".
    var text: String {
        integerValue.map(String.init) ?? "\(value)"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let integerValue {
            try container.encode(integerValue)
        } else {
            try container.encode(value)
        }
    }
}

/// One fully known style row of `scale --json`.
struct StyleRowJSON: Encodable {
    let weight: String
    let emphasizedWeight: String
    let sizes: [JSONNumber]
    let leading: [JSONNumber]
}

/// One partial style of `scale --json`: only the Large size; `sizes` and `leading` are written as `null`.
struct PartialRowJSON: Encodable {
    let weight: String
    let sizeAtLarge: JSONNumber

    enum CodingKeys: String, CodingKey {
        case weight, sizeAtLarge, sizes, leading
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weight, forKey: .weight)
        try container.encode(sizeAtLarge, forKey: .sizeAtLarge)
        try container.encodeNil(forKey: .sizes)
        try container.encodeNil(forKey: .leading)
    }
}

/// The document printed by `scale --json` without `--value`.
struct TableJSON: Encodable {
    let categories: [String]
    let styles: [String: StyleRowJSON]
    let partialStyles: [String: PartialRowJSON]
}

/// The document printed by `scale --value V --json`; `maximumPointSize` is written as `null` when absent.
struct ScaledJSON: Encodable {
    let value: JSONNumber
    let relativeTo: String
    let maximumPointSize: JSONNumber?
    let scaled: [String: JSONNumber]

    enum CodingKeys: String, CodingKey {
        case value, relativeTo, maximumPointSize, scaled
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(relativeTo, forKey: .relativeTo)
        if let maximumPointSize {
            try container.encode(maximumPointSize, forKey: .maximumPointSize)
        } else {
            try container.encodeNil(forKey: .maximumPointSize)
        }
        try container.encode(scaled, forKey: .scaled)
    }
}
