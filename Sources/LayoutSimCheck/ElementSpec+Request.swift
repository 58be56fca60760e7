import LayoutSimCatalogs
import LayoutSimFitting
import LayoutSimModel

/// Turning the options of an element (or of `layoutsim fit`'s flags, which are the same fields) into a request.
extension ElementSpec {
    /// The request that lays `text` out the way this element shows it.
    ///
    /// Names use the CLI's spellings (`lineBreakMode: tail`, `view: swiftui-text`, `lineHeight: fixed:20`).
    /// - Throws: ``LayoutSimError/invalidOption(_:)`` or ``LayoutSimError/model(_:)`` naming the bad field and the
    ///   valid values.
    public func request(
        text: String, language: String?, categories: [ContentSizeCategory]? = nil, usesSystemFonts: Bool = false,
        displayScale: Double = 3, faceIndex: Int = 0
    ) throws(LayoutSimError) -> FitRequest {
        let choice = try fontChoice(faceIndex: faceIndex)
        var selected = categories ?? ContentSizeCategory.allCases
        if categories == nil, case .textStyle(let textStyle) = choice.sizing, choice.face == .system, textStyle.isPartial {
            selected = [.large]   // Only the Large size of extraLargeTitle(2) is published.
        }
        let preset = view ?? .uilabel
        var spacing = LineSpacing.natural
        if let lineSpacing {
            spacing = lineSpacing
        } else if case .textStyle = choice.sizing, choice.face == .system {
            spacing = preset.lineSpacing
        }
        let container = try container(at: selected, preset: preset, displayScale: displayScale)
        let behavior = try labelBehavior(preset: preset)
        return FitRequest(
            text: text, font: choice, container: container, categories: selected, language: language,
            lineSpacing: spacing, allowsWordBreaks: allowWordBreak ?? false, lineHeight: try lineHeightPolicy(),
            clipsToBounds: clipsToBounds ?? false, usesSystemFonts: usesSystemFonts, label: behavior,
            lineBreakRules: lineBreakRules ?? .strict, calibratesStandIns: calibration != .off,
            categoryLimits: categoryLimits
        )
    }

    /// The font: the system font or a file (the rest of `font`, fallbacks), at a text style, a fixed size or a size
    /// scaled like a style.
    private func fontChoice(faceIndex: Int) throws(LayoutSimError) -> FontChoice {
        func bad(_ message: String) -> LayoutSimError { .invalidOption(message) }
        let fonts = font ?? []
        if style != nil && size != nil {
            throw bad("style and size cannot be combined; use size with relativeTo to scale a size like a style")
        }
        if relativeTo != nil && size == nil && scaledWidth == nil && scaledHeight == nil {
            throw bad("relativeTo needs size (or scaledWidth / scaledHeight, which it then scales)")
        }
        if weight != nil && !fonts.isEmpty { throw bad("weight applies to the system font only; a font file has its own weight") }
        var choice: FontChoice
        let face: FontChoice.Face = fonts.first.map { .file(path: $0, faceIndex: faceIndex) } ?? .system
        if let size {
            if let style = relativeTo {
                choice = FontChoice(face: face, sizing: .scaled(pointSize: size, relativeTo: style, maximumPointSize: maxSize))
            } else {
                if maxSize != nil { throw bad("maxSize needs relativeTo (a fixed size does not scale)") }
                choice = FontChoice(face: face, sizing: .fixed(pointSize: size))
            }
        } else {
            let textStyle = style ?? .body
            if !fonts.isEmpty {
                // A font file with a text style: UIFontMetrics(forTextStyle:).scaledFont(for:) from the style's Large size.
                guard let base = TypeScale.pointSize(textStyle, .large) else { throw .model(.categoryUnknownForStyle(textStyle, .large)) }
                choice = FontChoice(face: face, sizing: .scaled(pointSize: base, relativeTo: textStyle, maximumPointSize: maxSize))
            } else {
                if maxSize != nil { throw bad("maxSize applies to scaled sizes (size with relativeTo, or a font with a style)") }
                choice = FontChoice(face: face, sizing: .textStyle(textStyle))
            }
        }
        if let weight { choice.weight = weight }
        choice.fallbackFiles = fonts.dropFirst().map { FontFile(path: $0) }
        choice.emphasized = emphasized ?? false
        return choice
    }

    /// The frame: a width (fixed, scaled with `@ScaledMetric`, or a device's screen less its margins), a height, the
    /// line limit and insets; a scaled frame's size at each of `categories`.
    private func container(
        at categories: [ContentSizeCategory], preset: ViewPreset, displayScale: Double
    ) throws(LayoutSimError) -> Container {
        func bad(_ message: String) -> LayoutSimError { .invalidOption(message) }
        if width != nil && scaledWidth != nil { throw bad("width and scaledWidth cannot be combined") }
        if height != nil && scaledHeight != nil { throw bad("height and scaledHeight cannot be combined") }
        let containerWidth: Double
        if let width = width ?? scaledWidth {
            containerWidth = width
        } else if let preset = device {
            containerWidth = preset.screenWidth - 2 * (margins ?? preset.defaultMargin)
        } else {
            throw bad("a width or a device is needed")
        }
        var container = Container(
            width: containerWidth, height: height ?? scaledHeight, lineLimit: lines ?? preset.lineLimit, insets: insets ?? .zero,
            displayScale: displayScale
        )
        if scaledWidth != nil || scaledHeight != nil {
            // `@ScaledMetric(relativeTo:)`: the frame follows the category the view is shown at.
            let scaler: FontMetricsScaler
            do { scaler = try FontMetricsScaler(relativeTo: relativeTo ?? style ?? .body) } catch { throw .model(error) }
            for category in categories {
                let shown = categoryLimits.apply(to: category)
                if let scaledWidth { container.categoryWidths[category] = scaler.scaledValue(scaledWidth, at: shown) }
                if let scaledHeight { container.categoryHeights[category] = scaler.scaledValue(scaledHeight, at: shown) }
            }
        }
        return container
    }

    /// How the label breaks, truncates, shrinks and aligns its text: the view preset's, unless a field says otherwise.
    private func labelBehavior(preset: ViewPreset) throws(LayoutSimError) -> LabelBehavior {
        var behavior = LabelBehavior()
        behavior.lineBreakMode = lineBreakMode ?? preset.lineBreakMode
        behavior.lineBreakStrategy = lineBreakStrategy ?? .standard
        if let minimumScaleFactor {
            guard minimumScaleFactor.isFinite, minimumScaleFactor > 0, minimumScaleFactor < 1 else {
                throw .invalidOption("minimum scale factor must be between 0 and 1, exclusive (got \(minimumScaleFactor))")
            }
            behavior.minimumScaleFactor = minimumScaleFactor
        }
        behavior.allowsTightening = tightening ?? false
        behavior.alignment = alignment ?? .natural
        behavior.scalesInsets = scaledInsets ?? false
        behavior.truncatesToFitHeight = preset.truncatesToFitHeight
        return behavior
    }

    /// The line-height policy from `lineHeight` and `sizingRule` (oversize grows letterform-aware lines to all ink).
    func lineHeightPolicy() throws(LayoutSimError) -> LineHeightPolicy {
        let policy = lineHeight ?? .letterformAware(oversize: false)
        guard sizingRule == .oversize else { return policy }
        guard case .letterformAware = policy else {
            throw .invalidOption("sizing rule oversize applies to line height letterform-aware only")
        }
        return .letterformAware(oversize: true)
    }
}
