import CICU

/// What HarfBuzz reads of the text around a cluster shaped at a line edge (``EdgeForms``): only its Arabic joining
/// (`arabic_joining`, which the Arabic and USE shapers run) looks at the context, at the joining type of the nearest
/// code point that is not transparent, among the five next to the cluster (`HB_BUFFER_CONTEXT_LENGTH`); of the joining
/// groups it tells Alaph and Dalath-Rish (Syriac) apart; and a dotted circle, which a context would suppress, is
/// inserted only at the beginning of a text (`HB_BUFFER_FLAG_BOT`, which the shaper does not set). So two contexts of
/// one class (``contextClass(_:_:before:)``) give a cluster the same form and advance, and its edge advance is kept
/// once per class, not once per neighbour (`EdgeContextTests` compares them, shaped); and a run shapes the same in
/// every context of its classes (``Shaper``'s runs).
extension EdgeForms {
    /// ``JoiningClasses/contextClass(_:_:before:)``, with the measurer's table.
    mutating func contextClass(_ utf16: [UInt16], _ range: Range<Int>, before: Bool) -> UInt8 {
        joining.contextClass(utf16, range, before: before)
    }
}

/// The joining class of code points (ICU's joining type and the two groups HarfBuzz tells apart), remembered for the
/// BMP, and the class of a context made of them.
struct JoiningClasses {
    /// Per BMP code point, its class (0: not known yet), made on first use.
    private var known: [UInt8] = []

    /// Code points HarfBuzz keeps as context on each side (`HB_BUFFER_CONTEXT_LENGTH`).
    static let contextLength = 5

    /// The class of the context `utf16[range]` on one side of a cluster: 0 none, 1 only transparent code points among
    /// the five nearest, else 0x80 | the joining type of the nearest other one (ICU's `UJoiningType`) | 0x08 for the
    /// Alaph group | 0x10 for Dalath-Rish. `before`: the context precedes the cluster (read from its end). Code points
    /// are read as HarfBuzz reads them: a surrogate pair within the range, a lone surrogate as U+FFFD.
    mutating func contextClass(_ utf16: [UInt16], _ range: Range<Int>, before: Bool) -> UInt8 {
        guard !range.isEmpty else { return 0 }
        var k = before ? range.upperBound : range.lowerBound
        for _ in 0..<Self.contextLength {
            let value: UInt32
            if before {
                guard k > range.lowerBound else { break }
                k -= 1
                let unit = UInt32(utf16[k])
                if unit & 0xFC00 == 0xDC00, k > range.lowerBound, utf16[k - 1] & 0xFC00 == 0xD800 {
                    k -= 1
                    value = 0x10000 + ((UInt32(utf16[k]) - 0xD800) << 10) + (unit - 0xDC00)
                } else {
                    value = unit & 0xF800 == 0xD800 ? 0xFFFD : unit
                }
            } else {
                guard k < range.upperBound else { break }
                let unit = UInt32(utf16[k])
                k += 1
                if unit & 0xFC00 == 0xD800, k < range.upperBound, utf16[k] & 0xFC00 == 0xDC00 {
                    value = 0x10000 + ((unit - 0xD800) << 10) + (UInt32(utf16[k]) - 0xDC00)
                    k += 1
                } else {
                    value = unit & 0xF800 == 0xD800 ? 0xFFFD : unit
                }
            }
            let joining = joiningClass(value)
            if joining & 0x07 != UInt8(CICU_JT_TRANSPARENT) { return joining }
        }
        return 1
    }

    /// 0x80 | `value`'s joining type | 0x08 Alaph | 0x10 Dalath-Rish; remembered for the BMP.
    private mutating func joiningClass(_ value: UInt32) -> UInt8 {
        if value < 0x10000 {
            if known.isEmpty { known = [UInt8](repeating: 0, count: 0x10000) }
            let remembered = known[Int(value)]
            if remembered != 0 { return remembered }
            let computed = Self.computeJoiningClass(value)
            known[Int(value)] = computed
            return computed
        }
        return Self.computeJoiningClass(value)
    }

    private static func computeJoiningClass(_ value: UInt32) -> UInt8 {
        let type = UInt8(truncatingIfNeeded: cicu_u_joiningType(Int32(bitPattern: value))) & 0x07
        let group = cicu_u_joiningGroup(Int32(bitPattern: value))
        return 0x80 | type | (group == CICU_JG_ALAPH ? 0x08 : 0) | (group == CICU_JG_DALATH_RISH ? 0x10 : 0)
    }
}
