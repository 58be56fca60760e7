import LayoutSimFitting
import LayoutSimModel

/// The rules read off the places: what a label is told about Dynamic Type, type-size caps, and the ones that lay
/// the text out (fixed heights, rows, shrinking) with the engine.
struct PlaceRules {
    let result: ScanResult
    /// The development language's text of each catalog key, when catalogs were given: what the engine lays out.
    let texts: [String: String]
    let engine: LayoutEngine?
    /// The screen a place with no width of its own spans (the draft's default device, iPhone 15).
    static let screenWidth = 393.0

    func findings() -> [Finding] {
        var findings: [Finding] = []
        var seen: Set<String> = []
        func add(_ finding: Finding) {
            guard seen.insert(finding.rule.rawValue + "\(finding.location)").inserted else {
                // One finding per line of code: a container's modifier that reaches several texts lists their keys.
                if let index = findings.firstIndex(where: { $0.rule == finding.rule && $0.location == finding.location }) {
                    findings[index].keys += finding.keys.filter { !findings[index].keys.contains($0) }
                }
                return
            }
            findings.append(finding)
        }
        for place in result.places {
            contentSizeAdjustment(place).map(add)
            cappedTypeSize(place).map(add)
            fixedHeight(place).map(add)
            shrinking(place).map(add)
            interfaceBuilderFixedFont(place).map(add)
        }
        for row in result.rows { rowWithoutSwitch(row).map(add) }
        return findings
    }

    private func contentSizeAdjustment(_ place: SourcePlace) -> Finding? {
        guard !place.view.isSwiftUI, let font = place.font, font.evidence.confidence >= .high else { return nil }
        let adjusts = place.adjustsFontForContentSizeCategory?.value ?? false
        switch font.value {
        case .style, .scaled:
            // A subclass may set it in its own code, which the scan does not follow.
            guard !adjusts, place.customClass == nil else { return nil }
            return Finding(.noContentSizeAdjustment, .warning, at: place.location, code: font.evidence.code,
                           message: "the \(place.view.rawValue) has a scaled font but not adjustsFontForContentSizeCategory: it keeps "
                               + "the size it was made with when the user changes the text size",
                           fix: "set adjustsFontForContentSizeCategory = true (Interface Builder: Automatically Adjusts Font)",
                           keys: [place.key])
        case .fixed:
            guard adjusts, let evidence = place.adjustsFontForContentSizeCategory?.evidence else { return nil }
            return Finding(.noContentSizeAdjustment, .warning, at: evidence.location, code: evidence.code,
                           message: "adjustsFontForContentSizeCategory has no effect on a fixed font (\(font.evidence.code))",
                           fix: "make the font with UIFontMetrics(forTextStyle:).scaledFont(for:) or preferredFont(forTextStyle:)",
                           keys: [place.key])
        }
    }

    private func cappedTypeSize(_ place: SourcePlace) -> Finding? {
        guard let cap = place.maximumCategory, cap.value < .accessibility1, cap.evidence.confidence >= .high else { return nil }
        return Finding(.cappedTypeSize, .note, at: cap.evidence.location, code: cap.evidence.code,
                       message: "text here stops growing at \(cap.value.swiftUIName): users who chose an accessibility size get "
                           + "\(cap.value.swiftUIName)'s",
                       fix: "cap only what cannot grow (bars, fixed chrome), and no lower than needed; give the rest a layout for "
                           + "accessibility sizes (isAccessibilitySize, ViewThatFits)",
                       keys: [place.key])
    }

    private func interfaceBuilderFixedFont(_ place: SourcePlace) -> Finding? {
        guard place.location.file.hasSuffix(".storyboard") || place.location.file.hasSuffix(".xib"),
              let font = place.font, case .fixed(let size) = font.value, font.evidence.confidence == .exact else { return nil }
        return Finding(.fixedFontSize, .error, at: font.evidence.location, code: font.evidence.code,
                       message: "the font is \(ReportNumber.text(size)) pt at every Dynamic Type size: it never grows for users of "
                           + "large text",
                       fix: "choose a text style in the font menu (Body, Footnote…) and check Automatically Adjusts Font",
                       keys: [place.key])
    }

    // MARK: Laid out

    /// The place as a request for the engine, with its development-language text.
    func request(_ place: SourcePlace, text: String, lines: Int? = nil, height: Double?? = nil) -> FitRequest {
        let weight = place.weight?.value
        let font: FontChoice
        switch place.font?.value {
        case .style(let style)?: font = FontChoice(sizing: .textStyle(style), weight: weight)
        case .fixed(let size)?: font = .system(size: size, weight: weight ?? .regular)
        case .scaled(let size, let style)?: font = FontChoice(sizing: .scaled(pointSize: size, relativeTo: style, maximumPointSize: nil), weight: weight)
        case nil: font = FontChoice(sizing: .textStyle(.body), weight: weight)
        }
        let padding = place.horizontalPadding?.value ?? 0
        let width = max(1, (place.width?.value ?? place.maxWidth?.value ?? Self.screenWidth) - padding)
        let limit = lines ?? place.lines?.value ?? (place.view.isSwiftUI ? 0 : 1)
        var label = LabelBehavior()
        if let mode = place.lineBreakMode?.value { label.lineBreakMode = mode }
        label.minimumScaleFactor = place.minimumScaleFactor?.value
        let container = Container(width: width, height: height ?? place.height?.value, lineLimit: limit)
        var request = FitRequest(text: text, font: font, container: container,
                                 lineSpacing: place.view.isSwiftUI ? .leading : .natural, label: label)
        request.categoryLimits = CategoryLimits(minimum: place.minimumCategory?.value, maximum: place.maximumCategory?.value)
        return request
    }

