import Foundation
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// All tests of the `Model` layer and of `layoutsim scale`. The nested suites are selected by
/// `swift test --filter ModelTests` (or `--filter Model`).
@Suite("Model")
struct ModelTests {}

typealias DynamicTypeReference = LayoutSimTestSupport.DynamicTypeReference

private func approximatelyEqual(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

// MARK: - ContentSizeCategory

extension ModelTests {
    @Suite("Model: content size categories")
    struct ModelCategoryTests {
        @Test func orderRawValuesAndDefault() {
            #expect(ContentSizeCategory.allCases.count == 12)
            // Tables indexed by style (TypeScale's rows) rely on each style's index being its position.
            #expect(TextStyle.allCases.map(\.tableIndex) == Array(0..<TextStyle.allCases.count))
            #expect(ContentSizeCategory.allCases.map(\.rawValue) == Array(0...11))
            #expect(ContentSizeCategory.allCases == ContentSizeCategory.allCases.sorted())
            #expect(ContentSizeCategory.xSmall < .accessibility5)
            #expect(ContentSizeCategory.medium < .accessibility1)
            #expect(ContentSizeCategory.default == .large)
            #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory)
                == [.accessibility1, .accessibility2, .accessibility3, .accessibility4, .accessibility5])
        }

        @Test func namesMatchReference() throws {
            let reference = try DynamicTypeReference.load()
            let all = ContentSizeCategory.allCases
            #expect(all.map(\.swiftUIName) == reference.categorySwiftUIDynamicTypeSize)
            #expect(all.map(\.uikitName) == reference.categoryUIKitNames)
            #expect(all.map(\.rawValueName) == reference.categoryRawValues)
            #expect(all.map(\.shortName) == ["xS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"])
            // The reference's own "categories" spelling (xSmall … AX5) parses to the same order.
            #expect(reference.categories.map { ContentSizeCategory(parsing: $0) } == all.map { Optional($0) })
            #expect(reference.accessibilityCategories.compactMap { ContentSizeCategory(parsing: $0) }
                == all.filter(\.isAccessibilityCategory))
            #expect(ContentSizeCategory(parsing: reference.defaultCategory) == .default)
        }

        @Test("every spelling family parses", arguments: ContentSizeCategory.allCases)
        func everySpellingFamily(_ category: ContentSizeCategory) {
            let spellings = [
                category.swiftUIName, category.shortName, category.uikitName, category.rawValueName,
                "." + category.uikitName, "." + category.swiftUIName,
                "UIContentSizeCategory." + category.uikitName,
                "UIContentSizeCategory" + category.uikitName.prefix(1).uppercased() + category.uikitName.dropFirst(),
                "DynamicTypeSize." + category.swiftUIName,
                "ContentSizeCategory." + category.uikitName,
                category.swiftUIName.uppercased(), category.uikitName.lowercased(), category.rawValueName.lowercased(),
                category.shortName.lowercased(), "  \(category.shortName)\t",
            ]
            for spelling in spellings {
                #expect(ContentSizeCategory(parsing: spelling) == category, "\(spelling)")
            }
        }

        @Test("explicit spellings", arguments: [
            ("xS", ContentSizeCategory.xSmall), ("XS", .xSmall), ("extra small", .xSmall), ("extra_small", .xSmall),
            ("S", .small), ("M", .medium), ("medium", .medium), (".medium", .medium), ("L", .large), ("default", .large),
            ("DEFAULT", .large), ("XL", .xLarge), ("xxl", .xxLarge), ("XXXL", .xxxLarge),
            ("accessibilityMedium", .accessibility1), ("AX1", .accessibility1), ("AX-M", .accessibility1),
            ("ax-m", .accessibility1), ("AXM", .accessibility1), ("AX-L", .accessibility2), ("AXL", .accessibility2),
            ("AX-XL", .accessibility3), ("AX-XXL", .accessibility4), ("AX-XXXL", .accessibility5),
            (".accessibilityExtraExtraExtraLarge", .accessibility5), ("accessibility5", .accessibility5),
            ("UICTContentSizeCategoryAccessibilityXXXL", .accessibility5), ("UICTContentSizeCategoryM", .medium),
            ("UICTContentSizeCategoryAccessibilityM", .accessibility1), ("xxxLarge", .xxxLarge),
            ("extraExtraExtraLarge", .xxxLarge), ("UIContentSizeCategoryExtraSmall", .xSmall),
        ])
        func explicitSpellings(_ text: String, _ expected: ContentSizeCategory) {
            #expect(ContentSizeCategory(parsing: text) == expected)
        }

        @Test("rejected spellings", arguments: [
            "", " ", "huge", "AX6", "AX0", "XXXXL", "accessibility", "accessibility6", "unspecified",
            "AXXL", "AXXXL", "AXXXXL", "extraExtraExtraExtraLarge", "..", "L...",
        ])
        func rejectedSpellings(_ text: String) {
            #expect(ContentSizeCategory(parsing: text) == nil)
        }

        @Test func aliasesAreUnambiguous() {
            var seen: [String: ContentSizeCategory] = [:]
            for (alias, category) in ContentSizeCategory.aliases {
                if let previous = seen[alias] {
                    #expect(previous == category, "alias '\(alias)' names both \(previous) and \(category)")
                }
                seen[alias] = category
            }
            #expect(seen.count >= 12 * 4)
        }

        @Test func parseThrowsListingValidNames() {
            #expect(throws: ModelError.unknownCategory("huge", valid: ContentSizeCategory.validNames)) {
                try ContentSizeCategory.parse("huge")
            }
            #expect(throws: Never.self) { try ContentSizeCategory.parse("AX-M") }
        }

        @Test("ranges", arguments: [
            ("large...AX5", 9, ContentSizeCategory.large, ContentSizeCategory.accessibility5),
            ("...xxxLarge", 7, .xSmall, .xxxLarge),
            ("all", 12, .xSmall, .accessibility5),
            ("ALL", 12, .xSmall, .accessibility5),
            ("AX1...", 5, .accessibility1, .accessibility5),
            ("M...M", 1, .medium, .medium),
            (" xS ... S ", 2, .xSmall, .small),
            (".extraSmall...large", 4, .xSmall, .large),
            ("xS....large", 4, .xSmall, .large),
            ("....large", 4, .xSmall, .large),
            ("UICTContentSizeCategoryL...UICTContentSizeCategoryXL", 2, .large, .xLarge),
            ("accessibilityMedium...accessibility2", 2, .accessibility1, .accessibility2),
            ("large", 1, .large, .large),
        ])
        func ranges(_ text: String, _ count: Int, _ first: ContentSizeCategory, _ last: ContentSizeCategory) throws {
            let result = try ContentSizeCategory.parseRange(text)
            #expect(result.count == count)
            #expect(result.first == first)
            #expect(result.last == last)
            #expect(result == result.sorted())
        }

        @Test func rangeListsAreSortedUnions() throws {
            #expect(try ContentSizeCategory.parseRange("xS,L,AX5") == [.xSmall, .large, .accessibility5])
            #expect(try ContentSizeCategory.parseRange("AX5, L ,xS") == [.xSmall, .large, .accessibility5])
            #expect(try ContentSizeCategory.parseRange("L,L,xS...S") == [.xSmall, .small, .large])
            #expect(try ContentSizeCategory.parseRange("...M,AX4...")
                == [.xSmall, .small, .medium, .accessibility4, .accessibility5])
            #expect(try ContentSizeCategory.parseRange("xS...L,M...XL") == Array(ContentSizeCategory.allCases[0...4]))
            #expect(try ContentSizeCategory.parseRange("all,L").count == 12)
            #expect(try ContentSizeCategory.parseRange("L,") == [.large])
        }

        @Test func rangeErrors() {
            let valid = ContentSizeCategory.validNames
            #expect(throws: ModelError.unknownCategory("huge", valid: valid)) { try ContentSizeCategory.parseRange("huge") }
            #expect(throws: ModelError.unknownCategory("huge", valid: valid)) { try ContentSizeCategory.parseRange("xS,huge") }
            #expect(throws: ModelError.unknownCategory("XXXXL", valid: valid)) { try ContentSizeCategory.parseRange("L...XXXXL") }
            #expect(throws: ModelError.unknownCategory("...", valid: valid)) { try ContentSizeCategory.parseRange("...") }
            #expect(throws: ModelError.emptyCategoryRange("AX5...xS")) { try ContentSizeCategory.parseRange("AX5...xS") }
            #expect(throws: ModelError.emptyCategoryRange("")) { try ContentSizeCategory.parseRange("") }
            #expect(throws: ModelError.emptyCategoryRange(" , ")) { try ContentSizeCategory.parseRange(" , ") }
            #expect(throws: ModelError.self) { try ContentSizeCategory.parseRange("xS..<L") }
            do {
                _ = try ContentSizeCategory.parseRange("nope")
                Issue.record("expected an error")
            } catch {
                let message = error.description
                for category in ContentSizeCategory.allCases {
                    #expect(message.contains(category.shortName))
                    #expect(message.contains(category.swiftUIName))
                }
                #expect(message.contains("'nope'"))
            }
        }

        @Test func codableUsesSwiftUINames() throws {
            let data = try JSONEncoder().encode(ContentSizeCategory.allCases)
            let strings = try JSONDecoder().decode([String].self, from: data)
            #expect(strings == ContentSizeCategory.allCases.map(\.swiftUIName))
            let decoded = try JSONDecoder().decode([ContentSizeCategory].self, from: data)
            #expect(decoded == ContentSizeCategory.allCases)
            let lenient = try JSONDecoder().decode([ContentSizeCategory].self, from: Data(#"["AX-M","extraSmall","L"]"#.utf8))
            #expect(lenient == [.accessibility1, .xSmall, .large])
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode([ContentSizeCategory].self, from: Data(#"["bogus"]"#.utf8))
            }
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode([ContentSizeCategory].self, from: Data("[3]".utf8))
            }
        }
    }
}

