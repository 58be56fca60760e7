import LayoutSimModel

extension CheckReport {
    /// What ``finish(counted:)`` counts in one pass over the results in report order: the summary's counts, and each
    /// budget's group (element, locale, size) with the group's sums, from which the budgets' estimates are made.
    ///
    /// A check counts its results while later ones are still being laid out (``LayoutFeed``), each as soon as every
    /// result before it is done; ``finish(counted:)`` counts again unless that was the report's final order.
    package struct Tally: Sendable {
        /// Results counted.
        private(set) var count = 0
        private(set) var keys = 0, failures = 0, newFailures = 0, errors = 0
        private(set) var locales = Set<String>()
        private var previousKey: String?, previousLocale: String?

        /// The results whose budgets are estimated together: one element's strings of one locale at one size.
        private struct BudgetGroup: Hashable {
            let element: String?
            let locale: String
            let pointSize: Double
        }
        private var groups: [BudgetGroup: Int] = [:]
        /// Each group's text widths and characters, summed in report order.
        private(set) var sums: [(width: Double, characters: Int)] = []
        /// Each result's group: its index in `sums` (-1: the result has no budget).
        private(set) var groupOf: [Int] = []
        /// Neighbours are mostly of one group: the previous one is compared before hashing.
        private var previousGroup: (group: BudgetGroup, id: Int)?

        package init() {}

        /// Counts the result at `index`, the next one in report order (`index` is ``count``). Its fields are read
        /// in place (a result is never copied whole).
        package mutating func add(_ results: [CheckResult], at index: Int) {
            count += 1
            // Sorted by key: distinct keys are where the key changes. Locales: a set, visited when the locale changes.
            if results[index].key != previousKey {
                keys += 1
                previousKey = results[index].key
            }
            if results[index].locale != previousLocale {
                locales.insert(results[index].locale)
                previousLocale = results[index].locale
            }
            if !results[index].passed {
                failures += 1
                if !results[index].known { newFailures += 1 }
            }
            if results[index].error != nil { errors += 1 }
            guard let budget = results[index].budget else {
                groupOf.append(-1)
                return
            }
            let group = BudgetGroup(element: results[index].element, locale: results[index].locale, pointSize: budget.pointSize)
            let id: Int
            if let previousGroup, previousGroup.group == group {
                id = previousGroup.id
            } else if let known = groups[group] {
                id = known
            } else {
                id = sums.count
                groups[group] = id
                sums.append((0, 0))
            }
            previousGroup = (group, id)
            groupOf.append(id)
            if budget.ownCharacters > 0 {
                sums[id] = (sums[id].width + budget.ownWidth, sums[id].characters + budget.ownCharacters)
            }
        }
    }
}
