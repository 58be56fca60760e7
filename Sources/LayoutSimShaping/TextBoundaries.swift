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

    /// Calls `body(offset, ruleStatus)` for every boundary after the start of `utf16`, in order.
    package func forEachBoundary(in utf16: [UInt16], _ body: (Int, Int32) -> Void) throws(SegmentationError) {
        var failure: SegmentationError?
        utf16.withUnsafeBufferPointer { text in
            var status: Int32 = 0
            cicu_ubrk_setText(raw, text.baseAddress, Int32(text.count), &status)
            guard cicu_failure(status) == 0 else {
                failure = .icu(String(cString: cicu_u_errorName(status)))
                return
            }
            let done = Int32(CICU_DONE)
            _ = cicu_ubrk_first(raw)
            var offset = cicu_ubrk_next(raw)
            while offset != done {
                body(Int(offset), isLine ? cicu_ubrk_getRuleStatus(raw) : 0)
                offset = cicu_ubrk_next(raw)
            }
            // Detach the iterator from the buffer before it goes away.
            cicu_ubrk_setText(raw, nil, 0, &status)
        }
        if let failure { throw failure }
    }
}

/// Text boundaries from ICU: UAX #14 line-break opportunities (with dictionary breaking for Thai, Lao, Khmer,
/// Myanmar and CJK rules) and UAX #29 grapheme cluster boundaries. Owns its ICU iterators (one line iterator per
/// locale, bounded, and one grapheme iterator), so a ``LayoutEngine`` opens each only once.
///
/// All offsets are UTF-16 offsets, as `NSRange` counts them.
public final class TextBoundaries {
    private var lineIterators = LRUCache<String, BreakIterator>(capacity: 16)
    private var graphemeIterator: BreakIterator?

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

    /// Line-break opportunities of `utf16` for the ICU `locale`, in increasing order.
    ///
    /// The end of the text is always the last opportunity (a soft one); offset 0 is never one.
    public func lineBreaks(_ utf16: [UInt16], locale: String) throws(SegmentationError) -> [BreakOpportunity] {
        if utf16.isEmpty { return [] }
        let iterator: BreakIterator
        if let cached = lineIterators[locale] {
            iterator = cached
        } else {
            iterator = try BreakIterator(line: true, locale: locale)
            lineIterators[locale] = iterator
        }
        var out: [BreakOpportunity] = []
        let hard = Int32(CICU_LINE_HARD)
        let hardLimit = Int32(CICU_LINE_HARD_LIMIT)
        let end = utf16.count
        try iterator.forEachBoundary(in: utf16) { offset, status in
            // UBRK_LINE_HARD is 100..<200; the end of the text is not a mandatory line end.
            out.append(BreakOpportunity(offset: offset, isMandatory: offset < end && status >= hard && status < hardLimit))
        }
        return out
    }

    /// Grapheme cluster boundaries of `utf16` (UAX #29 extended grapheme clusters), including 0 and the end.
    public func graphemeBoundaries(_ utf16: [UInt16]) throws(SegmentationError) -> [Int] {
        if utf16.isEmpty { return [0] }
        let iterator: BreakIterator
        if let cached = graphemeIterator {
            iterator = cached
        } else {
            iterator = try BreakIterator(line: false, locale: "")
            graphemeIterator = iterator
        }
        var out: [Int] = [0]
        try iterator.forEachBoundary(in: utf16) { offset, _ in out.append(offset) }
        return out
    }
}
