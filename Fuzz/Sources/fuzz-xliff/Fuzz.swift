import FuzzSupport

/// libFuzzer entry: the bytes as `Input.xliff`, read and filled as `check` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    CatalogFuzzing.run(FuzzInput.file("Input.xliff", start, count))
    return 0
}

/// The entry point SwiftPM links as `main` (`fuzz_xliff_main`): libFuzzer's driver with this target's function.
@_cdecl("fuzz_xliff_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.main(argc, argv)
}