// MARK: - TextStyle and FontWeight

extension ModelTests {
    @Suite("Model: text styles and weights")
    struct ModelTextStyleTests {
        @Test func namesMatchReference() throws {
            let reference = try DynamicTypeReference.load()
            #expect(Set(TextStyle.allCases.map(\.rawValue)) == Set(reference.styles.keys).union(reference.partialStyles.keys))
            for (name, style) in reference.styles {
                let textStyle = try #require(TextStyle(rawValue: name))
                #expect(textStyle.uikitRawValue == style.uikitRawValue)
                #expect(textStyle.swiftUIName == style.swiftUIName)
                #expect(TextStyle(parsing: style.uikitRawValue) == textStyle)
                #expect(TextStyle(parsing: style.swiftUIName) == textStyle)
            }
            for (name, style) in reference.partialStyles {
                let textStyle = try #require(TextStyle(rawValue: name))
                #expect(textStyle.uikitRawValue == style.uikitRawValue)
                #expect(TextStyle(parsing: style.uikitRawValue) == textStyle)
                #expect(textStyle.isPartial)
            }
        }

        @Test("every spelling family parses", arguments: TextStyle.allCases)
        func everySpellingFamily(_ style: TextStyle) {
            let objcConstant = "UIFontTextStyle" + style.uikitRawValue.dropFirst("UICTFontTextStyle".count)
            let spellings = [
                style.rawValue, style.swiftUIName, style.uikitRawValue, objcConstant,
                "." + style.rawValue, "." + style.swiftUIName, style.rawValue.uppercased(), style.rawValue.lowercased(),
                "UIFont.TextStyle." + style.rawValue, "Font.TextStyle." + style.swiftUIName, " \(style.rawValue) ",
            ]
            for spelling in spellings {
                #expect(TextStyle(parsing: spelling) == style, "\(spelling)")
            }
        }

