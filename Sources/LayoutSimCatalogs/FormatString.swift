import LayoutSimModel
import LayoutSimICU

/// One printf-style placeholder of an Apple format string, as written: `%@`, `%1$lld`, `%.2f`, `%%`, `%#@files@`.
package struct FormatSpecifier: Hashable, Sendable {
    /// What the placeholder stands for.
    package enum Kind: Hashable, Sendable {
        /// `%@`: an object (in practice a string).
        case object
        /// `%d %i %ld %lld %D`: a signed integer.
        case integer
        /// `%u %lu %llu %U`: an unsigned integer.
        case unsignedInteger
        /// `%x %X %o %O`: an integer in hexadecimal or octal.
        case radixInteger
        /// `%f %F`: a decimal number with a fixed number of fraction digits (6 unless a precision is given).
        case fixedPoint
        /// `%e %E %g %G %a %A`: scientific or shortest notation.
        case scientific
        /// `%c %C`: one character.
        case character
        /// `%s %S`: a C string.
        case cString
        /// `%p`: a pointer.
        case pointer
        /// `%%`: a literal percent sign.
        case percent
        /// `%#@name@` (or `%1$#@name@`): replaced by a substitution (`.xcstrings`) or variable (`.stringsdict`).
        case substitution(name: String)
    }

    /// The placeholder exactly as written.
    package var raw: String
    /// The argument position of `%2$@`, or `nil`.
    package var position: Int?
    /// Flags among `-+#0'`.
    package var flags: String
    /// Minimum width (digits), or `nil`.
    package var width: Int?
    /// Precision after `.`, or `nil` (an empty precision, `%.f`, is 0).
    package var precision: Int?
    /// Length modifier: "", `h`, `hh`, `l`, `ll`, `q`, `L`, `z`, `t`, `j`.
    package var length: String
    /// The conversion character (`@`, `d`, `f`…; `%` for `%%`; `@` for substitutions).
    package var conversion: Character
    /// What it stands for.
    package var kind: Kind

    /// The spelling without position, flags and width: `%lld`, `%.2f`, `%@`.
    package var normalized: String {
        if case .substitution(let name) = kind { return "%#@\(name)@" }
        if kind == .percent { return "%%" }
        return "%" + (precision.map { ".\($0)" } ?? "") + length + String(conversion)
    }
}

/// A piece of a format string.
package enum FormatSegment: Hashable, Sendable {
    /// Literal text.
    case text(String)
    /// A placeholder.
    case placeholder(FormatSpecifier)
}

