import Foundation
import LayoutSimCatalogs
import LayoutSimFitting
import LayoutSimModel
import Yams

/// Reading rows, columns and alternatives from a spec:
///
/// ```yaml
/// elements:
///   - name: settings.wifi            # the place's name in reports (default: its keys)
///     device: iphone-15               # the group's own fields: width, device, insets, limits…
///     spacing: 8                      # between adjacent children (default 8; scaledSpacing: 8 scales it)
///     row:
///       - {scaledWidth: 29, relativeTo: body}          # an icon sized with @ScaledMetric
///       - {key: settings.wifi.title}                    # gives way (priority 0)
///       - {key: settings.wifi.value, layoutPriority: 1} # keeps its ideal width
///   - name: profile.header
///     width: 343
///     alternatives:                   # per category: the first that applies and fits (ViewThatFits)
///       - isAccessibilitySize: false  # or when: ...xxxLarge
///         row: [{width: 60}, {key: profile.name}]
///       - column: [{width: 80}, {key: profile.name}]
/// ```
extension LayoutSpecReader {
    /// The fields a group reads itself.
    static let groupFields: Set<String> = ["name", "row", "column", "alternatives", "spacing", "scaledSpacing", "spacingRelativeTo"]
    /// The fields a layout of `alternatives` may have.
    static let layoutFields: Set<String> = ["row", "column", "when", "isAccessibilitySize", "spacing", "scaledSpacing", "spacingRelativeTo"]

    /// The most children a row or column may have, and the most alternatives a group may have: each child of a group
    /// is sized against all of its siblings, so a group's cost grows with the square of its size.
    static let maximumChildren = 64
    static let maximumAlternatives = 16

    /// Whether an `elements` entry is a group (it has `row`, `column` or `alternatives`).
    static func isGroup(_ node: Node) -> Bool {
        guard let mapping = merged(node) else { return false }
        return mapping.contains { ["row", "column", "alternatives"].contains($0.key.string ?? "") }
    }

    static func parseGroup(_ node: Node, path: String, error: (String, Mark?) -> Void) -> GroupSpec? {
        guard let mapping = merged(node) else { return nil }
        let location = node.mark.map { CatalogSourceLocation(file: path, line: $0.line, column: $0.column) }
        var ok = true
        if let keyNode = mapping.keys.first(where: { $0.string == "key" }) {
            error("'key' does not belong in a row, column or alternatives; name the keys in its children", keyNode.mark)
            ok = false
        }
        guard var fields = parseElement(node, path: path, isDefaults: false, skipping: groupFields.union(["key"]), needsKey: false, error: error) else {
            return nil
        }
        fields.location = location
        if fields.height != nil || fields.scaledHeight != nil {
            error("a group's height is not modelled; give 'height' to its texts (each is judged against it)", node.mark)
            ok = false
        }
        var name: String?
        if let nameNode = mapping["name"] {
            if let text = nameNode.string, !text.isEmpty { name = text } else {
                error("'name' must be text", nameNode.mark)
                ok = false
            }
        }
        var layouts: [GroupLayout] = []
        let kinds = mapping.keys.compactMap(\.string).filter { ["row", "column", "alternatives"].contains($0) }
        if kinds.count > 1 {
            error("a group has one of 'row', 'column' or 'alternatives' (found \(kinds.joined(separator: ", ")))", node.mark)
            return nil
        }
        if let alternatives = mapping["alternatives"] {
            guard let list = alternatives.sequence, !list.isEmpty else {
                error("'alternatives' must be a list of layouts, each with 'row' or 'column'", alternatives.mark)
                return nil
            }
            guard list.count <= maximumAlternatives else {
                error("'alternatives' has \(list.count) layouts; at most \(maximumAlternatives)", alternatives.mark)
                return nil
            }
            for item in list {
                guard let layout = parseLayout(item, path: path, inherited: nil, error: error) else { ok = false; continue }
                layouts.append(layout)
            }
        } else if let layout = parseLayout(node, path: path, inherited: nil, isGroupItself: true, error: error) {
            layouts.append(layout)
        } else {
            ok = false
        }
        guard ok, !layouts.isEmpty else { return nil }
        // Every category must have a layout.
        let uncovered = ContentSizeCategory.allCases.filter { category in
            !layouts.contains { $0.when.contains(fields.categoryLimits.apply(to: category)) }
        }
        if let first = uncovered.first, let last = uncovered.last {
            error("no layout applies at \(first == last ? first.swiftUIName : "\(first.swiftUIName)…\(last.swiftUIName)"); "
                + "the last alternative should apply everywhere its siblings do not", node.mark)
            return nil
        }
        var seen = Set<String>()
        let keys = layouts.flatMap(\.items).compactMap(\.key).filter { seen.insert($0).inserted }
        return GroupSpec(name: name ?? keys.joined(separator: " + "), fields: fields, layouts: layouts)
    }

