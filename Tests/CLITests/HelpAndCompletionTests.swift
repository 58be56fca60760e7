import Foundation
import LayoutSim
import LayoutSimTestSupport
import Testing
@testable import LayoutSimCLI

/// Every subcommand's help ends with examples that parse and run; shell completions offer the names of styles,
/// categories, devices, views, formats and the other word-valued options.
@Suite struct HelpAndCompletionTests {
    static let subcommands = LayoutSimCommand.configuration.subcommands.map { $0._commandName }

    @Test func everySubcommandsHelpEndsWithItsExamples() throws {
        let binary = try #require(CLIRunner.binary)
        #expect(Set(Self.subcommands) == ["fit", "check", "scan", "budgets", "merge", "scale", "bench", "doctor"])
        for name in Self.subcommands {
            let section = try #require(HelpExamples.section(for: name), "\(name) has examples")
            for arguments in [[name, "--help"], ["help", name], [name, "-h"]] {
                let output = try CIExamplesTests.run(binary.path, arguments, env: [:])
                #expect(output.status == 0)
                #expect(output.stdout.hasPrefix("OVERVIEW: "), "\(arguments)")
                #expect(output.stdout.hasSuffix("\n\n" + section), "\(arguments)")
            }
        }
        // The root's help is ArgumentParser's own, without examples.
        let root = try CIExamplesTests.run(binary.path, ["--help"], env: [:])
        #expect(!root.stdout.contains("EXAMPLES:"))
    }

    @Test func everyExampleParsesAndTheOnesWritingNoFilesRun() throws {
        let binary = try #require(CLIRunner.binary)
        for (name, examples) in HelpExamples.bySubcommand {
            for example in examples {
                let words = CIExamplesTests.shellWords(example.command, env: [:])
                #expect(words.first == "layoutsim")
                #expect(words.dropFirst().first == name)
                let arguments = Array(words.dropFirst())
                let parsed = try LayoutSimCommand.parseAsRoot(arguments)
                // The subcommand's own parse, which the binary tries first, gives the same command.
                let direct = try LayoutSimCommand.parsedCommand(arguments)
                #expect(type(of: direct) == type(of: parsed))
                #expect(String(reflecting: direct) == String(reflecting: parsed), "\(example.command)")
                let writes = ["--output", "--output-dir", "--in-place", "--html", "--update-baseline", "--svg"].contains { arguments.contains($0) }
                guard !writes, name != "bench", name != "merge" else { continue }
                let output = try CIExamplesTests.run(binary.path, arguments, env: [:])
                #expect(output.status == 0 || output.status == 1, "\(example.command): \(output.stderr)")
                #expect(!output.stdout.isEmpty)
            }
        }
    }

    /// A usage error in a subcommand's arguments is said with the command's full name, as the root's parse says it
    /// (the subcommand's own parse, tried first, would call it `fit`).
    @Test func usageErrorsNameTheWholeCommand() throws {
        let binary = try #require(CLIRunner.binary)
        let output = try CIExamplesTests.run(binary.path, ["fit", "Hello", "--width", "100", "--no-such-option"], env: [:])
        #expect(output.status == 2)
        #expect(output.stderr.contains("Unknown option '--no-such-option'"))
        #expect(output.stderr.contains("Usage: layoutsim fit "))
        #expect(output.stderr.contains("See 'layoutsim fit --help' for more information."))
    }

    /// The values each shell is offered, written out here from the README's lists.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsOfferTheNames(_ shell: String) throws {
        let binary = try #require(CLIRunner.binary)
        let output = try CIExamplesTests.run(binary.path, ["--generate-completion-script", shell], env: [:])
        #expect(output.status == 0)
        let script = output.stdout
        let lists: [String: [String]] = [
            "style": ["largeTitle", "title1", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote",
                      "caption1", "caption2"],
            "categories": ["all", "xSmall", "large", "xxxLarge", "accessibility1", "accessibility5", "xS", "L", "AX5"],
            "device": ["iphone-se", "iphone-se-3", "iphone-15", "iphone-15-pro-max", "iphone-16-pro-max", "ipad-mini", "ipad"],
            "format": ["text", "json", "junit", "sarif", "github"],
            "view": ["uilabel", "swiftui-text", "textview"],
            "line-break-mode": ["word", "char", "clip", "head", "tail", "middle"],
            "weight": ["regular", "medium", "semibold", "bold"],
            "pseudo-modes": ["expansion", "accents", "tallMarks", "rightToLeft", "brackets"],
            "require-fonts": ["apple", "stand-ins"],
        ]
        for (option, names) in lists {
            // The line (fish, bash) or array (zsh) that completes the option holds every name, quoted as the shell
            // wants it.
            let lines = script.split(separator: "\n").map(String.init)
            let quoted: (String) -> String = shell == "fish" ? { $0 } : { "'\($0)'" }
            let offering = lines.filter { line in names.allSatisfy { line.contains(quoted($0)) } }
            #expect(!offering.isEmpty, "\(shell): --\(option) completes \(names)")
        }
        #expect(script.contains("xcstrings"), "catalog arguments complete catalog files")
    }
}

/// `make install-files` (what `make install` runs after its release build) and `make uninstall`, into a temporary
/// prefix: the binary, the fonts and the three completion scripts, then nothing left but what was there before.
@Suite struct InstallTests {
    @Test func installPutsCompletionsAndUninstallRemovesEverything() throws {
        let binary = try #require(CLIRunner.binary)
        let prefix = try TestSupport.temporaryDirectory("install")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let mine = prefix.appendingPathComponent("share/other/keep.txt")
        try FileManager.default.createDirectory(at: mine.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not layoutsim's".utf8).write(to: mine)

        let install = try CIExamplesTests.run("/usr/bin/env", ["make", "-s", "install-files", "BIN=\(binary.path)", "PREFIX=\(prefix.path)"], env: [:])
        #expect(install.status == 0, "\(install.stderr)")
        let completions = [
            "bash": "share/bash-completion/completions/layoutsim", "zsh": "share/zsh/site-functions/_layoutsim",
            "fish": "share/fish/vendor_completions.d/layoutsim.fish",
        ]
        for (shell, path) in completions {
            let installed = try String(contentsOf: prefix.appendingPathComponent(path), encoding: .utf8)
            let generated = try CIExamplesTests.run(binary.path, ["--generate-completion-script", shell], env: [:]).stdout
            #expect(installed == generated, "\(path)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/layoutsim").path))
        #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/layoutsim/Fonts/Inter-Regular.otf").path))
        // The installed binary finds the installed fonts.
        let fit = try CIExamplesTests.run(prefix.appendingPathComponent("bin/layoutsim").path, ["fit", "Hi", "--width", "100"], env: ["LAYOUTSIM_FONTS": ""])
        #expect(fit.status == 0, "\(fit.stderr)")

        let uninstall = try CIExamplesTests.run("/usr/bin/env", ["make", "-s", "uninstall", "PREFIX=\(prefix.path)"], env: [:])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        let left = FileManager.default.enumerator(atPath: prefix.path)?.allObjects.compactMap { $0 as? String }.sorted()
        #expect(left == ["share", "share/other", "share/other/keep.txt"])
    }
}
