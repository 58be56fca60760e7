import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// A string ending with "\n" (as gettext's often do) lays out as the same string without it: UILabel starts no empty
/// line after a separator at the very end, and the newline makes no other break mandatory. In the scripts whose
/// words ICU's dictionary finds (Thai, Japanese, Chinese), every word once went on a line of its own.
struct TrailingNewlineTests {
    @Test func aTrailingNewlineChangesNoLine() throws {
        let engine = try TestSupport.engine()
        for (text, language) in [("จะข้ามการเตือนเกี่ยวกับการยืนยันแหล่งต้นตอ", "th"),
                                 ("パッケージが完全にインストールまたは削除されていません。", "ja"),
                                 ("无法找到软件包的安装候选", "zh-Hans"), ("Authentication warning overridden.", "en")] {
            func fit(_ text: String) throws -> FitReport {
                try engine.fit(FitRequest(text: text, font: .textStyle(.body), container: Container(width: 361, lineLimit: 2),
                                          language: language))
            }
            let plain = try fit(text), ended = try fit(text + "\n")
            #expect(ended.results.map(\.lineCount) == plain.results.map(\.lineCount), "\(text)")
            #expect(ended.results.map(\.verdict) == plain.results.map(\.verdict), "\(text)")
            // At the default size each takes a line or two of a 361-point label (its words one per line were 5 to 10).
            #expect((ended.results.first { $0.category == .large }?.lineCount ?? 0) <= 2, "\(text)")
        }
    }
}
