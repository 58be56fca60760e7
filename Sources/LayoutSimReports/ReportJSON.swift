import Foundation
import LayoutSimBreaking
import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimFitting
import LayoutSimModel

/// Encodes a ``FitReport`` as the `layoutsim fit --json` object (keys sorted, numbers rounded to 0.001).
extension FitReport: Encodable {
    package enum CodingKeys: String, CodingKey {
        case text, style, size, relativeTo, maximumPointSize, emphasized, weight, font, container, language, lineSpacing
        case allowsWordBreaks, results, fitsThrough, summary, missingGlyphs, lineHeightPolicy, clipsToBounds, systemFonts
        case label, warnings, lineBreakRules, calibration, categoryLimits, remedy
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let font = request.font
        try c.encode(request.text, forKey: .text)
        switch font.sizing {
        case .textStyle(let style):
            try c.encode(style, forKey: .style)
        case .fixed(let size):
            try c.encode(ReportNumber.rounded(size), forKey: .size)
        case .scaled(let size, let style, let maximum):
            try c.encode(ReportNumber.rounded(size), forKey: .size)
            try c.encode(style, forKey: .relativeTo)
            try c.encode(maximum.map(ReportNumber.rounded), forKey: .maximumPointSize)
        }
        if font.face == .system {
            try c.encode(font.emphasized, forKey: .emphasized)
        }
        try c.encode(try FontJSON(report: self), forKey: .font)
        try c.encode(ContainerJSON(request.container), forKey: .container)
        try c.encode(request.language, forKey: .language)
        try c.encode(request.lineSpacing, forKey: .lineSpacing)
        try c.encode(request.allowsWordBreaks, forKey: .allowsWordBreaks)
        try c.encode(request.lineHeight.name, forKey: .lineHeightPolicy)
        try c.encode(request.clipsToBounds, forKey: .clipsToBounds)
        try c.encode(request.usesSystemFonts, forKey: .systemFonts)
        try c.encode(LabelJSON(request.label), forKey: .label)
        try c.encode(request.lineBreakRules.name, forKey: .lineBreakRules)
        try c.encode(request.calibratesStandIns ? "on" : "off", forKey: .calibration)
        try c.encode(LimitsJSON(request.categoryLimits), forKey: .categoryLimits)
        try c.encode(remedy.map { RemedyJSON(remedy: $0, container: request.container) }, forKey: .remedy)
        try c.encode(results.map(ResultJSON.init), forKey: .results)
        if font.followsDynamicType {
            try c.encode(fitsThrough, forKey: .fitsThrough)
        } else {
            try c.encodeNil(forKey: .fitsThrough)
        }
        try c.encode(summary, forKey: .summary)
        try c.encode(missingGlyphs, forKey: .missingGlyphs)
        if !warnings.isEmpty { try c.encode(warnings, forKey: .warnings) }
    }

    /// The report as JSON: sorted keys, pretty-printed, ending without a newline.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

private struct FontJSON: Encodable {
    package let model: String
    package let files: [String]
    package let sha256: [String]
    /// "apple-fonts DIR" when Apple's own fonts were used; absent for the stand-ins.
    package let systemFontSource: String?

    /// - Throws: `FontError` when a font file's digest cannot be read.
    package init(report: FitReport) throws {
        systemFontSource = report.systemFontSource
        switch report.request.font.face {
        case .system: model = "system"
        case .file: model = "file"
        }
        files = report.fontFiles.map(\.name)
        sha256 = try report.fontFiles.map { try $0.sha256 }
    }
}

private struct ContainerJSON: Encodable {
    package let width: Double
    package let height: Double?
    package let lines: Int
    package let insets: [Double]
    package let displayScale: Double
    /// Widths and heights that change with the category (`@ScaledMetric` frames), by SwiftUI name.
    package let widthAt: [String: Double]?
    package let heightAt: [String: Double]?

