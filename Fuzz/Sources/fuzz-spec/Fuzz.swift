import FuzzSupport
import LayoutSim

/// libFuzzer entry: the bytes as a layout spec (JSON or YAML), read, and every element turned into a request.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let (spec, _) = LayoutSpecReader.read(path: FuzzInput.file("layout.yaml", start, count).path)
    if let spec {
        for element in spec.elements.prefix(50) {
            _ = try? spec.element(forKey: element.key ?? "").spec.request(text: "Hello", language: "en")
        }
        // Groups: every key's places, and each group's own geometry.
        for group in spec.groups.prefix(20) {
            for key in group.keys.prefix(10) {
                for place in spec.places(forKey: key).places {
                    if case .group(let resolved) = place { _ = try? resolved.fields.request(text: " ", language: nil) }
                }
            }
        }
    }
    return 0
}

/// The entry point SwiftPM links as `main` (`fuzz_spec_main`): libFuzzer's driver with this target's function.
@_cdecl("fuzz_spec_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.main(argc, argv)
}