    private func fixedHeight(_ place: SourcePlace) -> Finding? {
        guard let height = place.height, height.evidence.confidence >= .high else { return nil }
        let base = "the frame is \(ReportNumber.text(height.value)) pt tall at every size"
        let fix = "let the height follow the text: no fixed height, a minimum (.frame(minHeight:)), or @ScaledMetric"
        guard let text = texts[place.key], let engine else {
            return Finding(.fixedFrameHeight, .warning, at: height.evidence.location, code: height.evidence.code,
                           message: base + ": the text grows and is cut (give --catalog to know from which size)", fix: fix, keys: [place.key])
        }
        let report: FitReport
        do { report = try engine.fit(request(place, text: text)) } catch {
            return Finding(.fixedFrameHeight, .warning, at: height.evidence.location, code: height.evidence.code,
                           message: base + ": \"\(place.key)\" could not be laid out (\(error))", fix: fix, keys: [place.key])
        }
        guard let first = report.results.first(where: { $0.verdict != .fits }), let category = first.category else { return nil }
        // What it would need: the same text with no fixed height, at that category.
        var free = request(place, text: text, height: .some(nil))
        free.categories = [category]
        let needed: String
        do { needed = try engine.fit(free).results.first.map { " needs \(ReportNumber.text($0.height)) pt" } ?? " needs more" } catch {
            needed = " needs more"
        }
        return Finding(.fixedFrameHeight, .error, at: height.evidence.location, code: height.evidence.code,
                       message: base + ": \"\(text)\"\(needed) from \(category.swiftUIName)",
                       fix: fix, keys: [place.key])
    }

    private func shrinking(_ place: SourcePlace) -> Finding? {
        guard let factor = place.minimumScaleFactor, factor.value < 1, factor.evidence.confidence >= .high else { return nil }
        var message = "the text shrinks to fit, down to \(ReportNumber.text(factor.value * 100)) % of its size"
        if let text = texts[place.key], let engine {
            do {
                if let largest = try engine.fit(request(place, text: text)).results.last {
                    // pointSize is the size shown, after shrinking by scaleFactor.
                    message += "; at \(largest.category?.swiftUIName ?? "its size") \"\(text)\" is shown at "
                        + "\(ReportNumber.text(largest.pointSize)) pt of \(ReportNumber.text(largest.pointSize / max(largest.scaleFactor, 0.01)))"
                }
            } catch {
                message += " (\"\(place.key)\" could not be laid out: \(error))"
            }
        }
        return Finding(.minimumScaleHidesTruncation, .note, at: factor.evidence.location, code: factor.evidence.code,
                       message: message + " (check models the shrinking: a text that shrinks passes)",
                       fix: "prefer wrapping (more lines) to shrinking where the text is read, not glanced at", keys: [place.key])
    }

    /// A row with a single-line text and no other layout for large sizes: from which category its texts, icons and
    /// spacing no longer fit side by side (each text at its one-line width, as `HStack` offers it).
    private func rowWithoutSwitch(_ row: SourceRow) -> Finding? {
        guard row.alternative == nil, !row.scrolls, let engine else { return nil }
        let places = row.members.compactMap { member -> SourcePlace? in
            if case .place(let index) = member { return result.places[index] }
            return nil
        }
        guard places.contains(where: { $0.lines?.value == 1 }), let first = places.first else { return nil }
        var widths: [ContentSizeCategory: Double] = [:]
        for place in places {
            guard let text = texts[place.key] else { return nil }   // without the catalog's text the row cannot be laid out
            var wide = place
            wide.width = nil
            wide.maxWidth = nil
            wide.horizontalPadding = nil
            var request = self.request(wide, text: text, lines: 1, height: .some(nil))
            request.container.width = 100_000
            let report: FitReport
            do { report = try engine.fit(request) } catch { return nil }
            for result in report.results { if let category = result.category { widths[category, default: 0] += result.width } }
        }
        var others: [ContentSizeCategory: Double] = [:]
        for member in row.members {
            switch member {
            case .fixed(let width): for category in ContentSizeCategory.allCases { others[category, default: 0] += width }
            case .scaled(let width, let style):
                let scaler: FontMetricsScaler
                do { scaler = try FontMetricsScaler(relativeTo: style) } catch { continue }   // a style with no known curve
                for category in ContentSizeCategory.allCases { others[category, default: 0] += scaler.scaledValue(width, at: category) }
            case .place, .other: continue
            }
        }
        let gaps = Double(row.members.filter { if case .other("Spacer") = $0 { return false } else { return true } }.count - 1)
        let spacing = (row.spacing ?? 8) * max(0, gaps)
        let room = max(1, (first.width?.value ?? first.maxWidth?.value ?? Self.screenWidth) - (first.horizontalPadding?.value ?? 0))
        guard let category = ContentSizeCategory.allCases.first(where: { (widths[$0] ?? 0) + (others[$0] ?? 0) + spacing > room + 0.001 }),
              category >= .large else { return nil }
        let needed = (widths[category] ?? 0) + (others[category] ?? 0) + spacing
        return Finding(.rowWithoutSwitch, .error, at: row.location, code: "row of " + places.map(\.key).joined(separator: ", "),
                       message: "from \(category.swiftUIName) the row's texts need \(ReportNumber.text(needed)) pt side by side "
                           + "(it has \(ReportNumber.text(room))), and the code has no other layout for large sizes",
                       fix: "switch to a vertical layout at accessibility sizes: if dynamicTypeSize.isAccessibilitySize { VStack { … } } "
                           + "else { HStack { … } }, or ViewThatFits { HStack { … }; VStack { … } }",
                       keys: places.map(\.key))
    }
}
