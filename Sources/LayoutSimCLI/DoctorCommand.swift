import ArgumentParser
import Foundation
import LayoutSim

/// `layoutsim doctor`: how close the fonts in use come to SF as iOS measures it, on this machine.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Compare the fonts in use with SF as iOS 26.1 measures it (characters, strings, line heights).",
        discussion: """
            Lays out every printable ASCII character and six strings in the system font at every whole size 8–40 pt \
            in the four weights, and compares them with UIFont.systemFont(ofSize:weight:) on the iOS 26.1 simulator \
            (Tests/Fixtures/sf-metrics-ios26.json). With the stand-ins the characters agree exactly (they are SF's \
            measured widths) and the strings show the kerning model's error; with --apple-fonts everything comes \
            from Apple's files and the figures show how far HarfBuzz is from Core Text with them. It also opens every \
            stand-in of the system cascade: a damaged font file is an error naming it (exit status 2).
            """
    )

    @OptionGroup var appleFonts: AppleFontsOption<FontsHelp>

    @OptionGroup var fontsDirectory: FontsDirectoryOption<FontsHelp>

    /// The font options' help as `doctor` words it, shortly.
    enum FontsHelp: FontOptionsHelp {
        static let appleFonts = "Apple's fonts: a folder, 'auto' (macOS) or 'off'. Default: $LAYOUTSIM_APPLE_FONTS, else the stand-ins."
    }

    mutating func run() throws {
        let agreement: FontAgreement
        var unusable: [String] = []
        var standIns = 0
        do {
            let apple = try appleFonts.resolved()
            let engine = try LayoutEngine(fontsDirectory: fontsDirectory.url, appleFonts: apple)
            agreement = try engine.fontAgreement()
            // Every stand-in of the system cascade opened, as a text in its script would open it (a damaged file
            // was found only when such a text came): the SF model's faces above, then the cascade's files at both
            // of their weights. Other files of the folder are not the cascade's business.
            if let folder = engine.registry.bundledFontsDirectory {
                let names = Set([FontWeight.regular, .bold].flatMap { SystemCascadeFiles.fallbackFiles(weight: $0).map(\.file) })
                standIns = agreement.files.count
                for name in names.sorted() {
                    standIns += 1
                    do throws(FontError) { _ = try engine.registry.face(path: folder.appendingPathComponent(name).path) } catch {
                        unusable.append(error.description)
                    }
                }
            }
            if let apple, AppleCascade.systemFace(in: apple, weight: .regular) == nil {
                StandardStreams.error("warning: \(apple.directory): has no SF (the system font): the "
                    + "stand-in's figures follow\n")
            }
        } catch let error as LayoutSimError {
            throw CLIError.badInput(error.description)
        } catch let error as FontError {
            throw CLIError.badInput(error.description)
        }
        print("system font: \(agreement.systemFontSource)")
        for (weight, file) in zip(FontWeight.allCases, agreement.files) {
            let digest: String
            do { digest = try file.sha256 } catch { throw CLIError.badInput(error.description) }
            print("  \(weight.rawValue): \(file.name) (sha256 \(digest))")
        }
        print("reference: iOS 26.1 simulator, UIFont.systemFont(ofSize:weight:), 8–40 pt, 4 weights")
        func line(_ name: String, _ figure: FontAgreement.Figure) {
            let number = ReportNumber.twoDecimals
            let within = Int((figure.withinHalfPercent * 100).rounded())
            print("\(name): \(figure.count) measured, mean \(number(figure.meanPercent)) %, \(within) % within 0.5 %, "
                + "worst \(number(figure.worstPercent)) % (\"\(figure.worstText)\" \(figure.worstWeight.rawValue) "
                + "\(figure.worstSize) pt: iOS \(number(figure.worstReference)), here \(number(figure.worstMeasured)))")
        }
        line("characters", agreement.characters)
        line("strings", agreement.strings)
        line("line heights", agreement.lineHeights)
        print("stand-ins: \(standIns - unusable.count) of \(standIns) font files opened")
        if !unusable.isEmpty {
            throw CLIError.badInput(unusable.joined(separator: "\nerror: "))
        }
    }
}