        @Test("explicit spellings", arguments: [
            ("title", TextStyle.title1), (".title", .title1), ("Title 1", .title1), ("caption", .caption1),
            ("Caption 1", .caption1), ("caption2", .caption2), ("Caption 2", .caption2), ("subhead", .subheadline),
            ("Subhead", .subheadline), ("SUBHEADLINE", .subheadline), ("Large Title", .largeTitle),
            ("large-title", .largeTitle), ("large_title", .largeTitle), ("LARGETITLE", .largeTitle),
            ("UICTFontTextStyleTitle0", .largeTitle), ("UICTFontTextStyleBody", .body), ("UIFontTextStyleBody", .body),
            ("UICTFontTextStyleSubhead", .subheadline), ("UIFontTextStyleSubhead", .subheadline),
            ("UICTFontTextStyleExtraLargeTitle", .extraLargeTitle), ("UICTFontTextStyleExtraLargeTitle2", .extraLargeTitle2),
            ("Extra Large Title 2", .extraLargeTitle2), ("Title 2", .title2), ("title 3", .title3),
            ("Headline", .headline), ("Callout", .callout), ("Footnote", .footnote), (".body", .body),
        ])
        func explicitSpellings(_ text: String, _ expected: TextStyle) {
            #expect(TextStyle(parsing: text) == expected)
        }

