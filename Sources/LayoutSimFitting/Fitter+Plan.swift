import LayoutSimModel

/// Checking a request and planning its sizes: one step per category (or one for a fixed size).
extension Fitter {
    /// Rejects impossible containers.
    package static func validate(_ container: Container) throws(LayoutSimError) {
        guard container.width.isFinite, container.width > 0, container.width <= maximumLength else {
            throw .invalidContainer("width must be greater than 0 and at most \(Int(maximumLength)) points (got \(container.width))")
        }
        if let height = container.height, !(height.isFinite && height >= 0 && height <= maximumLength) {
            throw .invalidContainer("height must be between 0 and \(Int(maximumLength)) points (got \(height))")
        }
        guard container.lineLimit >= 0, container.lineLimit <= Container.maximumLineLimit else {
            throw .invalidContainer("line limit must be 0 (no limit) to \(Container.maximumLineLimit) (got \(container.lineLimit))")
        }
        func valid(_ length: Double) -> Bool { length.isFinite && length >= 0 && length <= maximumLength }
        let insets = container.insets
        guard valid(insets.top) && valid(insets.left) && valid(insets.bottom) && valid(insets.right) else {
            throw .invalidContainer("insets must be between 0 and \(Int(maximumLength)) points")
        }
        // (The values read where they are, not copied into an array first: no allocation per text laid out.)
        guard container.categoryWidths.values.allSatisfy(valid) && container.categoryHeights.values.allSatisfy(valid)
        else {
            throw .invalidContainer("widths and heights at each category must be between 0 and \(Int(maximumLength)) points")
        }
        guard container.textWidth > 0 else {
            throw .invalidContainer("the left and right insets (\(ReportNumber.text(insets.left + insets.right)) pt) leave no room in a width of \(ReportNumber.text(container.width)) pt")
        }
        guard container.displayScale.isFinite, container.displayScale >= 1, container.displayScale <= 10 else {
            throw .invalidContainer("display scale must be between 1 and 10 (got \(container.displayScale))")
        }
    }

    /// Everything of a request that its plan depends on (``plan(_:)`` reads nothing else): two requests with equal
    /// inputs have the same plan.
    struct PlanInputs: Equatable {
        let font: FontChoice
        let lineHeight: LineHeightPolicy
        let lineSpacing: LineSpacing
        let categories: [ContentSizeCategory]
        let categoryLimits: CategoryLimits
        let hasCategorySizes: Bool
        let scalesInsets: Bool
        let insets: EdgeInsets

        init(_ request: FitRequest) {
            font = request.font
            lineHeight = request.lineHeight
            lineSpacing = request.lineSpacing
            categories = request.categories
            categoryLimits = request.categoryLimits
            hasCategorySizes = !(request.container.categoryWidths.isEmpty && request.container.categoryHeights.isEmpty)
            scalesInsets = request.label.scalesInsets
            insets = request.container.insets
        }

        /// Whether `request` has these inputs (`PlanInputs(request) == self`, without the copy). Mutating, though it
        /// changes nothing: called on inputs kept in an engine, they are then read in place, not copied out first.
        mutating func match(_ request: FitRequest) -> Bool {
            font == request.font && lineHeight == request.lineHeight && lineSpacing == request.lineSpacing
                && categories == request.categories && categoryLimits == request.categoryLimits
                && hasCategorySizes == !(request.container.categoryWidths.isEmpty
                    && request.container.categoryHeights.isEmpty)
                && scalesInsets == request.label.scalesInsets && insets == request.container.insets
        }
    }

