import Foundation
import LayoutSimModel

/// The elements inside and around a view that the scan reads, and the result assembled at the end.
extension IBDocumentReader {
    /// A stack view: a row when horizontal (Interface Builder writes `axis` only when it is `vertical`).
    func openStack(_ attributes: [String: String], at location: () -> SourceLocation) -> Int? {
        guard (attributes["axis"] ?? "horizontal") == "horizontal" else { return nil }
        let spacing = attributes["spacing"].flatMap(Double.init) ?? 0
        openStacks.append(IBOpenStack(location: location(), spacing: spacing))
        return openStacks.count - 1
    }

    /// Records an arranged subview: an element directly in the `<subviews>` of an open horizontal stack view.
    func noteStackMember(_ element: String, id: String?) {
        guard frames.count >= 2, frames[frames.count - 1].name == "subviews",
              case .stack(let index?) = frames[frames.count - 2].role
        else { return }
        openStacks[index].members.append((element, id))
    }

    /// A `<constraint>` fixing a view's width or height: one inside the view (no `firstItem`) or in a container
    /// naming it as `firstItem`, equal, with no second item.
    func readConstraint(_ attributes: [String: String], at location: SourceLocation) {
        guard let attribute = attributes["firstAttribute"], attribute == "width" || attribute == "height",
              attributes["secondItem"] == nil, (attributes["relation"] ?? "equal") == "equal",
              frames.count >= 2, let item = attributes["firstItem"] ?? frames[frames.count - 2].id
        else { return }
        guard let constant = Double(attributes["constant"] ?? "0") else { return }
        let priority = attributes["priority"].flatMap(Double.init) ?? 1000
        var code = attributes["firstItem"] == nil ? "" : #"firstItem="\#(item)" "#
        code += #"firstAttribute="\#(attribute)" constant="\#(attributes["constant"] ?? "0")""#
        if let written = attributes["priority"] { code += #" priority="\#(written)""# }
        let size = IBFixedSize(
            value: Sourced(constant, Evidence("<constraint \(code)>", at: location, confidence: priority >= 1000 ? .exact : .medium)),
            priority: priority, id: attributes["id"]
        )
        if attribute == "width" {
            widths[item, default: []].append(size)
        } else {
            heights[item, default: []].append(size)
        }
    }

    /// The size a view's constraints fix: the one of highest priority that a `<variation key="default">` does not
    /// exclude (those hold only in other size classes).
    func fixedSize(_ candidates: [IBFixedSize]?) -> Sourced<Double>? {
        var best: IBFixedSize?
        for candidate in candidates ?? [] where !(candidate.id.map(excludedConstraints.contains) ?? false) {
            if candidate.priority > (best?.priority ?? -1) { best = candidate }
        }
        return best?.value
    }

    /// An element directly inside a label, button or text field (or inside its `<state>`, `<buttonConfiguration>`
    /// or `<userDefinedRuntimeAttributes>`); returns the role of a `<string>` whose text is to be read.
    func readViewChild(_ element: String, _ attributes: [String: String], at location: () -> SourceLocation) -> IBFrame.Role {
        guard let parent = frames.last else { return .plain }
        if case .textView(let index) = parent.role {
            return readOwnChild(element, attributes, view: index, at: location)
        }
        guard frames.count >= 2, case .textView(let index) = frames[frames.count - 2].role else { return .plain }
        let key = attributes["key"]
        switch (parent.name, parent.key, element) {
        case ("state", "normal"?, "string") where key == "title":
            return .capture(.normalTitle(view: index), base64: attributes["base64-UTF8"] == "YES")
        case ("buttonConfiguration", "configuration"?, "string") where key == "title":
            return .capture(.configurationTitle(view: index), base64: attributes["base64-UTF8"] == "YES")
        case ("buttonConfiguration", "configuration"?, "fontDescription") where key == "titleFontDescription":
            openViews[index].configurationFont = IBFontDescription(attributes: attributes, location: location())
        case ("variation", let sizeClass?, "fontDescription") where sizeClass != "default":
            openViews[index].fontVariations.append(sizeClass)
        case ("userDefinedRuntimeAttributes", _, "userDefinedRuntimeAttribute"):
            if let keyPath = attributes["keyPath"], let value = attributes["value"] {
                openViews[index].runtimeAttributes[keyPath] = (value, location())
            }
        default:
            break
        }
        return .plain
    }

    private func readOwnChild(
        _ element: String, _ attributes: [String: String], view index: Int, at location: () -> SourceLocation
    ) -> IBFrame.Role {
        switch (element, attributes["key"]) {
        case ("rect", "frame"?):
            if let width = attributes["width"].flatMap(Double.init) {
                openViews[index].frameWidth = (width, attributes["width"] ?? "", location())
            }
        case ("fontDescription", "fontDescription"?):
            openViews[index].font = IBFontDescription(attributes: attributes, location: location())
        case ("string", "text"?):
            return .capture(.text(view: index), base64: attributes["base64-UTF8"] == "YES")
        case ("state", "normal"?):
            openViews[index].normalTitle = attributes["title"]
        case ("buttonConfiguration", "configuration"?):
            openViews[index].configuration = attributes["style"] ?? ""
            openViews[index].configurationTitle = attributes["title"]
        default:
            break
        }
        return .plain
    }

    /// The end of a `<string>`: its characters (decoded when Interface Builder wrote them in base64) become the
    /// view's text or title.
    func endCapture(_ target: IBCaptureTarget, base64: Bool) {
        var text = captured
        captured = ""
        if base64, let decoded = Data(base64Encoded: text, options: .ignoreUnknownCharacters) {
            text = String(decoding: decoded, as: UTF8.self)
        }
        switch target {
        case .text(let index) where index < openViews.count: openViews[index].text = text
        case .normalTitle(let index) where index < openViews.count: openViews[index].normalTitle = text
        case .configurationTitle(let index) where index < openViews.count: openViews[index].configurationTitle = text
        default: break
        }
    }

    /// A view's element has ended: its places (none when it has no text).
    func complete(_ view: IBView) {
        let built = view.places(table: table, device: device, config: config)
        guard !built.places.isEmpty else { return }
        if let id = view.id, firstPlace[id] == nil { firstPlace[id] = places.count }
        places += built.places
        placeObjects += Array(repeating: view.id, count: built.places.count)
        notes += built.notes
        if let unresolved = built.unresolvedClass {
            if let index = unresolvedClasses.firstIndex(where: { $0.unresolved == unresolved }) {
                unresolvedClasses[index].count += built.places.count
            } else {
                unresolvedClasses.append((unresolved, view.location, built.places.count))
            }
        }
    }

    /// The result: constraints' sizes over the design frames, rows of the horizontal stacks that hold a place, and
    /// one note per custom class (and reason) whose font the scan could not settle.
    func finish() -> ScanResult {
        var result = ScanResult()
        result.files = [file]
        for index in places.indices {
            guard let id = placeObjects[index] else { continue }
            if let width = fixedSize(widths[id]) { places[index].width = width }
            if let height = fixedSize(heights[id]) { places[index].height = height }
        }
        for stack in stacks {
            let members: [SourceRow.Member] = stack.members.map { member in
                if let id = member.id, let place = firstPlace[id] { return .place(place) }
                if let id = member.id, let width = fixedSize(widths[id]) { return .fixed(width: width.value) }
                return .other(member.element)
            }
            let placed = members.compactMap { member -> Int? in
                if case .place(let index) = member { return index }
                return nil
            }
            guard !placed.isEmpty else { continue }
            let id = result.rows.count
            result.rows.append(SourceRow(id: id, location: stack.location, spacing: stack.spacing, members: members))
            for index in placed { places[index].row = id }
        }
        result.places = places
        for unresolved in unresolvedClasses {
            notes.append(ScanNote(.unresolvedFont, at: unresolved.location, unresolved.unresolved.message(places: unresolved.count)))
        }
        result.notes = notes
        return result
    }
}
