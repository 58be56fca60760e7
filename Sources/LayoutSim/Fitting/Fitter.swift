/// One size to lay out: the category (nil for a fixed size), point size, weight and the spacing of later lines.
struct FitStep: Sendable {
    let category: ContentSizeCategory?
    let pointSize: Double
    let weight: FontWeight
    /// Baseline-to-baseline distance of the second and later lines when it differs from the natural line height
    /// (``LineSpacing/leading``), points.
    let leading: Double?
}

/// Turns lines into a verdict: the only place that loops over sizes and decides fits / truncated / clipped.
enum Fitter {
    /// The largest length accepted anywhere, points (a million points is far beyond any screen).
    static let maximumLength = 1_000_000.0

    /// Rejects impossible containers.
    static func validate(_ container: Container) throws(LayoutSimError) {
        guard container.width.isFinite, container.width > 0, container.width <= maximumLength else {
            throw .invalidContainer("width must be greater than 0 and at most \(Int(maximumLength)) points (got \(container.width))")
        }
        if let height = container.height, !(height.isFinite && height >= 0 && height <= maximumLength) {
            throw .invalidContainer("height must be between 0 and \(Int(maximumLength)) points (got \(height))")
        }
        guard container.lineLimit >= 0 else {
            throw .invalidContainer("line limit must be 0 (no limit) or more (got \(container.lineLimit))")
        }
        let insets = container.insets
        guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= maximumLength }) else {
            throw .invalidContainer("insets must be between 0 and \(Int(maximumLength)) points")
        }
        guard container.textWidth > 0 else {
            throw .invalidContainer("the left and right insets (\(insets.left + insets.right) pt) leave no room in a width of \(container.width) pt")
        }
        guard container.displayScale.isFinite, container.displayScale >= 1, container.displayScale <= 10 else {
            throw .invalidContainer("display scale must be between 1 and 10 (got \(container.displayScale))")
        }
    }

    /// The sizes to lay out, from the font choice and the requested categories, ascending.
    static func plan(_ request: FitRequest) throws(LayoutSimError) -> [FitStep] {
        let font = request.font
        let isSystem = font.face == .system
        switch request.lineHeight {
        case .fixed(let points) where !(points.isFinite && points > 0 && points <= maximumLength):
            throw .invalidOption("a fixed line height must be greater than 0 points (got \(points))")
        case .multiple(let factor) where !(factor.isFinite && factor > 0 && factor <= 100):
            throw .invalidOption("a line height multiple must be greater than 0 (got \(factor))")
        default:
            break
        }
        if request.lineSpacing == .leading {
            guard isSystem, case .textStyle = font.sizing else {
                throw .invalidOption("line spacing 'leading' applies to the system font in a text style only (the HIG leading is per style)")
            }
        }
        let categories = Array(Set(request.categories)).sorted()
        guard !categories.isEmpty || !font.followsDynamicType else {
            throw .model(.emptyCategoryRange(""))
        }
        func weight(for style: TextStyle?) -> FontWeight {
            if let explicit = font.weight { return explicit }
            guard let style, let metrics = TypeScale.metrics(style, .large) else { return .regular }
            return font.emphasized ? metrics.emphasizedWeight : metrics.weight
        }
        func checked(_ size: Double) throws(LayoutSimError) -> Double {
            guard size.isFinite, size > 0, size <= maximumLength else {
                throw .model(.invalidValue("point size must be greater than 0 and at most \(Int(maximumLength)) (got \(size))"))
            }
            return size
        }

        switch font.sizing {
        case .fixed(let size):
            return [FitStep(category: nil, pointSize: try checked(size), weight: weight(for: nil), leading: nil)]
        case .textStyle(let style):
            var steps: [FitStep] = []
            if isSystem {
                for category in categories {
                    guard let metrics = TypeScale.metrics(style, category) else {
                        throw .model(.categoryUnknownForStyle(style, category))
                    }
                    let leading = request.lineSpacing == .leading ? metrics.leading : nil
                    steps.append(FitStep(category: category, pointSize: metrics.pointSize, weight: weight(for: style), leading: leading))
                }
                return steps
            }
            guard let base = TypeScale.pointSize(style, .large) else { throw .model(.categoryUnknownForStyle(style, .large)) }
            return try scaledSteps(base, relativeTo: style, maximum: nil, categories: categories, weight: weight(for: style))
        case .scaled(let size, let style, let maximum):
            return try scaledSteps(try checked(size), relativeTo: style, maximum: maximum, categories: categories, weight: weight(for: nil))
        }
    }

    private static func scaledSteps(
        _ size: Double, relativeTo style: TextStyle, maximum: Double?, categories: [ContentSizeCategory], weight: FontWeight
    ) throws(LayoutSimError) -> [FitStep] {
        let scaler: FontMetricsScaler
        do { scaler = try FontMetricsScaler(relativeTo: style) } catch { throw .model(error) }
        if let maximum, !(maximum.isFinite && maximum > 0 && maximum <= maximumLength) {
            throw .model(.invalidValue("maximum point size must be greater than 0 (got \(maximum))"))
        }
        var steps: [FitStep] = []
        for category in categories {
            let scaled = scaler.scaledFontSize(size, at: category, maximumPointSize: maximum)
            guard scaled.isFinite, scaled > 0, scaled <= maximumLength else {
                throw .model(.invalidValue("point size \(size) scales to \(scaled) at \(category.swiftUIName), beyond \(Int(maximumLength))"))
            }
            steps.append(FitStep(category: category, pointSize: scaled, weight: weight, leading: nil))
        }
        return steps
    }

    /// Breaks the text at one size and judges the result against the container.
    static func fit(
        _ text: MeasuredText, advances: [Double], step: FitStep, lineHeight: Double, weight: FontWeight?, request: FitRequest
    ) -> CategoryResult {
        let container = request.container
        let lines = LineBreaker.breakLines(text, advances: advances, width: container.textWidth)
        let shown = container.lineLimit == 0 ? lines.count : min(lines.count, container.lineLimit)
        let boxes = LineBoxes.boxes(text, lines: lines, size: step.pointSize, policy: request.lineHeight, leading: step.leading)
        let textHeight = boxes.prefix(shown).reduce(0) { $0 + $1.height }
        let scale = container.displayScale
        let height = Units.roundUpToPixels(textHeight, scale: scale) + container.insets.top + container.insets.bottom
        let widest = lines.prefix(shown).map(\.width).max() ?? 0
        let width = Units.roundUpToPixels(widest, scale: scale) + container.insets.left + container.insets.right
        // A split at the end of the last shown line of truncated text is hidden by the truncation.
        let visibleSplits = shown < lines.count ? shown - 1 : shown
        let wordBroken = lines.prefix(max(0, visibleSplits)).contains { $0.endsMidWord }

        var clippedBy: Double?
        if let limit = container.height, height > limit + LineBreaker.tolerance { clippedBy = height - limit }
        var overflowWidth: Double?
        if widest > container.textWidth + LineBreaker.tolerance { overflowWidth = widest - container.textWidth }
        let inkClipped = request.clipsToBounds
            ? inkClipping(boxes.prefix(shown), top: container.insets.top, viewHeight: container.height ?? height)
            : nil

        let verdict: Verdict
        if !text.missingGlyphs.isEmpty {
            verdict = .missingGlyphs(count: text.missingGlyphs.count)
        } else if shown < lines.count {
            verdict = .truncated(hiddenLines: lines.count - shown)
        } else if clippedBy != nil || overflowWidth != nil {
            verdict = .clipped(by: clippedBy ?? overflowWidth ?? 0)
        } else if let inkClipped {
            verdict = .inkClipped(by: max(inkClipped.top, inkClipped.bottom))
        } else if wordBroken {
            verdict = .fitsWithWordBroken
        } else {
            verdict = .fits
        }
        return CategoryResult(
            category: step.category, pointSize: step.pointSize, weight: weight, lineHeight: lineHeight,
            lines: lines, lineBoxes: boxes, inkClipped: inkClipped, shownLineCount: shown, textHeight: textHeight,
            height: height, width: width, verdict: verdict, wordBroken: wordBroken, clippedBy: clippedBy,
            overflowWidth: overflowWidth
        )
    }

    /// Ink of the shown lines outside `0...viewHeight` (view coordinates; the first line's top at `top`).
    static func inkClipping(_ boxes: ArraySlice<LineBox>, top: Double, viewHeight: Double) -> InkClipping? {
        var lineTop = top
        var above = 0.0
        var below = 0.0
        var cut: [Int] = []
        for (index, box) in boxes.enumerated() {
            let baseline = lineTop + box.baseline
            var isCut = false
            if let inkTop = box.inkTop, baseline - inkTop < -LineBreaker.tolerance {
                above = max(above, inkTop - baseline)
                isCut = true
            }
            if let inkBottom = box.inkBottom, baseline + inkBottom > viewHeight + LineBreaker.tolerance {
                below = max(below, baseline + inkBottom - viewHeight)
                isCut = true
            }
            if isCut { cut.append(index) }
            lineTop += box.height
        }
        return cut.isEmpty ? nil : InkClipping(top: above, bottom: below, lines: cut)
    }
}
