import Foundation
import LayoutSimModel

/// The variations of one localization of one key, in a form shared by all readers: `.xcstrings` localizations,
/// `.stringsdict` entries and XLIFF trans-units (`|==|` and `:dict` ids) are all turned into this, then expanded
/// by ``VariationExpander`` into concrete strings.
///
/// Not `indirect`: its variations' dictionaries hold their nodes apart already, and boxed, every string unit would be
/// an allocation of its own.
package enum VariationNode: Sendable, Hashable {
    /// A concrete string (placeholders and `%#@name@` tokens still in it) and its state.
    case unit(value: String, state: String?)
    /// Plural variants by CLDR category name (`one`, `few`…).
    case plural([String: VariationNode])
    /// Device variants by device name (`iphone`, `ipad`, `mac`, `applewatch`, `other`…).
    case device([String: VariationNode])
    /// `.stringsdict` width variants (`NSStringVariableWidthRuleType`) by width in ems (`"1"`, `"22"`).
    case width([String: VariationNode])
}

/// A named substitution: `.xcstrings` `substitutions` entry or `.stringsdict` variable, whose variants replace
/// every `%#@name@` token.
package struct SubstitutionDefinition: Sendable, Hashable {
    /// `.xcstrings` `formatSpecifier` (`lld`): `%arg` in the variants becomes `%lld`. `nil` leaves `%arg`.
    package var formatSpecifier: String?
    /// The variants.
    package var node: VariationNode
}

/// One localization of a key: its variations and the substitutions its strings refer to.
package struct Localization: Sendable, Hashable {
    /// The string or variations.
    package var node: VariationNode
    /// Substitutions by name.
    package var substitutions: [String: SubstitutionDefinition] = [:]
}

/// One concrete string of a localization.
package struct ExpandedVariant: Sendable, Hashable {
    /// ``CatalogEntry/variantPath``.
    package var path: [String]
    /// The string.
    package var value: String
    /// The state of the string unit it came from.
    package var state: String?
}