        @Test("rejected spellings", arguments: [
            "", "title4", "caption3", "display", "bodyy", "UICTFontTextStyle", "largest title",
        ])
        func rejectedSpellings(_ text: String) {
            #expect(TextStyle(parsing: text) == nil)
        }

        @Test func aliasesAreUnambiguous() {
            var seen: [String: TextStyle] = [:]
            for (alias, style) in TextStyle.aliases {
                if let previous = seen[alias] {
                    #expect(previous == style, "alias '\(alias)' names both \(previous) and \(style)")
                }
                seen[alias] = style
            }
        }

        @Test func parseThrowsListingValidNames() {
            #expect(throws: ModelError.unknownStyle("display", valid: TextStyle.validNames)) { try TextStyle.parse("display") }
            let message = ModelError.unknownStyle("display", valid: TextStyle.validNames).description
            for style in TextStyle.allCases {
                #expect(message.contains(style.rawValue))
            }
        }

        @Test func codableUsesRawValues() throws {
            let data = try JSONEncoder().encode([TextStyle.title1, .caption1])
            #expect(String(decoding: data, as: UTF8.self) == #"["title1","caption1"]"#)
        }

        @Test func weights() throws {
            #expect(FontWeight.allCases == [.regular, .medium, .semibold, .bold])
            #expect(FontWeight.allCases == FontWeight.allCases.sorted())
            #expect(FontWeight.regular < .bold)
            for weight in FontWeight.allCases {
                #expect(FontWeight(parsing: weight.rawValue) == weight)
                #expect(FontWeight(parsing: weight.rawValue.uppercased()) == weight)
                #expect(FontWeight(parsing: "." + weight.rawValue) == weight)
                #expect(FontWeight(parsing: "UIFont.Weight." + weight.rawValue) == weight)
            }
            #expect(FontWeight(parsing: "Semi-Bold") == .semibold)
            #expect(FontWeight(parsing: " Bold ") == .bold)
            for bad in ["light", "heavy", "black", "thin", "", "700"] {
                #expect(FontWeight(parsing: bad) == nil, "\(bad)")
            }
            #expect(throws: ModelError.unknownWeight("heavy", valid: ["regular", "medium", "semibold", "bold"])) {
                try FontWeight.parse("heavy")
            }
        }
    }
}

// MARK: - TypeScale

extension ModelTests {
    @Suite("Model: type scale table")
    struct ModelTypeScaleTests {
        @Test func everyCellMatchesReferenceJSON() throws {
            let reference = try DynamicTypeReference.load()
            #expect(reference.styles.count == 11)
            var cells = 0
            for (name, row) in reference.styles {
                let style = try #require(TextStyle(rawValue: name))
                #expect(!TypeScale.partialStyles.contains(style))
                try #require(row.sizes.count == 12 && row.leading.count == 12)
                for category in ContentSizeCategory.allCases {
                    let metrics = try #require(TypeScale.metrics(style, category), "\(name) \(category)")
                    #expect(metrics.pointSize == row.sizes[category.rawValue], "\(name) \(category.shortName) size")
                    #expect(metrics.leading == row.leading[category.rawValue], "\(name) \(category.shortName) leading")
                    #expect(metrics.weight.rawValue == row.weight, "\(name) weight")
                    #expect(metrics.emphasizedWeight.rawValue == row.emphasizedWeight, "\(name) emphasized weight")
                    #expect(TypeScale.isKnown(style, category))
                    #expect(TypeScale.pointSize(style, category) == row.sizes[category.rawValue])
                    #expect(TypeScale.leading(style, category) == row.leading[category.rawValue])
                    cells += 1
                }
            }
            #expect(cells == 132)
        }

