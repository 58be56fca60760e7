import CICU
import LayoutSimFaces
import LayoutSimModel

/// A place where a line may end: a UTF-16 offset, and whether the line must end there.
public struct BreakOpportunity: Sendable, Hashable {
    /// UTF-16 offset of the first code unit of the next line.
    public let offset: Int
    /// A mandatory break (after `\n`, `\r`, U+2028, U+2029, …: UAX #14 classes BK, CR, LF, NL).
    public let isMandatory: Bool
}

/// Errors from text segmentation.
public enum SegmentationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The language tag is not well-formed BCP 47.
    case invalidLanguageTag(String)
    /// ICU reported an error.
    case icu(String)

    public var description: String {
        switch self {
        case .invalidLanguageTag(let tag): return "'\(tag)' is not a BCP 47 language tag (e.g. en, de-CH, th, zh-Hant)"
        case .icu(let name): return "ICU error \(name)"
        }
    }
}

/// Owns one ICU `UBreakIterator`, opened once and pointed at each new text (opening one loads its rules,
/// which costs far more than iterating).
package final class BreakIterator {
    /// `UBreakIterator *`.
    private let raw: UnsafeMutableRawPointer
    private let isLine: Bool

    /// Opens a line (UAX #14) or grapheme (UAX #29) iterator for the ICU `locale`.
    package init(line: Bool, locale: String) throws(SegmentationError) {
        var status: Int32 = 0
        let kind = Int32(line ? CICU_BREAK_LINE : CICU_BREAK_CHARACTER)
        guard let raw = cicu_ubrk_open(kind, locale, nil, 0, &status), cicu_failure(status) == 0 else {
            throw .icu(String(cString: cicu_u_errorName(status)))
        }
        self.raw = raw
        self.isLine = line
    }

    /// Closes the `UBreakIterator`.
    deinit { cicu_ubrk_close(raw) }

    /// The text the iterator points at, kept alive while it does (ICU does not copy it).
    private var text: TextStorage?

    /// Calls `body(offset, ruleStatus)` for every boundary after the start of the first `count` code units of `text`,
    /// in order. The iterator keeps pointing at `text` (and keeps it) until the next call.
    package func forEachBoundary(in text: TextStorage, count: Int, _ body: (Int, Int32) -> Void) throws(SegmentationError) {
        var status: Int32 = 0
        cicu_ubrk_setText(raw, text.units.baseAddress, Int32(count), &status)
        self.text = text
        guard cicu_failure(status) == 0 else { throw .icu(String(cString: cicu_u_errorName(status))) }
        let done = Int32(CICU_DONE)
        _ = cicu_ubrk_first(raw)
        var offset = cicu_ubrk_next(raw)
        while offset != done {
            body(Int(offset), isLine ? cicu_ubrk_getRuleStatus(raw) : 0)
            offset = cicu_ubrk_next(raw)
        }
    }
}

/// Text boundaries from ICU: UAX #14 line-break opportunities (with dictionary breaking for Thai, Lao, Khmer,
/// Myanmar and CJK rules) and UAX #29 grapheme cluster boundaries. Owns its ICU iterators (one line iterator per
/// locale, bounded, and one grapheme iterator), so a ``LayoutEngine`` opens each only once, and the copy of the text
/// they point at (reused from one text to the next, so they need not be detached after each).
///
/// All offsets are UTF-16 offsets, as `NSRange` counts them.
public final class TextBoundaries {
    /// One per locale and line-break rules (``CacheBounds/locales``).
    private var lineIterators = LRUCache<String, BreakIterator>(capacity: CacheBounds.locales)
    /// Line iterators opened so far (each is kept, within the bound above).
    package private(set) var lineIteratorsOpened = 0
    private var graphemeIterator: BreakIterator?
    /// The locale of the line iterator last used, and that iterator.
    private var lastLocale: String?
    private var lastLineIterator: BreakIterator?
    /// The copy of the text the iterators point at, reused from one text to the next (replaced when too short).
    private var copy = TextStorage(capacity: 64)

    /// Creates an empty set of iterators; they open on first use.
    public init() {}

