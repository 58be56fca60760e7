import LayoutSimCatalogs
import LayoutSimCheck
import LayoutSimModel

extension CheckReport {
    /// Each result's budget as a catalog writer takes it (``BudgetExport``), in report order; pseudolocalized
    /// results are left out (no translator writes `x-pseudo`).
    ///
    /// `maxCodePoints` is estimated as `maxCharacters` is, with the mean advance per Unicode code point instead of
    /// per grapheme cluster: `width × lines ÷ (Σ text width ÷ Σ code points)` over the strings of the locale in the
    /// element at that size (the same strings the report's own estimate uses). Scripts whose letters take several
    /// code points (Devanagari, Thai with marks) get more code points than characters.
    public var catalogBudgets: [CatalogBudget] {
        struct Group: Hashable {
            let element: String?
            let locale: String
            let pointSize: Double
        }
        var sums: [Group: (width: Double, codePoints: Int)] = [:]
        for result in results {
            guard let budget = result.budget, budget.ownCharacters > 0 else { continue }
            let group = Group(element: result.element, locale: result.locale, pointSize: budget.pointSize)
            let sum = sums[group] ?? (0, 0)
            let codePoints = result.text.unicodeScalars.count - (budget.samples?.codePoints ?? 0)
            sums[group] = (sum.width + budget.ownWidth, sum.codePoints + codePoints)
        }
        return results.compactMap { result in
            // (A budget with no room, width 0, is kept, so that its locale counts as having results; the writers
            // write none for it: ``BudgetUnit/value(of:)``, ``roomlessBudgets``.)
            guard let budget = result.budget, result.locale != Pseudolocalizer.locale else { return nil }
            var maxCodePoints: Int?
            let group = Group(element: result.element, locale: result.locale, pointSize: budget.pointSize)
            if budget.lines > 0, let sum = sums[group], sum.codePoints > 0, sum.width > 0 {
                let room = max(0, budget.width * Double(budget.lines) - (budget.samples?.width ?? 0))
                let estimate = room / (sum.width / Double(sum.codePoints))
                if estimate.isFinite, estimate >= 0, estimate < 1e9 { maxCodePoints = Int(estimate.rounded(.down)) }
            }
            return CatalogBudget(
                key: result.key, locale: result.locale, variantPath: result.variant, width: budget.width,
                lines: budget.lines, maxCharacters: budget.maxCharacters, maxCodePoints: maxCodePoints
            )
        }
    }
}

extension CheckReport {
    /// The results whose budget leaves the text no room (width 0 at the category it must fit through: a row that
    /// gives it nothing), for which the writers write no budget: "key [locale]", in report order.
    public var roomlessBudgets: [String] {
        results.compactMap { result in
            guard let budget = result.budget, result.locale != Pseudolocalizer.locale, budget.width <= 0 else { return nil }
            return "\(result.key) [\(([result.locale] + result.variant).joined(separator: ", "))]"
        }
    }
}
