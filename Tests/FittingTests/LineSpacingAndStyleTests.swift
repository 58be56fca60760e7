import Foundation
import LayoutSimBreaking
import LayoutSimFitting
import LayoutSimModel
import LayoutSimReports
import LayoutSimShaping
import LayoutSimTestSupport
import Testing

/// Text styles through the whole engine, against Apple's published numbers and measurements.
struct LineSpacingAndStyleTests {
    /// SwiftUI `Text` with `.body` at Large measured 218.50 pt for 10 lines at @2x and 218.33 at @3x (Apple Developer
    /// Forums 650982): 20.287 for the first line + 9 × 22 (HIG leading) = 218.287, rounded up to the pixel grid.
    @Test func leadingSpacingReproducesSwiftUIMeasurement() throws {
        let engine = try TestSupport.engine()
        let text = Array(repeating: "Line", count: 10).joined(separator: "\n")
        for (scale, measured) in [(2.0, 218.5), (3.0, 218.0 + 1.0 / 3)] {
            let report = try engine.fit(FitRequest(
                text: text, font: .textStyle(.body), container: Container(width: 300, lineLimit: 0, displayScale: scale),
                categories: [.large], lineSpacing: .leading
            ))
            let result = try #require(report.results.first)
            #expect(result.lineCount == 10)
            #expect(abs(result.textHeight - (20.287109375 + 9 * 22)) < 1e-9)
            #expect(abs(result.height - measured) < 1e-9)
        }
    }

    /// UILabel with systemFont: n lines are n × lineHeight (2 lines of 17 pt = 40.574, FloorplanB measurement).
    @Test func naturalSpacingIsLinesTimesLineHeight() throws {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(
            text: "One\nTwo", font: .system(size: 17), container: Container(width: 300, lineLimit: 0)
        ))
        let result = try #require(report.results.first)
        #expect(abs(result.textHeight - 40.57421875) < 1e-9)
    }

    @Test func leadingSpacingNeedsASystemTextStyle() throws {
        let engine = try TestSupport.engine()
        #expect(throws: LayoutSimError.self) {
            _ = try engine.fit(FitRequest(text: "a", font: .system(size: 17), container: Container(width: 100), lineSpacing: .leading))
        }
    }

    /// Point sizes and weights per category come from Apple's table (read here from the JSON reference).
    @Test func textStyleSizesFollowAppleTable() throws {
        struct Reference: Decodable {
            struct Style: Decodable { let weight: String; let emphasizedWeight: String; let sizes: [Double] }
            let styles: [String: Style]
        }
        let reference = try JSONDecoder().decode(Reference.self, from: Data(contentsOf: TestSupport.fixture("ios-dynamic-type.json")))
        let engine = try TestSupport.engine()
        for (name, style) in reference.styles {
            let textStyle = try #require(TextStyle(rawValue: name))
            for emphasized in [false, true] {
                let report = try engine.fit(FitRequest(text: "Ag", font: .textStyle(textStyle, emphasized: emphasized), container: Container(width: 500)))
                #expect(report.results.map(\.pointSize) == style.sizes, "\(name)")
                #expect(report.results.map(\.category) == ContentSizeCategory.allCases)
                let weight = emphasized ? style.emphasizedWeight : style.weight
                #expect(report.results.allSatisfy { $0.weight?.rawValue == weight }, "\(name) emphasized \(emphasized)")
            }
        }
    }

    /// extraLargeTitle is known at Large only (36 pt bold); other categories are an error, not a guess.
    @Test func partialStylesAreKnownAtLargeOnly() throws {
        let engine = try TestSupport.engine()
        let report = try engine.fit(FitRequest(text: "Hi", font: .textStyle(.extraLargeTitle), container: Container(width: 500), categories: [.large]))
        #expect(report.results.map(\.pointSize) == [36])
        #expect(report.results.first?.weight == .bold)
        #expect(throws: LayoutSimError.self) {
            _ = try engine.fit(FitRequest(text: "Hi", font: .textStyle(.extraLargeTitle), container: Container(width: 500)))
        }
    }

    /// A custom font with a text style is scaled like UIFontMetrics: the measured 17 → 48 at AX5 for body.
    @Test func customFontScalesLikeUIFontMetrics() throws {
        let engine = try TestSupport.engine()
        let font = FontChoice(face: .file(path: TestSupport.oneEm, faceIndex: 0), sizing: .textStyle(.body))
        let report = try engine.fit(FitRequest(text: "a", font: font, container: Container(width: 500)))
        #expect(report.results.last?.pointSize == 48)
        #expect(report.results[3].pointSize == 17)
        // maximumPointSize clamps after scaling.
        let capped = FontChoice(face: .file(path: TestSupport.oneEm, faceIndex: 0),
                                sizing: .scaled(pointSize: 17, relativeTo: .body, maximumPointSize: 28))
        let cappedReport = try engine.fit(FitRequest(text: "a", font: capped, container: Container(width: 500)))
        #expect(cappedReport.results.map(\.pointSize).max() == 28)
    }

    /// The text is shaped once, however many categories are laid out.
    @Test func shapesOncePerFit() throws {
        let engine = try TestSupport.engine()
        // Counted in HarfBuzz calls: the Latin run is not made from the pair tables another test's digest enables.
        engine.measurer.shaper.usesPrelearnedPairs = false
        let before = engine.shapeCallCount
        _ = try engine.fit("Einstellungen", width: 100)
        #expect(engine.shapeCallCount - before == 1)
    }

    /// The same request gives byte-identical JSON.
    @Test func jsonIsDeterministic() throws {
        let request = FitRequest(text: "Datenschutzeinstellungen verwalten", font: .textStyle(.body),
                                 container: Container(width: 150, lineLimit: 2), language: "de")
        let a = try TestSupport.engine().fit(request).jsonData()
        let b = try TestSupport.engine().fit(request).jsonData()
        #expect(a == b)
        let object = try #require(try JSONSerialization.jsonObject(with: a) as? [String: Any])
        #expect(object["style"] as? String == "body")
        #expect((object["results"] as? [Any])?.count == 12)
        let font = try #require(object["font"] as? [String: Any])
        #expect(font["files"] as? [String] == ["Fonts/Inter-Regular.otf"])
    }
}
