import Foundation
import LayoutSimModel

/// The fields of a place beyond its font: a custom class's style, lines, line break, scaling.
extension IBView {
    /// A label, button or text field subclass: the config's style for it (or the style its runtime attribute
    /// names) replaces the placeholder font the file holds. Without a config entry, a fixed font is doubtful.
    func readCustomClass(into place: inout SourcePlace, fixedFont: Bool, config: ScanConfig, built: inout IBBuiltPlaces) {
        guard let name = attributes["customClass"] else { return }
        place.customClass = name
        guard let entry = config.customClasses[name] else {
            if fixedFont {
                place.notes.append("customClass \(name) may set its font at run time; map it in the config")
                built.unresolvedClass = IBUnresolvedClass(name: name, reason: .notInConfig)
                // The file's font may be a placeholder: no longer exact (and so not a fixed-font-size finding).
                place.font?.evidence.confidence = .medium
            }
            return
        }
        var font: Sourced<PlaceFont>?
        if let keyPath = entry.styleKeyPath, let runtime = runtimeAttributes[keyPath] {
            let code = #"customClass="\#(name)" keyPath="\#(keyPath)" value="\#(runtime.value)""#
            if let style = entry.styles[runtime.value] ?? TextStyle(parsing: runtime.value) {
                font = Sourced(.style(style), Evidence(code, at: runtime.location, confidence: .high))
            } else {
                let message = "\(code) names no text style; map the value in the config's styles for \(name)"
                place.notes.append(message)
                built.notes.append(ScanNote(.unresolvedFont, at: runtime.location, message))
            }
        }
        if font == nil, let style = entry.style {
            font = Sourced(.style(style), Evidence(#"customClass="\#(name)""#, at: location, confidence: .high))
        } else if font == nil, let keyPath = entry.styleKeyPath, runtimeAttributes[keyPath] == nil {
            place.notes.append("customClass \(name) without its runtime attribute \(keyPath): the file's font is read")
            built.unresolvedClass = IBUnresolvedClass(name: name, reason: .noRuntimeAttribute(keyPath))
        }
        if let font {
            if let placeholder = place.font {
                place.notes.append(
                    "the file's font (\(placeholder.evidence.code)) is a placeholder: customClass \(name) sets its style at run time"
                )
            }
            place.font = font
            place.weight = nil
        }
        if let weight = entry.weight {
            place.weight = Sourced(weight, Evidence(#"customClass="\#(name)""#, at: location, confidence: .high))
        }
    }

    /// The line limit: a label's `numberOfLines` (written only when not 1), a button's title (one line unless its
    /// line break wraps; a configuration's title wraps), a text field's single line.
    func readLines(into place: inout SourcePlace) {
        switch element {
        case "label":
            if let written = attributes["numberOfLines"] {
                if let lines = Int(written), lines >= 0 {
                    place.lines = Sourced(lines, Evidence(#"numberOfLines="\#(written)""#, at: location, confidence: .exact))
                } else {
                    place.notes.append("numberOfLines \"\(written)\" is not a line count")
                }
            } else {
                place.lines = Sourced(1, Evidence("numberOfLines not written (1)", at: location, confidence: .exact))
            }
        case "button":
            if let style = configuration {
                place.lines = Sourced(0, Evidence(#"<buttonConfiguration style="\#(style)">: the title wraps"#, at: location, confidence: .medium))
            } else if let mode = attributes["lineBreakMode"], mode == "wordWrap" || mode == "charWrap" {
                place.lines = Sourced(0, Evidence(#"lineBreakMode="\#(mode)""#, at: location, confidence: .high))
            } else {
                place.lines = Sourced(1, Evidence("UIButton title: one line", at: location, confidence: .high))
            }
        default:
            place.lines = Sourced(1, Evidence("UITextField: one line", at: location, confidence: .exact))
        }
    }

    /// Line break mode, shrinking (`adjustsFontSizeToFit` with `minimumScaleFactor`) and
    /// `adjustsFontForContentSizeCategory`.
    func readBehaviour(into place: inout SourcePlace) {
        if configuration == nil, let written = attributes["lineBreakMode"] {
            if let mode = Self.lineBreakModes[written] {
                place.lineBreakMode = Sourced(mode, Evidence(#"lineBreakMode="\#(written)""#, at: location, confidence: .exact))
            } else {
                place.notes.append("unknown lineBreakMode \(written)")
            }
        }
        if element == "label" { readShrinking(into: &place) }
        if let written = attributes["adjustsFontForContentSizeCategory"] {
            let code = #"adjustsFontForContentSizeCategory="\#(written)""#
            place.adjustsFontForContentSizeCategory = Sourced(written == "YES", Evidence(code, at: location, confidence: .exact))
            if written == "YES", case .fixed? = place.font?.value {
                place.notes.append("adjustsFontForContentSizeCategory does not scale a fixed font")
            }
        }
    }

    /// A label's shrinking: Interface Builder writes `adjustsFontSizeToFit="NO"` when it is off, and when it is on
    /// only the limit: `minimumScaleFactor`, or the older `minimumFontSize` (a factor of a fixed size).
    private func readShrinking(into place: inout SourcePlace) {
        guard attributes["adjustsFontSizeToFit"] != "NO" else { return }
        if let written = attributes["minimumScaleFactor"] {
            if let factor = Double(written), factor > 0, factor <= 1 {
                let code = #"minimumScaleFactor="\#(written)""#
                place.minimumScaleFactor = Sourced(factor, Evidence(code, at: location, confidence: .exact))
            } else {
                place.notes.append("minimumScaleFactor \(written) is not a factor in (0, 1]")
            }
        } else if let written = attributes["minimumFontSize"], let minimum = Double(written) {
            if case .fixed(let size)? = place.font?.value, size > 0 {
                let code = #"minimumFontSize="\#(written)""#
                place.minimumScaleFactor = Sourced(min(1, minimum / size), Evidence(code, at: location, confidence: .high))
            } else {
                place.notes.append("shrinks to minimumFontSize \(written) pt: not read as a factor of a text style")
            }
        }
    }

    static let lineBreakModes: [String: LineBreakMode] = [
        "wordWrap": .wordWrapping, "charWrap": .charWrapping, "clip": .clipping,
        "headTruncation": .truncatingHead, "tailTruncation": .truncatingTail, "middleTruncation": .truncatingMiddle,
    ]
}
