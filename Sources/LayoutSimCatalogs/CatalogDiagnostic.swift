import LayoutSimModel

/// A problem found while reading a catalog, at the place it occurs.
///
/// Readers never throw for a bad entry: they record a diagnostic and go on with the rest of the file. A file that
/// cannot be parsed at all gives one `.error` at the line (and column, when known) the parser reports.
public struct CatalogDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad the problem is: an error (the file, or part of it, could not be read: strings are missing from the
    /// result) or a warning (the file was read, but something is likely wrong: a missing plural category, a missing
    /// translation, an unknown locale; the result holds a best-effort substitute).
    public typealias Severity = DiagnosticSeverity

    /// Error or warning.
    public var severity: Severity
    /// What is wrong, in one sentence, naming the key and locale when there is one.
    public var message: String
    /// Where it is wrong.
    public var location: CatalogSourceLocation
    /// The one locale it is about, when it is about one (a missing translation, a key's variations and substitutions
    /// in that locale): a check of other locales leaves it out.
    public var locale: String?
    /// What it is about, when it is a kind reports for people say per locale.
    public var subject: DiagnosticSubject?

    /// Creates a diagnostic.
    public init(severity: Severity, message: String, location: CatalogSourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:column: error: message`, the form compilers print and editors and CI annotate.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }

    package static func error(_ message: String, at location: CatalogSourceLocation) -> CatalogDiagnostic {
        CatalogDiagnostic(severity: .error, message: message, location: location)
    }

    package static func warning(_ message: String, at location: CatalogSourceLocation) -> CatalogDiagnostic {
        CatalogDiagnostic(severity: .warning, message: message, location: location)
    }

    /// The warning for a key without a translation into `locale`.
    package static func missingLocalization(_ key: String, _ locale: String, at location: CatalogSourceLocation) -> CatalogDiagnostic {
        var warning = CatalogDiagnostic.warning("'\(key)' has no '\(locale)'" + missingLocalizationEnd, at: location)
        warning.locale = locale
        warning.subject = .missingLocalization(key: key, locale: locale)
        return warning
    }

    private static let missingLocalizationEnd = " localization; the app shows the source text"
}
