/// A cluster's Unicode scalars read straight from its UTF-16 code units, and whether its canonical decomposition
/// can be ASCII letters and marks only: what `MeasuredText` asks of every cluster that is not printable ASCII,
/// without building a `String` per cluster or asking Foundation for its decomposition when the answer is plain.
package enum ClusterScalars {
    /// The scalar value at `i` in `utf16` (before `end`), `i` moved past it: a lone surrogate reads as U+FFFD, as
    /// `String(decoding:as:)` reads it.
    @inline(__always)
    static func scalarValue(_ utf16: [UInt16], at i: inout Int, end: Int) -> UInt32 {
        let unit = UInt32(utf16[i])
        i += 1
        if unit & 0xFC00 == 0xD800, i < end, utf16[i] & 0xFC00 == 0xDC00 {
            let value = 0x10000 + ((unit - 0xD800) << 10) + (UInt32(utf16[i]) - 0xDC00)
            i += 1
            return value
        }
        return unit & 0xF800 == 0xD800 ? 0xFFFD : unit
    }

    /// The scalars of `units`, a lone surrogate read as U+FFFD (what `String(decoding:as: UTF16.self)` gives),
    /// into `scalars` (emptied first, its storage kept).
    package static func decode(_ units: ArraySlice<UInt16>, into scalars: inout [Unicode.Scalar]) {
        scalars.removeAll(keepingCapacity: true)
        var iterator = units.makeIterator()
        var parser = Unicode.UTF16.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): scalars.append(Unicode.UTF16.decode(encoded))
            case .error: scalars.append("\u{FFFD}")
            case .emptyInput: return
            }
        }
    }

    /// Whether the cluster's canonical decomposition certainly has a base (a scalar that is not a mark) outside
    /// ASCII: it holds a scalar from U+0370 on that is not a mark and is none of those whose decomposition may be
    /// ASCII with marks (``mayDecomposeToASCII``). Then the cluster is not ASCII for the system font's advance table,
    /// whatever Foundation's decomposition says; a test checks every assigned scalar against Foundation.
    package static func hasNonASCIIBase(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains { isNonASCIIBase($0.value, isMark: isMark($0)) }
    }

    /// The printable ASCII base of each scalar from U+00A0 to U+0233 (Latin-1 Supplement, Latin Extended-A and -B)
    /// whose canonical decomposition is one ASCII character and marks, 0 for the others (".", which no scalar
    /// decomposes to, in the text below). Below U+00A0 (controls) and from U+0234 to U+036F no scalar decomposes to
    /// ASCII: 0 too. A test checks every scalar below U+0370 against Foundation's decomposition, which this saves.
    ///
    /// U+00A0 is a space: a space that does not break has the same advance in SF as in every font here (Inter: 792
    /// units each), so SF's measured space, not Inter's scaled.
    static func asciiBase(below0370 value: UInt32) -> UInt8 {
        let index = Int(value) - 0xA0
        return index >= 0 && index < latinBases.count ? latinBases[index] : 0
    }

    private static let latinBases: [UInt8] = Array((
        " ..............................." +  // U+00A0
        "AAAAAA.CEEEEIIII.NOOOOO..UUUUY.." +  // U+00C0
        "aaaaaa.ceeeeiiii.nooooo..uuuuy.y" +  // U+00E0
        "AaAaAaCcCcCcCcDd..EeEeEeEeEeGgGg" +  // U+0100
        "GgGgHh..IiIiIiIiI...JjKk.LlLlLl." +  // U+0120
        "...NnNnNn...OoOoOo..RrRrRrSsSsSs" +  // U+0140
        "SsTtTt..UuUuUuUuUuUuWwYyYZzZzZz." +  // U+0160
        "................................" +  // U+0180
        "Oo.............Uu..............." +  // U+01A0
        ".............AaIiOoUuUuUuUuUu.Aa" +  // U+01C0
        "Aa....GgKkOoOo..j...Gg..NnAa...." +  // U+01E0
        "AaAaEeEeIiIiOoOoRrRrUuUuSsTt..Hh" +  // U+0200
        "......AaEeOoOoOoOoYy"  // U+0220
    ).utf8).map { $0 == UInt8(ascii: ".") ? 0 : $0 }

    /// Whether one scalar makes ``hasNonASCIIBase(_:)`` true, given whether it is a mark (``isMark(_:)``, which a
    /// caller may have remembered).
    @inline(__always)
    static func isNonASCIIBase(_ value: UInt32, isMark: Bool) -> Bool {
        value >= 0x370 && !mayDecomposeToASCII(value) && !isMark
    }

    /// Scalars from U+0370 on whose canonical decomposition may start with an ASCII character: Latin Extended
    /// Additional (U+1E00–U+1EFF), ';' as U+037E, '`' as U+1FEF, 'K' as U+212A, 'Å' as U+212B, and '=', '<', '>'
    /// with a stroke (U+2260, U+226E, U+226F).
    package static func mayDecomposeToASCII(_ scalar: Unicode.Scalar) -> Bool {
        mayDecomposeToASCII(scalar.value)
    }

    /// ``mayDecomposeToASCII(_:)-(Unicode.Scalar)`` of a scalar value.
    @inline(__always)
    static func mayDecomposeToASCII(_ value: UInt32) -> Bool {
        switch value {
        case 0x1E00...0x1EFF, 0x037E, 0x1FEF, 0x212A, 0x212B, 0x2260, 0x226E, 0x226F: return true
        default: return false
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        // The common base letters, without a property lookup: Arabic U+0621–U+064A, Devanagari U+0904–U+0939, Thai
        // U+0E01–U+0E30 and U+0E40–U+0E46 (letters all; a test checks them against the properties).
        if isCommonBaseLetter(scalar) { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// Letters of Arabic, Devanagari and Thai that begin most clusters of those scripts (see ``isMark(_:)``).
    static func isCommonBaseLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0621...0x064A, 0x0904...0x0939, 0x0E01...0x0E30, 0x0E40...0x0E46: return true
        default: return false
        }
    }
}