/// Splits Apple format strings (`String(format:)`, `.xcstrings`, `.stringsdict`) into text and placeholders.
///
/// Grammar: `%` [position `$`] [flags `-+#0'`] [width digits or `*`] [`.` precision digits or `*`]
/// [length `hh h ll l q L z t j`] conversion `@ d D i u U x X o O f F e E g G a A c C s S p`; `%%`;
/// `%#@name@` and `%N$#@name@`. A `%` that starts none of these is text (`100% sure`).
package enum FormatString {
    private static let conversions: Set<Character> = [
        "@", "d", "D", "i", "u", "U", "x", "X", "o", "O", "f", "F", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S",
        "p",
    ]
    /// printf also allows a space flag, left out here so that "100% sure" stays text (as a translator meant it).
    private static let flagCharacters: Set<Character> = ["-", "+", "#", "0", "'"]

    /// Whether `string` has a `%`, without which it has no placeholder.
    package static func mayHavePlaceholder(_ string: String) -> Bool {
        string.utf8.contains(UInt8(ascii: "%"))
    }

    /// The segments of `string`; adjacent text is merged, so text and placeholders alternate.
    package static func segments(_ string: String) -> [FormatSegment] {
        // Most UI strings have no placeholder: one text segment, without splitting into characters.
        if !mayHavePlaceholder(string) { return string.isEmpty ? [] : [.text(string)] }
        let characters = Array(string)
        var segments: [FormatSegment] = []
        var text = ""
        var index = 0
        while index < characters.count {
            if characters[index] == "%", let (specifier, next) = parse(characters, at: index) {
                if !text.isEmpty {
                    segments.append(.text(text))
                    text = ""
                }
                segments.append(.placeholder(specifier))
                index = next
            } else {
                text.append(characters[index])
                index += 1
            }
        }
        if !text.isEmpty { segments.append(.text(text)) }
        return segments
    }

    /// The placeholders of `string`, in order.
    package static func placeholders(_ string: String) -> [FormatSpecifier] {
        segments(string).compactMap {
            if case .placeholder(let specifier) = $0 { return specifier }
            return nil
        }
    }

    /// Parses the placeholder starting at `characters[start]` (a `%`); returns it and the index after it.
    private static func parse(_ characters: [Character], at start: Int) -> (FormatSpecifier, Int)? {
        var index = start + 1
        guard index < characters.count else { return nil }
        func raw(_ end: Int) -> String { String(characters[start..<end]) }
        if characters[index] == "%" {
            let specifier = FormatSpecifier(
                raw: "%%", position: nil, flags: "", width: nil, precision: nil, length: "", conversion: "%",
                kind: .percent
            )
            return (specifier, index + 1)
        }
        // Position: digits followed by `$`.
        var position: Int?
        var scan = index
        var digits = ""
        while scan < characters.count, let digit = characters[scan].wholeNumberValue, characters[scan].isASCII {
            digits.append(String(digit))
            scan += 1
        }
        if !digits.isEmpty, scan < characters.count, characters[scan] == "$", let value = Int(digits), value > 0 {
            position = value
            index = scan + 1
        }
        // Substitution token: `#@name@`.
        if index + 1 < characters.count, characters[index] == "#", characters[index + 1] == "@" {
            var end = index + 2
            var name = ""
            while end < characters.count, characters[end] != "@", !characters[end].isWhitespace {
                name.append(characters[end])
                end += 1
            }
            if end < characters.count, characters[end] == "@", !name.isEmpty {
                let specifier = FormatSpecifier(
                    raw: raw(end + 1), position: position, flags: "", width: nil, precision: nil, length: "",
                    conversion: "@", kind: .substitution(name: name)
                )
                return (specifier, end + 1)
            }
            return nil
        }
        var flags = ""
        while index < characters.count, flagCharacters.contains(characters[index]) {
            flags.append(characters[index])
            index += 1
        }
        var width: Int?
        if index < characters.count, characters[index] == "*" {
            index += 1
        } else {
            var widthDigits = ""
            while index < characters.count, characters[index].isASCII, characters[index].isNumber {
                widthDigits.append(characters[index])
                index += 1
            }
            width = Int(widthDigits)
        }
        var precision: Int?
        if index < characters.count, characters[index] == "." {
            index += 1
            if index < characters.count, characters[index] == "*" {
                index += 1
            } else {
                var precisionDigits = ""
                while index < characters.count, characters[index].isASCII, characters[index].isNumber {
                    precisionDigits.append(characters[index])
                    index += 1
                }
                precision = Int(precisionDigits) ?? 0
            }
        }
        var length = ""
        for candidate in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
            let candidateCharacters = Array(candidate)
            if index + candidateCharacters.count <= characters.count,
               Array(characters[index..<index + candidateCharacters.count]) == candidateCharacters {
                length = candidate
                index += candidateCharacters.count
                break
            }
        }
        guard index < characters.count, conversions.contains(characters[index]) else { return nil }
        let conversion = characters[index]
        let kind: FormatSpecifier.Kind
        switch conversion {
        case "@": kind = .object
        case "d", "D", "i": kind = .integer
        case "u", "U": kind = .unsignedInteger
        case "x", "X", "o", "O": kind = .radixInteger
        case "f", "F": kind = .fixedPoint
        case "e", "E", "g", "G", "a", "A": kind = .scientific
        case "c", "C": kind = .character
        case "s", "S": kind = .cString
        default: kind = .pointer
        }
        let specifier = FormatSpecifier(
            raw: raw(index + 1), position: position, flags: flags, width: width, precision: precision,
            length: length, conversion: conversion, kind: kind
        )
        return (specifier, index + 1)
    }
}