        @Test func partialStylesMatchReferenceJSON() throws {
            let reference = try DynamicTypeReference.load()
            #expect(Set(reference.partialStyles.keys) == Set(TypeScale.partialStyles.map(\.rawValue)))
            for (name, partial) in reference.partialStyles {
                let style = try #require(TextStyle(rawValue: name))
                #expect(partial.sizes == nil && partial.leading == nil)
                let atLarge = try #require(TypeScale.metrics(style, .large))
                #expect(atLarge.pointSize == partial.sizeAtLarge)
                #expect(atLarge.leading == nil)
                #expect(atLarge.weight.rawValue == partial.weight)
                #expect(atLarge.emphasizedWeight == atLarge.weight)
                for category in ContentSizeCategory.allCases where category != .large {
                    #expect(TypeScale.metrics(style, category) == nil)
                    #expect(!TypeScale.isKnown(style, category))
                    #expect(throws: ModelError.categoryUnknownForStyle(style, category)) {
                        try TypeScale.requiredMetrics(style, category)
                    }
                }
            }
            #expect(TypeScale.metrics(.extraLargeTitle, .large)?.pointSize == 36)
            #expect(TypeScale.metrics(.extraLargeTitle2, .large)?.pointSize == 28)
            #expect(TypeScale.fullyKnownStyles.count == 11)
        }

        @Test func wellKnownAnchors() {
            #expect(TypeScale.metrics(.body, .large)
                == StyleMetrics(pointSize: 17, leading: 22, weight: .regular, emphasizedWeight: .semibold))
            #expect(TypeScale.metrics(.headline, .large)?.weight == .semibold)
            #expect(TypeScale.metrics(.body, .accessibility5)?.pointSize == 53)
            #expect(TypeScale.metrics(.caption2, .accessibility5)?.pointSize == 40) // not temoki README's 41
            #expect(TypeScale.metrics(.headline, .accessibility1)?.pointSize == 28) // not the pre-iOS 11 value 23
        }

        @Test func sizesAndLeadingsNeverShrink() {
            for style in TypeScale.fullyKnownStyles {
                let sizes = ContentSizeCategory.allCases.compactMap { TypeScale.pointSize(style, $0) }
                let leadings = ContentSizeCategory.allCases.compactMap { TypeScale.leading(style, $0) }
                #expect(sizes.count == 12 && leadings.count == 12)
                #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style) sizes")
                #expect(zip(leadings, leadings.dropFirst()).allSatisfy { $0 <= $1 }, "\(style) leadings")
                #expect(zip(sizes, leadings).allSatisfy { $0 < $1 }, "\(style) leading > size")
            }
        }
    }
}

// MARK: - UIFontMetrics model

extension ModelTests {
    /// A public measurement of UIFontMetrics / @ScaledMetric (see FontMetricsScaler's documentation).
    struct FontMetricsMeasurement: Sendable, CustomTestStringConvertible {
        let style: TextStyle
        let value: Double
        let category: ContentSizeCategory
        let expected: Double
        let isFontSize: Bool

        var testDescription: String {
            "\(style) \(value) at \(category.shortName) → \(expected)\(isFontSize ? " (scaledFont)" : "")"
        }

        static let all: [FontMetricsMeasurement] = [
            .init(style: .body, value: 17, category: .medium, expected: 49.0 / 3, isFontSize: false),
            .init(style: .body, value: 22, category: .accessibility5, expected: 62, isFontSize: false),
            .init(style: .body, value: 22, category: .xSmall, expected: 19, isFontSize: false),
            .init(style: .largeTitle, value: 22, category: .accessibility5, expected: 113.0 / 3, isFontSize: false),
            .init(style: .largeTitle, value: 22, category: .xSmall, expected: 61.0 / 3, isFontSize: false),
            .init(style: .body, value: 11, category: .medium, expected: 32.0 / 3, isFontSize: false),
            .init(style: .body, value: 110, category: .medium, expected: 105, isFontSize: false),
            .init(style: .body, value: 17, category: .accessibility5, expected: 48, isFontSize: true),
        ]
    }

    @Suite("Model: UIFontMetrics scaling")
    struct ModelFontMetricsTests {
        @Test("the eight public measurements", arguments: FontMetricsMeasurement.all)
        func publicMeasurements(_ m: FontMetricsMeasurement) throws {
            let scaler = try FontMetricsScaler(relativeTo: m.style)
            let result = m.isFontSize
                ? scaler.scaledFontSize(m.value, at: m.category)
                : scaler.scaledValue(m.value, at: m.category)
            #expect(approximatelyEqual(result, m.expected), "got \(result)")
        }

