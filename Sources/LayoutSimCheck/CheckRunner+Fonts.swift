import LayoutSimCatalogs
import LayoutSimFaces
import LayoutSimFitting

/// Which fonts `check --require-fonts` insists on.
public enum RequiredFonts: String, Sendable, CaseIterable {
    /// Apple's own (`--apple-fonts`).
    case apple
    /// The bundled stand-ins.
    case standIns = "stand-ins"
}

extension CheckRunner {
    /// Apple's fonts for this run: `--apple-fonts`, else the spec's `appleFonts`, else `$LAYOUTSIM_APPLE_FONTS`; nil for
    /// the stand-ins. Checked against `--require-fonts` before anything is laid out.
    static func appleFonts(_ options: CheckOptions, spec: LayoutSpec) throws(LayoutSimError) -> AppleFontIndex? {
        let index: AppleFontIndex?
        do {
            index = try AppleFontsSetting.resolve([options.appleFonts, spec.appleFonts, AppleFontsSetting.environmentValue])
        } catch { throw .font(error) }
        if let required = options.requiredFonts {
            let source = index.map { "apple-fonts " + $0.directory } ?? "stand-ins"
            if required == .apple && index == nil || required == .standIns && index != nil {
                throw .invalidOption("--require-fonts \(required.rawValue): the system font would come from \(source)")
            }
            // A folder of Apple's fonts without SF: the system font would still be the stand-in.
            if required == .apple, let index, AppleCascade.systemFace(in: index, weight: .regular) == nil {
                throw .invalidOption("--require-fonts apple: \(index.directory) has no SF (the system font), so the "
                    + "system font would come from the stand-ins")
            }
        }
        return index
    }

    /// A layout's warnings as diagnostics: at the string's location, prefixed with its key and locale; those about the
    /// folder of Apple's fonts (``FitReport/appleFontNotes``) at the folder instead, so the run says each once.
    static func warnings(of report: FitReport, entry: CatalogEntry, appleFonts: AppleFontIndex?) -> [ReportDiagnostic] {
        // Most layouts warn of nothing: no set and arrays made and freed for them.
        if report.warnings.isEmpty && report.appleFontNotes.isEmpty { return [] }
        let folder = appleFonts?.directory ?? ""
        let notes = Set(report.appleFontNotes.map { folder + ": " + $0 })
        var out = report.warnings.filter { !notes.contains($0) }.map { warning in
            ReportDiagnostic(file: entry.source.file, line: entry.source.line, column: entry.source.column,
                             severity: .warning, message: "'\(entry.key)' (\(entry.locale)): \(warning)")
        }
        out += report.appleFontNotes.map { note in
            ReportDiagnostic(file: relative(folder), line: 1, column: 1, severity: .warning, message: note)
        }
        return out
    }
}
