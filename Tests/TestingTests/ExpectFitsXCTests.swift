import Foundation
import LayoutSimTestSupport
import LayoutSimTesting
import XCTest

/// The same assertions from an XCTest test case: the failure goes to XCTest, at the caller's file and line. The test
/// case captures what it is asked to record instead of failing.
final class ExpectFitsXCTests: XCTestCase {
    private var recorded: [(message: String, file: String, line: Int)] = []
    private var capturing = false

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        guard capturing else { return super.record(issue) }
        recorded.append((issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "",
                         issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard capturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        recorded.append((description, filePath, lineNumber))
    }
    #endif

    func testFailureIsRecordedAtTheCallersLine() throws {
        let engine = try TestSupport.engine()
        let font = FontChoice(
            face: .file(path: TestSupport.oneEm, faceIndex: 0), sizing: .scaled(pointSize: 17, relativeTo: .body, maximumPointSize: nil)
        )
        capturing = true
        let line = #line + 1
        expectFits("abcdefghij", font: font, width: 210, through: .xxxLarge, engine: engine)
        expectFits("abcdefghij", font: font, width: 210, through: .xxLarge, engine: engine)
        capturing = false
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertEqual(recorded.first.map { URL(fileURLWithPath: $0.file).lastPathComponent }, "ExpectFitsXCTests.swift")
        XCTAssertTrue(recorded.first?.message.contains("""
            "abcdefghij" must fit through xxxLarge: truncated at xxxLarge (fits through xxLarge)
              shows: "abcdefgh…"
              missing room: 1 more line of 22.33 pt; 2 characters hidden
            """) ?? false)
    }
}