        /// Why the obvious model is not used: `value × size[cat] / size[L]` (what Flutter, Chromium and React Native
        /// assume) misses every measurement, with or without rounding to 1/3 pt.
        @Test func pointSizeRatioModelFailsTheMeasurements() throws {
            var failures = 0
            for m in FontMetricsMeasurement.all {
                let size = try #require(TypeScale.pointSize(m.style, m.category))
                let base = try #require(TypeScale.pointSize(m.style, .large))
                let ratio = m.value * size / base
                let ratioRounded = (ratio * 3).rounded() / 3
                if !approximatelyEqual(ratio, m.expected) && !approximatelyEqual(ratioRounded, m.expected) {
                    failures += 1
                }
            }
            #expect(failures >= 1)
            #expect(failures == FontMetricsMeasurement.all.count)
            // The headline case: body 17 at medium would be exactly 16, but UIKit gives 16.333….
            #expect(17.0 * 16 / 17 == 16)
        }

        @Test func defaultsAndIdentity() throws {
            let scaler = try FontMetricsScaler()
            #expect(scaler.style == .body)
            #expect(scaler.scaleFactor(at: .large) == 1)
            #expect(approximatelyEqual(scaler.scaleFactor(at: .accessibility5), 62.0 / 22))
            for value in [0.0, 1, 17, 44, 16 + 1.0 / 3, -8] {
                #expect(approximatelyEqual(scaler.scaledValue(value, at: .large), value), "\(value)")
            }
            #expect(scaler.scaledValue(.infinity, at: .accessibility5) == .infinity)
            #expect(scaler.scaledValue(-22, at: .accessibility5) == -62)
        }

        @Test func resultsAreMultiplesOfOneThirdAwayFromLarge() throws {
            for style in TypeScale.fullyKnownStyles {
                let scaler = try FontMetricsScaler(relativeTo: style)
                // At Large the value is returned unchanged (16.5 stays 16.5).
                #expect(scaler.scaledValue(16.5, at: .large) == 16.5)
                for category in ContentSizeCategory.allCases where category != .large {
                    for value in stride(from: 0.5, through: 60, by: 0.5) {
                        let thirds = scaler.scaledValue(value, at: category) * 3
                        #expect(approximatelyEqual(thirds, thirds.rounded()))
                    }
                }
            }
        }

        @Test func maximumPointSizeClampsAfterScaling() throws {
            let scaler = try FontMetricsScaler(relativeTo: .body)
            #expect(scaler.scaledFontSize(17, at: .accessibility5, maximumPointSize: 40) == 40)
            #expect(scaler.scaledFontSize(17, at: .accessibility5, maximumPointSize: 60) == 48)
            #expect(scaler.scaledFontSize(17, at: .accessibility5, maximumPointSize: nil) == 48)
            #expect(approximatelyEqual(scaler.scaledFontSize(17, at: .medium, maximumPointSize: 16.5), 16.333333333333332))
            // Clamping happens after rounding: 28 stays 28, not a rounded 28.
            #expect(scaler.scaledFontSize(16, at: .accessibility5, maximumPointSize: 28) == 28)
            #expect(scaler.scaledFontSize(16, at: .xSmall, maximumPointSize: 28) == 41.0 / 3)
        }

        @Test("partial styles cannot scale", arguments: [TextStyle.extraLargeTitle, .extraLargeTitle2])
        func partialStylesThrow(_ style: TextStyle) {
            #expect(throws: ModelError.unscalableStyle(style, valid: TypeScale.fullyKnownStyles.map(\.rawValue))) {
                try FontMetricsScaler(relativeTo: style)
            }
        }
    }
}

// MARK: - CategoryLimits

extension ModelTests {
    @Suite("Model: content size category limits")
    struct ModelCategoryLimitsTests {
        @Test func clamping() {
            let limits = CategoryLimits(minimum: .small, maximum: .xxxLarge)
            #expect(limits.apply(to: .xSmall) == .small)
            #expect(limits.apply(to: .large) == .large)
            #expect(limits.apply(to: .accessibility5) == .xxxLarge)
            #expect(CategoryLimits(maximum: .large).apply(to: .accessibility1) == .large)
            #expect(CategoryLimits(minimum: .large).apply(to: .xSmall) == .large)
            #expect(CategoryLimits(minimum: .large).apply(to: .accessibility3) == .accessibility3)
            for category in ContentSizeCategory.allCases {
                #expect(CategoryLimits.unlimited.apply(to: category) == category)
                #expect(CategoryLimits(minimum: category, maximum: category).apply(to: .xSmall) == category)
                #expect(CategoryLimits(minimum: category, maximum: category).apply(to: .accessibility5) == category)
            }
        }

