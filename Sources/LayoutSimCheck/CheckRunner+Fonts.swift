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
        }
        return index
    }
}
