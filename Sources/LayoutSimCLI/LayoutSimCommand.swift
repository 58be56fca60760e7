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
        subcommands: [FitCommand.self, CheckCommand.self, ScanCommand.self, BudgetsCommand.self, MergeCommand.self, ScaleCommand.self, BenchCommand.self, DoctorCommand.self]
    )

    /// Runs the command. The one place the process's status is made: 0 when the command returns; otherwise the
    /// error says it (``status(for:)``), and `exit` flushes standard output before the process ends.
    static func main() {
        do {
            var command = try parsedCommand()
            try command.run()
        } catch {
            Foundation.exit(status(for: error))
        }
    }

    /// The status for `error`, after saying it: ``CLIError`` (bad input) as `error: …` on standard error, status 2;
    /// ``ExitCode`` as it is, saying nothing (the command said what it had to); ArgumentParser's usage errors (status
    /// 64) in its words, status 2; help asked for on standard output, a subcommand's ending with its examples,
    /// status 0.
    static func status(for error: any Error) -> Int32 {
        if let error = error as? CLIError {
            StandardStreams.error("error: \(error.description)\n")
            return 2
        }
        if let code = error as? ExitCode { return code.rawValue }
        let status = exitCode(for: error)
        if status == .success {
            let message = fullMessage(for: error)
            // A subcommand's help ends with its examples.
            if let name = HelpExamples.subcommand(helpedBy: message), let examples = HelpExamples.section(for: name) {
                let help = message.hasSuffix("\n") ? message : message + "\n"
                print(help + "\n" + examples, terminator: "")
            } else if !message.isEmpty {
                // As ArgumentParser's `exit(withError:)` prints it.
                print(message)
            }
            return 0
        }
        StandardStreams.error(fullMessage(for: error) + "\n")
        return status == .validationFailure ? 2 : status.rawValue
    }

    /// The command the arguments give, parsed. When they start with a subcommand's name (`layoutsim fit …`), that
    /// subcommand parses the rest itself first: the root's parse builds the subcommand's whole argument set once more
    /// (a reflection over each of its options) only to see whether it takes passthrough arguments, a large part of a
    /// one-string `fit`'s start. Anything but the subcommand parsed (help asked for,
    /// a usage error, a completion script) is parsed again the root's way, which says it with the command's full
    /// name (`layoutsim fit`): the same arguments give the same command either way, as the root takes no options of
    /// its own and no subcommand has subcommands.
    ///
    /// The command is validated once the arguments are known to parse: ArgumentParser validates it before it looks
    /// for unknown options and extra values, and would say a wrong value where the usage error is said (both bad
    /// input, the usage error first); and it would report the ``CLIError`` that `validate()` throws in its own words,
    /// as a failure of status 1.
    static func parsedCommand(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) throws -> ParsableCommand {
        var command = try Validation.$isDeferred.withValue(true) { try parseCommand(arguments) }
        try command.validate()
        return command
    }

    private static func parseCommand(_ arguments: [String]) throws -> ParsableCommand {
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

/// When the commands' `validate()` judge their options.
enum Validation {
    /// While true, `validate()` judges nothing: ``LayoutSimCommand/parsedCommand(_:)`` parses the arguments, then
    /// calls it.
    @TaskLocal static var isDeferred = false
}