    /// One layout: a mapping with `row` or `column` (the group itself when it has no `alternatives`).
    private static func parseLayout(
        _ node: Node, path: String, inherited: GroupLayout?, isGroupItself: Bool = false, error: (String, Mark?) -> Void
    ) -> GroupLayout? {
        guard let mapping = merged(node) else {
            error("an alternative must be an object with 'row' or 'column'", node.mark)
            return nil
        }
        var ok = true
        if !isGroupItself {
            for (keyNode, _) in mapping where !layoutFields.contains(keyNode.string ?? "") {
                error("unknown field '\(keyNode.string ?? "?")' in an alternative; valid: \(layoutFields.sorted().joined(separator: ", ")) "
                    + "(fields of the texts go in their items, fields of the place on the group)", keyNode.mark)
                ok = false
            }
        }
        let axis: GroupLayout.Axis
        let itemsNode: Node
        if mapping["row"] != nil && mapping["column"] != nil {
            error("a layout has 'row' or 'column', not both", node.mark)
            return nil
        }
        if let row = mapping["row"] {
            axis = .row
            itemsNode = row
        } else if let column = mapping["column"] {
            axis = .column
            itemsNode = column
        } else {
            error("an alternative needs 'row' or 'column'", node.mark)
            return nil
        }
        guard let list = itemsNode.sequence, !list.isEmpty else {
            error("'\(axis.rawValue)' must be a list of children: {key: …}, {text: …}, {width: …} or {scaledWidth: …}", itemsNode.mark)
            return nil
        }
        guard list.count <= maximumChildren else {
            error("a \(axis.rawValue) has \(list.count) children; at most \(maximumChildren)", itemsNode.mark)
            return nil
        }
        var items: [GroupItem] = []
        for item in list {
            if let parsed = parseItem(item, path: path, error: error) { items.append(parsed) } else { ok = false }
        }
        if ok, !items.contains(where: { if case .view = $0 { return false } else { return true } }) {
            error("a \(axis.rawValue) needs at least one text: {key: …} or {text: …}", itemsNode.mark)
            ok = false
        }
        var layout = GroupLayout(axis: axis, items: items)
        if let when = mapping["when"] {
            do throws(SpecValueError) {
                layout.when = try CategoryLimits.read(.text(when.string ?? ""), field: "when")
            } catch let problem {
                error(problem.description, when.mark)
                ok = false
            }
        }
        if let flag = mapping["isAccessibilitySize"] {
            if mapping["when"] != nil {
                error("give 'when' or 'isAccessibilitySize', not both", flag.mark)
                ok = false
            }
            do throws(SpecValueError) {
                // isAccessibilitySize: AX1 and larger.
                layout.when = try Bool.read(.text(flag.string ?? ""), field: "isAccessibilitySize")
                    ? CategoryLimits(minimum: .accessibility1, maximum: nil)
                    : CategoryLimits(minimum: nil, maximum: .xxxLarge)
            } catch let problem {
                error(problem.description, flag.mark)
                ok = false
            }
        }
        if let spacing = parseSpacing(mapping, error: error) {
            layout.spacing = spacing
        } else {
            ok = false
        }
        return ok ? layout : nil
    }

    /// `spacing: 8` or `scaledSpacing: 8` (with `spacingRelativeTo`, default body); nil after an error.
    private static func parseSpacing(_ mapping: Node.Mapping, error: (String, Mark?) -> Void) -> SpecLength? {
        guard let length = readLength(mapping, fixed: "spacing", scaled: "scaledSpacing", style: "spacingRelativeTo", error: error) else {
            return nil
        }
        return length ?? .fixed(GroupLayout.defaultSpacing)
    }

