import LayoutSimModel
import SwiftSyntax

extension SwiftUIWalker {
    /// Views whose first unlabeled argument is a `LocalizedStringKey` title, and the kind of place it makes.
    static let titledViews: [String: ViewKind] = [
        "Text": .text, "Button": .button, "Label": .label, "Toggle": .toggle, "Picker": .picker, "Link": .link,
        "Menu": .menu, "TextField": .textFieldPrompt, "SecureField": .textFieldPrompt, "NavigationLink": .text,
        "Section": .sectionHeader, "Stepper": .text, "DatePicker": .text, "LabeledContent": .text, "GroupBox": .text,
        "DisclosureGroup": .text, "ShareLink": .button, "ColorPicker": .text, "ProgressView": .text,
    ]

    /// A view made by a call: a titled view's place, a row, a container's children, a component's key arguments.
    func viewCall(_ call: FunctionCallExprSyntax, _ env: ViewEnvironment) -> [SourceRow.Member] {
        guard let name = SwiftExpressions.calledName(call) else { return [.other(SwiftExpressions.code(call))] }
        var env = env
        var members: [SourceRow.Member] = []
        if name == "Text", call.arguments.count > 1, call.arguments.dropFirst().allSatisfy({ ["style", "format", "formatter"].contains($0.label?.text ?? "") }) {
            return [.other("Text")]   // Text(date, style: .relative), Text(value, format: …): a formatted value
        }
        if let kind = Self.titledViews[name], let first = call.arguments.first, first.label == nil {
            if name == "Text" || !first.expression.is(ClosureExprSyntax.self) {
                members += text(first.expression, kind: kind, env)
            }
        } else if name == "Text", let first = call.arguments.first, first.label?.text == "verbatim" {
            return [.other("Text(verbatim:)")]
        }
        if name == "Text" { return members.isEmpty ? [.other("Text")] : members }
        if name == "Image" { return [image(env)] }
        if name == "Spacer" || name == "Divider" { return [.other(name)] }
        if name == "ScrollView", call.arguments.first.map({ $0.label == nil && $0.expression.trimmedDescription.contains("horizontal") }) == true {
            env.scrollsHorizontally = true
        }
        if name == "List" || name == "Form" {
            env.inList = Evidence(name, at: context.location(call.calledExpression), confidence: .low)
        }
        members += componentArguments(call, name: name, env)
        var children: [SourceRow.Member] = []
        let rowsBefore = result.rows.count
        for arg in call.arguments {
            // Section(header: Text("…")), Button(action: {}, label: { Text("…") }), Label(title: {…}, icon: {…})
            guard arg.label?.text != "action" else { continue }
            if let closure = arg.expression.as(ClosureExprSyntax.self) {
                children += walk(closure.statements, childEnv(env, container: name, label: arg.label?.text))
            } else if arg.expression.is(FunctionCallExprSyntax.self), arg.label != nil, ["header", "footer", "label", "content", "title"].contains(arg.label?.text ?? "") {
                children += view(arg.expression, childEnv(env, container: name, label: arg.label?.text))
            }
        }
        if let trailing = call.trailingClosure {
            let isAction = name == "Button" && call.arguments.first?.label == nil && !call.arguments.isEmpty
            if !isAction { children += walk(trailing.statements, childEnv(env, container: name, label: nil)) }
        }
        for extra in call.additionalTrailingClosures {
            children += walk(extra.closure.statements, childEnv(env, container: name, label: extra.label.text))
        }
        if name == "HStack" { return members + [row(call, children, scrolls: env.scrollsHorizontally)] }
        if name == "ViewThatFits", rowsBefore < result.rows.count, result.rows[rowsBefore].alternative == nil {
            result.rows[rowsBefore].alternative = .viewThatFits   // its first choice: the row, when it fits
        }
        return members + (children.isEmpty && members.isEmpty ? [.other(name)] : children)
    }

    /// The environment a container gives a labeled part: section headers and footers are footnotes, a Picker's
    /// content its options.
    private func childEnv(_ env: ViewEnvironment, container: String, label: String?) -> ViewEnvironment {
        var child = env
        child.role = nil
        switch (container, label) {
        case ("Section", "header"?): child.role = .sectionHeader
        case ("Section", "footer"?): child.role = .sectionFooter
        case ("Picker", nil), ("Picker", "content"?): child.role = .pickerOption
        case ("Menu", nil), ("Menu", "content"?): child.role = .button
        default: break
        }
        return child
    }

