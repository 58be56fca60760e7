import ArgumentParser
import Foundation
import LayoutSim

/// The `layoutsim` command: the root lists the subcommands; each one parses, calls the library and renders.
///
/// Exit status for every subcommand: 0 success (everything fits), 1 something does not fit, 2 bad input
/// (unknown option, style or category, unreadable font, impossible container).
@main
struct LayoutSimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutsim",
        abstract: "Does your UI copy fit, in every language, at every Dynamic Type size?",
        discussion: "Exit status: 0 everything fits, 1 something does not fit, 2 bad input.",
        version: LayoutSimVersion.current,
        subcommands: [FitCommand.self, CheckCommand.self, BudgetsCommand.self, MergeCommand.self, ScaleCommand.self, BenchCommand.self, DoctorCommand.self]
    )

    /// Runs the command, mapping ArgumentParser's usage errors (status 64) and ``CLIError`` to status 2.
    static func main() {
        do {
            var command = try parsedCommand()
            try command.run()
        } catch let error as CLIError {
            StandardStreams.error("error: \(error.description)\n")
            Foundation.exit(2)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let status = exitCode(for: error)
            if status == .success {
                // A subcommand's help ends with its examples.
                let message = fullMessage(for: error)
                if let name = HelpExamples.subcommand(helpedBy: message), let examples = HelpExamples.section(for: name) {
                    let help = message.hasSuffix("\n") ? message : message + "\n"
                    print(help + "\n" + examples, terminator: "")
                    Foundation.exit(0)
                }
                exit(withError: error)
            }
            StandardStreams.error(fullMessage(for: error) + "\n")
            Foundation.exit(status == .validationFailure ? 2 : status.rawValue)
        }
    }

    /// The command the arguments give, parsed. When they start with a subcommand's name (`layoutsim fit …`), that
    /// subcommand parses the rest itself first: the root's parse builds the subcommand's whole argument set once more
    /// (a reflection over each of its options) only to see whether it takes passthrough arguments, which cost `fit`
    /// of one string 15 % of its instructions (30.4 M → 25.8 M). Anything but the subcommand parsed (help asked for,
    /// a usage error, a completion script) is parsed again the root's way, which says it with the command's full
    /// name (`layoutsim fit`): the same arguments give the same command either way, as the root takes no options of
    /// its own and no subcommand has subcommands.
    static func parsedCommand(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) throws -> ParsableCommand {
        if let name = arguments.first,
           let subcommand = configuration.subcommands.first(where: { $0._commandName == name }),
           subcommand.configuration.subcommands.isEmpty {
            do {
                // Only the subcommand itself: help asked for is parsed as ArgumentParser's help command.
                let command = try subcommand.parseAsRoot(Array(arguments.dropFirst()))
                if type(of: command) == subcommand { return command }
            } catch {
                // Said below, by the root's parse.
            }
        }
        return try parseAsRoot(arguments)
    }
}