    /// A length given as `fixed: N` or `scaled: N` (with `style`, default body, like `@ScaledMetric`):
    /// `.some(nil)` when neither is there, nil after an error (said at its place).
    private static func readLength(
        _ mapping: Node.Mapping, fixed: String, scaled: String, style: String, error: (String, Mark?) -> Void
    ) -> SpecLength?? {
        func points(_ name: String) -> Double?? {
            guard let node = mapping[name] else { return .some(nil) }
            guard let value = Double(node.string ?? ""), value.isFinite, value >= 0, value <= 10_000 else {
                error("'\(name)' must be a number of points between 0 and 10000", node.mark)
                return nil
            }
            return .some(value)
        }
        guard let fixedPoints = points(fixed), let scaledPoints = points(scaled) else { return nil }
        if fixedPoints != nil && scaledPoints != nil {
            error("give '\(fixed)' or '\(scaled)', not both", mapping[scaled]?.mark)
            return nil
        }
        let styleNode = mapping[style]
        if let styleNode, scaledPoints == nil {
            error("'\(style)' goes with '\(scaled)'", styleNode.mark)
            return nil
        }
        if let fixedPoints { return .some(.fixed(fixedPoints)) }
        guard let scaledPoints else { return .some(nil) }
        do throws(SpecValueError) {
            let textStyle = try styleNode.map { node throws(SpecValueError) in try TextStyle.read(.text(node.string ?? ""), field: style) } ?? .body
            do throws(ModelError) {
                return .some(.scaled(scaledPoints, by: try FontMetricsScaler(relativeTo: textStyle)))
            } catch let problem {
                error(problem.description, styleNode?.mark)
                return nil
            }
        } catch let problem {
            error(problem.description, styleNode?.mark)
            return nil
        }
    }

    /// A child: `{key: K, layoutPriority: 1, …fields}`, `{text: "42 %", …}`, `{width: 24}`,
    /// `{scaledWidth: 24, relativeTo: body}`.
    private static func parseItem(_ node: Node, path: String, error: (String, Mark?) -> Void) -> GroupItem? {
        guard let mapping = merged(node) else {
            error("a child must be an object: {key: …}, {text: …}, {width: …} or {scaledWidth: …}", node.mark)
            return nil
        }
        let names = Set(mapping.keys.compactMap(\.string))
        if names.contains("key") || names.contains("text") {
            if names.contains("key") && names.contains("text") {
                error("a child has 'key' (a catalog string) or 'text' (a sample), not both", node.mark)
                return nil
            }
            for field in names.intersection(["width", "scaledWidth", "device", "margins", "devices"]).sorted() {
                error("'\(field)' does not belong on a text in a row or column: the group shares its width among its "
                    + "children; give the group's width, or a view's with {width: …}", mapping.keys.first { $0.string == field }?.mark)
                return nil
            }
            let childFields = Set(ElementSpec.fieldNames).subtracting(["width", "scaledWidth", "device", "margins", "devices", "name"])
                .union(["layoutPriority", "text"])
            if let unknown = mapping.keys.first(where: { !childFields.contains($0.string ?? "") }) {
                error("unknown field '\(unknown.string ?? "?")' on a text in a row or column; valid: key or text, layoutPriority, "
                    + "and the element fields but width, scaledWidth, device, margins and devices", unknown.mark)
                return nil
            }
            var priority = 0.0
            if let node = mapping["layoutPriority"] {
                guard let value = Double(node.string ?? ""), value.isFinite, abs(value) <= 1_000 else {
                    error("'layoutPriority' must be a number (SwiftUI's .layoutPriority; higher keeps its width first)", node.mark)
                    return nil
                }
                priority = value
            }
            let isSample = names.contains("text")
            guard let element = parseElement(node, path: path, isDefaults: false, skipping: ["layoutPriority", "text"],
                                             needsKey: !isSample, error: error) else { return nil }
            if isSample {
                guard let text = mapping["text"]?.string, !text.isEmpty, text.utf16.count <= 1_000 else {
                    error("'text' must be a sample text of 1 to 1000 characters", mapping["text"]?.mark)
                    return nil
                }
                return .sample(text, element: element, priority: priority)
            }
            guard let key = element.key, !key.contains("*"), !key.contains("?") else {
                error("a row or column names its keys exactly (no * or ?)", mapping["key"]?.mark)
                return nil
            }
            return .key(key, element: element, priority: priority)
        }
        let extra = names.subtracting(["width", "scaledWidth", "relativeTo", "name"])
        if let field = extra.sorted().first {
            error("unknown field '\(field)' on a view; a view has 'width' or 'scaledWidth' (with 'relativeTo'), a text has 'key' or 'text'",
                  mapping.keys.first { $0.string == field }?.mark)
            return nil
        }
        guard let length = readLength(mapping, fixed: "width", scaled: "scaledWidth", style: "relativeTo", error: error) else {
            return nil
        }
        guard let length else {
            error("a child needs 'key', 'text', 'width' or 'scaledWidth'", node.mark)
            return nil
        }
        return .view(width: length)
    }
}

