import Foundation

/// Expects `text` to fit in a label `width` points wide at every Dynamic Type size through `through`, and records a
/// test failure at the caller's line otherwise (Swift Testing or XCTest, whichever runs the test):
///
/// ```swift
/// @Test func settingsTitleFits() {
///     expectFits("Einstellungen", style: .body, width: 200, through: .xxxLarge, language: "de")
/// }
/// ```
///
/// The failure says what a human needs: the first category that fails, the verdict, what the label shows and how
/// much room is missing (`FitFailure.message`).
///
/// - Parameters:
///   - text: the string as the user sees it (placeholders already replaced).
///   - style: the text style of the system font (default body).
///   - font: instead of `style`, any `FontChoice` (a font file, a fixed size, a scaled size).
///   - width: the container's width in points, insets included.
///   - lines: the line limit, 0 for none; default 1 (UILabel's `numberOfLines`).
///   - height: the container's height in points; nil (default) when the view grows with its text.
///   - through: the largest category at which the text must fit (default accessibility5).
///   - language: BCP 47 tag of the text (line breaking and shaping).
///   - allowWordBreak: count a word split mid-word as fitting.
///   - engine: an engine to reuse (engines are not `Sendable`: one per test); nil makes one on the bundled fonts.
///   - fileID: where the failure is recorded: leave this and the next three to their defaults, the caller's place.
///   - filePath: the caller's file.
///   - line: the caller's line.
///   - column: the caller's column.
/// - Returns: the report, for further expectations; nil when the text could not be laid out (also recorded).
@discardableResult
public func expectFits(
    _ text: String, style: TextStyle = .body, font: FontChoice? = nil, width: Double, lines: Int = 1,
    height: Double? = nil, through: ContentSizeCategory = .accessibility5, language: String? = nil,
    allowWordBreak: Bool = false, engine: LayoutEngine? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> FitReport? {
    var request = FitRequest(
        text: text, font: font ?? .textStyle(style), container: Container(width: width, height: height, lineLimit: lines),
        categories: ContentSizeCategory.allCases.filter { $0 <= through }, language: language
    )
    request.allowsWordBreaks = allowWordBreak
    return expectFits(
        request, through: through, engine: engine, fileID: fileID, filePath: filePath, line: line, column: column
    )
}

/// Expects the text of `request` to fit through `through` (every result, for a fixed size), and records a test
/// failure at the caller's line otherwise. The form for everything `FitRequest` can say (insets, line break mode,
/// shrinking, line height policy…). Parameters as in the form above.
@discardableResult
public func expectFits(
    _ request: FitRequest, through: ContentSizeCategory = .accessibility5, engine: LayoutEngine? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> FitReport? {
    let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let report: FitReport
    do throws(LayoutSimError) {
        let chosen: LayoutEngine
        if let engine { chosen = engine } else { chosen = try LayoutEngine() }
        // With what would make it fit, for the message.
        report = try chosen.fit(request, remedyThrough: through)
    } catch {
        IssueRecorder.record(ExpectationWords.layoutError(text: request.text, error: error.description), at: location)
        return nil
    }
    if let failure = FitFailure(report: report, mustFitThrough: through) {
        IssueRecorder.record(failure.message, at: location)
    }
    return report
}