/// Expands a ``Localization`` into every concrete string a user can see in one locale, collecting warnings.
///
/// - Plural variations give one string per category the locale has (``PluralRules``); a missing category falls
///   back to `other` (warned about when ``PluralRules/requiredCategories(for:)`` has it); `zero` is kept when
///   present (Apple uses it for 0 in every language); categories the language does not have are dropped, with a
///   warning, since no user can see them.
/// - Device and width variations give one string per variant.
/// - Each `%#@name@` token with a definition is replaced by each of its variants (the cartesian product for
///   several tokens), recursively for tokens inside variants (`.stringsdict` nested variables), at most 8 deep.
///
/// One expander per localization: its bound on variants counts what one ``expand(_:)`` makes.
package struct VariationExpander {
    package let key: String
    package let locale: String
    package let location: CatalogSourceLocation
    private(set) var diagnostics: [CatalogDiagnostic] = []
    private var reported: Set<String> = []

    package init(key: String, locale: String, location: CatalogSourceLocation) {
        self.key = key
        self.locale = locale
        self.location = location
    }

    /// Display order of device names; others follow alphabetically, `other` is last.
    package static let deviceOrder = ["iphone", "ipod", "ipad", "mac", "applewatch", "appletv", "vision", "other"]

    /// The most concrete strings one key may expand to in one locale: substitutions multiply their variants
    /// (8 substitutions of 6 plural cases would be 1.7 million strings).
    package static let maximumVariants = 1_000
    /// Substitutions inside substitutions, at most (a token in a variant of a substitution is one level deeper).
    package static let maximumSubstitutionDepth = 8
    /// Substitutions one string takes, side by side and nested (each name once: no cycles), at most (each is a level
    /// of recursion).
    package static let maximumSubstitutionsPerString = 64
    /// Variants made so far; past ``maximumVariants`` expansion stops.
    private var made = 0
    /// Substitution steps taken so far (one per choice tried): a string of ``maximumVariants`` takes at most
    /// ``maximumSubstitutionsPerString`` each, so more steps than both allow is an expansion that makes nothing (a
    /// substitution with no choices, side by side with others: every path walked, none ending in a string).
    private var steps = 0
    /// Why the key is not checked, once a bound is passed (the first one passed): expansion stops there, and the key
    /// is one error.
    private var refusal: String?

    /// Every concrete string of `localization`; none, with an error, when there would be more than
    /// ``maximumVariants`` or one would be longer than ``FitRequest/maximumTextLength``.
    /// The value and state of a plain string unit with no `@` (so no substitution token), which expands to itself
    /// alone (its path empty), with no diagnostic; `nil` for any other localization.
    package static func plainUnit(_ localization: Localization) -> (value: String, state: String?)? {
        if case .unit(let value, let state) = localization.node, !hasAt(value) { return (value, state) }
        return nil
    }

    package mutating func expand(_ localization: Localization) -> [ExpandedVariant] {
        // A plain string unit with no `@` (so no substitution token): itself, without the general machinery (one
        // string, well within the bound).
        if let (value, state) = Self.plainUnit(localization) {
            return [ExpandedVariant(path: [], value: value, state: state)]
        }
        let plain = expand(localization.node, path: [], context: nil)
        if !localization.substitutions.isEmpty {
            var deepest: [String: [String]] = [:]
            var visiting: Set<String> = []
            for variant in plain {
                let chain = Self.deepestChain(in: variant.value, localization.substitutions, &deepest, &visiting)
                if chain.count > Self.maximumSubstitutionDepth {
                    refusal = "substitutions nested more than \(Self.maximumSubstitutionDepth) deep "
                        + "('\(chain[Self.maximumSubstitutionDepth])' inside \(Self.maximumSubstitutionDepth) others)"
                    break
                }
            }
        }
        let variants = refusal != nil ? [] : plain.flatMap {
            substitute($0, localization.substitutions, visited: [], depth: 0)
        }
        if let refusal {
            about(.error("'\(key)' [\(locale)]: \(refusal); not checked", at: location))
            return []
        }
        if variants.isEmpty {
            warn("'\(key)' [\(locale)]: its variations and substitutions make no string (a variation without cases); not checked")
        }
        return variants
    }

    private mutating func expand(_ node: VariationNode, path: [String], context: String?) -> [ExpandedVariant] {
        switch node {
        case .unit(let value, let state):
            return [ExpandedVariant(path: path, value: value, state: state)]
        case .plural(let cases):
            return pluralCases(cases, context: context).flatMap { category, child in
                expand(child, path: path + ["plural:\(category)"], context: context)
            }
        case .device(let cases):
            let known = Self.deviceOrder.filter { cases[$0] != nil && $0 != "other" }
            let unknown = cases.keys.filter { !Self.deviceOrder.contains($0) }.sorted()
            let names = known + unknown + (cases["other"] == nil ? [] : ["other"])
            return names.flatMap { name -> [ExpandedVariant] in
                guard let child = cases[name] else { return [] }
                return expand(child, path: path + ["device:\(name)"], context: context)
            }
        case .width(let cases):
            let names = cases.keys.sorted { (Int($0) ?? Int.max, $0) < (Int($1) ?? Int.max, $1) }
            return names.flatMap { name -> [ExpandedVariant] in
                guard let child = cases[name] else { return [] }
                return expand(child, path: path + ["width:\(name)"], context: context)
            }
        }
    }

    /// The plural cases to show in ``locale``, in CLDR order, with fallbacks.
    private mutating func pluralCases(
        _ cases: [String: VariationNode], context: String?
    ) -> [(String, VariationNode)] {
        let categories = PluralRules.categories(for: locale)
        let required = PluralRules.requiredCategories(for: locale)
        let within = context.map { " in substitution '\($0)'" } ?? ""
        for name in cases.keys.sorted() where PluralCategory(rawValue: name) == nil {
            warn("'\(key)' [\(locale)]: unknown plural category '\(name)'\(within) is ignored")
        }
        var fallback = cases[PluralCategory.other.rawValue]
        if fallback == nil {
            let last = PluralCategory.allCases.last { cases[$0.rawValue] != nil }
            if let last {
                fallback = cases[last.rawValue]
                warn("'\(key)' [\(locale)]: plural variation\(within) has no 'other'; using '\(last.rawValue)' for missing categories")
            } else {
                warn("'\(key)' [\(locale)]: plural variation\(within) has no categories")
            }
        }
        var result: [(String, VariationNode)] = []
        for category in PluralCategory.allCases {
            let name = category.rawValue
            if categories.contains(category) {
                if let node = cases[name] {
                    result.append((name, node))
                } else if let fallback {
                    if required.contains(category), cases[PluralCategory.other.rawValue] != nil {
                        warn("'\(key)' [\(locale)]: plural category '\(name)'\(within) is missing; using 'other'")
                    }
                    result.append((name, fallback))
                }
            } else if let node = cases[name] {
                if category == .zero {
                    result.append((name, node))
                } else {
                    warn("'\(key)' [\(locale)]: plural category '\(name)'\(within) is never used in '\(locale)'; not checked")
                }
            }
        }
        return result
    }

    /// Whether `text` has an `@`.
    private static func hasAt(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "@"))
    }

    /// `variant` with its first defined, not yet expanded `%#@name@` token replaced by each variant of `name`.
    private mutating func substitute(
        _ variant: ExpandedVariant, _ substitutions: [String: SubstitutionDefinition], visited: Set<String>, depth: Int
    ) -> [ExpandedVariant] {
        // Past a bound, nothing more is made: the key is not checked, and what is left of the tree (up to 6 choices
        // at each of 8 levels, 1.7 million strings) is not visited.
        guard refusal == nil else { return [] }
        // A substitution token (`%#@name@`) has an `@`: a string without one is itself, unparsed.
        guard Self.hasAt(variant.value) else { return counted(variant) }
        let segments = FormatString.segments(variant.value)
        var pending: (String, SubstitutionDefinition)?
        for case .placeholder(let specifier) in segments {
            guard case .substitution(let name) = specifier.kind, !visited.contains(name) else { continue }
            if let definition = substitutions[name] {
                pending = (name, definition)
                break
            }
            warn("'\(key)' [\(locale)]: no substitution or variable named '\(name)' for '\(specifier.raw)'; left as is")
        }
        guard let (name, definition) = pending else { return counted(variant) }
        guard depth < Self.maximumSubstitutionsPerString else {
            refusal = "a string of its variants takes more than \(Self.maximumSubstitutionsPerString) substitutions"
            return []
        }
        return expand(definition.node, path: [], context: name).flatMap { choice -> [ExpandedVariant] in
            guard refusal == nil else { return [] }
            steps += 1
            if steps > Self.maximumVariants * Self.maximumSubstitutionsPerString {
                refusal = Self.tooManyVariants
                return []
            }
            var text = choice.value
            if let specifier = definition.formatSpecifier {
                text = text.replacingOccurrences(of: "%arg", with: "%" + specifier)
            }
            var value = ""
            var length = 0
            for segment in segments {
                let piece: String
                switch segment {
                case .text(let literal):
                    piece = literal
                case .placeholder(let specifier):
                    if case .substitution(name) = specifier.kind { piece = text } else { piece = specifier.raw }
                }
                value += piece
                length += piece.utf16.count
                // Past the length limit the string is refused when filled; building more would only cost memory.
                if length > FitRequest.maximumTextLength { break }
            }
            let next = ExpandedVariant(
                path: variant.path + ["substitution:\(name)"] + choice.path, value: value,
                state: variant.state ?? choice.state
            )
            return substitute(next, substitutions, visited: visited.union([name]), depth: depth + 1)
        }
    }

    /// `variant`, counted among the strings made (past ``maximumVariants``, the key is refused and nothing is).
    private mutating func counted(_ variant: ExpandedVariant) -> [ExpandedVariant] {
        made += 1
        if made > Self.maximumVariants { refusal = Self.tooManyVariants }
        return [variant]
    }

    private static let tooManyVariants =
        "its variations and substitutions make more than \(ReportNumber.integer(maximumVariants)) strings"

    /// The longest chain of substitutions nested from the tokens of `text`: `["a1", "a2"]` when a variant of `a1`
    /// holds `%#@a2@`. Each name's chain is made once (`deepest`); a name met again inside itself (a cycle, which
    /// expansion leaves as is) adds nothing. Variants are read in sorted order, so that ties give one chain. Linear in
    /// the substitutions' text.
    private static func deepestChain(
        in text: String, _ substitutions: [String: SubstitutionDefinition], _ deepest: inout [String: [String]],
        _ visiting: inout Set<String>
    ) -> [String] {
        // Nine names deep is enough to refuse the key: no deeper (a chain of thousands would overflow the stack). A
        // chain cut here is still longer than the bound, so the key is refused whatever else is found.
        guard visiting.count <= maximumSubstitutionDepth, hasAt(text) else { return [] }
        var best: [String] = []
        for case .placeholder(let specifier) in FormatString.segments(text) {
            guard case .substitution(let name) = specifier.kind, let definition = substitutions[name],
                  !visiting.contains(name) else { continue }
            let chain: [String]
            if let known = deepest[name] {
                chain = known
            } else {
                visiting.insert(name)
                var inner: [String] = []
                for value in values(of: definition.node) {
                    let found = deepestChain(in: value, substitutions, &deepest, &visiting)
                    if found.count > inner.count { inner = found }
                }
                visiting.remove(name)
                chain = [name] + inner
                deepest[name] = chain
            }
            if chain.count > best.count { best = chain }
        }
        return best
    }

    /// The texts of a node's variants, in sorted order of their names.
    private static func values(of node: VariationNode) -> [String] {
        switch node {
        case .unit(let value, _): return [value]
        case .plural(let cases), .device(let cases), .width(let cases):
            return cases.keys.sorted().flatMap { cases[$0].map(values(of:)) ?? [] }
        }
    }

    /// Keeps `diagnostic`, as one about ``locale`` (a check of other locales leaves it out).
    private mutating func about(_ diagnostic: CatalogDiagnostic) {
        var diagnostic = diagnostic
        diagnostic.locale = locale
        diagnostics.append(diagnostic)
    }

    private mutating func warn(_ message: String) {
        guard reported.insert(message).inserted else { return }
        about(.warning(message, at: location))
    }
}
