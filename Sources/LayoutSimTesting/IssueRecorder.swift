// LayoutSimTesting: one-line assertions for users' tests, in Swift Testing and in XCTest. A separate product, so that
// the `LayoutSim` library does not depend on a test framework. `import LayoutSimTesting` also gives `LayoutSim`.
@_exported import LayoutSim

#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where a failed expectation is recorded: the test that called it, in whichever framework runs it, at the caller's
/// source location (the default arguments of the public functions capture it).
enum IssueRecorder {
    /// Records `message` as a failure: an `Issue` when a Swift Testing test is running, else `XCTFail`.
    static func record(_ message: String, at location: CallerLocation) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: location.filePath, line: location.line)
        #else
        print("\(location.filePath):\(location.line): error: \(message)")
        #endif
    }
}

/// The caller's source location, as both frameworks want it.
struct CallerLocation {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    #if canImport(Testing)
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
    #endif
}