    package init(_ container: Container) {
        widthAt = container.categoryWidths.isEmpty ? nil
            : Dictionary(uniqueKeysWithValues: container.categoryWidths.map { ($0.key.swiftUIName, ReportNumber.rounded($0.value)) })
        heightAt = container.categoryHeights.isEmpty ? nil
            : Dictionary(uniqueKeysWithValues: container.categoryHeights.map { ($0.key.swiftUIName, ReportNumber.rounded($0.value)) })
        width = ReportNumber.rounded(container.width)
        height = container.height.map(ReportNumber.rounded)
        lines = container.lineLimit
        let i = container.insets
        insets = [i.top, i.left, i.bottom, i.right].map(ReportNumber.rounded)
        displayScale = container.displayScale
    }

    package enum CodingKeys: String, CodingKey { case width, height, lines, insets, displayScale, widthAt, heightAt }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(lines, forKey: .lines)
        try c.encode(insets, forKey: .insets)
        try c.encode(displayScale, forKey: .displayScale)
        try c.encodeIfPresent(widthAt, forKey: .widthAt)
        try c.encodeIfPresent(heightAt, forKey: .heightAt)
    }
}

/// What would make the text fit: `{"category", "neededWidth", "neededLines", "neededHeight",
/// "fitsThroughWithOneMoreLine", "words"}`.
private struct RemedyJSON: Encodable {
    let remedy: FitRemedy
    let container: Container
    enum CodingKeys: String, CodingKey {
        case category, neededWidth, neededLines, neededHeight, fitsThroughWithOneMoreLine, words, neededTogether
    }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(remedy.category, forKey: .category)
        try c.encode(remedy.neededWidth.map(ReportNumber.rounded), forKey: .neededWidth)
        try c.encode(remedy.neededLines, forKey: .neededLines)
        try c.encode(remedy.neededHeight.map(ReportNumber.rounded), forKey: .neededHeight)
        try c.encode(remedy.fitsThroughWithOneMoreLine, forKey: .fitsThroughWithOneMoreLine)
        try c.encode(remedy.words(container: container), forKey: .words)
        try c.encodeIfPresent(
            remedy.neededTogether.map { FitRemedy.Size(width: ReportNumber.rounded($0.width), height: ReportNumber.rounded($0.height)) },
            forKey: .neededTogether
        )
    }
}

/// `{"minimum": …, "maximum": …}` (null for no bound).
private struct LimitsJSON: Encodable {
    let limits: CategoryLimits
    init(_ limits: CategoryLimits) { self.limits = limits }
    enum CodingKeys: String, CodingKey { case minimum, maximum }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(limits.minimum, forKey: .minimum)
        try c.encode(limits.maximum, forKey: .maximum)
    }
}

private struct ResultJSON: Encodable {
    package let result: CategoryResult

    package enum CodingKeys: String, CodingKey {
        case category, appliedCategory, pointSize, weight, lineHeight, lines, shownLines, lineBreaks, lineWidths, textHeight, height, width
        case verdict, wordBroken, clippedBy, hiddenLines, overflowWidth, lineHeights, inkOverflow, inkClipped
        case visibleText, hiddenCharacters, shownLineWidths, lineOffsets, scaleFactor, shrinkReachedMinimum, tracking
        case partlyVisibleLine, inkOverlap
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(result.category, forKey: .category)
        try c.encode(result.appliedCategory, forKey: .appliedCategory)
        try c.encode(ReportNumber.rounded(result.pointSize), forKey: .pointSize)
        try c.encode(result.weight, forKey: .weight)
        try c.encode(ReportNumber.rounded(result.lineHeight), forKey: .lineHeight)
        try c.encode(result.lineCount, forKey: .lines)
        try c.encode(result.shownLineCount, forKey: .shownLines)
        try c.encode(result.lineBreaks, forKey: .lineBreaks)
        try c.encode(result.lineWidths.map(ReportNumber.rounded), forKey: .lineWidths)
        try c.encode(ReportNumber.rounded(result.textHeight), forKey: .textHeight)
        try c.encode(ReportNumber.rounded(result.height), forKey: .height)
        try c.encode(ReportNumber.rounded(result.width), forKey: .width)
        try c.encode(result.verdict.name, forKey: .verdict)
        try c.encode(result.wordBroken, forKey: .wordBroken)
        try c.encode(result.clippedBy.map(ReportNumber.rounded), forKey: .clippedBy)
        if case .truncated(let hidden) = result.verdict {
            try c.encode(hidden, forKey: .hiddenLines)
        } else {
            try c.encode(0, forKey: .hiddenLines)
        }
        try c.encode(result.overflowWidth.map(ReportNumber.rounded), forKey: .overflowWidth)
        try c.encode(result.lineBoxes.map { ReportNumber.rounded($0.height) }, forKey: .lineHeights)
        let overflow = result.lineBoxes.enumerated().filter { $0.element.overflowAbove > 0 || $0.element.overflowBelow > 0 }
        try c.encode(overflow.map { InkOverflowJSON(line: $0.offset, box: $0.element) }, forKey: .inkOverflow)
        try c.encode(result.inkClipped.map(InkClippedJSON.init), forKey: .inkClipped)
        try c.encode(result.visibleText, forKey: .visibleText)
        try c.encode(result.hiddenCharacters, forKey: .hiddenCharacters)
        try c.encode(result.partlyVisibleLine, forKey: .partlyVisibleLine)
        if case .inkOverlap(let by) = result.verdict {
            try c.encode(ReportNumber.rounded(by), forKey: .inkOverlap)
        } else {
            try c.encodeNil(forKey: .inkOverlap)
        }
        try c.encode(result.shownLineWidths.map(ReportNumber.rounded), forKey: .shownLineWidths)
        try c.encode(result.lineOffsets.map(ReportNumber.rounded), forKey: .lineOffsets)
        try c.encode(ReportNumber.rounded(result.scaleFactor), forKey: .scaleFactor)
        try c.encode(result.shrinkReachedMinimum, forKey: .shrinkReachedMinimum)
        try c.encode(ReportNumber.rounded(result.tracking), forKey: .tracking)
    }
}

