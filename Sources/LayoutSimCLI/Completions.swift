import ArgumentParser
import LayoutSim

/// The values shell completions offer (`layoutsim --generate-completion-script bash|zsh|fish`), from the library's
/// own lists, so a new style, device or format completes without editing this file.
enum Completions {
    /// Text styles by their UIKit names (SwiftUI names are accepted too).
    static let styles = CompletionKind.list(TextStyle.allCases.map(\.rawValue))
    /// Categories: `all`, the SwiftUI names and the short ones (ranges such as `L...AX5` are typed).
    static let categories = CompletionKind.list(
        ["all"] + ContentSizeCategory.allCases.map(\.swiftUIName) + ContentSizeCategory.allCases.map(\.shortName)
    )
    static let weights = CompletionKind.list(FontWeight.allCases.map(\.rawValue))
    static let devices = CompletionKind.list(DevicePreset.allCases.map(\.rawValue))
    static let views = CompletionKind.list(ViewPreset.allCases.map(\.rawValue))
    static let lineBreakModes = CompletionKind.list(LineBreakMode.allCases.map(\.shortName))
    static let lineBreakStrategies = CompletionKind.list(LineBreakStrategy.allCases.map(\.shortName))
    static let alignments = CompletionKind.list(TextAlignment.allCases.map(\.rawValue))
    static let lineSpacings = CompletionKind.list(LineSpacing.allCases.map(\.rawValue))
    /// The named policies; `fixed:N` and `multiple:X` take a number.
    static let lineHeights = CompletionKind.list(["letterform-aware", "typographic", "fixed:", "multiple:"])
    static let sizingRules = CompletionKind.list(["typographic", "oversize"])
    static let lineBreakRules = CompletionKind.list(LineBreakRules.allCases.map(\.name))
    static let calibrations = CompletionKind.list(CalibrationSetting.allCases.map(\.rawValue))
    static let pseudoModes = CompletionKind.list(Pseudolocalizer.Mode.allCases.map(\.rawValue))
    /// `check`'s and `merge`'s report formats.
    static let formats = CompletionKind.list(ReportFormat.names)
    static let fonts = CompletionKind.file(extensions: ["ttf", "otf", "ttc", "otc"])
    static let specs = CompletionKind.file(extensions: ["yaml", "yml", "json"])
    static let catalogs = CompletionKind.file(extensions: ["xcstrings", "strings", "stringsdict", "xliff", "xlf", "xcloc"])
    static let jsonReports = CompletionKind.file(extensions: ["json"])
    /// What `budgets` writes into.
    static let budgetCatalogs = CompletionKind.file(extensions: ["xcstrings", "xliff", "xlf", "xcloc"])
    static let budgetUnits = CompletionKind.list(BudgetUnit.allCases.map(\.rawValue))
}