    /// A row: an `HStack`'s children, when at least one of them is a localized text beside something else.
    private func row(_ call: FunctionCallExprSyntax, _ members: [SourceRow.Member], scrolls: Bool) -> SourceRow.Member {
        let places = members.filter { if case .place = $0 { return true } else { return false } }
        guard !places.isEmpty, members.count > 1 else { return members.count == 1 ? members[0] : .other("HStack") }
        var row = SourceRow(id: result.rows.count, location: context.location(call.calledExpression), members: members)
        row.spacing = SwiftExpressions.argument("spacing", in: call.arguments).flatMap(SwiftExpressions.number)
        row.scrolls = scrolls
        for case .place(let index) in members where result.places[index].row == nil { result.places[index].row = row.id }
        result.rows.append(row)
        return .other("HStack")
    }

    /// An image in a row: its width when its frame states one, scaled when a `@ScaledMetric` gives it.
    private func image(_ env: ViewEnvironment) -> SourceRow.Member {
        guard let width = env.width else { return .other("Image") }
        let code = width.evidence.code
        for (name, metric) in context.scaledMetrics where code.contains("width: \(name)") {
            return .scaled(width: metric.0, relativeTo: metric.1)
        }
        return .fixed(width: width.value)
    }

    /// The place a text's key makes (or the note when its key is known only at run time).
    func text(_ expr: ExprSyntax, kind: ViewKind, _ env: ViewEnvironment) -> [SourceRow.Member] {
        if let type = currentType, let property = SwiftExpressions.memberName(expr), expr.is(DeclReferenceExprSyntax.self) || expr.trimmedDescription.hasPrefix("self."),
           context.componentKeys[type]?.contains(property) == true {
            // Text(title) inside the component that takes `title: LocalizedStringKey`: what it does with it.
            var template = SourcePlace(key: "", location: context.location(expr), view: env.role ?? kind)
            env.applying(to: &template)
            componentTexts["\(type).\(property)"] = template
            return [.other("Text(\(property))")]
        }
        switch context.keys.read(expr, literalIsKey: true) {
        case .key(let reading):
            return [.place(addPlace(reading, kind: env.role ?? kind, at: expr, env))]
        case .verbatim:
            return [.other("Text")]
        case .unresolved(let code):
            result.notes.append(ScanNote(.unresolvedKey, at: context.location(expr),
                                         "\(kind.rawValue)(\(code)): the key is known only at run time"))
            return [.other(kind.rawValue)]
        }
    }

    func addPlace(_ reading: KeyReading, kind: ViewKind, at node: some SyntaxProtocol, _ env: ViewEnvironment) -> Int {
        var place = SourcePlace(key: reading.key, table: reading.table ?? "Localizable", location: context.location(node), view: kind)
        place.keyConfidence = reading.confidence
        place.notes = reading.notes
        place.sourceText = reading.defaultValue
        env.applying(to: &place)
        SystemViewDefaults.apply(to: &place)
        result.places.append(place)
        return result.places.count - 1
    }

    /// `SettingsRow(title: "settings.wifi")` where `SettingsRow.title` is a `LocalizedStringKey`: a place completed
    /// with what the component's body does with `title`, once every file is read.
    private func componentArguments(_ call: FunctionCallExprSyntax, name: String, _ env: ViewEnvironment) -> [SourceRow.Member] {
        guard let properties = context.componentKeys[name] else { return [] }
        var members: [SourceRow.Member] = []
        for arg in call.arguments {
            guard let label = arg.label?.text, properties.contains(label),
                  case .key(let reading) = context.keys.read(arg.expression, literalIsKey: true) else { continue }
            let index = addPlace(reading, kind: .text, at: arg.expression, env)
            componentUses.append((index, "\(name).\(label)"))
            members.append(.place(index))
        }
        return members
    }

