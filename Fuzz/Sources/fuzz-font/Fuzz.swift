import Foundation
import FuzzSupport
import LayoutSim

/// One engine for the whole run (the bundled fonts open once); each input gets a path of its own, since the
/// engine keeps every font it opened by path. Old inputs are deleted; the engine's registry is replaced every
/// 1,000 inputs so its memory stays bounded.
nonisolated(unsafe) var engine: LayoutEngine?
nonisolated(unsafe) var runs = 0

/// libFuzzer entry: the bytes as a font file, opened, and a short text laid out in it at every category.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    runs += 1
    if engine == nil || runs % 1_000 == 0 { engine = try? LayoutEngine() }
    guard let engine else { fatalError("the bundled fonts cannot be found; set LAYOUTSIM_FONTS") }
    let url = FuzzInput.file("font-\(runs % 1_000).ttf", start, count)
    defer { try? FileManager.default.removeItem(at: url) }
    // A fixed size: one layout per input is enough to reach every code path of a face, and keeps the fuzzer fast.
    let request = FitRequest(text: "Hg Ég 1,000 ff", font: .file(url.path, size: 17),
                             container: Container(width: 120, lineLimit: 2))
    if let report = try? engine.fit(request) {
        for result in report.results {
            precondition(result.height.isFinite && result.height >= 0, "negative or infinite height \(result.height)")
            for width in result.shownLineWidths { precondition(width.isFinite && width >= 0, "line width \(width)") }
        }
    }
    return 0
}

/// The entry point SwiftPM links as `main` (`fuzz_font_main`): libFuzzer's driver with this target's function.
@_cdecl("fuzz_font_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.main(argc, argv)
}
