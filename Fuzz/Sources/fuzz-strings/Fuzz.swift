import FuzzSupport

/// libFuzzer entry: the bytes as `de.lproj/Localizable.strings`, read and filled as `check` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    CatalogFuzzing.run(FuzzInput.file("de.lproj/Localizable.strings", start, count))
    return 0
}

/// The entry point SwiftPM links as `main` (`fuzz_strings_main`): libFuzzer's driver with this target's function.
@_cdecl("fuzz_strings_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.main(argc, argv)
}
