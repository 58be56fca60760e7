/// How bad a problem found in the input is.
public enum DiagnosticSeverity: String, Sendable, Hashable, Codable, CaseIterable {
    /// The input, or part of it, could not be used: what it says is not checked.
    case error
    /// The input was used, but something is likely wrong or needs a look; the check went on with a best-effort
    /// substitute.
    case warning
}

/// What a diagnostic is about, when it is one of the kinds a report for people says per locale rather than one by
/// one (hundreds of such lines hide the failures).
public enum DiagnosticSubject: Sendable, Hashable {
    /// `key` has no translation into `locale`: the app shows the source text there.
    case missingLocalization(key: String, locale: String)
    /// `key`'s verdict in `locale` (a failure or a pass) is closer than the stand-in fonts' widths can be off from
    /// iOS's: to confirm on a device.
    case nearVerdict(key: String, locale: String)

    /// The key the diagnostic is about.
    public var key: String {
        switch self {
        case .missingLocalization(let key, _), .nearVerdict(let key, _): return key
        }
    }

    /// The locale the diagnostic is about.
    public var locale: String {
        switch self {
        case .missingLocalization(_, let locale), .nearVerdict(_, let locale): return locale
        }
    }

    /// Its kind's name, as the JSON report writes it.
    public var kind: String {
        switch self {
        case .missingLocalization: return "missingLocalization"
        case .nearVerdict: return "nearVerdict"
        }
    }

    /// The subject of `kind` (``kind``'s names), or nil for a kind this version does not know.
    public init?(kind: String, key: String, locale: String) {
        switch kind {
        case "missingLocalization": self = .missingLocalization(key: key, locale: locale)
        case "nearVerdict": self = .nearVerdict(key: key, locale: locale)
        default: return nil
        }
    }
}

extension DiagnosticSubject: Codable {
    private enum CodingKeys: String, CodingKey { case kind, key, locale }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        guard let subject = DiagnosticSubject(
            kind: kind, key: try container.decode(String.self, forKey: .key),
            locale: try container.decode(String.self, forKey: .locale)
        ) else {
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown kind '\(kind)'")
        }
        self = subject
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(key, forKey: .key)
        try container.encode(locale, forKey: .locale)
    }
}
