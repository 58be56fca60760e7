import CICU
import LayoutSimModel
import LayoutSimSupport

/// A place where a line may end: a UTF-16 offset, and whether the line must end there.
public struct BreakOpportunity: Sendable, Hashable {
    /// UTF-16 offset of the first code unit of the next line.
    public let offset: Int
    /// A mandatory break (after `\n`, `\r`, U+2028, U+2029, …: UAX #14 classes BK, CR, LF, NL).
    public let isMandatory: Bool

    package init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
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
