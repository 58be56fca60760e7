import CICU

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

/// Text boundaries from ICU: UAX #14 line-break opportunities (with dictionary breaking for Thai, Lao, Khmer,
/// Myanmar and CJK rules) and UAX #29 grapheme cluster boundaries.
///
/// All offsets are UTF-16 offsets, as `NSRange` counts them.
public enum TextBoundaries {
    /// The ICU locale ID for a BCP 47 tag (`zh-Hant-TW` → `zh_Hant_TW`).
    ///
    /// - Throws: ``SegmentationError/invalidLanguageTag(_:)`` when the tag does not parse whole.
    public static func icuLocale(forLanguageTag tag: String) throws(SegmentationError) -> String {
        if tag.isEmpty { return "" }
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
    /// The end of the text is always the last opportunity; offset 0 is never one.
    public static func lineBreaks(_ utf16: [UInt16], locale: String) throws(SegmentationError) -> [BreakOpportunity] {
        if utf16.isEmpty { return [] }
        let result: Result<[BreakOpportunity], SegmentationError> = utf16.withUnsafeBufferPointer { text in
            var status: Int32 = 0
            guard let iterator = cicu_ubrk_open(Int32(CICU_BREAK_LINE), locale, text.baseAddress, Int32(text.count), &status),
                  cicu_failure(status) == 0 else {
                return .failure(.icu(String(cString: cicu_u_errorName(status))))
            }
            defer { cicu_ubrk_close(iterator) }
            var out: [BreakOpportunity] = []
            let done = Int32(CICU_DONE)
            let hardLow = Int32(CICU_LINE_HARD)
            _ = cicu_ubrk_first(iterator)
            var offset = cicu_ubrk_next(iterator)
            while offset != done {
                let status = cicu_ubrk_getRuleStatus(iterator)
                // UBRK_LINE_HARD is 100...199; a break at the end of the text is not a mandatory line end.
                let mandatory = status >= hardLow && status < Int32(CICU_LINE_HARD_LIMIT)
                out.append(BreakOpportunity(offset: Int(offset), isMandatory: mandatory))
                offset = cicu_ubrk_next(iterator)
            }
            return .success(out)
        }
        return try result.get()
    }

    /// Grapheme cluster boundaries of `utf16` (UAX #29 extended grapheme clusters), including 0 and the end.
    public static func graphemeBoundaries(_ utf16: [UInt16]) throws(SegmentationError) -> [Int] {
        if utf16.isEmpty { return [0] }
        let result: Result<[Int], SegmentationError> = utf16.withUnsafeBufferPointer { text in
            var status: Int32 = 0
            guard let iterator = cicu_ubrk_open(Int32(CICU_BREAK_CHARACTER), "", text.baseAddress, Int32(text.count), &status),
                  cicu_failure(status) == 0 else {
                return .failure(.icu(String(cString: cicu_u_errorName(status))))
            }
            defer { cicu_ubrk_close(iterator) }
            var out: [Int] = [Int(cicu_ubrk_first(iterator))]
            let done = Int32(CICU_DONE)
            var offset = cicu_ubrk_next(iterator)
            while offset != done {
                out.append(Int(offset))
                offset = cicu_ubrk_next(iterator)
            }
            return .success(out)
        }
        return try result.get()
    }
}