        /// dynamic-type.md §5 (useyourloaf): preferred AX-M, label ≤ XXXL → XXXL; plus root ≤ XL → XL.
        @Test func nestingMostRestrictiveWins() {
            let root = CategoryLimits(maximum: .xLarge)
            let label = CategoryLimits(maximum: .xxxLarge)
            #expect(label.apply(to: .accessibility1) == .xxxLarge)
            #expect(root.intersecting(label).apply(to: .accessibility1) == .xLarge)
            #expect(label.intersecting(root).apply(to: .accessibility1) == .xLarge)
            #expect(root.intersecting(label) == CategoryLimits(maximum: .xLarge))

            let outer = CategoryLimits(minimum: .small, maximum: .accessibility2)
            let inner = CategoryLimits(minimum: .medium, maximum: .accessibility4)
            #expect(outer.intersecting(inner) == CategoryLimits(minimum: .medium, maximum: .accessibility2))
            #expect(outer.intersecting(.unlimited) == outer)
            #expect(CategoryLimits.unlimited.intersecting(inner) == inner)
        }

        @Test func minimumAboveMaximumOnlyMaximumApplies() {
            let inverted = CategoryLimits(minimum: .accessibility2, maximum: .large)
            #expect(inverted.isInverted)
            #expect(inverted.apply(to: .xSmall) == .xSmall)
            #expect(inverted.apply(to: .medium) == .medium)
            #expect(inverted.apply(to: .accessibility5) == .large)
            #expect(!CategoryLimits(minimum: .large, maximum: .large).isInverted)
            // Disjoint nested ranges intersect to an inverted pair, which then acts as its maximum.
            let nested = CategoryLimits(maximum: .small).intersecting(CategoryLimits(minimum: .xLarge))
            #expect(nested.isInverted)
            #expect(nested.apply(to: .accessibility1) == .small)
        }

        @Test func swiftUIRanges() {
            #expect(CategoryLimits(swiftUIRange: ContentSizeCategory.small...ContentSizeCategory.xxLarge)
                == CategoryLimits(minimum: .small, maximum: .xxLarge))
            #expect(CategoryLimits(swiftUIRange: ...ContentSizeCategory.large) == CategoryLimits(maximum: .large))
            #expect(CategoryLimits(swiftUIRange: ContentSizeCategory.accessibility1...)
                == CategoryLimits(minimum: .accessibility1))
            // `.dynamicTypeSize(...DynamicTypeSize.large).dynamicTypeSize(.xLarge)` → `.large` (Apple docs).
            #expect(CategoryLimits(swiftUIRange: ...ContentSizeCategory.large).apply(to: .xLarge) == .large)
        }
    }
}

// MARK: - Errors

extension ModelTests {
    @Suite("Model: error messages")
    struct ModelErrorTests {
        @Test func descriptionsAreOneLineAndListValidNames() {
            let errors: [ModelError] = [
                .unknownCategory("huge", valid: ContentSizeCategory.validNames),
                .unknownStyle("display", valid: TextStyle.validNames),
                .unknownWeight("heavy", valid: FontWeight.allCases.map(\.rawValue)),
                .emptyCategoryRange("AX5...xS"),
                .categoryUnknownForStyle(.extraLargeTitle, .accessibility5),
                .unscalableStyle(.extraLargeTitle, valid: TypeScale.fullyKnownStyles.map(\.rawValue)),
                .invalidValue("--max must be greater than 0"),
            ]
            for error in errors {
                let text = error.description
                #expect(!text.contains("\n"))
                #expect(text.first?.isLowercase == true, "\(text)")
            }
            #expect(errors[0].description.contains("xS/xSmall"))
            #expect(errors[0].description.contains("AX5/accessibility5"))
            #expect(errors[2].description.contains("semibold"))
            #expect(errors[3].description.contains("AX5"))
            #expect(errors[4].description.contains("known categories for it: L"))
            #expect(errors[5].description.contains("body"))
        }
    }
}
