import LayoutSimModel

/// Pseudolocalization: fake translations of the source strings that stress layout the way real translations do,
/// so layouts are checked before any translation exists.
///
/// Pseudolocalized entries get the locale ``locale``, `x-pseudo`: a BCP 47 private-use tag (RFC 5646 §2.2.7), so
/// no real locale can collide with it. Line breaking and number formatting treat it as the root locale.
///
/// Every mode keeps placeholders (`%@`, `%1$lld`, `%.2f`, `%%`, `%#@files@`) byte for byte: only the text between
/// them changes. Modes combine, and apply in this order: ``Mode/expansion`` (on the plain text), then
/// ``Mode/accents``, ``Mode/tallMarks`` (also on the padding), then ``Mode/brackets`` and last
/// ``Mode/rightToLeft`` around everything.
public struct Pseudolocalizer: Sendable, Hashable {
    /// What a pseudolocalization does to the text.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Lengthen the text by ``tiers`` (short strings grow most, as real translations of short UI strings do),
        /// padding it with ``fillerWord`` repeated.
        case expansion
        /// Replace ASCII letters by accented look-alikes from Latin-1 and Latin Extended-A (`a` → `á`, `S` → `Š`),
        /// which are taller: tests ink above the cap height.
        case accents
        /// Stack ``markCount`` combining marks above (``marksAbove``) and below (``marksBelow``) every letter:
        /// tests ink clipping at the top and bottom of lines, as Thai or Vietnamese do.
        case tallMarks
        /// Show the text right to left: the whole string starts with U+200F RIGHT-TO-LEFT MARK (so the paragraph is
        /// right to left) and each run of text between placeholders is wrapped in U+202E RIGHT-TO-LEFT OVERRIDE …
        /// U+202C POP DIRECTIONAL FORMATTING (so Latin letters are displayed reversed, as Android's `ar-XB` does).
        case rightToLeft
        /// Put ``openMarker`` and ``closeMarker`` around the text, so truncation at either end is visible.
        case brackets
    }

    /// One expansion tier: texts of at most ``maximumLength`` characters grow by ``percent`` percent.
    public struct ExpansionTier: Sendable, Hashable {
        /// The longest text (in characters, placeholders excluded) the tier applies to; `nil` for no limit.
        public var maximumLength: Int?
        /// How much longer the text becomes, in percent of its length (rounded up to whole characters).
        public var percent: Int

        /// Creates a tier.
        public init(maximumLength: Int?, percent: Int) {
            self.maximumLength = maximumLength
            self.percent = percent
        }
    }

    /// The locale tag of pseudolocalized entries: `x-pseudo`.
    public static let locale = "x-pseudo"

    /// The common IBM / Microsoft expansion guidelines: 1–5 characters +100 %, 6–25 +80 %, 26–40 +60 %,
    /// 41–70 +40 %, more than 70 +30 %.
    public static let defaultTiers: [ExpansionTier] = [
        ExpansionTier(maximumLength: 5, percent: 100),
        ExpansionTier(maximumLength: 25, percent: 80),
        ExpansionTier(maximumLength: 40, percent: 60),
        ExpansionTier(maximumLength: 70, percent: 40),
        ExpansionTier(maximumLength: nil, percent: 30),
    ]

    /// Expansion tiers, tried in order of ``ExpansionTier/maximumLength`` (unbounded last).
    public var tiers: [ExpansionTier]
    /// The word repeated to pad expanded text, separated by spaces (so it can wrap like real words).
    public var fillerWord: String
    /// Combining marks stacked above letters in ``Mode/tallMarks`` mode, cycled (default U+0301 acute, U+0308
    /// diaeresis).
    public var marksAbove: [Unicode.Scalar]
    /// Combining marks stacked below letters (default U+0323 dot below, U+0330 tilde below).
    public var marksBelow: [Unicode.Scalar]
    /// How many marks go above, and how many below, each letter.
    public var markCount: Int
    /// The bracket before the text in ``Mode/brackets`` mode.
    public var openMarker: String
    /// The bracket after the text in ``Mode/brackets`` mode.
    public var closeMarker: String

    /// Creates a pseudolocalizer; every argument has the documented default.
    public init(
        tiers: [ExpansionTier] = Pseudolocalizer.defaultTiers, fillerWord: String = "lorem",
        marksAbove: [Unicode.Scalar] = ["\u{0301}", "\u{0308}"], marksBelow: [Unicode.Scalar] = ["\u{0323}", "\u{0330}"],
        markCount: Int = 2, openMarker: String = "[", closeMarker: String = "]"
    ) {
        self.tiers = tiers
        self.fillerWord = fillerWord
        self.marksAbove = marksAbove
        self.marksBelow = marksBelow
        self.markCount = markCount
        self.openMarker = openMarker
        self.closeMarker = closeMarker
    }

    /// The length text of `length` characters has after ``Mode/expansion``: `length + ⌈length × percent / 100⌉`
    /// for the first tier whose maximum is at least `length`.
    public func expandedLength(of length: Int) -> Int {
        guard length > 0 else { return 0 }
        let sorted = tiers.sorted { ($0.maximumLength ?? Int.max) < ($1.maximumLength ?? Int.max) }
        guard let tier = sorted.first(where: { length <= ($0.maximumLength ?? Int.max) }) else { return length }
        return length + (length * max(tier.percent, 0) + 99) / 100
    }

    /// `string` pseudolocalized with `modes` (see ``Mode``); placeholders are kept intact.
    ///
    /// Expansion counts characters (grapheme clusters) of the text between placeholders and appends the padding
    /// after the last segment: a space, then ``fillerWord`` repeated with spaces, cut to the exact length (never
    /// ending in a space, which a label would let hang outside the line). One character of padding is the filler's
    /// first letter, appended to the last word.
    public func pseudolocalize(_ string: String, modes: Set<Mode>) -> String {
        var segments = FormatString.segments(string)
        if modes.contains(.expansion) {
            let length = segments.reduce(0) { total, segment in
                if case .text(let text) = segment { return total + text.count }
                return total
            }
            let padding = padding(count: expandedLength(of: length) - length)
            if !padding.isEmpty {
                if case .text(let last)? = segments.last {
                    segments[segments.count - 1] = .text(last + padding)
                } else {
                    segments.append(.text(padding))
                }
            }
        }
        var result = ""
        for segment in segments {
            switch segment {
            case .placeholder(let specifier):
                result += specifier.raw
            case .text(var text):
                if modes.contains(.accents) { text = accented(text) }
                if modes.contains(.tallMarks) { text = withTallMarks(text) }
                if modes.contains(.rightToLeft) { text = "\u{202E}" + text + "\u{202C}" }
                result += text
            }
        }
        if modes.contains(.brackets) {
            let open = modes.contains(.rightToLeft) ? "\u{202E}" + openMarker + "\u{202C}" : openMarker
            let close = modes.contains(.rightToLeft) ? "\u{202E}" + closeMarker + "\u{202C}" : closeMarker
            result = open + result + close
        }
        if modes.contains(.rightToLeft) { result = "\u{200F}" + result }
        return result
    }

    /// Pseudolocalized copies of the entries in `sourceLanguage`, with locale ``locale`` and no state; entries
    /// marked `shouldTranslate: false` are copied unchanged (they would not be translated either).
    public func pseudolocalize(_ entries: [CatalogEntry], sourceLanguage: String, modes: Set<Mode>) -> [CatalogEntry] {
        entries.filter { $0.locale == sourceLanguage }.map { entry in
            var copy = entry
            copy.locale = Self.locale
            copy.state = nil
            if entry.shouldTranslate { copy.value = pseudolocalize(entry.value, modes: modes) }
            return copy
        }
    }

    /// `count` characters of padding (see ``pseudolocalize(_:modes:)``).
    package func padding(count: Int) -> String {
        guard count > 0 else { return "" }
        let word = Array(fillerWord.isEmpty ? "x" : fillerWord)
        if count == 1 { return String(word[0]) }
        var characters: [Character] = [" "]
        var index = 0
        while characters.count < count {
            characters.append(index < word.count ? word[index] : " ")
            index = (index + 1) % (word.count + 1)
        }
        if characters.last == " " { characters[characters.count - 1] = word[0] }
        return String(characters)
    }

    private func accented(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(Self.accents[scalar] ?? scalar)
        }
        return String(result)
    }

    private func withTallMarks(_ text: String) -> String {
        guard markCount > 0, !(marksAbove.isEmpty && marksBelow.isEmpty) else { return text }
        var marks = String.UnicodeScalarView()
        for index in 0..<markCount where !marksAbove.isEmpty { marks.append(marksAbove[index % marksAbove.count]) }
        for index in 0..<markCount where !marksBelow.isEmpty { marks.append(marksBelow[index % marksBelow.count]) }
        let suffix = String(marks)
        var result = ""
        for character in text {
            result.append(character)
            if character.isLetter { result += suffix }
        }
        return result
    }

    /// ASCII letter → accented look-alike from Latin-1 Supplement or Latin Extended-A; letters with none there
    /// (b f m p q v x, B F M P Q V X) stay as they are.
    private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(Character, Unicode.Scalar)] = [
            ("a", "á"), ("c", "ç"), ("d", "ď"), ("e", "é"), ("g", "ĝ"), ("h", "ĥ"), ("i", "í"), ("j", "ĵ"),
            ("k", "ķ"), ("l", "ĺ"), ("n", "ñ"), ("o", "ó"), ("r", "ŕ"), ("s", "š"), ("t", "ť"), ("u", "ú"),
            ("w", "ŵ"), ("y", "ý"), ("z", "ž"),
            ("A", "Á"), ("C", "Ç"), ("D", "Ď"), ("E", "É"), ("G", "Ĝ"), ("H", "Ĥ"), ("I", "Í"), ("J", "Ĵ"),
            ("K", "Ķ"), ("L", "Ĺ"), ("N", "Ñ"), ("O", "Ó"), ("R", "Ŕ"), ("S", "Š"), ("T", "Ť"), ("U", "Ú"),
            ("W", "Ŵ"), ("Y", "Ý"), ("Z", "Ž"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (letter, accented) in pairs {
            if let scalar = letter.unicodeScalars.first { table[scalar] = accented }
        }
        return table
    }()
}
