import ArgumentParser
import LayoutSim

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
            its line-break opportunities with ICU, and prints the fit's cost as a multiple of it.
            """
    )

    @Option(help: "Passes over the corpus of each kind.")
    var rounds: Int = 30

    @Flag(name: .customLong("print-corpus"), help: "Print the corpus (language, a tab, the text; one string a line) and exit: the input of the C floor 'make bench' runs.")
    var printCorpus = false

    mutating func run() throws {
        if printCorpus {
            print(LayoutBenchmark.corpus.map { "\($0.language)\t\($0.text)" }.joined(separator: "\n"))
            return
        }
        guard rounds > 0 else { throw CLIError.badInput("--rounds must be at least 1") }
        let engine: LayoutEngine
        let m: LayoutBenchmark.Measurement
        do {
            engine = try LayoutEngine()
            m = try LayoutBenchmark.run(engine: engine, rounds: rounds)
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
