import Foundation

/// Writing to standard output and standard error without stopping the process when a write fails.
///
/// `FileHandle.write(_: Data)` stops the process (an uncaught Objective-C-style exception, SIGILL on Linux) when the
/// descriptor is closed or the device is full: `layoutsim check --format text > /dev/full` and an error with standard
/// error closed both ended that way. Here a failed write to standard output is an error the command reports (exit 2),
/// and a failed write to standard error is dropped: there is nowhere left to say it.
enum StandardStreams {
    /// Writes `text` to standard error; a failed write is dropped.
    static func error(_ text: String) {
        do { try FileHandle.standardError.write(contentsOf: Array(text.utf8)) } catch {}
    }

    /// Writes `text` to standard output; throws ``CLIError`` naming `what` when it cannot be written there.
    static func output(_ text: String, what: String) throws(CLIError) {
        try output(bytes: Array(text.utf8), what: what)
    }

    /// Writes `bytes` to standard output (the JSON report's chunks, a rendered report's `Data`); throws ``CLIError``
    /// naming `what` when they cannot be written there.
    static func output(bytes: some DataProtocol, what: String) throws(CLIError) {
        do { try FileHandle.standardOutput.write(contentsOf: bytes) } catch {
            throw .badInput("standard output: \(what) could not be written there: \(reason(error))")
        }
    }

    /// The system's words for a failed write (`no space left on device`), not those of the `NSError` that carries
    /// them.
    private static func reason(_ reason: any Error) -> String {
        let error = reason as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))).lowercased() }
        return error.localizedDescription
    }
}