/// The label behaviour of the request: `{"lineBreakMode", "lineBreakStrategy", "minimumScaleFactor", "tightening",
/// "alignment", "scaledInsets"}`.
private struct LabelJSON: Encodable {
    package let behavior: LabelBehavior
    package init(_ behavior: LabelBehavior) { self.behavior = behavior }

    package enum CodingKeys: String, CodingKey {
        case lineBreakMode, lineBreakStrategy, minimumScaleFactor, tightening, alignment, scaledInsets
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(behavior.lineBreakMode.rawValue, forKey: .lineBreakMode)
        try c.encode(behavior.lineBreakStrategy.rawValue, forKey: .lineBreakStrategy)
        try c.encode(behavior.minimumScaleFactor.map(ReportNumber.rounded), forKey: .minimumScaleFactor)
        try c.encode(behavior.allowsTightening, forKey: .tightening)
        try c.encode(behavior.alignment.rawValue, forKey: .alignment)
        try c.encode(behavior.scalesInsets, forKey: .scaledInsets)
    }
}

/// Ink outside one line's box: `{"line", "above", "below", "aboveAt", "belowAt"}` (points; UTF-16 offsets of the
/// clusters with the topmost and bottommost ink).
private struct InkOverflowJSON: Encodable {
    package let line: Int
    package let above: Double
    package let below: Double
    package let aboveAt: Int?
    package let belowAt: Int?

    package init(line: Int, box: LineBox) {
        self.line = line
        above = ReportNumber.rounded(box.overflowAbove)
        below = ReportNumber.rounded(box.overflowBelow)
        aboveAt = box.overflowAbove > 0 ? box.inkTopOffset : nil
        belowAt = box.overflowBelow > 0 ? box.inkBottomOffset : nil
    }

    package enum CodingKeys: String, CodingKey { case line, above, below, aboveAt, belowAt }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(line, forKey: .line)
        try c.encode(above, forKey: .above)
        try c.encode(below, forKey: .below)
        try c.encode(aboveAt, forKey: .aboveAt)
        try c.encode(belowAt, forKey: .belowAt)
    }
}

/// Ink cut by a clipping view: `{"top", "bottom", "lines"}`.
private struct InkClippedJSON: Encodable {
    package let top: Double
    package let bottom: Double
    package let lines: [Int]

    package init(_ clipping: InkClipping) {
        top = ReportNumber.rounded(clipping.top)
        bottom = ReportNumber.rounded(clipping.bottom)
        lines = clipping.lines
    }
}
