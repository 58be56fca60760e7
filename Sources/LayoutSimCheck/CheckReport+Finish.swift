import LayoutSimModel

// The end of a check or merge: everything sorted and counted, without copying the results.

extension CheckReport {
    /// Recomputes the summary and sorts everything.
    ///
    /// The results are sorted where they are (a check's come already in order: then nothing moves), and counted in
    /// one pass without copying them.
    package mutating func finish() {
        Self.sortInPlace(&results)
        diagnostics = Array(Set(diagnostics)).sorted()
        unspecifiedKeys = Array(Set(unspecifiedKeys)).sorted()
        skipped = Array(Set(skipped)).sorted()
        shards = Array(Set(shards)).sorted()
        fonts = Array(Set(fonts)).sorted()
        fixedSinceBaseline = Array(Set(fixedSinceBaseline)).sorted()
        estimateBudgets()
        // Sorted by key: distinct keys are where the key changes. Locales: a set, visited when the locale changes.
        var keys = 0, failures = 0, newFailures = 0, resultErrors = 0
        var locales = Set<String>()
        var previousKey: String?, previousLocale: String?
        // Fields read in place (a result is never copied whole).
        for index in results.indices {
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
            if results[index].error != nil { resultErrors += 1 }
        }
        summary = Summary(
            keys: keys, locales: locales.count, strings: results.count,
            layouts: results.count * categories.count, failures: failures,
            newFailures: newFailures, fixedSinceBaseline: fixedSinceBaseline.count,
            errors: diagnostics.filter { $0.severity == "error" }.count + resultErrors,
            warnings: diagnostics.filter { $0.severity == "warning" }.count
        )
    }

    /// Whether `a` sorts before `b` in a report: by key, locale, variant (its parts joined by `/`) and place, as
    /// `String`s compare.
    static func precedes(_ a: CheckResult, _ b: CheckResult) -> Bool {
        precedes(key: (a.key, a.locale, a.variant, a.place), (b.key, b.locale, b.variant, b.place))
    }

    private static func precedes(
        key a: (key: String, locale: String, variant: [String], place: String?),
        _ b: (key: String, locale: String, variant: [String], place: String?)
    ) -> Bool {
        if a.key != b.key { return a.key < b.key }
        if a.locale != b.locale { return a.locale < b.locale }
        if a.variant != b.variant {
            // Joined only when a variant has several parts (the joined text is what is compared).
            if a.variant.count <= 1 && b.variant.count <= 1 {
                let left = a.variant.first ?? "", right = b.variant.first ?? ""
                if left != right { return left < right }
            } else {
                let left = a.variant.joined(separator: "/"), right = b.variant.joined(separator: "/")
                if left != right { return left < right }
            }
        }
        return (a.place ?? "") < (b.place ?? "")
    }

    /// The fields ``precedes(_:_:)`` compares of the result at `index`, read in place.
    private static func sortKey(_ results: [CheckResult], _ index: Int) -> (key: String, locale: String, variant: [String], place: String?) {
        (results[index].key, results[index].locale, results[index].variant, results[index].place)
    }

    /// Sorts `results` stably by ``precedes(_:_:)``: nothing when they are in order already; else the order is
    /// found on indices and the results moved into it by following its cycles, never copied whole.
    package static func sortInPlace(_ results: inout [CheckResult]) {
        var sorted = true
        for index in results.indices.dropFirst() where precedes(key: sortKey(results, index), sortKey(results, index - 1)) {
            sorted = false
            break
        }
        guard !sorted else { return }
        let keys = results.indices.map { sortKey(results, $0) }
        let order = results.indices.sorted { precedes(key: keys[$0], keys[$1]) || (!precedes(key: keys[$1], keys[$0]) && $0 < $1) }
        results.reorder(by: order)
    }
}

extension Array {
    /// Moves the elements so that the element at `i` becomes the one that was at `order[i]` (`order` a permutation of
    /// the indices), along the permutation's cycles by swapping: no element is copied (a large value's copy retains
    /// every reference in it).
    mutating func reorder(by order: [Int]) {
        var placed = [Bool](repeating: false, count: count)
        for start in indices where !placed[start] {
            placed[start] = true
            var current = start
            while order[current] != start {
                let next = order[current]
                swapAt(current, next)
                placed[next] = true
                current = next
            }
        }
    }
}
