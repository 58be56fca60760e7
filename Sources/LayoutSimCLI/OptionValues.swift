import ArgumentParser
import Foundation
import LayoutSim

/// What an option's text is read as, or the tool's message refusing it (said as `error: …`, status 2).
protocol OptionValue {
    /// `text` read as a value of this type; ``CLIError`` says why it cannot be.
    init(option text: String) throws(CLIError)
}

/// An option's value (``OptionValue``), read when the arguments are parsed, or the message refusing its text.
///
/// ArgumentParser refuses a value that its type cannot be made from in its own words, with the usage after them
/// ("Error: The value 'em' is invalid for '--unit <unit>'"); the tool says it in one line, `error: unknown --unit
/// 'em'; valid: char, glyph, pixel`. So a text that cannot be read is kept with that message, which the command's
/// `validate()` throws (``value``): `run()` has only values that were read.
struct Parsed<Value: OptionValue>: ExpressibleByArgument {
    /// The option's text.
    let text: String
    private let result: Result<Value, CLIError>

    init(argument text: String) {
        self.text = text
        do throws(CLIError) {
            result = .success(try Value(option: text))
        } catch {
            result = .failure(error)
        }
    }

    /// The value, or the message refusing the text.
    var value: Value {
        get throws(CLIError) { try result.get() }
    }

    /// A default value as help shows it: its text.
    var defaultValueDescription: String { text }
}

/// The report formats of `check` and `merge` (`--format`).
enum ReportFormat: String, CaseIterable, OptionValue {
    case text, json, junit, sarif, github

    static let names = allCases.map(\.rawValue)

    init(option text: String) throws(CLIError) {
        guard let format = Self(rawValue: text) else {
            throw .badInput("unknown --format '\(text)'; valid: \(Self.names.joined(separator: ", "))")
        }
        self = format
    }
}

/// `check --require-fonts`.
extension RequiredFonts: OptionValue {
    init(option text: String) throws(CLIError) {
        guard let required = Self(rawValue: text) else {
            throw .badInput("--require-fonts '\(text)': expected apple or stand-ins")
        }
        self = required
    }
}

/// `budgets --unit`.
extension BudgetUnit: OptionValue {
    init(option text: String) throws(CLIError) {
        guard let unit = Self(rawValue: text) else {
            throw .badInput("unknown --unit '\(text)'; valid: \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = unit
    }
}

/// `check --locales`: a comma-separated list of one locale or more, as the catalogs name them.
struct LocaleList: OptionValue {
    let locales: [String]

    init(option text: String) throws(CLIError) {
        locales = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if locales.isEmpty {
            throw .badInput("--locales '\(text)': no locale given (a comma-separated list, e.g. de,th,ar)")
        }
    }
}

/// `--categories` of `check` and `fit`: a name, a...b, ...b, a..., all, or a comma list.
struct CategoryRange: OptionValue {
    let categories: [ContentSizeCategory]

    init(option text: String) throws(CLIError) {
        do throws(ModelError) {
            categories = try ContentSizeCategory.parseRange(text)
        } catch {
            throw .badInput(error.description)
        }
    }
}

/// `check --pseudo-modes`: pseudolocalization modes, comma-separated.
struct PseudoModes: OptionValue {
    let modes: Set<Pseudolocalizer.Mode>

    /// Without `--pseudo-modes`.
    static let standard = Set<Pseudolocalizer.Mode>([.expansion, .accents, .brackets])

    init(option text: String) throws(CLIError) {
        var modes = Set<Pseudolocalizer.Mode>()
        for name in text.split(separator: ",") {
            guard let mode = Pseudolocalizer.Mode(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                throw .badInput("unknown pseudolocalization mode '\(name)'; valid: \(Pseudolocalizer.Mode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            modes.insert(mode)
        }
        self.modes = modes
    }
}

/// `check --shard I/N`: slice I of N, 1-based.
struct Shard: OptionValue {
    let index: Int
    let count: Int

    init(option text: String) throws(CLIError) {
        let parts = text.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
            throw .badInput("--shard '\(text)': expected I/N with 1 ≤ I ≤ N, e.g. 1/4")
        }
        index = parts[0]
        count = parts[1]
    }
}
