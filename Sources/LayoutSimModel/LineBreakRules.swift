/// How strictly Japanese and Chinese line breaking keeps small kana (ッ ャ ュ ョ ァ …), the prolonged sound mark ー
/// and similar marks off the start of a line (CSS `line-break`, ICU's `lb` locale keyword).
///
/// The default is ``strict``: a plain `UILabel` or SwiftUI `Text` sets no language on its text, and Core Text then
/// breaks with its language-independent rules, which keep those marks off line starts (WebKit on Apple platforms does
/// the same for untagged text; `fidelity-notes.md`, "Japanese line starts"). ICU's `ja` locale alone defaults to the
/// looser rules (`プロキシサ|ーバー`), so without this setting Japanese would break where an iPhone does not.
/// ``normal`` and ``loose`` are for apps that set a typesetting language (`typesettingLanguage`,
/// `kCTLanguageAttributeName`): then Japanese gets the locale's rules.
public enum LineBreakRules: String, Sendable, Hashable, CaseIterable, Codable {
    /// No line starts with a small kana, ー, or other CJK non-starters (iOS for untagged text).
    case strict
    /// Small kana and ー may start a line (ICU's `ja` default; tagged Japanese text).
    case normal
    /// Also breaks before iteration marks and some punctuation (CSS `line-break: loose`).
    case loose

    /// The name on the command line and in specs.
    public var name: String { rawValue }

    /// The rules named `name` (`strict`, `normal`, `loose`).
    public init?(name: String) { self.init(rawValue: name) }

    /// Hashes the case, not its name's bytes: the rules are part of every text's key in the cache of shaped texts.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .strict: hasher.combine(0)
        case .normal: hasher.combine(1)
        case .loose: hasher.combine(2)
        }
    }
}
