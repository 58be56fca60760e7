import CFuzzDriver

/// What every fuzz target's entry point runs.
public enum FuzzDriver {
    /// libFuzzer's driver with the target's own `LLVMFuzzerTestOneInput`: the body of each target's `main`, which
    /// SwiftPM names `<module>_main` on Linux.
    public static func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput)
    }
}
