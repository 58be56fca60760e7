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
        func bad(_ message: String) -> LayoutSimError { .invalidOption(message) }
        func parse<T>(_ body: () throws(ModelError) -> T) throws(LayoutSimError) -> T {
            do { return try body() } catch { throw .model(error) }
        }
        let fonts = font ?? []
        if style != nil && size != nil {
            throw bad("style and size cannot be combined; use size with relativeTo to scale a size like a style")
        }
        if relativeTo != nil && size == nil { throw bad("relativeTo needs size") }
        if weight != nil && !fonts.isEmpty { throw bad("weight applies to the system font only; a font file has its own weight") }

        var choice: FontChoice
        let face: FontChoice.Face = fonts.first.map { .file(path: $0, faceIndex: faceIndex) } ?? .system
        if let size {
            if let relativeTo {
                let style = try parse { () throws(ModelError) in try TextStyle.parse(relativeTo) }
                choice = FontChoice(face: face, sizing: .scaled(pointSize: size, relativeTo: style, maximumPointSize: maxSize))
            } else {
                if maxSize != nil { throw bad("maxSize needs relativeTo (a fixed size does not scale)") }
                choice = FontChoice(face: face, sizing: .fixed(pointSize: size))
            }
        } else {
            let textStyle = try parse { () throws(ModelError) in try TextStyle.parse(style ?? "body") }
            if !fonts.isEmpty {
                // A font file with a text style: UIFontMetrics(forTextStyle:).scaledFont(for:) from the style's Large size.
                guard let base = TypeScale.pointSize(textStyle, .large) else { throw .model(.categoryUnknownForStyle(textStyle, .large)) }
                choice = FontChoice(face: face, sizing: .scaled(pointSize: base, relativeTo: textStyle, maximumPointSize: maxSize))
            } else {
                if maxSize != nil { throw bad("maxSize applies to scaled sizes (size with relativeTo, or a font with a style)") }
                choice = FontChoice(face: face, sizing: .textStyle(textStyle))
            }
        }
        if let weight { choice.weight = try parse { () throws(ModelError) in try FontWeight.parse(weight) } }
        choice.fallbackFiles = fonts.dropFirst().map { FontFile(path: $0) }
        choice.emphasized = emphasized ?? false

        var selected = categories ?? ContentSizeCategory.allCases
        if categories == nil, case .textStyle(let textStyle) = choice.sizing, face == .system, textStyle.isPartial {
            selected = [.large]   // Only the Large size of extraLargeTitle(2) is published.
        }
        let viewName = view ?? ViewPreset.uilabel.rawValue
        guard let preset = ViewPreset(rawValue: viewName) else {
            throw bad("unknown view '\(viewName)'; valid: \(ViewPreset.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var spacing = LineSpacing.natural
        if let lineSpacing {
            guard let parsed = LineSpacing(rawValue: lineSpacing) else { throw bad("unknown line spacing '\(lineSpacing)'; valid: natural, leading") }
            spacing = parsed
        } else if case .textStyle = choice.sizing, choice.face == .system {
            spacing = preset.lineSpacing
        }

        let containerWidth: Double
        if let width {
            containerWidth = width
        } else if let device {
            guard let preset = DevicePreset(parsing: device) else {
                throw bad("unknown device '\(device)'; valid: \(DevicePreset.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            containerWidth = preset.screenWidth - 2 * (margins ?? preset.defaultMargin)
        } else {
            throw bad("a width or a device is needed")
        }
        var edge = EdgeInsets.zero
        if let insets {
            guard insets.count == 4 else { throw bad("insets must be 4 numbers: top, left, bottom, right") }
            edge = EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3])
        }
        let container = Container(
            width: containerWidth, height: height, lineLimit: lines ?? preset.lineLimit, insets: edge, displayScale: displayScale
        )

        var behavior = LabelBehavior()
        if let lineBreakMode {
            guard let mode = LineBreakMode(parsing: lineBreakMode) else {
                throw bad("unknown line break mode '\(lineBreakMode)'; valid: word, char, clip, head, tail, middle")
            }
            behavior.lineBreakMode = mode
        } else {
            behavior.lineBreakMode = preset.lineBreakMode
        }
        let strategyName = lineBreakStrategy ?? "standard"
        guard let strategy = LineBreakStrategy(parsing: strategyName) else {
            throw bad("unknown line break strategy '\(strategyName)'; valid: standard, push-out, hangul, none")
        }
        behavior.lineBreakStrategy = strategy
        if let minimumScaleFactor {
            guard minimumScaleFactor.isFinite, minimumScaleFactor > 0, minimumScaleFactor < 1 else {
                throw bad("minimum scale factor must be between 0 and 1, exclusive (got \(minimumScaleFactor))")
            }
            behavior.minimumScaleFactor = minimumScaleFactor
        }
        behavior.allowsTightening = tightening ?? false
        let alignmentName = alignment ?? "natural"
        guard let textAlignment = TextAlignment(rawValue: alignmentName) else {
            throw bad("unknown alignment '\(alignmentName)'; valid: natural, left, center, right, justified")
        }
        behavior.alignment = textAlignment
        behavior.scalesInsets = scaledInsets ?? false
        behavior.truncatesToFitHeight = preset.truncatesToFitHeight

        return FitRequest(
            text: text, font: choice, container: container, categories: selected, language: language,
            lineSpacing: spacing, allowsWordBreaks: allowWordBreak ?? false, lineHeight: try lineHeightPolicy(),
            clipsToBounds: clipsToBounds ?? false, usesSystemFonts: usesSystemFonts, label: behavior
        )
    }

    /// The line-height policy from `lineHeight` (`letterform-aware`, `typographic`, `fixed:N`, `multiple:X`) and
    /// `sizingRule` (`typographic`, `oversize`).
    package func lineHeightPolicy() throws(LayoutSimError) -> LineHeightPolicy {
        let valid = "valid: letterform-aware, typographic, fixed:N, multiple:X"
        let policy = lineHeight ?? "letterform-aware"
        let rule = sizingRule ?? "typographic"
        let oversize: Bool
        switch rule {
        case "typographic": oversize = false
        case "oversize": oversize = true
        default: throw .invalidOption("unknown sizing rule '\(rule)'; valid: typographic, oversize")
        }
        if policy == "letterform-aware" { return .letterformAware(oversize: oversize) }
        if oversize { throw .invalidOption("sizing rule oversize applies to line height letterform-aware only") }
        if policy == "typographic" { return .typographic }
        let parts = policy.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let value = Double(parts[1]), value.isFinite, value > 0 else {
            throw .invalidOption("unknown line height '\(policy)'; \(valid) (N points > 0, X factor > 0)")
        }
        switch parts[0] {
        case "fixed": return .fixed(points: value)
        case "multiple": return .multiple(factor: value)
        default: throw .invalidOption("unknown line height '\(policy)'; \(valid)")
        }
    }
}
