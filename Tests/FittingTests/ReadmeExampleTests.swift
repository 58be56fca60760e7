import LayoutSim
import LayoutSimTestSupport
import Testing

/// The README's example, kept compiling and passing here: a test that fails when a string stops fitting at AX5.
struct ReadmeExampleTests {
    @Test func signInButtonFitsAtEverySize() throws {
        let engine = try LayoutEngine()
        let report = try engine.fit("Mit Apple anmelden", font: .textStyle(.headline), width: 343, lines: 2, language: "de")
        #expect(report.fitsThrough == .accessibility5, "\(report.summary)")
    }

    /// The same check fails for copy that does not fit: the assertion can fail.
    @Test func aLongGermanLabelDoesNotFitAtAX5() throws {
        let engine = try LayoutEngine()
        let report = try engine.fit("Geschwindigkeitsbegrenzung", font: .textStyle(.headline), width: 180, lines: 2, language: "de")
        #expect(report.fitsThrough != .accessibility5)
        #expect(report.firstFailure?.category != nil)
    }
}
