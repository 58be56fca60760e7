extension String {
    /// This text with each line feed (U+000A) replaced by `mark` ("⏎", " / "), for a report that shows it on one
    /// line. Scalar by scalar, in pure Swift: Foundation's `replacingOccurrences(of:with:)` sets up its search on
    /// first use, and leaves a line feed followed by a combining mark as it is.
    package func withLineFeedsShown(as mark: String) -> String {
        guard utf8.contains(0x0A) else { return self }
        return unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
            .joined(separator: mark)
    }
}

extension Unicode.Scalar {
    /// Whether a terminal, a log or an editor would act on this scalar or show nothing for it: a control character
    /// (C0, DEL, C1) or U+2028 / U+2029. Reports write it as ``shownEscaped``.
    package var needsShowing: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// The scalar written visibly: `\u{1B}`.
    package var shownEscaped: String { "\\u{" + String(value, radix: 16, uppercase: true) + "}" }
}

extension String {
    /// This text with every scalar that ``Unicode/Scalar/needsShowing`` written visibly as `\u{4}`, for a terminal,
    /// which acts on them or shows nothing (gettext's context separator U+0004 in a key made "Addons" and "Codecs"
    /// one word).
    package var withControlsShown: String {
        guard unicodeScalars.contains(where: \.needsShowing) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if scalar.needsShowing { out += scalar.shownEscaped } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
