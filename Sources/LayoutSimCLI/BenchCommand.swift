import ArgumentParser
import Foundation
import LayoutSim
import LayoutSimSupport

/// `layoutsim bench`: layouts per second over a fixed corpus, next to the cost of shaping alone.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark: lay out a fixed corpus of UI strings at all 12 categories, next to shaping alone.",
        discussion: """
            Runs --rounds passes of three kinds over the corpus, interleaved in one process, and prints the median \
            of each: HarfBuzz shaping alone; preparing a text once (ICU boundaries + shaping); a full fit at all 12 \
            categories (prepare once, then advances, line breaking and fitting per category). Quote the ratios, not \
            the absolute times. Build with -c release for meaningful numbers. `make bench` also runs the floor: a \
            small C program (Bench/floor.c) that shapes each string of the same corpus once with HarfBuzz and finds \
            its line-break opportunities with ICU, and native Pango laying out the same strings (Bench/pango.c), \
            for the built-in corpus and for 500 GTK translations each in German, Thai, Arabic and Hindi \
            (Bench/corpus-*.tsv, given with --corpus).
            """
    )

    @Option(help: "Passes over the corpus of each kind.")
    var rounds: Int = 30

    @Flag(name: .customLong("print-corpus"), help: "Print the corpus (language, a tab, the text; one string a line) and exit: the input of the C floor 'make bench' runs.")
    var printCorpus = false

    @Option(help: ArgumentHelp(
        "Lay out this corpus instead of the built-in one: one string a line, its language, a tab, the text (Bench/corpus-*.tsv).",
        valueName: "file"), completion: .file())
    var corpus: String?

    mutating func run() throws {
        let strings = try corpus.map(Self.readCorpus) ?? LayoutBenchmark.corpus
        if printCorpus {
            print(strings.map { "\($0.language)\t\($0.text)" }.joined(separator: "\n"))
            return
        }
        guard rounds > 0 else { throw CLIError.badInput("--rounds must be at least 1") }
        let engine: LayoutEngine
        let m: LayoutBenchmark.Measurement
        do {
            engine = try LayoutEngine()
            m = try LayoutBenchmark.run(engine: engine, rounds: rounds, corpus: strings)
        } catch {
            throw CLIError.badInput(error.description)
        }
        func micro(_ seconds: Double) -> String { String(Int((seconds / Double(m.strings) * 1e6 * 10).rounded())).insertingDecimal() }
        print("corpus: \(m.strings) strings, \(m.categories) categories, \(rounds) rounds (medians)")
        print("shaping only (HarfBuzz):       \(micro(m.shapingOnly)) µs/string")
        print("prepare once (ICU + shaping):  \(micro(m.prepareOnce)) µs/string")
        print("fit at all 12 categories:      \(micro(m.fitAllCategories)) µs/string")
        print("layouts per second:            \(Int(m.layoutsPerSecond.rounded()))")
        print("shaping calls per fit:         \(m.shapeCallsPerFit)")
        print("ratio fit(12 categories) / shaping only: \(ratio(m.fitToShapingRatio))")
        print("ratio fit(12 categories) / prepare once: \(ratio(m.fitToPrepareRatio))")
    }

    /// "language<TAB>text" lines; a line without a tab or with an empty language or text is an error at its line.
    static func readCorpus(_ path: String) throws -> [(language: String, text: String)] {
        let data: Data
        do { data = try InputFile.read(path) } catch { throw CLIError.badInput(error.description) }
        guard let text = String(data: data, encoding: .utf8) else { throw CLIError.badInput("\(path): not UTF-8 text") }
        var strings: [(language: String, text: String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard fields.count == 2, !fields[0].isEmpty, !fields[1].isEmpty else {
                throw CLIError.badInput("\(path):\(index + 1): expected a language, a tab and the text")
            }
            strings.append((String(fields[0]), String(fields[1])))
        }
        guard !strings.isEmpty else { throw CLIError.badInput("\(path): no strings") }
        return strings
    }

    func ratio(_ value: Double) -> String { String(Int((value * 100).rounded())).insertingDecimal(places: 2) + "×" }
}

extension String {
    /// "123" → "12.3" (places 1), "123" → "1.23" (places 2).
    func insertingDecimal(places: Int = 1) -> String {
        var digits = self
        while digits.count <= places { digits = "0" + digits }
        let index = digits.index(digits.endIndex, offsetBy: -places)
        return String(digits[..<index]) + "." + String(digits[index...])
    }
}
