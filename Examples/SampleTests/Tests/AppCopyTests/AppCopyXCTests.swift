import LayoutSimTesting
import XCTest

/// The same helpers in an XCTest test case: failures go to XCTFail at the calling line.
final class AppCopyXCTests: XCTestCase {
    func testOnboardingTitleFitsOnTwoLines() {
        expectFits("Welcome to Weather", style: .title1, width: 361, lines: 2, through: .accessibility5)
    }
}
