import ArgumentParser
import Foundation
import LayoutSim

/// The font options several commands take, each declared once: `--system-fonts` (`fit`, `check`), `--fonts-dir` and
/// `--apple-fonts` (`fit`, `check`, `doctor`).
///
/// Each is a group of its own, as the commands list them in different places and orders (`doctor` names
/// `--apple-fonts` first). Their help is the command's own (`Help`): `check` reads the spec's `appleFonts` first, and
/// `doctor` says it shortly.
protocol FontOptionsHelp {
    /// `--system-fonts`.
    static var systemFonts: String { get }
    /// `--fonts-dir`.
    static var fontsDirectory: String { get }
    /// `--apple-fonts`.
    static var appleFonts: String { get }
}

extension FontOptionsHelp {
    static var systemFonts: String { "Use fonts installed on this machine (fontconfig) as a last-resort fallback." }
    static var fontsDirectory: String { "The bundled Fonts/ folder, if it cannot be found." }
    static var appleFonts: String {
        "Lay the system font and its cascade out with Apple's own fonts from this folder (an iOS simulator runtime's "
            + "System/Library/Fonts, or a copy), 'auto' (macOS: the newest installed iOS simulator runtime) or 'off'. "
            + "Default: $LAYOUTSIM_APPLE_FONTS, else the bundled stand-ins."
    }
}

/// `--system-fonts`: fontconfig's fonts as the last fallback.
struct SystemFontsOption<Help: FontOptionsHelp>: ParsableArguments {
    @Flag(name: .customLong("system-fonts"), help: ArgumentHelp(Help.systemFonts))
    var isOn = false
}

/// `--fonts-dir`: where the bundled fonts are, when they cannot be found.
struct FontsDirectoryOption<Help: FontOptionsHelp>: ParsableArguments {
    @Option(name: .customLong("fonts-dir"), help: ArgumentHelp(Help.fontsDirectory, valueName: "dir"), completion: .directory)
    var path: String?

    /// The folder given, or nil: the engine looks for it.
    var url: URL? { path.map { URL(fileURLWithPath: $0) } }
}

/// `--apple-fonts`: Apple's own fonts for the system font and its cascade.
struct AppleFontsOption<Help: FontOptionsHelp>: ParsableArguments {
    @Option(name: .customLong("apple-fonts"), help: ArgumentHelp(Help.appleFonts, valueName: "dir|auto|off"), completion: .directory)
    var setting: String?

    /// Apple's fonts from the option, else from `$LAYOUTSIM_APPLE_FONTS`; nil for the bundled stand-ins.
    func resolved() throws(CLIError) -> AppleFontIndex? {
        do throws(FontError) {
            return try AppleFontsSetting.resolve([setting, AppleFontsSetting.environmentValue])
        } catch {
            throw .badInput(error.description)
        }
    }
}
