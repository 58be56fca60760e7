import ArgumentParser
import LayoutSim

/// The `layoutsim` command: the root lists the subcommands; each one parses, calls the library and renders.
@main
struct LayoutSimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutsim",
        abstract: "Does your UI copy fit, in every language, at every Dynamic Type size?",
        version: "0.1.0",
        subcommands: []
    )
}
