import Foundation
import LayoutSimModel

/// A `<fontDescription>`: a text style (scales), the system font at a size, or a custom font at a size (both fixed).
struct IBFontDescription {
    var attributes: [String: String]
    var location: SourceLocation

    /// What the font is, the weight when the file states one, what could not be said exactly, and whether it is a
    /// fixed size.
    struct Reading {
        var font: Sourced<PlaceFont>?
        var weight: Sourced<FontWeight>?
        var notes: [String] = []
        var isFixed = false
    }

    /// The attributes as written, in Interface Builder's order, `key` left out.
    var code: String {
        ["style", "type", "name", "family", "weight", "pointSize"].compactMap { name in
            attributes[name].map { #"\#(name)="\#($0)""# }
        }.joined(separator: " ")
    }

    func read() -> Reading {
        var reading = Reading()
        let evidence = Evidence(code, at: location, confidence: .exact)
        if let style = attributes["style"] {
            if let textStyle = TextStyle(parsing: style) {
                reading.font = Sourced(.style(textStyle), evidence)
            } else {
                reading.notes.append("unknown text style \(style) in the fontDescription")
            }
            return reading
        }
        guard let written = attributes["pointSize"], let size = Double(written) else {
            reading.notes.append("fontDescription \(code) has no point size the scan can read")
            return reading
        }
        reading.font = Sourced(.fixed(size: size), evidence)
        reading.isFixed = true
        if let name = attributes["name"] {
            let family = attributes["family"].map { " (\($0))" } ?? ""
            reading.notes.append(
                "custom font \(name)\(family) at a fixed \(written) pt: it does not scale with Dynamic Type, and its widths "
                    + "are not the system font's"
            )
            return reading
        }
        readSystemWeight(into: &reading)
        return reading
    }

    /// The system font's weight: `type="boldSystem"`, a `weight`, else regular. Weights without system-font data
    /// are checked as the nearest one there is.
    private func readSystemWeight(into reading: inout Reading) {
        let type = attributes["type"] ?? "system"
        if type == "italicSystem" {
            reading.notes.append("italic system font: checked upright")
        }
        if type == "boldSystem" {
            reading.weight = Sourced(.bold, Evidence(#"type="boldSystem""#, at: location, confidence: .exact))
            return
        }
        guard let written = attributes["weight"] else {
            reading.weight = Sourced(.regular, Evidence(#"type="\#(type)""#, at: location, confidence: .exact))
            return
        }
        let code = #"weight="\#(written)""#
        switch written {
        case "ultraLight", "thin", "light":
            reading.weight = Sourced(.regular, Evidence(code, at: location, confidence: .medium))
            reading.notes.append("weight \(written) is checked as regular, the lightest with data (\(written) is narrower)")
        case "heavy", "black":
            reading.weight = Sourced(.bold, Evidence(code, at: location, confidence: .medium))
            reading.notes.append(
                "weight \(written) is checked as bold, the heaviest with data (\(written) is wider: a near fit may not fit)"
            )
        default:
            if let weight = FontWeight(parsing: written) {
                reading.weight = Sourced(weight, Evidence(code, at: location, confidence: .exact))
            } else {
                reading.notes.append("unknown font weight \(written)")
            }
        }
    }
}

/// The result of one view: its places (one per text it shows), notes for the file, and the custom class whose
/// font the config does not settle here.
struct IBBuiltPlaces {
    var places: [SourcePlace] = []
    var notes: [ScanNote] = []
    var unresolvedClass: IBUnresolvedClass?
}

/// A custom class whose font the scan cannot settle, and why: counted per file, one note each.
struct IBUnresolvedClass: Hashable {
    enum Reason: Hashable {
        /// Not in the config, on a view with a fixed font.
        case notInConfig
        /// In the config by a runtime attribute the view does not set (and with no style of its own).
        case noRuntimeAttribute(String)
    }

    var name: String
    var reason: Reason

    func message(places: Int) -> String {
        let count = "\(places) place\(places == 1 ? "" : "s") here"
        switch reason {
        case .notInConfig:
            return "customClass \(name) may set its font at run time (\(count) with a fixed font); map it in the config's customClasses"
        case .noRuntimeAttribute(let keyPath):
            return "customClass \(name) without its runtime attribute \(keyPath) (\(count)): the file's font is read; "
                + "give \(name) a style in the config for these"
        }
    }
}

/// A `<label>`, `<button>` or `<textField>` as read so far.
struct IBView {
    var element: String
    var attributes: [String: String]
    var location: SourceLocation
    var text: String?
    var placeholder: String?
    var normalTitle: String?
    /// The `<buttonConfiguration>` style (`plain`, `filled`…) of a button that has one (Xcode 13 and later).
    var configuration: String?
    var configurationTitle: String?
    var font: IBFontDescription?
    var configurationFont: IBFontDescription?
    var runtimeAttributes: [String: (value: String, location: SourceLocation)] = [:]
    /// Size classes (`heightClass=regular-widthClass=regular`) with a font of their own.
    var fontVariations: [String] = []
    var frameWidth: (value: Double, written: String, location: SourceLocation)?

    init(element: String, attributes: [String: String], location: SourceLocation) {
        self.element = element
        self.attributes = attributes
        self.location = location
        text = attributes["text"]
        placeholder = attributes["placeholder"]
    }

    var id: String? { attributes["id"] }

    var viewKind: ViewKind {
        switch element {
        case "button": .uiButton
        case "textField": .uiTextField
        default: .uiLabel
        }
    }

    /// The texts the view shows, by the key suffix Xcode gives them in the strings table. A button with a
    /// configuration shows the configuration's title (its `normal` state title is Xcode's leftover).
    var texts: [(suffix: String, text: String)] {
        let candidates: [(String, String?)]
        switch element {
        case "button" where configuration != nil && configurationTitle != nil:
            candidates = [("configuration.title", configurationTitle)]
        case "button": candidates = [("normalTitle", normalTitle)]
        case "textField": candidates = [("placeholder", placeholder), ("text", text)]
        default: candidates = [("text", text)]
        }
        return candidates.compactMap { suffix, text in
            guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
            return (suffix, text)
        }
    }

    /// The places of this view, each with what the file says about its font, lines and room.
    func places(table: String, device: String?, config: ScanConfig) -> IBBuiltPlaces {
        var built = IBBuiltPlaces()
        let texts = self.texts
        guard let id, !texts.isEmpty else { return built }
        var common = SourcePlace(key: id, table: table, location: location, view: viewKind)
        let fixed = readFont(into: &common)
        readCustomClass(into: &common, fixedFont: fixed, config: config, built: &built)
        readLines(into: &common)
        readBehaviour(into: &common)
        if let frame = frameWidth {
            let canvas = device.map { "the design canvas \($0)" } ?? "the design canvas"
            common.width = Sourced(frame.value, Evidence(
                #"<rect key="frame" width="\#(frame.written)"> on \#(canvas); the app runs on every device"#,
                at: frame.location, confidence: .low
            ))
        }
        for (suffix, text) in texts {
            var place = common
            place.key = "\(id).\(suffix)"
            place.sourceText = text
            if (viewKind == .uiLabel && text == "Label") || (viewKind == .uiButton && text == "Button") {
                place.notes.append("the design text is Interface Builder's default \"\(text)\": the text is likely set in code")
            }
            built.places.append(place)
        }
        return built
    }

    /// The view's font and weight; whether the font is a fixed size.
    private func readFont(into place: inout SourcePlace) -> Bool {
        let description = configuration == nil ? font : configurationFont
        guard let description else {
            if let style = configuration {
                place.notes.append(
                    "a \(style) button configuration without a titleFontDescription: the font is UIKit's default for the "
                        + "style, not stated in the file"
                )
            } else {
                place.notes.append("no fontDescription: the font is UIKit's default for a \(viewKind.rawValue), not stated in the file")
            }
            return false
        }
        let reading = description.read()
        place.font = reading.font
        place.weight = reading.weight
        place.notes += reading.notes
        for sizeClass in fontVariations {
            place.notes.append("size class \(sizeClass) has a font of its own: the base font is read")
        }
        return reading.isFixed
    }
}
