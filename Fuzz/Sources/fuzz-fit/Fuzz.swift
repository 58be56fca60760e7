import FuzzSupport
import LayoutSim

nonisolated(unsafe) var engine: LayoutEngine?

/// The options a fit takes, chosen by the input's first bytes.
let languages: [String?] = [nil, "en", "de", "th", "ja", "zh-Hant", "ar", "he", "hi", "ko", "und"]
let modes: [LineBreakMode] = [.wordWrapping, .charWrapping, .clipping, .truncatingHead, .truncatingTail, .truncatingMiddle]

/// libFuzzer entry: `fit` on arbitrary text (the bytes after the first four, as UTF-8 with replacement), with a
/// width, line limit, language and line-break mode taken from the first four bytes; drawn every 16th input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    guard bytes.count >= 4 else { return 0 }
    if engine == nil { engine = try? LayoutEngine() }
    guard let engine else { fatalError("the bundled fonts cannot be found; set LAYOUTSIM_FONTS") }
    let text = String(decoding: bytes[4...], as: UTF8.self)
    var label = LabelBehavior()
    label.lineBreakMode = modes[Int(bytes[3]) % modes.count]
    let request = FitRequest(
        text: text, font: .textStyle(.body),
        container: Container(width: 20 + Double(bytes[0]) * 2, lineLimit: Int(bytes[1] % 5)),
        categories: [.large, ContentSizeCategory.allCases[Int(bytes[1] / 5) % ContentSizeCategory.allCases.count]],
        language: languages[Int(bytes[2]) % languages.count], label: label
    )
    if bytes[2] & 0xF0 == 0 {
        _ = try? engine.draw(request)
    } else {
        _ = try? engine.fit(request)
    }
    return 0
}

/// The entry point SwiftPM links as `main` (`fuzz_fit_main`): libFuzzer's driver with this target's function.
@_cdecl("fuzz_fit_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.main(argc, argv)
}
