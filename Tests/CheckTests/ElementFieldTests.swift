import LayoutSimCheck
import Testing

/// Every field of the spec's one list reads into, and inherits, the same property: a field set alone differs from an
/// empty element, and an element inheriting everything from it (through a `locales` entry with nothing of its own)
/// is it again. A field whose reading and inheriting touched two different properties fails both ways.
struct ElementFieldTests {
    /// A valid value per field, as a spec file writes it.
    static let samples: [String: String] = [
        "key": "greeting", "style": "headline", "font": "Fonts/Inter-Regular.otf", "relativeTo": "title2",
        "size": "21", "maxSize": "28", "weight": "bold", "emphasized": "true", "width": "240", "scaledWidth": "120",
        "device": "iphone-se", "margins": "20", "lines": "3", "height": "44", "scaledHeight": "30", "insets": "1,2,3,4",
        "scaledInsets": "true", "view": "textview", "lineBreakMode": "char", "lineBreakStrategy": "none",
        "minimumScaleFactor": "0.5", "tightening": "true", "alignment": "center", "lineSpacing": "leading",
        "lineHeight": "typographic", "sizingRule": "oversize", "clipsToBounds": "true", "allowWordBreak": "true",
        "mustFitThrough": "AX2", "lineBreakRules": "loose", "calibration": "off", "minimumContentSizeCategory": "L",
        "maximumContentSizeCategory": "AX3", "dynamicTypeSize": "M...AX4",
    ]

    @Test func eachFieldReadsAndInheritsOneProperty() throws {
        #expect(Set(Self.samples.keys) == Set(ElementSpec.fields.map(\.name)))
        for field in ElementSpec.fields {
            let text = try #require(Self.samples[field.name], "no sample for \(field.name)")
            var alone = ElementSpec()
            try alone.set(field.name, .text(text))
            #expect(alone != ElementSpec(), "\(field.name) set nothing")
            var base = alone
            base.locales = ["de": ElementSpec()]
            let inherited = base.forLocale("de")
            switch field.name {
            // Category limits are not inherited field by field: they nest (their intersection, with a
            // dynamicTypeSize range turned into the two limits).
            case "minimumContentSizeCategory":
                #expect(alone.minimumContentSizeCategory != nil && inherited.categoryLimits == alone.categoryLimits)
            case "maximumContentSizeCategory":
                #expect(alone.maximumContentSizeCategory != nil && inherited.categoryLimits == alone.categoryLimits)
            case "dynamicTypeSize":
                #expect(alone.dynamicTypeSize != nil && inherited.categoryLimits == alone.categoryLimits)
            default:
                var expected = alone
                expected.locales = nil
                #expect(inherited == expected, "\(field.name) is inherited into another property")
            }
        }
    }
}
