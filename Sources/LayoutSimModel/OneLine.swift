extension String {
    /// This text with each line feed (U+000A) replaced by `mark` ("⏎", " / "), for a report that shows it on one
    /// line. Scalar by scalar, in pure Swift: Foundation's `replacingOccurrences(of:with:)` set up its search on first
    /// use (0.65 M instructions of a one-string `fit`), and it left a line feed followed by a combining mark as it was.
    package func withLineFeedsShown(as mark: String) -> String {
        guard utf8.contains(0x0A) else { return self }
        return unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
            .joined(separator: mark)
    }
}
