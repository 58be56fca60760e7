import LayoutSimFaces
import LayoutSimShaping

/// How the fonts of iOS's system cascade measure against the bundled stand-ins, from public measurements. Every
/// factor, its source and its confidence is in the README ("How far each script can be off") and
/// `Fonts/CALIBRATION.md` (sources and quotes); `--calibration off` turns them all off (each stand-in then measures as itself).
///
/// | stand-in | iOS font | model | confidence |
/// |---|---|---|---|
/// | Noto Sans Thai | Thonburi | widths × 1.07 | M (macOS), L (iOS's `.ThonburiUI`) |
/// | Noto Sans Arabic | SF Arabic / Geeza Pro | widths × 0.89 | L–M (Geeza Pro; nothing public for SF Arabic) |
/// | Noto Sans Devanagari | Kohinoor Devanagari | × 1.00 | L |
/// | Noto Sans Hebrew | SF Hebrew | × 1.00 | L (no measurement) |
/// | Noto fonts of the other scripts | SF Armenian / Georgian, Kohinoor, Sangam MN, Kefa, Kailasa, … | × 1.00 | L (no measurement) |
/// | Noto Sans CJK | PingFang SC/TC/HK | × 1.02 for `zh` text (1.02 em ideographs at 14–19 pt) | M |
/// | Noto Sans CJK | Hiragino Sans, Apple SD Gothic Neo | × 1.00 (1.00 em kana and kanji; Hangul 0.92 em unverified) | H (macOS) / L |
/// | emoji stand-in | Apple Color Emoji | drawn at ``emojiSize(atSize:)``, plus 0.75 pt | M (the curve), L (the 0.75) |
///
/// Line boxes: text in a stand-in keeps SF's line box (ascender 0.952, descender 0.241 em), grown to its ink under the
/// letterform-aware policy, never to the stand-in's own design box (Noto Sans Arabic's is 2.11 em). Emoji take Apple
/// Color Emoji's box (1.0 em above, 0.3125 em below) at the emoji size.
public enum StandInCalibration {
    /// Width factor of the clusters a stand-in shaped, for text in `language`.
    public static func widthFactor(_ standIn: StandIn, language: String?) -> Double {
        switch standIn {
        case .sf, .devanagari, .hebrew, .emoji, .otherScripts: return 1
        case .thai: return 1.07
        case .arabic: return 0.89
        case .cjk: return isLanguage(language, "zh") ? 1.02 : 1
        }
    }

    /// Whether BCP 47 (or ICU) `language` is `code` or a variant of it (`zh`, `zh-Hant`, `zh_TW`).
    private static func isLanguage(_ language: String?, _ code: String) -> Bool {
        guard let language else { return false }
        return language == code || language.hasPrefix(code + "-") || language.hasPrefix(code + "_")
    }

    /// How far the widths of a stand-in's clusters, calibrated, can still be from those of the font iOS draws them in,
    /// for text in `language`: a fraction (0.08: ±8 %), as the README's table "How far each script can be off" gives
    /// it; 0.05 where there is no measurement (Hebrew, Korean, the other scripts). 0 for SF's measured widths (0.8 %,
    /// tested) and the emoji stand-in (±1 pt per emoji, not a fraction).
    public static func widthUncertainty(_ standIn: StandIn, language: String?) -> Double {
        switch standIn {
        case .sf, .emoji: return 0
        case .thai, .hebrew, .otherScripts: return 0.05
        case .arabic: return 0.08
        case .devanagari: return 0.03
        case .cjk: return isLanguage(language, "ko") ? 0.05 : isLanguage(language, "ja") ? 0.01 : 0.02
        }
    }

    /// Whether ``widthUncertainty(_:language:)`` is a guess, no measurement behind it.
    public static func widthUncertaintyIsAssumed(_ standIn: StandIn, language: String?) -> Bool {
        switch standIn {
        case .hebrew, .otherScripts: return true
        case .cjk: return isLanguage(language, "ko")
        default: return false
        }
    }

    /// The size iOS draws Apple Color Emoji at in text of `size` points: 1.25 × size below 16 pt, 0.5 × size + 12 from
    /// 16 to 24 pt, the size itself above (Core Text's metrics of `AppleColorEmoji` measured per size in YYText's
    /// `YYTextEmojiGetAscentWithFontSize`; the same curve in flutter#28894's glyph heights).
    public static func emojiSize(atSize size: Double) -> Double {
        if size < 16 { return 1.25 * size }
        if size <= 24 { return 0.5 * size + 12 }
        return size
    }

    /// Space iOS adds around an emoji, points (YYText's glyph rectangle starts 0.75 pt in).
    public static let emojiExtraAdvance = 0.75

    /// Points per font unit of `face` at `size`: the emoji stand-in's units scale to the emoji size.
    public static func pointsPerUnit(_ face: FaceTraits, size: Double, calibrated: Bool) -> Double {
        let upem = Double(face.metrics.unitsPerEm)
        if calibrated, face.standIn == .emoji { return emojiSize(atSize: size) / upem }
        return size / upem
    }

    /// How the clusters of a calibrated stand-in (not SF's, whose widths are the SF model's) become points at `size`:
    /// points per font unit, and the room added to each emoji; nil for any other face.
    /// (Inlined: worked out for each stretch of one face's clusters at each size, many per text whose words and
    /// spaces alternate faces, as Arabic's do.)
    @inline(__always)
    public static func scaling(_ face: FaceTraits, size: Double, language: String?) -> (perUnit: Double, extra: Double)? {
        guard let standIn = face.standIn, standIn != .sf else { return nil }
        let perUnit = calibratedPointsPerUnit(face, size: size, language: language, calibrated: true)
        return (perUnit, standIn == .emoji ? emojiExtraAdvance : 0)
    }

    /// Points per font unit of what `face` shaped at `size`, as its clusters' advances are scaled: a stand-in's,
    /// when `calibrated`, by its ``widthFactor(_:language:)`` (the emoji stand-in's at the emoji size); any other
    /// face's (and every face's uncalibrated) by the size alone. Also a line edge's change and a soft hyphen's "-".
    public static func calibratedPointsPerUnit(
        _ face: FaceTraits, size: Double, language: String?, calibrated: Bool
    ) -> Double {
        let perUnit = pointsPerUnit(face, size: size, calibrated: calibrated)
        guard calibrated, let standIn = face.standIn, standIn != .sf, standIn != .emoji else { return perUnit }
        return perUnit * widthFactor(standIn, language: language)
    }
}