extension LayoutSpec {
    /// Fields that are valid one by one but not together (`width` and `scaledWidth`, insets wider than the width,
    /// `relativeTo` without a size): an error at the element or group, once, instead of one per string laid out
    /// there; the element or group is dropped.
    /// Why fields cannot lay a string out (no width, insets wider than it, …), or nil when they can.
    static func problem(of element: ElementSpec) -> String? {
        do throws(LayoutSimError) {
            let request = try element.request(text: " ", language: nil)
            try Fitter.validate(request.container)
            return nil
        } catch let problem {
            return problem.description
        }
    }

    mutating func validate(_ error: (String, CatalogSourceLocation) -> Void) {
        let top = CatalogSourceLocation(file: file, line: 1, column: 1)
        func check(_ element: ElementSpec, at location: CatalogSourceLocation?) -> Bool {
            guard let problem = Self.problem(of: element) else { return true }
            error(problem, location ?? top)
            return false
        }
        elements = elements.filter { check($0.over(defaults), at: $0.location) }
        groups = groups.filter { group in
            let fields = group.fields.over(defaults)
            guard check(fields, at: group.fields.location) else { return false }
            let textFields = GroupSpec(name: group.name, fields: fields, layouts: []).textFields
            for item in group.layouts.flatMap(\.items) {
                switch item {
                case .view: continue
                case .key(_, let element, _), .sample(_, let element, _):
                    var child = element.over(textFields)
                    let insets = (child.insets?.left ?? 0) + (child.insets?.right ?? 0)
                    child.width = insets + 1_000
                    if !check(child, at: element.location ?? group.fields.location) { return false }
                }
            }
            return true
        }
    }
}

extension LayoutSpecReader {
    /// A mapping with YAML merge keys resolved (`<<: *anchor`, `<<: [*a, *b]`): its own pairs first, then those of the
    /// merged mappings whose keys it does not have (the first merged mapping wins), as YAML 1.1 merges them. Merged
    /// mappings may merge in turn, 8 levels at most and 4,096 merged mappings in all (anchors merging anchors 64 at a
    /// time would otherwise expand exponentially: the spec's "billion laughs"); nil when the node is not a mapping or
    /// its merges expand further than that.
    static func merged(_ node: Node) -> Node.Mapping? {
        var budget = maximumMerges
        return merged(node, depth: 0, budget: &budget)
    }

    /// The most mappings one node's merge keys may bring in, counting merges of merges.
    static let maximumMerges = 4_096

    private static func merged(_ node: Node, depth: Int, budget: inout Int) -> Node.Mapping? {
        guard let mapping = node.mapping else { return nil }
        guard mapping.contains(where: { $0.key.string == "<<" }) else { return mapping }
        var pairs: [(Node, Node)] = []
        var seen = Set<String>()
        for (key, value) in mapping where key.string != "<<" {
            pairs.append((key, value))
            seen.insert(key.string ?? "")
        }
        guard depth < 8 else { return Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark) }
        for (key, value) in mapping where key.string == "<<" {
            let sources = value.sequence.map(Array.init) ?? [value]
            for source in sources.prefix(64) {
                budget -= 1
                guard budget >= 0 else { return nil }
                guard let inner = merged(source, depth: depth + 1, budget: &budget) else {
                    if budget < 0 { return nil }
                    continue
                }
                for (innerKey, innerValue) in inner where seen.insert(innerKey.string ?? "").inserted {
                    pairs.append((innerKey, innerValue))
                }
            }
        }
        return Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark)
    }
}