    /// Modifiers that show strings or views of their own: the places they make, and their content walked.
    /// Returns false for modifiers that only change the environment.
    func modifierShowsViews(_ name: String, _ call: FunctionCallExprSyntax, _ env: ViewEnvironment) -> Bool {
        var env = env
        switch name {
        case "navigationTitle", "navigationBarTitle":
            if let first = call.arguments.first?.expression {
                let kind: ViewKind = env.inlineTitle ? .inlineNavigationTitle : .navigationTitle
                env.role = kind
                if let title = first.as(FunctionCallExprSyntax.self), SwiftExpressions.calledName(title) == "Text" {
                    _ = view(first, env)
                } else {
                    _ = text(first, kind: kind, env)
                }
            }
        case "alert", "confirmationDialog":
            if let first = call.arguments.first, first.label == nil {
                _ = text(first.expression, kind: name == "alert" ? .alertTitle : .dialogTitle, env)
            }
            var buttons = env
            buttons.role = .alertButton
            if let actions = call.trailingClosure { _ = walk(actions.statements, buttons) }
            for extra in call.additionalTrailingClosures {
                var inner = env
                inner.role = extra.label.text == "message" ? .alertMessage : .alertButton
                _ = walk(extra.closure.statements, inner)
            }
        case "tabItem":
            env.role = .tabItem
            if let content = call.trailingClosure { _ = walk(content.statements, env) }
        case "toolbar", "sheet", "fullScreenCover", "popover", "overlay", "background", "contextMenu", "swipeActions",
             "safeAreaInset", "searchSuggestions":
            for arg in call.arguments {
                if let closure = arg.expression.as(ClosureExprSyntax.self) { _ = walk(closure.statements, env) }
            }
            if let content = call.trailingClosure { _ = walk(content.statements, env) }
            for extra in call.additionalTrailingClosures { _ = walk(extra.closure.statements, env) }
        default:
            return false
        }
        return true
    }
}

/// What a system view does with its text when the code does not say: the fonts, widths and line limits of
/// navigation titles, alerts, tab items, section headers. Each with its source and confidence; all `low`.
enum SystemViewDefaults {
    static func apply(to place: inout SourcePlace) {
        let here = place.location
        func assumed(_ what: String) -> Evidence { Evidence("\(place.view.rawValue) default: \(what) (assumed)", at: here, confidence: .low) }
        switch place.view {
        case .navigationTitle:
            // UINavigationBar's large title: largeTitle, bold, one line.
            if place.font == nil { place.font = Sourced(.style(.largeTitle), assumed("largeTitle")) }
            if place.weight == nil { place.weight = Sourced(.bold, assumed("bold")) }
            if place.lines == nil { place.lines = Sourced(1, assumed("1 line")) }
            if place.width == nil, place.horizontalPadding == nil {
                place.horizontalPadding = Sourced(32, assumed("the navigation bar's 16 pt margins"))
            }
        case .inlineNavigationTitle:
            // An inline title: the bar's headline, one line, between the bar's buttons (room not known: the margins).
            if place.font == nil { place.font = Sourced(.style(.headline), assumed("headline")) }
            if place.lines == nil { place.lines = Sourced(1, assumed("1 line")) }
            if place.width == nil, place.horizontalPadding == nil {
                place.horizontalPadding = Sourced(32, assumed("the navigation bar's 16 pt margins; its buttons not counted"))
            }
        case .alertTitle, .alertMessage, .alertButton:
            // UIAlertController: 270 pt wide, 16 pt content insets; title headline, message footnote, buttons body.
            let style: TextStyle = place.view == .alertTitle ? .headline : place.view == .alertMessage ? .footnote : .body
            if place.font == nil { place.font = Sourced(.style(style), assumed(style.rawValue)) }
            if place.width == nil {
                place.width = Sourced(238, assumed("270 pt alert minus 16 pt insets"))
                place.horizontalPadding = nil
            }
            if place.view == .alertButton, place.lines == nil { place.lines = Sourced(1, assumed("1 line")) }
        case .tabItem:
            // UITabBarItem titles on iPhone: 10 pt medium, not scaled (the large content viewer shows them instead).
            if place.font == nil { place.font = Sourced(.fixed(size: 10), assumed("10 pt")) }
            if place.weight == nil { place.weight = Sourced(.medium, assumed("medium")) }
            if place.lines == nil { place.lines = Sourced(1, assumed("1 line")) }
        case .sectionHeader, .sectionFooter:
            if place.font == nil { place.font = Sourced(.style(.footnote), assumed("footnote")) }
        case .toggle:
            // The switch beside the label: UISwitch is 51 pt wide, 8 pt apart.
            if place.width == nil {
                let padding = (place.horizontalPadding?.value ?? 0) + 59
                place.horizontalPadding = Sourced(padding, assumed("the switch's 51 pt and 8 pt of spacing"))
            }
        default:
            break
        }
    }
}