    /// The sizes to lay out, from the font choice and the requested categories, ascending.
    static func plan(_ request: FitRequest) throws(LayoutSimError) -> [FitStep] {
        var steps = try planSizes(request)
        guard request.label.scalesInsets else { return steps }
        // Insets scaled like the text style (the body style for a fixed size), `@ScaledMetric`.
        let scaler: FontMetricsScaler
        do { scaler = try FontMetricsScaler(relativeTo: request.font.style ?? .body) } catch { throw .model(error) }
        let i = request.container.insets
        for index in steps.indices {
            guard let category = steps[index].category else { continue }
            let applied = steps[index].appliedCategory ?? category
            steps[index].insets = EdgeInsets(
                top: scaler.scaledValue(i.top, at: applied), left: scaler.scaledValue(i.left, at: applied),
                bottom: scaler.scaledValue(i.bottom, at: applied), right: scaler.scaledValue(i.right, at: applied)
            )
        }
        return steps
    }

    fileprivate static func planSizes(_ request: FitRequest) throws(LayoutSimError) -> [FitStep] {
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
        // Each category once, smallest first (marked by raw value: no set to hash them into).
        var asked = [Bool](repeating: false, count: ContentSizeCategory.allCases.count)
        for category in request.categories { asked[category.rawValue] = true }
        let categories = ContentSizeCategory.allCases.filter { asked[$0.rawValue] }
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
            let points = try checked(size)
            let container = request.container
            if !(container.categoryWidths.isEmpty && container.categoryHeights.isEmpty) {
                // A fixed size in a room that changes with the category (a row whose other children scale): the same
                // size at each category.
                return categories.map { category in
                    FitStep(category: category, appliedCategory: request.categoryLimits.apply(to: category), pointSize: points,
                            weight: weight(for: nil), leading: nil)
                }
            }
            return [FitStep(category: nil, pointSize: points, weight: weight(for: nil), leading: nil)]
        case .textStyle(let style):
            var steps: [FitStep] = []
            steps.reserveCapacity(categories.count)
            if isSystem {
                let styleWeight = weight(for: style)
                for category in categories {
                    let applied = request.categoryLimits.apply(to: category)
                    guard let metrics = TypeScale.metrics(style, applied) else {
                        throw .model(.categoryUnknownForStyle(style, applied))
                    }
                    let leading = request.lineSpacing == .leading ? metrics.leading : nil
                    steps.append(FitStep(
                        category: category, appliedCategory: applied, pointSize: metrics.pointSize,
                        weight: styleWeight, leading: leading
                    ))
                }
                return steps
            }
            guard let base = TypeScale.pointSize(style, .large) else { throw .model(.categoryUnknownForStyle(style, .large)) }
            return try scaledSteps(
                base, relativeTo: style, maximum: nil, categories: categories, limits: request.categoryLimits,
                weight: weight(for: style)
            )
        case .scaled(let size, let style, let maximum):
            return try scaledSteps(
                try checked(size), relativeTo: style, maximum: maximum, categories: categories,
                limits: request.categoryLimits, weight: weight(for: nil)
            )
        }
    }

    fileprivate static func scaledSteps(
        _ size: Double, relativeTo style: TextStyle, maximum: Double?, categories: [ContentSizeCategory],
        limits: CategoryLimits, weight: FontWeight
    ) throws(LayoutSimError) -> [FitStep] {
        let scaler: FontMetricsScaler
        do { scaler = try FontMetricsScaler(relativeTo: style) } catch { throw .model(error) }
        if let maximum, !(maximum.isFinite && maximum > 0 && maximum <= maximumLength) {
            throw .model(.invalidValue("maximum point size must be greater than 0 (got \(maximum))"))
        }
        var steps: [FitStep] = []
        for category in categories {
            let applied = limits.apply(to: category)
            let scaled = scaler.scaledFontSize(size, at: applied, maximumPointSize: maximum)
            guard scaled.isFinite, scaled > 0, scaled <= maximumLength else {
                throw .model(.invalidValue("point size \(size) scales to \(scaled) at \(category.swiftUIName), beyond \(Int(maximumLength))"))
            }
            steps.append(FitStep(category: category, appliedCategory: applied, pointSize: scaled, weight: weight, leading: nil))
        }
        return steps
    }
}
