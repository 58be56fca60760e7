import ArgumentParser
import Foundation
import LayoutSim

/// `layoutsim fit`: lays out one string at every Dynamic Type size and says where it stops fitting.
struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Does this text fit in this container at every Dynamic Type size?",
        discussion: """
            Lays the text out at each content size category (all twelve by default) and prints, per category, the \
            point size, the lines needed (shown/needed when the line limit cuts), the label's height and widest line \
            in points, and the verdict: fits, fitsWithWordBroken, truncated (more lines than --lines), clipped \
            (taller than --height, or a single grapheme wider than the line). Then one summary line.

            Font: --style alone is Apple's system font in that text style (sizes from Apple's table, widths from SF \
            measurements). --size is a fixed size that does not follow Dynamic Type (one result), unless \
            --relative-to scales it like UIFontMetrics.scaledFont(for:maximumPointSize:). --font FILE uses a \
            TTF/OTF with its own advances, kerning and hhea metrics; with --style it is scaled relative to that \
            style from the style's Large size.

            The default line limit is 1, UILabel's numberOfLines default; use --lines 0 for no limit (SwiftUI Text). \
            A word broken mid-word counts as not fitting unless --allow-word-break.

            Exit status: 0 every category fits, 1 some category does not, 2 bad input.
            """
    )

    @Argument(help: "The text to lay out. \\n in the argument is a line break.")
    var text: String

    @Option(help: ArgumentHelp("Text style (body, headline, title, caption1, largeTitle, …; UIKit, SwiftUI or raw names). Default: body.", valueName: "style"))
    var style: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fixed point size instead of a text style.", valueName: "points"))
    var size: Double?

    @Option(name: .customLong("relative-to"), help: ArgumentHelp("With --size: scale the size at each category like this text style (UIFontMetrics).", valueName: "style"))
    var relativeTo: String?

    @Option(name: .customLong("max-size"), parsing: .unconditional, help: ArgumentHelp("With --relative-to or --font + --style: maximumPointSize, applied after scaling.", valueName: "points"))
    var maxSize: Double?

    @Option(help: ArgumentHelp("System font weight: regular, medium, semibold, bold. Default: the style's weight (regular with --size).", valueName: "weight"))
    var weight: String?

    @Flag(help: "Use the text style's emphasized weight (SwiftUI .bold() / UIKit traitBold).")
    var emphasized = false

    @Option(help: ArgumentHelp("A TTF/OTF font file to use instead of the system font. Repeat for fallbacks, in order (then the system cascade).", valueName: "file"))
    var font: [String] = []

    @Option(name: .customLong("face-index"), parsing: .unconditional, help: ArgumentHelp("Face index in a font collection (TTC/OTC).", valueName: "n"))
    var faceIndex: Int = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("Container width in points (insets included). Required.", valueName: "points"))
    var width: Double

    @Option(parsing: .unconditional, help: ArgumentHelp("Container height in points (insets included). Default: grows with the text.", valueName: "points"))
    var height: Double?

    @Option(help: ArgumentHelp("View preset: uilabel (1 line, truncating tail; the default), swiftui-text (no line limit, truncating tail, HIG leading), textview (no limit, word wrapping, clipped at --height). Explicit options win.", valueName: "view"))
    var view: String = "uilabel"

    @Option(name: .customLong("line-break-mode"), help: ArgumentHelp("word, char, clip, head, tail (default) or middle (NSLineBreakMode).", valueName: "mode"))
    var lineBreakMode: String?

    @Option(name: .customLong("line-break-strategy"), help: ArgumentHelp("standard (UILabel's default: push-out + hangul), push-out, hangul or none.", valueName: "strategy"))
    var lineBreakStrategy: String = "standard"

    @Option(name: .customLong("minimum-scale-factor"), parsing: .unconditional, help: ArgumentHelp("adjustsFontSizeToFitWidth with this minimumScaleFactor (0 < x < 1): shrink before truncating.", valueName: "x"))
    var minimumScaleFactor: Double?

    @Flag(help: "allowsDefaultTighteningForTruncation: tighten a single line by up to 0.05 em per character before truncating.")
    var tightening = false

    @Option(help: ArgumentHelp("natural (default), left, center, right or justified: moves lines, reported as lineOffsets.", valueName: "alignment"))
    var alignment: String = "natural"

    @Flag(name: .customLong("scaled-insets"), help: "Scale --insets with the text style like @ScaledMetric.")
    var scaledInsets = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Line limit (numberOfLines / lineLimit); 0 = no limit. Default from --view (UILabel: 1).", valueName: "n"))
    var lines: Int?

    @Option(help: ArgumentHelp("Insets between container and text: T,L,B,R in points (or one value for all four).", valueName: "t,l,b,r"))
    var insets: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Display scale: heights and widths round up to this pixel grid.", valueName: "1|2|3"))
    var scale: Double = 3

    @Option(help: ArgumentHelp("Categories: a name (xS, L, AX5, accessibility5, …), a...b, ...b, a..., all, or a comma list. Default: all.", valueName: "range"))
    var categories: String?

    @Option(help: ArgumentHelp("BCP 47 language of the text (de, th, zh-Hant): line-breaking rules and shaping.", valueName: "tag"))
    var lang: String?

    @Option(name: .customLong("line-spacing"), help: ArgumentHelp("natural (n × lineHeight, UILabel) or leading (first line natural, then the HIG leading: SwiftUI Text with a text style).", valueName: "mode"))
    var lineSpacing: String?

    @Flag(name: .customLong("allow-word-break"), help: "Count a word broken mid-word as fitting.")
    var allowWordBreak = false

    @Option(name: .customLong("line-height"), help: ArgumentHelp("Line boxes: letterform-aware (default: lines grow to the fonts used on them, iOS 17 text styles), typographic (fixed box from the primary font), fixed:N (every line N pt), multiple:X (natural × X).", valueName: "policy"))
    var lineHeight: String = "letterform-aware"

    @Option(name: .customLong("sizing-rule"), help: ArgumentHelp("With letterform-aware: typographic (default) or oversize (lines also grow to contain all ink, UIKit sizingRule .oversize).", valueName: "rule"))
    var sizingRule: String = "typographic"

    @Flag(name: .customLong("clips-to-bounds"), help: "The view clips to its bounds: ink outside it is cut and fails the category (inkClipped).")
    var clipsToBounds = false

    @Flag(name: .customLong("system-fonts"), help: "Use fonts installed on this machine (fontconfig) as a last-resort fallback. Off by default: results then differ between machines.")
    var systemFonts = false

    @Flag(help: "Print the report as JSON (keys sorted).")
    var json = false

    @Option(name: .customLong("fonts-dir"), help: ArgumentHelp("The bundled Fonts/ folder, if it cannot be found (also $LAYOUTSIM_FONTS).", valueName: "dir"))
    var fontsDir: String?

    mutating func run() throws {
        let request: FitRequest
        let report: FitReport
        do {
            request = try makeRequest()
            let engine = try LayoutEngine(fontsDirectory: fontsDir.map { URL(fileURLWithPath: $0) })
            report = try engine.fit(request)
        } catch let error as LayoutSimError {
            throw CLIError.badInput(error.description)
        } catch let error as ModelError {
            throw CLIError.badInput(error.description)
        }
        if json {
            let data = try report.jsonData()
            FileHandle.standardOutput.write(data)
            FileHandle.standardOutput.write(Data("\n".utf8))
        } else {
            print(TextReportRenderer.render(report), terminator: "")
        }
        if !report.allPass { throw ExitCode(1) }
    }

    func makeRequest() throws -> FitRequest {
        if style != nil && size != nil {
            throw CLIError.badInput("--style and --size cannot be combined; use --size with --relative-to to scale a size like a style")
        }
        if relativeTo != nil && size == nil {
            throw CLIError.badInput("--relative-to needs --size")
        }
        if weight != nil && !font.isEmpty {
            throw CLIError.badInput("--weight applies to the system font only; a font file has its own weight")
        }
        var choice: FontChoice
        let face: FontChoice.Face = font.first.map { .file(path: $0, faceIndex: faceIndex) } ?? .system
        if let size {
            if let relativeTo {
                choice = FontChoice(face: face, sizing: .scaled(pointSize: size, relativeTo: try TextStyle.parse(relativeTo), maximumPointSize: maxSize))
            } else {
                if maxSize != nil { throw CLIError.badInput("--max-size needs --relative-to (a fixed size does not scale)") }
                choice = FontChoice(face: face, sizing: .fixed(pointSize: size))
            }
        } else {
            let textStyle = try TextStyle.parse(style ?? "body")
            if !font.isEmpty {
                // A font file with a text style: UIFontMetrics(forTextStyle:).scaledFont(for:) from the style's Large size.
                guard let base = TypeScale.pointSize(textStyle, .large) else { throw ModelError.categoryUnknownForStyle(textStyle, .large) }
                choice = FontChoice(face: face, sizing: .scaled(pointSize: base, relativeTo: textStyle, maximumPointSize: maxSize))
            } else {
                if maxSize != nil { throw CLIError.badInput("--max-size applies to scaled sizes (--size with --relative-to, or --font with --style)") }
                choice = FontChoice(face: face, sizing: .textStyle(textStyle))
            }
        }
        choice.weight = try weight.map { try FontWeight.parse($0) }
        choice.fallbackFiles = font.dropFirst().map { FontFile(path: $0) }
        choice.emphasized = emphasized

        var selected = ContentSizeCategory.allCases
        if let categories {
            selected = try ContentSizeCategory.parseRange(categories)
        } else if case .textStyle(let textStyle) = choice.sizing, face == .system, textStyle.isPartial {
            // Only the Large size of extraLargeTitle(2) is published.
            selected = [.large]
        }
        guard let preset = ViewPreset(rawValue: view) else {
            throw CLIError.badInput("unknown --view '\(view)'; valid: uilabel, swiftui-text, textview")
        }
        var spacing = LineSpacing.natural
        if let lineSpacing {
            guard let parsed = LineSpacing(rawValue: lineSpacing) else {
                throw CLIError.badInput("unknown --line-spacing '\(lineSpacing)'; valid: natural, leading")
            }
            spacing = parsed
        } else if case .textStyle = choice.sizing, choice.face == .system {
            spacing = preset.lineSpacing
        }
        let container = Container(
            width: width, height: height, lineLimit: lines ?? preset.lineLimit, insets: try parseInsets(insets), displayScale: scale
        )
        var behavior = LabelBehavior()
        if let lineBreakMode {
            guard let mode = LineBreakMode(parsing: lineBreakMode) else {
                throw CLIError.badInput("unknown --line-break-mode '\(lineBreakMode)'; valid: word, char, clip, head, tail, middle")
            }
            behavior.lineBreakMode = mode
        } else {
            behavior.lineBreakMode = preset.lineBreakMode
        }
        guard let strategy = LineBreakStrategy(parsing: lineBreakStrategy) else {
            throw CLIError.badInput("unknown --line-break-strategy '\(lineBreakStrategy)'; valid: standard, push-out, hangul, none")
        }
        behavior.lineBreakStrategy = strategy
        if let minimumScaleFactor {
            guard minimumScaleFactor.isFinite, minimumScaleFactor > 0, minimumScaleFactor < 1 else {
                throw CLIError.badInput("--minimum-scale-factor must be between 0 and 1, exclusive (got \(minimumScaleFactor))")
            }
            behavior.minimumScaleFactor = minimumScaleFactor
        }
        behavior.allowsTightening = tightening
        guard let textAlignment = TextAlignment(rawValue: alignment) else {
            throw CLIError.badInput("unknown --alignment '\(alignment)'; valid: natural, left, center, right, justified")
        }
        behavior.alignment = textAlignment
        behavior.scalesInsets = scaledInsets
        behavior.truncatesToFitHeight = preset.truncatesToFitHeight
        return FitRequest(
            text: text.replacingOccurrences(of: "\\n", with: "\n"), font: choice, container: container,
            categories: selected, language: lang, lineSpacing: spacing, allowsWordBreaks: allowWordBreak,
            lineHeight: try parseLineHeight(), clipsToBounds: clipsToBounds, usesSystemFonts: systemFonts,
            label: behavior
        )
    }

    func parseLineHeight() throws -> LineHeightPolicy {
        let valid = "valid: letterform-aware, typographic, fixed:N, multiple:X"
        let oversize: Bool
        switch sizingRule {
        case "typographic": oversize = false
        case "oversize": oversize = true
        default: throw CLIError.badInput("unknown --sizing-rule '\(sizingRule)'; valid: typographic, oversize")
        }
        if lineHeight == "letterform-aware" { return .letterformAware(oversize: oversize) }
        if oversize { throw CLIError.badInput("--sizing-rule oversize applies to --line-height letterform-aware only") }
        if lineHeight == "typographic" { return .typographic }
        let parts = lineHeight.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let value = Double(parts[1]), value.isFinite, value > 0 else {
            throw CLIError.badInput("unknown --line-height '\(lineHeight)'; \(valid) (N points > 0, X factor > 0)")
        }
        switch parts[0] {
        case "fixed": return .fixed(points: value)
        case "multiple": return .multiple(factor: value)
        default: throw CLIError.badInput("unknown --line-height '\(lineHeight)'; \(valid)")
        }
    }

    func parseInsets(_ text: String?) throws -> EdgeInsets {
        guard let text else { return .zero }
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.allSatisfy({ $0 != nil }) else {
            throw CLIError.badInput("--insets '\(text)': expected numbers T,L,B,R (points) or a single number")
        }
        let v = values.compactMap { $0 }
        switch v.count {
        case 1: return EdgeInsets(top: v[0], left: v[0], bottom: v[0], right: v[0])
        case 4: return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        default: throw CLIError.badInput("--insets '\(text)': expected 4 numbers T,L,B,R or a single number")
        }
    }
}

/// Bad input: printed as `error: …` on stderr, exit status 2.
enum CLIError: Error, CustomStringConvertible {
    case badInput(String)
    var description: String {
        switch self { case .badInput(let message): return message }
    }
}
