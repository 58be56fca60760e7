import Foundation
import LayoutSimModel
import LayoutSimSupport
import Yams

/// The draft layout spec a scan writes (`--write-spec`): an element per place, a group per row, each field with
/// the code it came from. `check --spec` reads it unchanged. Each element the scan wrote carries `x-scan`, a hash
/// of what it wrote: on the next scan an element whose hash still matches is rewritten from the code, one the user
/// changed is kept as the user left it, and elements without the mark are the user's own.
public enum SpecDraft {
    /// The text of the draft for a scan; `existing`, the file's current text, keeps the user's changes.
    public static func write(_ result: ScanResult, existing: String? = nil, device: String = "iphone-15") -> String {
        let kept = existing.map(KeptElements.init(text:))
        var out = kept?.header ?? header(device: device)
        out += "elements:\n"
        for element in kept?.elements ?? [] { out += element.text }
        let rowMembers = Set(result.rows.flatMap { $0.members.compactMap { member -> Int? in
            if case .place(let index) = member { return index }
            return nil
        } })
        for (index, place) in result.places.enumerated() where !rowMembers.contains(index) {
            let element = Element.place(place)
            guard kept?.allows(element) ?? true else { continue }
            out += element.text
        }
        for row in result.rows {
            let element = Element.row(row, places: result.places)
            guard kept?.allows(element) ?? true else { continue }
            out += element.text
        }
        return out
    }

    static func header(device: String) -> String {
        """
        # layoutsim draft spec, written by `layoutsim scan` from the app's sources. Every field says where it came
        # from and how sure the scan is (exact, high, medium, low). Elements marked `x-scan` are rewritten by the
        # next scan unless you change them: a changed element is kept as you left it. Remove `x-scan` to own one.
        defaults:
          device: \(device)   # assumed: the narrowest device you ship on decides; iphone-se is 320 pt
          mustFitThrough: AX5

        """
    }

    /// One element of the draft: its identity (`name`), its fields as YAML lines, and its text with the mark.
    struct Element {
        var name: String
        var keys: [String]
        var body: [String]

        static func place(_ place: SourcePlace) -> Element {
            var lines = ["key: \(quoted(place.key))", "name: \(quoted(placeName(place)))"]
            lines += fields(place, withWidth: true)
            return Element(name: placeName(place), keys: [place.key], body: lines)
        }

        static func row(_ row: SourceRow, places: [SourcePlace]) -> Element {
            let name = "\(row.location.file):\(row.location.line) row"
            var lines = ["name: \(quoted(name))"]
            var children: [String] = []
            var columns: [String] = []
            var keys: [String] = []
            var firstPlace: SourcePlace?
            for member in row.members {
                switch member {
                case .place(let index):
                    let place = places[index]
                    firstPlace = firstPlace ?? place
                    keys.append(place.key)
                    let fields = SpecDraft.fields(place, withWidth: false).filter { !$0.hasPrefix("#") }.map { $0.components(separatedBy: "   #")[0] }
                    let child = "{" + (["key: \(quoted(place.key))"] + fields).joined(separator: ", ") + "}"
                    columns.append(child)
                    children.append(child + "   # \(place.location)")
                case .fixed(let width):
                    children.append("{width: \(ReportNumber.text(width))}")
                case .scaled(let width, let style):
                    children.append("{scaledWidth: \(ReportNumber.text(width)), relativeTo: \(style.rawValue)}")
                case .other(let what):
                    children.append("# \(what): its width is not stated in the code, not counted")
                }
            }
            let rowLines = children.map { $0.hasPrefix("#") ? "  " + $0 : "  - " + $0 }
            if let spacing = row.spacing { lines.append("spacing: \(ReportNumber.text(spacing))") }
            if let place = firstPlace { lines += SpecDraft.widthFields(place) }
            switch row.alternative {
            case .belowAccessibilitySizes?, .viewThatFits?:
                let when = row.alternative == .belowAccessibilitySizes ? "    isAccessibilitySize: false   # the code switches at the accessibility sizes\n" : ""
                lines.append("alternatives:   # \(row.alternative == .viewThatFits ? "ViewThatFits" : "isAccessibilitySize")")
                lines.append("  - row:\n" + rowLines.map { "    " + $0 }.joined(separator: "\n") + (when.isEmpty ? "" : "\n" + when.dropLast()))
                lines.append("  - column:\n" + columns.map { "      - " + $0 }.joined(separator: "\n"))
            case nil:
                lines.append("row:\n" + rowLines.joined(separator: "\n"))
            }
            return Element(name: name, keys: keys, body: lines)
        }

        /// The element as the draft writes it: its lines, then the mark over them.
        var text: String {
            let lines = body.joined(separator: "\n").components(separatedBy: "\n")
            var out = "  - " + lines[0] + "\n"
            for line in lines.dropFirst() { out += "    " + line + "\n" }
            out += "    x-scan: \(Self.hash(of: out))\n"
            return out
        }

        /// The mark: the hash of an element's content as YAML reads it (comments and layout aside).
        static func hash(of yaml: String) -> String {
            let node: Node?
            do { node = try Yams.compose(yaml: yaml) } catch { node = nil }
            let content = node.map { canonical($0.sequence?.first ?? $0) } ?? yaml
            return String(SHA256.hexDigest(of: Array(content.utf8)).prefix(12))
        }

        static func canonical(_ node: Node) -> String {
            switch node {
            case .scalar(let scalar): return "s" + quoted(scalar.string)
            case .sequence(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
            case .mapping(let pairs):
                let fields = pairs.compactMap { pair -> String? in
                    let key = pair.key.string ?? ""
                    return key == "x-scan" ? nil : quoted(key) + ":" + canonical(pair.value)
                }
                return "{" + fields.sorted().joined(separator: ",") + "}"
            case .alias: return "*"
            }
        }
    }

