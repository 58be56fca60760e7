import ArgumentParser
import Foundation
import LayoutSim
import LayoutSimCatalogs
import LayoutSimSupport

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

    @Option(help: ArgumentHelp("Text style (body, headline, title, caption1, largeTitle, …; UIKit, SwiftUI or raw names). Default: body.", valueName: "style"), completion: Completions.styles)
    var style: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fixed point size instead of a text style.", valueName: "points"))
    var size: Double?

    @Option(name: .customLong("relative-to"), help: ArgumentHelp("With --size: scale the size at each category like this text style (UIFontMetrics).", valueName: "style"), completion: Completions.styles)
    var relativeTo: String?

    @Option(name: .customLong("max-size"), parsing: .unconditional, help: ArgumentHelp("With --relative-to or --font + --style: maximumPointSize, applied after scaling.", valueName: "points"))
    var maxSize: Double?

    @Option(help: ArgumentHelp("System font weight: regular, medium, semibold, bold. Default: the style's weight (regular with --size).", valueName: "weight"), completion: Completions.weights)
    var weight: String?

    @Flag(help: "Use the text style's emphasized weight (SwiftUI .bold() / UIKit traitBold).")
    var emphasized = false

    @Option(help: ArgumentHelp("A TTF/OTF font file to use instead of the system font. Repeat for fallbacks, in order (then the system cascade).", valueName: "file"), completion: Completions.fonts)
    var font: [String] = []

    @Option(name: .customLong("face-index"), parsing: .unconditional, help: ArgumentHelp("Face index in a font collection (TTC/OTC).", valueName: "n"))
    var faceIndex: Int = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("Container width in points (insets included). Or --device.", valueName: "points"))
    var width: Double?

    @Option(name: .customLong("scaled-width"), parsing: .unconditional, help: ArgumentHelp("Instead of --width: a width sized with @ScaledMetric, points at Large scaled with --relative-to (else --style, else body) at each category.", valueName: "points"))
    var scaledWidth: Double?

    @Option(help: ArgumentHelp("Instead of --width: a device's screen width minus its layout margins (iphone-se 320, iphone-se-3 375, iphone-15 393, iphone-15-pro-max 430, iphone-16-pro-max 440, ipad-mini 744, ipad 820; margins 16 pt on iPhone, 20 on iPad).", valueName: "name"), completion: Completions.devices)
    var device: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --device: the layout margin on each side, points.", valueName: "points"))
    var margins: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Container height in points (insets included). Default: grows with the text.", valueName: "points"))
    var height: Double?

    @Option(name: .customLong("scaled-height"), parsing: .unconditional, help: ArgumentHelp("Instead of --height: a frame height sized with @ScaledMetric (points at Large, scaled like --scaled-width).", valueName: "points"))
    var scaledHeight: Double?

    @Option(help: ArgumentHelp("View preset: uilabel (1 line, truncating tail; the default), swiftui-text (no line limit, truncating tail, HIG leading), textview (no limit, word wrapping, clipped at --height). Explicit options win.", valueName: "view"), completion: Completions.views)
    var view: String?

    @Option(name: .customLong("line-break-mode"), help: ArgumentHelp("word, char, clip, head, tail (default) or middle (NSLineBreakMode).", valueName: "mode"), completion: Completions.lineBreakModes)
    var lineBreakMode: String?

    @Option(name: .customLong("line-break-strategy"), help: ArgumentHelp("standard (UILabel's default: push-out + hangul), push-out, hangul or none.", valueName: "strategy"), completion: Completions.lineBreakStrategies)
    var lineBreakStrategy: String?

    @Option(name: .customLong("minimum-scale-factor"), parsing: .unconditional, help: ArgumentHelp("adjustsFontSizeToFitWidth with this minimumScaleFactor (0 < x < 1): shrink before truncating.", valueName: "x"))
    var minimumScaleFactor: Double?

    @Flag(help: "allowsDefaultTighteningForTruncation: tighten a single line by up to 0.05 em per character before truncating.")
    var tightening = false

    @Option(help: ArgumentHelp("natural (default), left, center, right or justified: moves lines, reported as lineOffsets.", valueName: "alignment"), completion: Completions.alignments)
    var alignment: String?

    @Flag(name: .customLong("scaled-insets"), help: "Scale --insets with the text style like @ScaledMetric.")
    var scaledInsets = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Line limit (numberOfLines / lineLimit); 0 = no limit. Default from --view (UILabel: 1).", valueName: "n"))
    var lines: Int?

    @Option(help: ArgumentHelp("Insets between container and text: T,L,B,R in points (or one value for all four).", valueName: "t,l,b,r"))
    var insets: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Display scale: heights and widths round up to this pixel grid (1, 2 or 3; default 3).", valueName: "1|2|3"))
    var scale: Double = 3

    @Option(help: ArgumentHelp("Categories: a name (xS, L, AX5, accessibility5, …), a...b, ...b, a..., all, or a comma list. Default: all.", valueName: "range"), completion: Completions.categories)
    var categories: Parsed<CategoryRange>?

    @Option(help: ArgumentHelp("BCP 47 language of the text (de, th, zh-Hant): line-breaking rules and shaping.", valueName: "tag"))
    var lang: String?

    @Option(name: .customLong("line-spacing"), help: ArgumentHelp("natural (n × lineHeight, UILabel) or leading (first line natural, then the HIG leading: SwiftUI Text with a text style).", valueName: "mode"), completion: Completions.lineSpacings)
    var lineSpacing: String?

    @Flag(name: .customLong("allow-word-break"), help: "Count a word broken mid-word as fitting.")
    var allowWordBreak = false

    @Option(name: .customLong("line-height"), help: ArgumentHelp("Line boxes: letterform-aware (default: lines grow to the fonts used on them, iOS 17 text styles), typographic (fixed box from the primary font), fixed:N (every line N pt), multiple:X (natural × X).", valueName: "policy"), completion: Completions.lineHeights)
    var lineHeight: String?

    @Option(name: .customLong("sizing-rule"), help: ArgumentHelp("With letterform-aware: typographic (default) or oversize (lines also grow to contain all ink, UIKit sizingRule .oversize).", valueName: "rule"), completion: Completions.sizingRules)
    var sizingRule: String?

    @Flag(name: .customLong("clips-to-bounds"), help: "The view clips to its bounds: ink outside it is cut and fails the category (inkClipped).")
    var clipsToBounds = false

    @Option(name: .customLong("must-fit-through"), help: ArgumentHelp("The largest category the text must fit at (exit status 1 when it does not); a failing text gets what would make it fit there. Default: the largest category checked; one above every category checked is refused.", valueName: "category"), completion: Completions.categories)
    var mustFitThrough: String?

    @Option(name: .customLong("minimum-category"), help: ArgumentHelp("The view's minimumContentSizeCategory: smaller categories are laid out at this one.", valueName: "category"), completion: Completions.categories)
    var minimumCategory: String?

    @Option(name: .customLong("maximum-category"), help: ArgumentHelp("The view's maximumContentSizeCategory: larger categories are laid out at this one (a tab bar title capped at xxxLarge).", valueName: "category"), completion: Completions.categories)
    var maximumCategory: String?

    @Option(name: .customLong("dynamic-type-size"), help: ArgumentHelp("SwiftUI's .dynamicTypeSize(range): a...b, ...b or a...; intersected with --minimum-category / --maximum-category.", valueName: "range"))
    var dynamicTypeSize: String?

    @Option(name: .customLong("line-break-rules"), help: ArgumentHelp("CJK line starts: strict (default: no line starts with a small kana or ー, iOS for text without a typesetting language), normal or loose (an app that sets a typesetting language).", valueName: "rules"), completion: Completions.lineBreakRules)
    var lineBreakRules: String?

    @Option(help: ArgumentHelp("on (default): the stand-ins of iOS's fonts measure as iOS's fonts do (Thai ×1.07, Arabic ×0.89, zh ideographs ×1.02, emoji at iOS's emoji size); off: each stand-in as itself (Latin keeps SF's own advances, which the SF model always takes). See the README.", valueName: "on|off"), completion: Completions.calibrations)
    var calibration: String?

    @OptionGroup var systemFonts: SystemFontsOption<FontsHelp>

    @Flag(help: "Print the report as JSON (keys sorted).")
    var json = false

    @Option(help: ArgumentHelp("Also draw the layout as SVG to this file: every category side by side (or those of --categories), real glyph outlines, guides, hidden and clipped parts shaded.", valueName: "file"), completion: .file(extensions: ["svg"]))
    var svg: String?

    @OptionGroup var fontsDirectory: FontsDirectoryOption<FontsHelp>

    @OptionGroup var appleFonts: AppleFontsOption<FontsHelp>

    /// The font options' help as `fit` words it.
    enum FontsHelp: FontOptionsHelp {
        static let systemFonts = "Use fonts installed on this machine (fontconfig) as a last-resort fallback. Off by default: results then differ between machines."
        static let fontsDirectory = "The bundled Fonts/ folder, if it cannot be found (also $LAYOUTSIM_FONTS)."
    }

    /// `--scale`, said before anything else is wrong: a display scale is 1, 2 or 3 (screens are 1×, 2× or 3×, an
    /// iPhone 3×, an iPad 2×: 2.5 is no device's). The width's checks stay in ``makeRequest()``, after the words are
    /// read: a wrong style is said before a missing width.
    func validate() throws {
        guard !Validation.isDeferred else { return }
        guard [1, 2, 3].contains(scale) else {
            throw CLIError.badInput("--scale \(scale.isFinite ? ReportNumber.text(scale) : "\(scale)"): a display scale is 1, 2 or 3")
        }
    }

    mutating func run() throws {
        let request: FitRequest
        let report: FitReport
        let through: ContentSizeCategory
        do {
            request = try makeRequest()
            // Refused before anything is laid out or written (an SVG was written, then the requirement refused).
            through = try requirement(request)
            let engine = try LayoutEngine(fontsDirectory: fontsDirectory.url, appleFonts: try appleFonts.resolved())
            if let svg {
                let drawn = try engine.draw(request)
                do throws(OutputFileError) {
                    try OutputFile.write(Data(SVGRenderer.render(drawn.drawing).utf8), to: svg)
                } catch {
                    throw CLIError.badInput("\(svg): cannot write the SVG: \(error)")
                }
            }
            // With its remedy (a drawing's report has none); the engine keeps the text shaped.
            report = try engine.fit(request, remedyThrough: through)
        } catch let error as LayoutSimError {
            throw CLIError.badInput(error.description)
        } catch let error as ModelError {
            throw CLIError.badInput(error.description)
        }
        if let lang, let warning = LanguageTag.unknownLanguage(lang) {
            StandardStreams.error("warning: --lang \(warning): line breaking and plural rules are the root locale's\n")
        }
        if json {
            let data: Data
            // The fonts' digests are read here, when the report names them.
            do { data = try report.jsonData() } catch let error as FontError { throw CLIError.badInput(error.description) }
            try StandardStreams.output(bytes: data + Data("\n".utf8), what: "the report")
        } else {
            print(TextReportRenderer.render(report), terminator: "")
            if let remedy = report.remedy { print(remedy.words(container: request.container)) }
        }
        if request.font.followsDynamicType ? FitFailure(report: report, mustFitThrough: through) != nil : !report.allPass {
            throw ExitCode(1)
        }
    }

    /// `--must-fit-through`, or the largest category checked. A requirement above every category checked could not
    /// be judged: refused, rather than passed unchecked.
    func requirement(_ request: FitRequest) throws -> ContentSizeCategory {
        if let mustFitThrough {
            let category: ContentSizeCategory
            do throws(ModelError) { category = try ContentSizeCategory.parse(mustFitThrough) } catch {
                throw CLIError.badInput("--must-fit-through: \(error.description)")
            }
            if request.font.followsDynamicType, let largest = request.categories.max(), largest < category {
                throw CLIError.badInput("--must-fit-through \(category.swiftUIName) is above every category checked "
                    + "(up to \(largest.swiftUIName)): check it too (--categories), or ask for less")
            }
            return category
        }
        return request.categories.max() ?? .accessibility5
    }

    /// The request the options make (``validate()`` has judged `--scale`).
    func makeRequest() throws -> FitRequest {
        var element = ElementSpec()
        // The options that take words are read as the spec reads the same fields (one parser, one message).
        let words: [(field: String, value: String?)] = [
            ("style", style), ("relativeTo", relativeTo), ("weight", weight), ("device", device), ("view", view),
            ("lineBreakMode", lineBreakMode), ("lineBreakStrategy", lineBreakStrategy), ("alignment", alignment),
            ("lineSpacing", lineSpacing), ("lineHeight", lineHeight), ("sizingRule", sizingRule), ("insets", insets),
            ("lineBreakRules", lineBreakRules), ("calibration", calibration),
            ("minimumContentSizeCategory", minimumCategory), ("maximumContentSizeCategory", maximumCategory),
            ("dynamicTypeSize", dynamicTypeSize),
        ]
        for (field, value) in words {
            guard let value else { continue }
            do { try element.set(field, .text(value)) } catch { throw CLIError.badInput(error.description) }
        }
        element.size = size
        element.maxSize = maxSize
        element.emphasized = emphasized
        element.font = font.isEmpty ? nil : font
        element.width = width
        element.margins = margins
        element.height = height
        element.scaledWidth = scaledWidth
        element.scaledHeight = scaledHeight
        element.lines = lines
        element.scaledInsets = scaledInsets
        element.minimumScaleFactor = minimumScaleFactor
        element.tightening = tightening
        element.clipsToBounds = clipsToBounds
        element.allowWordBreak = allowWordBreak
        if width == nil && device == nil && scaledWidth == nil { throw CLIError.badInput("--width, --scaled-width or --device is needed") }
        let widths = [("--width", width != nil), ("--scaled-width", scaledWidth != nil), ("--device", device != nil)].filter(\.1).map(\.0)
        if widths.count > 1 { throw CLIError.badInput("give one of --width, --scaled-width and --device (got \(widths.joined(separator: " and ")))") }
        let selected = try categories?.value.categories
        // Only text with a backslash can hold a \n (Foundation's replacing sets itself up on first use).
        let text = text.utf8.contains(UInt8(ascii: "\\")) ? text.replacingOccurrences(of: "\\n", with: "\n") : text
        return try element.request(
            text: text, language: lang, categories: selected,
            usesSystemFonts: systemFonts.isOn, displayScale: scale, faceIndex: faceIndex
        )
    }
}

/// Bad input: printed as `error: …` on stderr, exit status 2.
enum CLIError: Error, CustomStringConvertible {
    case badInput(String)
    var description: String {
        switch self { case .badInput(let message): return message }
    }
}