    /// The ICU locale ID for a BCP 47 tag (`zh-Hant-TW` → `zh_Hant_TW`).
    ///
    /// - Throws: ``SegmentationError/invalidLanguageTag(_:)`` when the tag does not parse whole.
    public static func icuLocale(forLanguageTag tag: String) throws(SegmentationError) -> String {
        // `und` (undetermined, what catalogs use when they cannot tell) is ICU's root locale.
        if tag.isEmpty || tag.lowercased() == "und" { return "" }
        var status: Int32 = 0
        var parsed: Int32 = 0
        var buffer = [CChar](repeating: 0, count: 158)
        let length = cicu_uloc_forLanguageTag(tag, &buffer, Int32(buffer.count - 1), &parsed, &status)
        guard cicu_failure(status) == 0, Int(parsed) == tag.utf8.count, length > 0 else {
            throw .invalidLanguageTag(tag)
        }
        let bytes = buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether CLDR knows the language of BCP 47 `tag` (has a name for it: `ja` Japanese, not `jp`); true for `und`
    /// and for a tag ICU cannot parse (said elsewhere).
    public static func knowsLanguage(_ tag: String) -> Bool {
        let locale: String
        do { locale = try icuLocale(forLanguageTag: tag) } catch { return true }
        guard !locale.isEmpty else { return true }
        var status: Int32 = 0
        var name = [UInt16](repeating: 0, count: 64)
        _ = cicu_uloc_getDisplayLanguage(locale, "en", &name, Int32(name.count), &status)
        // U_USING_DEFAULT_WARNING: no name, the code itself given back.
        return status != -127
    }

    /// Line-break opportunities of `utf16` for the ICU `locale`, in increasing order.
    ///
    /// The end of the text is always the last opportunity (a soft one); offset 0 is never one.
    public func lineBreaks(_ utf16: [UInt16], locale: String) throws(SegmentationError) -> [BreakOpportunity] {
        var out: [BreakOpportunity] = []
        try lineBreaks(utf16, locale: locale, into: &out)
        return out
    }

    /// ``lineBreaks(_:locale:)`` into `out` (emptied first, its storage kept).
    package func lineBreaks(_ utf16: [UInt16], locale: String, into out: inout [BreakOpportunity]) throws(SegmentationError) {
        out.removeAll(keepingCapacity: true)
        if utf16.isEmpty { return }
        let iterator: BreakIterator
        if locale == lastLocale, let lastLineIterator {
            iterator = lastLineIterator
        } else if let cached = lineIterators[locale] {
            iterator = cached
        } else {
            iterator = try BreakIterator(line: true, locale: locale)
            lineIterators[locale] = iterator
            lineIteratorsOpened += 1
        }
        lastLocale = locale
        lastLineIterator = iterator
        let hard = Int32(CICU_LINE_HARD)
        let hardLimit = Int32(CICU_LINE_HARD_LIMIT)
        let end = utf16.count
        try iterator.forEachBoundary(in: hold(utf16), count: utf16.count) { offset, status in
            // UBRK_LINE_HARD is 100..<200; the end of the text is not a mandatory line end. ICU gives the breaks its
            // dictionary finds (Thai, Lao, Khmer, Burmese, Chinese and Japanese words) the status of the end of their
            // range: in a text ending with "\n", every word's. A hard status counts only after a line break
            // character, as UAX #14 has it (``isLineEnd(_:)``).
            let mandatory = offset < end && status >= hard && status < hardLimit && Self.isLineEnd(utf16[offset - 1])
            out.append(BreakOpportunity(offset: offset, isMandatory: mandatory))
        }
    }

    /// Whether a line must end after `unit`: UAX #14's classes BK (U+000B, U+000C, U+2028, U+2029), CR, LF and NL
    /// (U+0085). (A CR before an LF is no line end of its own: ICU gives no boundary between them.)
    static func isLineEnd(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Grapheme cluster boundaries of `utf16` (UAX #29 extended grapheme clusters), including 0 and the end.
    public func graphemeBoundaries(_ utf16: [UInt16]) throws(SegmentationError) -> [Int] {
        var out: [Int] = []
        try graphemeBoundaries(utf16, into: &out)
        return out
    }

    /// ``graphemeBoundaries(_:)`` into `out` (emptied first, its storage kept).
    package func graphemeBoundaries(_ utf16: [UInt16], into out: inout [Int]) throws(SegmentationError) {
        out.removeAll(keepingCapacity: true)
        out.append(0)
        if utf16.isEmpty { return }
        let iterator: BreakIterator
        if let cached = graphemeIterator {
            iterator = cached
        } else {
            iterator = try BreakIterator(line: false, locale: "")
            graphemeIterator = iterator
        }
        try iterator.forEachBoundary(in: hold(utf16), count: utf16.count) { offset, _ in out.append(offset) }
    }

    /// Grapheme cluster boundaries of `utf16` (as ``graphemeBoundaries(_:)``) found without ICU's iterator when every
    /// code unit is of a grapheme class whose rules are plain: Other, Control, CR, LF, Extend, SpacingMark (most Latin,
    /// Greek, Cyrillic, Thai, Devanagari, Arabic letters and marks). Then UAX #29 reduces to GB3–GB5, GB9, GB9a and
    /// GB999, over ICU's own property values. Returns false, `out` unspecified, for any other class (Prepend, ZWJ,
    /// Hangul, regional indicators, emoji modifiers, …), a surrogate, or a virama (ICU's rules keep an Indic
    /// consonant, virama and consonant together, as Unicode 15.1's GB9c later did): ICU's iterator then decides.
    package static func simpleGraphemeBoundaries(
        _ utf16: [UInt16], table: inout CodePointTable, into out: inout [Int]
    ) -> Bool {
        out.removeAll(keepingCapacity: true)
        out.append(0)
        if utf16.isEmpty { return true }
        guard plainGraphemes(utf16, table: &table, takesUnassigned: true, boundary: { out.append($0) }) else { return false }
        out.append(utf16.count)
        return true
    }

    /// The number of grapheme clusters of `text` (Swift's `Character` count, `text.count`), counted with the rules of
    /// ``simpleGraphemeBoundaries(_:table:into:)`` when every code point is of a class they take and assigned in ICU's
    /// data; nil otherwise. There UAX #29 is GB3–GB5, GB9, GB9a and GB999 for Swift as for ICU (no Prepend, ZWJ,
    /// Hangul, regional indicator or virama: none of the rules that keep state applies), and the classes are the same:
    /// compared code point by code point over the whole BMP, where the rules take any (`CharacterCountTests`). Code
    /// points unassigned in ICU's data are left to Swift, whose newer data may class them otherwise (U+0897 and
    /// U+1ACF… are marks since Unicode 16, Other to ICU 72).
    package static func simpleGraphemeCount(_ text: String, table: inout CodePointTable) -> Int? {
        var text = text
        return text.withUTF8 { bytes in
            var boundaries = 0
            guard plainGraphemes(BMPScalars(bytes: bytes), table: &table, takesUnassigned: false,
                                 boundary: { _ in boundaries += 1 }) else {
                return nil
            }
            return bytes.isEmpty ? 0 : boundaries + 1
        }
    }

    /// The scalar values of valid UTF-8, read straight from its bytes; a scalar beyond the BMP (four bytes) reads as
    /// 0x10000, which the plain rules refuse.
    private struct BMPScalars: Sequence, IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        var k = 0

        mutating func next() -> UInt32? {
            guard k < bytes.count else { return nil }
            let b0 = UInt32(bytes[k])
            if b0 < 0x80 {
                k += 1
                return b0
            }
            if b0 < 0xE0, k + 1 < bytes.count {
                defer { k += 2 }
                return (b0 & 0x1F) << 6 | UInt32(bytes[k + 1] & 0x3F)
            }
            if b0 < 0xF0, k + 2 < bytes.count {
                defer { k += 3 }
                return (b0 & 0x0F) << 12 | UInt32(bytes[k + 1] & 0x3F) << 6 | UInt32(bytes[k + 2] & 0x3F)
            }
            k = bytes.count
            return 0x10000
        }
    }

    /// Calls `boundary(k)` for every grapheme boundary inside `values` (code units or scalar values: `k` counts them),
    /// with the plain rules; false as soon as a value is of a class they do not take (a surrogate or a scalar beyond the
    /// BMP too, and unless `takesUnassigned` one unassigned in ICU's data), some boundaries then reported already.
    @inline(__always)
    private static func plainGraphemes<Values: Sequence>(
        _ values: Values, table: inout CodePointTable, takesUnassigned: Bool, boundary: (Int) -> Void
    ) -> Bool where Values.Element: FixedWidthInteger {
        let other = UInt32(CICU_GCB_OTHER), control = UInt32(CICU_GCB_CONTROL), cr = UInt32(CICU_GCB_CR)
        let lf = UInt32(CICU_GCB_LF), extend = UInt32(CICU_GCB_EXTEND), spacingMark = UInt32(CICU_GCB_SPACING_MARK)
        var previous = other
        var k = 0
        for element in values {
            let unit = UInt32(truncatingIfNeeded: element)
            let gcb: UInt32
            if unit >= 0x20 && unit <= 0x7E {
                gcb = other
            } else if unit > 0xFFFF || unit & 0xF800 == 0xD800 {
                return false
            } else {
                let facts = table.facts(unit)
                gcb = facts.graphemeBreak
                guard !facts.isVirama, takesUnassigned || !facts.isUnassigned,
                      gcb == other || gcb == control || gcb == cr || gcb == lf || gcb == extend || gcb == spacingMark else {
                    return false
                }
            }
            if k > 0 {
                let isBoundary: Bool
                if previous == cr && gcb == lf {
                    isBoundary = false                                  // GB3
                } else if previous == control || previous == cr || previous == lf {
                    isBoundary = true                                   // GB4
                } else if gcb == control || gcb == cr || gcb == lf {
                    isBoundary = true                                   // GB5
                } else {
                    isBoundary = gcb != extend && gcb != spacingMark    // GB9, GB9a; else GB999
                }
                if isBoundary { boundary(k) }
            }
            previous = gcb
            k += 1
        }
        return true
    }

    /// `utf16` copied into ``copy`` (a new one when it is too short: iterators that point at the old one keep it).
    private func hold(_ utf16: [UInt16]) -> TextStorage {
        if utf16.count > copy.units.count { copy = TextStorage(capacity: utf16.count * 2) }
        _ = utf16.withUnsafeBufferPointer { copy.units.initialize(fromContentsOf: $0) }
        return copy
    }
}

/// UTF-16 code units in memory of their own, for ICU to point at: freed when no iterator points at them any more.
package final class TextStorage {
    let units: UnsafeMutableBufferPointer<UInt16>

    init(capacity: Int) {
        units = .allocate(capacity: max(1, capacity))
        units.initialize(repeating: 0)
    }

    deinit { units.deallocate() }
}