    static func placeName(_ place: SourcePlace) -> String { "\(place.location.file):\(place.location.line)" }

    /// A YAML double-quoted string (JSON's escapes, which YAML reads).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func comment(_ evidence: Evidence) -> String {
        "   # \(evidence.location.file):\(evidence.location.line) \(evidence.code) (\(evidence.confidence.rawValue))"
    }

    /// The element fields a place states, each with its evidence as a comment.
    static func fields(_ place: SourcePlace, withWidth: Bool) -> [String] {
        var lines: [String] = []
        lines.append("view: \(place.view.isSwiftUI ? "swiftui-text" : "uilabel")")
        if let font = place.font {
            switch font.value {
            case .style(let style): lines.append("style: \(style.rawValue)" + comment(font.evidence))
            case .fixed(let size): lines.append("size: \(ReportNumber.text(size))" + comment(font.evidence) + " never scales")
            case .scaled(let size, let style):
                lines.append("size: \(ReportNumber.text(size))" + comment(font.evidence))
                lines.append("relativeTo: \(style.rawValue)")
            }
        } else {
            lines.append("style: body   # no font in the code: the environment's default (assumed)")
        }
        if let weight = place.weight { lines.append("weight: \(weight.value.rawValue)" + comment(weight.evidence)) }
        if let lines_ = place.lines { lines.append("lines: \(lines_.value)" + comment(lines_.evidence)) }
        if let mode = place.lineBreakMode { lines.append("lineBreakMode: \(mode.value.shortName)" + comment(mode.evidence)) }
        if let factor = place.minimumScaleFactor { lines.append("minimumScaleFactor: \(ReportNumber.text(factor.value))" + comment(factor.evidence)) }
        if let low = place.minimumCategory { lines.append("minimumContentSizeCategory: \(low.value.swiftUIName)" + comment(low.evidence)) }
        if let high = place.maximumCategory { lines.append("maximumContentSizeCategory: \(high.value.swiftUIName)" + comment(high.evidence)) }
        if let height = place.height { lines.append("height: \(ReportNumber.text(height.value))" + comment(height.evidence)) }
        if withWidth { lines += widthFields(place) }
        for note in place.notes { lines.append("# " + note.replacingOccurrences(of: "\n", with: " ")) }
        return lines
    }

    /// The width a place has: its frame's, less its padding; else the device's, less the padding as margins.
    static func widthFields(_ place: SourcePlace) -> [String] {
        let padding = place.horizontalPadding?.value ?? 0
        let paddingNote = place.horizontalPadding.map { comment($0.evidence) } ?? ""
        if let width = place.width, width.evidence.confidence == .low, !place.view.isSwiftUI {
            // A frame on Interface Builder's design canvas: the label is most often pinned to the margins, so on
            // each device it has that device's width less its margins.
            return ["# width \(ReportNumber.text(width.value)) pt" + comment(width.evidence) + "; taken as the device's width less its margins (assumed)"]
        }
        if let width = place.width {
            return ["width: \(ReportNumber.text(max(1, width.value - padding)))" + comment(width.evidence) + (padding > 0 ? " less padding" : "")]
        }
        if let maxWidth = place.maxWidth {
            return ["width: \(ReportNumber.text(max(1, maxWidth.value - padding)))" + comment(maxWidth.evidence) + " (at most; assumed the screen is wider)"]
        }
        if place.view.isSwiftUI {
            return ["margins: \(ReportNumber.text(padding / 2))" + (paddingNote.isEmpty ? "   # no padding in the code: the full screen width (assumed)" : paddingNote + " each side")]
        }
        return ["# width: not stated in the code; the device less its layout margins (assumed)"]
    }
}

/// An existing draft, read to keep what the user wrote: the text before `elements:`, the elements the user
/// changed or added (verbatim), and the names and keys the new draft must not write again.
struct KeptElements {
    var header: String?
    var elements: [(text: String, name: String?)] = []
    private var takenNames: Set<String> = []
    private var takenKeys: Set<String> = []

    init(text: String) {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("elements:") }) else { return }
        header = lines[..<start].joined(separator: "\n") + "\n"
        let node: Node?
        do { node = try Yams.compose(yaml: text) } catch { node = nil }
        guard let items = node?["elements"]?.sequence else { return }
        let starts = items.compactMap { $0.mark?.line }
        guard starts.count == items.count else { return }
        for (index, item) in items.enumerated() {
            let from = starts[index] - 1
            var to = index + 1 < starts.count ? starts[index + 1] - 1 : lines.count
            // An element ends before the next element's line, or before the next top-level line.
            if let top = lines[(from + 1)..<max(from + 1, to)].firstIndex(where: { !$0.isEmpty && !$0.hasPrefix(" ") && !$0.hasPrefix("#") && !$0.hasPrefix("-") }) {
                to = top
            }
            guard from >= 0, from < to, to <= lines.count else { continue }
            // The marked line starts with "- " inside the sequence: take the lines from its dash.
            let dash = lines[...from].lastIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("-") }) ?? from
            let slice = lines[dash..<to].joined(separator: "\n") + "\n"
            let name = item["name"]?.string
            let mark = item["x-scan"]?.string
            if let mark, mark == SpecDraft.Element.hash(of: slice) { continue }   // untouched: the scan rewrites it
            elements.append((slice, name))
            if let name { takenNames.insert(name) }
            if mark == nil, let key = item["key"]?.string { takenKeys.insert(key) }
        }
    }

    /// Whether a new element may be written: not when the user kept one of that name, or owns its key.
    func allows(_ element: SpecDraft.Element) -> Bool {
        !takenNames.contains(element.name) && !element.keys.contains(where: takenKeys.contains)
    }
}
