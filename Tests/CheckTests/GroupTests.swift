import Foundation
import LayoutSimCheck
import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Rows, columns and alternatives, on OneEm (every character 1 em wide) at `size: 10, relativeTo: body`.
///
/// Hand arithmetic from Apple's body leadings (Large 22, xLarge 24, AX5 62; `reference/dynamic-type.md`) and
/// UIFontMetrics' ⅓-pt rounding: at xLarge the text is 10 × 24 / 22 = 10.909 → 11 pt; at AX5 10 × 62 / 22 = 28.18 →
/// 28⅓ pt. A 30 pt scaled view at AX5: 30 × 62 / 22 = 84.545 → 84⅔ pt.
struct GroupTests {
    @Test func sharingFollowsPriorityThenFlexibility() {
        // Higher priority first: the value keeps its 200 of 260, the title gets the rest.
        #expect(RowSharing.share(width: 300, fixed: 40, texts: [.init(ideal: 100, priority: 0), .init(ideal: 200, priority: 1)]) == [60, 200])
        // Equal priority: the narrow text is offered half (130) and takes its 100; the wide one gets 160.
        #expect(RowSharing.share(width: 260, fixed: 0, texts: [.init(ideal: 300, priority: 0), .init(ideal: 100, priority: 0)]) == [160, 100])
        // Three: 50 of an offered 80; then 95 each of what is left (190).
        #expect(RowSharing.share(width: 240, fixed: 0, texts: [.init(ideal: 200, priority: 0), .init(ideal: 50, priority: 0), .init(ideal: 100, priority: 0)])
            == [95, 50, 95])
        // Views wider than the row leave nothing.
        #expect(RowSharing.share(width: 100, fixed: 120, texts: [.init(ideal: 10, priority: 0)]) == [0])
    }

    private func run(
        _ strings: [String: String], spec body: String, categories: [ContentSizeCategory], scaled: Bool = true
    ) throws -> CheckReport {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lproj = dir.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let catalog = lproj.appendingPathComponent("Localizable.strings").path
        try strings.sorted { $0.key < $1.key }.map { "\"\($0.key)\" = \"\($0.value)\";\n" }.joined()
            .write(toFile: catalog, atomically: true, encoding: .utf8)
        let spec = dir.appendingPathComponent("spec.yaml").path
        try """
        defaults:
          font: \(TestSupport.oneEm)
          size: 10
        \(scaled ? "  relativeTo: body" : "")
          lines: 1
          width: 400
          mustFitThrough: AX5
        elements:
        \(body)
        """.write(toFile: spec, atomically: true, encoding: .utf8)
        var options = CheckOptions(catalogs: [catalog], spec: spec)
        options.categories = categories
        options.fontsDirectory = TestSupport.packageRoot.appendingPathComponent("Fonts")
        return try CheckRunner.run(options)
    }

    /// A title that gives way and a value that keeps its width, beside a scaled icon, in a 400 pt row with 10 pt
    /// spacing. Large: icon 30 + 2 × 10 spacing, value 80, title 200 of the 250 left: fits. AX5: icon 84⅔ + 20, value
    /// 8 × 28⅓ = 226⅔, title 400 − 104⅔ − 226⅔ = 68⅔ of the 566⅔ it needs: truncated.
    @Test func rowSharesItsWidth() throws {
        let report = try run(["title": "abcdefghijklmnopqrst", "value": "abcdefgh"], spec: """
          - name: settings.row
            spacing: 10
            row:
              - {scaledWidth: 30, relativeTo: body}
              - {key: title, lineBreakMode: tail}
              - {key: value, layoutPriority: 1}
        """, categories: [.large, .accessibility5])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let title = try #require(report.results.first { $0.key == "title" })
        let value = try #require(report.results.first { $0.key == "value" })
        #expect(value.passed)
        #expect(!title.passed)
        #expect(title.element == "settings.row")
        #expect(title.fitsThrough == .large)
        #expect(title.failure?.category == .accessibility5)
        #expect(title.failure?.verdict == .truncated)
        let slots = try #require(title.placement).at
        #expect(slots.map(\.width) == [200, 68.667])
        #expect(slots.map(\.groupWidth) == [400, 400])
        #expect(slots.map(\.layout) == ["row", "row"])
        #expect(value.placement?.at.map(\.width) == [80, 226.667])
        // The value's room at AX5: the title does not fit whatever happens, so all the row leaves (400 − 104⅔).
        #expect(value.budget?.width == 295.333)
        // The budget is the title's share at AX5; the remedy asks for the width of its text there.
        #expect(title.budget?.width == 68.667)
        #expect(title.failure?.remedy?.neededWidth == 566.667)
        // The row that would give it that with the value and icon as they are: 400 − 68⅔ + 566⅔.
        #expect(title.placement?.neededGroupWidth == 898)
        #expect(title.placement?.neededGroupWidthAt == "accessibility5")
    }

    /// Two texts of equal priority, 300 pt each at Large, share a 400 pt row with the default 8 pt spacing: 196 each.
    /// The first needs 300: the row must give it that while the second grows back too, so 300 + 8 + 300 = 608 (the
    /// first's share alone added, 400 − 196 + 300 = 504, gave each 248).
    @Test func aRowNeedsRoomForItsNeighboursToo() throws {
        let text = String(repeating: "a", count: 30)
        let report = try run(["first": text, "second": text], spec: """
          - name: footer
            row:
              - {key: first}
              - {key: second}
        """, categories: [.large])
        let first = try #require(report.results.first { $0.key == "first" })
        #expect(first.placement?.at.map(\.width) == [196])
        #expect(first.failure?.remedy?.neededWidth == 300)
        #expect(first.placement?.neededGroupWidth == 608)
    }

    /// ViewThatFits with an accessibility switch: a row (a 100 pt view, 8 pt default spacing, the title) up to xxxLarge
    /// when it fits, else a column 300 wide. "abcd efgh ijkl mnop" is 19 characters: 190 at Large (row: 108 + 190 ≤ 300),
    /// 209 at xLarge (row: 317 > 300, so the column), and at AX5 the row does not apply: the column, two lines.
    @Test func alternativesChooseByCategoryAndFit() throws {
        let report = try run(["title": "abcd efgh ijkl mnop"], spec: """
          - name: header
            width: 300
            alternatives:
              - isAccessibilitySize: false
                row: [{width: 100}, {key: title}]
              - column: [{key: title, lines: 0}]
        """, categories: [.large, .xLarge, .accessibility5])
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let title = try #require(report.results.first)
        #expect(title.passed)
        let slots = try #require(title.placement).at
        #expect(slots.map(\.category) == ["large", "xLarge", "accessibility5"])
        #expect(slots.map(\.layout) == ["1: row", "2: column", "2: column"])
        #expect(slots.map(\.width) == [190, 300, 300])   // the row offers 192; the text takes its 190
    }

    /// A group capped at xxxLarge (`maximumContentSizeCategory`) is shown at xxxLarge when AX5 is asked for: not an
    /// accessibility size, so its row applies; the text inside is capped too: 10 × 29 / 22 = 13.18 → 13⅓ pt, and
    /// "abcd" takes 53⅓ pt.
    @Test func groupLimitsApplyToTheSwitchAndTheText() throws {
        let report = try run(["title": "abcd"], spec: """
          - name: capped
            maximumContentSizeCategory: xxxLarge
            alternatives:
              - isAccessibilitySize: false
                row: [{width: 100}, {key: title}]
              - column: [{key: title}]
        """, categories: [.accessibility5])
        let title = try #require(report.results.first)
        #expect(title.placement?.at.map(\.layout) == ["1: row"])
        #expect(title.placement?.at.map(\.width) == [53.333])
        #expect(title.budget?.pointSize == 13.333)
    }

    /// Fixed sizes (no `relativeTo`) in a row: the text and the row's room are the same at every category, the scaled
    /// icon is not: 30 at Large, 84⅔ at AX5. "abcdefghijklmnop" is 160 pt; the row 200 − 10 spacing − the icon
    /// leaves 160 at Large (fits) and 105⅓ at AX5 (truncated).
    @Test func fixedSizesInARow() throws {
        let report = try run(["k": "abcdefghijklmnop"], spec: """
          - name: fixed
            width: 200
            spacing: 10
            row: [{scaledWidth: 30, relativeTo: body}, {key: k}]
        """, categories: [.large, .accessibility5], scaled: false)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let k = try #require(report.results.first)
        #expect(k.placement?.at.map(\.width) == [160, 105.333])
        #expect(k.placement?.at.map(\.groupWidth) == [200, 200])
        #expect(k.fitsThrough == .large)
        #expect(k.failure?.category == .accessibility5)
    }

    /// A text that fails in the row below AX1 but fits in the column above: the remedy is for where it fails
    /// (Large: 8 characters need 80 pt; the row leaves 400 − 350 − 8 = 42), not for AX5, where it fits.
    @Test func remedyTargetsTheFirstFailureWhenTheRequiredSizeFits() throws {
        let report = try run(["t": "abcdefgh", "u": "abc"], spec: """
          - name: switching
            alternatives:
              - isAccessibilitySize: false
                row: [{width: 350}, {key: t}]
              - isAccessibilitySize: true
                column: [{key: t}, {key: u}]
        """, categories: [.large, .accessibility5])
        let t = try #require(report.results.first { $0.key == "t" })
        #expect(t.failure?.category == .large)
        #expect(t.failure?.remedy?.neededWidth == 80)
        #expect(t.failure?.remedy?.words.hasPrefix("to fit at large it needs 80 pt of width (has 42)") == true)
        // "u" is only in the column: hidden at Large, which counts as passing.
        let u = try #require(report.results.first { $0.key == "u" })
        #expect(u.placement?.hiddenAt == ["large"])
        #expect(u.passed)
        #expect(u.fitsThrough == .accessibility5)
    }

    /// Spec mistakes found before any string is laid out: at their line, once; a typo in defaults keeps the rest.
    @Test func specMistakesAtTheirLines() throws {
        let report = try run(["k": "abc"], spec: """
          - key: k
            scaledWidth: 100
            width: 100
          - key: kk
          - key: "[a-z]*"
        """, categories: [.large])
        let messages = report.diagnostics.map { "\($0.line): \($0.severity): \($0.message)" }
        #expect(messages.contains("9: error: width and scaledWidth cannot be combined"))
        #expect(messages.contains("12: warning: 'kk' matches no key of the catalogs checked"))
        // A shell's character class is not a key glob's: said with the warning.
        #expect(messages.contains("13: warning: '[a-z]*' matches no key of the catalogs checked (a key glob takes only * and ?)"))
        // The element is dropped: the key is checked with the defaults.
        #expect(report.results.map(\.element) == [nil])
        #expect(report.results.map(\.error) == [nil])
    }

    /// A failure at a category the view's limits show at another says both: xSmall, shown at xLarge (11 pt: ten
    /// characters take 110 pt of the 100).
    @Test func failuresSayWhereTheyAreShown() throws {
        let report = try run(["k": "abcdefghij"], spec: """
          - key: k
            width: 100
            minimumContentSizeCategory: xLarge
        """, categories: [.xSmall, .xLarge])
        let k = try #require(report.results.first)
        #expect(k.failure?.category == .xSmall)
        #expect(k.failure?.appliedCategory == .xLarge)
        let json = String(decoding: try report.jsonData(), as: UTF8.self)
        #expect(json.contains("\"appliedCategory\" : \"xLarge\""))
    }

    /// YAML merge keys: an element takes another's fields (`<<: *base`) under its own; a group its spacing.
    @Test func mergeKeys() throws {
        let report = try run(["k": "abc", "j": "abcdefghijklmnopqrst"], spec: """
          - &base
            key: k
            width: 100
            lines: 2
          - <<: *base
            key: j
            lines: 1
        """, categories: [.large])
        let j = try #require(report.results.first { $0.key == "j" })
        #expect(j.budget?.width == 100)
        #expect(j.budget?.lines == 1)
    }

    /// Merge keys that merge anchors that merge anchors, 64 at a time ("billion laughs"): 64^8 merges if expanded;
    /// the spec is refused at the element in a bounded number of steps (4,096 merges per node) instead of hanging.
    @Test func mergeKeysExpandingExponentiallyAreRefused() throws {
        var body = "  - &a0 {key: k, width: 100}\n"
        for level in 1...8 {
            body += "  - &a\(level) {<<: [\(Array(repeating: "*a\(level - 1)", count: 64).joined(separator: ", "))]}\n"
        }
        let report = try run(["k": "abc"], spec: body, categories: [.large])
        let errors = report.diagnostics.filter { $0.severity == .error }
        // The first levels merge within the bound (64 + 64² < 4,096 … the third level is past it).
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.message.contains("an element must be an object") })
        #expect(errors.count <= 8)
    }

    /// A key in an element of its own and in a row is checked in both places, each with its own identity.
    @Test func severalPlacesForOneKey() throws {
        let report = try run(["title": "abcdefghij", "value": "abcdefghijklmnopqrst"], spec: """
          - key: title
            name: detail screen
          - name: list row
            spacing: 0
            row: [{key: title}, {key: value, layoutPriority: 1}]
        """, categories: [.large])
        let titles = report.results.filter { $0.key == "title" }
        #expect(titles.map(\.place) == ["detail screen", "list row"])
        #expect(Set(titles.map(\.identity)).count == 2)
        // Alone in 400 pt it fits; in the row the value keeps 200 and the title's 100 fit in the other 200.
        #expect(titles.map(\.passed) == [true, true])
        // The value is shown only in the row: one place, no place name.
        #expect(report.results.filter { $0.key == "value" }.map(\.place) == [nil])
        // Unnamed places: the key, then the key with its ordinal.
        let twice = try run(["title": "abc"], spec: """
          - key: title
          - key: title
            width: 20
        """, categories: [.large])
        #expect(twice.results.map(\.place) == ["title", "title #2"])
        #expect(twice.results.map(\.passed) == [true, false])
        // Budgets in the row are rooms, not widths: what each could take with the other at its ideal width.
        #expect(titles.last?.budget?.width == 200)
        #expect(report.results.first { $0.key == "value" }?.budget?.width == 300)
    }

    /// `scaledWidth` sizes the frame with @ScaledMetric: 100 at Large, 100 × 24 / 22 = 109.09 → 109 at xLarge, where the
    /// 10 characters are 110 pt: truncated; 100 × 62 / 22 = 281.8 → 281⅔ at AX5.
    @Test func scaledFrames() throws {
        let report = try run(["k": "abcdefghij"], spec: """
          - key: k
            scaledWidth: 100
        """, categories: [.large, .xLarge, .accessibility5])
        let k = try #require(report.results.first)
        #expect(k.fitsThrough == .large)
        #expect(k.failure?.category == .xLarge)
        #expect(k.budget?.width == 281.667)
    }

    @Test func badGroupsAreReportedAtTheirLines() throws {
        let report = try run(["k": "abc"], spec: """
          - name: a
            row: [{key: k, width: 20}]
          - name: b
            alternatives:
              - {isAccessibilitySize: true, row: [{key: k}]}
          - name: c
            row: [{width: 20}]
          - name: d
            column: [{key: "k*"}]
          - name: e
            scaledSpacing: 4
            spacingRelativeTo: extraLargeTitle
            row: [{key: k}]
        """, categories: [.large])
        let messages = report.diagnostics.map { "\($0.line): \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("10:") && $0.contains("'width' does not belong on a text in a row") })
        #expect(messages.contains { $0.hasPrefix("11:") && $0.contains("no layout applies at xSmall…xxxLarge") })
        #expect(messages.contains { $0.hasPrefix("15:") && $0.contains("needs at least one text") })
        #expect(messages.contains { $0.hasPrefix("17:") && $0.contains("names its keys exactly") })
        // A style with no scaling table cannot scale a spacing (it was once scaled as nothing, silently).
        #expect(messages.contains { $0.hasPrefix("20:") && $0.contains("'extraLargeTitle' has no published per-category table") })
    }
}
