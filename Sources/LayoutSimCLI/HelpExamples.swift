import ArgumentParser

/// The examples every subcommand's `--help` ends with (ArgumentParser puts the discussion at the top, so they are
/// appended by ``LayoutSimCommand/status(for:)``). Each runs from the repository's root, on the bundled example; the
/// tests parse every one with the CLI's parser and run the ones that write no files.
enum HelpExamples {
    struct Example {
        let comment: String
        let command: String
    }

    static let bySubcommand: [String: [Example]] = [
        "fit": [
            Example(comment: "A German button title, one line in 240 pt, at every Dynamic Type size:",
                    command: #"layoutsim fit "Geschwindigkeitsbegrenzung" --style headline --width 240 --lang de"#),
            Example(comment: "Up to 3 lines on an iPhone SE, only from Large up, as JSON:",
                    command: #"layoutsim fit "Sign in with Apple" --device iphone-se --lines 3 --categories L...AX5 --json"#),
            Example(comment: "A button whose frame is sized with @ScaledMetric (120 × 44 pt at Large):",
                    command: #"layoutsim fit "Continue" --style headline --scaled-width 120 --scaled-height 44"#),
            Example(comment: "A custom font scaled like body, capped at 28 pt, in a 44 pt tall bar:",
                    command: #"layoutsim fit "Sign in" --font Fonts/Inter-SemiBold.otf --style body --max-size 28 --width 200 --height 44"#),
        ],
        "check": [
            Example(comment: "The example app's catalog against its spec, every locale and category:",
                    command: "layoutsim check Examples/App/Localizable.xcstrings --spec Examples/App/layout.yaml"),
            Example(comment: "In CI: annotations on the failing keys, and the HTML report:",
                    command: "layoutsim check Examples/App/Localizable.xcstrings --spec Examples/App/layout.yaml --format github --html report"),
            Example(comment: "Only German and Thai, up to xxxLarge, with the source language pseudolocalized:",
                    command: "layoutsim check Examples/App/Localizable.xcstrings --spec Examples/App/layout.yaml --locales de,th --categories ...xxxLarge --pseudo"),
            Example(comment: "Two screens with rows and alternatives (a settings list, an onboarding flow):",
                    command: "layoutsim check Examples/Screens/Settings.xcstrings Examples/Screens/Onboarding.xcstrings --spec Examples/Screens/screens.yaml"),
            Example(comment: "Every string in the places the app's code shows it (the spec's fields, if given, over them):",
                    command: "layoutsim check Examples/App/Localizable.xcstrings --sources Examples/App/Sources"),
            Example(comment: "Accept today's failures, then fail only on new ones:",
                    command: "layoutsim check Examples/App/Localizable.xcstrings --spec Examples/App/layout.yaml --update-baseline baseline.json"),
        ],
        "scan": [
            Example(comment: "Where the example app's strings are shown, read from its SwiftUI code, against its catalog:",
                    command: "layoutsim scan Examples/App/Sources --catalog Examples/App/Localizable.xcstrings"),
            Example(comment: "The same as JSON, and a draft spec that 'check --spec' reads:",
                    command: "layoutsim scan Examples/App/Sources --format json --output places.json --write-spec layout.draft.yaml"),
        ],
        "budgets": [
            Example(comment: "Each string's room from a report ('check … --format json --output report.json'), in a copy of the catalog:",
                    command: "layoutsim budgets Examples/App/Localizable.xcstrings --report report.json --output Localizable.budgets.xcstrings"),
            Example(comment: "Into the .xcloc folders Xcode exported, as XLIFF maxwidth in characters, for the translators:",
                    command: "layoutsim budgets de.xcloc fr.xcloc --report report.json --output-dir for-translators --unit char"),
        ],
        "merge": [
            Example(comment: "Join the JSON reports of a 2-shard CI matrix into one JUnit report:",
                    command: "layoutsim merge shard1.json shard2.json --format junit --output report.xml"),
        ],
        "scale": [
            Example(comment: "Apple's Dynamic Type table for body:",
                    command: "layoutsim scale --style body"),
            Example(comment: "A 44 pt height scaled like title2 (@ScaledMetric), capped at 60 pt:",
                    command: "layoutsim scale --value 44 --relative-to title2 --max 60"),
        ],
        "doctor": [
            Example(comment: "How close the fonts in use come to SF as iOS measures it:",
                    command: "layoutsim doctor"),
        ],
        "bench": [
            Example(comment: "The benchmark, 50 rounds (build with -c release first):",
                    command: "layoutsim bench --rounds 50"),
        ],
    ]

    /// The section appended to the help of `subcommand`, or nil when it has none.
    static func section(for subcommand: String) -> String? {
        guard let examples = bySubcommand[subcommand] else { return nil }
        return "EXAMPLES:\n" + examples.map { "  \($0.comment)\n    $ \($0.command)" }.joined(separator: "\n") + "\n"
    }

    /// The subcommand whose help `message` is, if any.
    ///
    /// A help text's USAGE line names its command; only that command's help is rendered to compare, not all seven's
    /// for any message.
    static func subcommand(helpedBy message: String) -> String? {
        guard let usage = message.range(of: "USAGE: layoutsim ") else { return nil }
        let named = message[usage.upperBound...].prefix { $0 != " " && $0 != "\n" }
        for command in LayoutSimCommand.configuration.subcommands where command._commandName == named {
            if LayoutSimCommand.helpMessage(for: command) == message { return command._commandName }
        }
        return nil
    }
}
