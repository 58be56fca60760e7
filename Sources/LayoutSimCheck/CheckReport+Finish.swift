import LayoutSimModel

// The end of a check or merge: everything sorted and counted, without copying the results.

extension CheckReport {
    /// Recomputes the summary and sorts everything.
    ///
    /// The results are sorted where they are (a check's come already in order: then nothing moves), and counted in
    /// one pass without copying them; unless `counted` counted these very results, in report order already (then
    /// they are neither sorted nor counted again).
    package mutating func finish(counted: Tally? = nil) {
        var counted = counted
        if counted?.count != results.count { counted = nil }
        let moved = counted == nil && Self.sortInPlace(&results)
        diagnostics = Self.sortedUnique(diagnostics)
        unspecifiedKeys = Self.sortedUnique(unspecifiedKeys)
        skipped = Self.sortedUnique(skipped)
        shards = Self.sortedUnique(shards)
        fonts = Self.sortedUnique(fonts)
        fixedSinceBaseline = Self.sortedUnique(fixedSinceBaseline)
        let tally: Tally
        if let counted, !moved, counted.count == results.count {
            tally = counted
        } else {
            var recounted = Tally()
            for index in results.indices { recounted.add(results, at: index) }
            tally = recounted
        }
        estimateBudgets(tally)
        summary = Summary(
            keys: tally.keys, locales: tally.locales.count, strings: results.count,
            layouts: results.count * categories.count, failures: tally.failures,
            newFailures: tally.newFailures, fixedSinceBaseline: fixedSinceBaseline.count,
            errors: diagnostics.filter { $0.severity == .error }.count + tally.errors,
            warnings: diagnostics.filter { $0.severity == .warning }.count
        )
    }

    /// `items` sorted, each once: as they are when each already sorts after the one before (a check's keys come in
    /// the catalog's order, which Xcode sorts), else through a set. Strictly ascending items have no duplicates, so
    /// both ways give the same array; the first reads each item once or twice and hashes none.
    static func sortedUnique<Item: Comparable & Hashable>(_ items: [Item]) -> [Item] {
        var ascending = true
        for index in items.indices.dropFirst() where !(items[index - 1] < items[index]) {
            ascending = false
            break
        }
        return ascending ? items : Array(Set(items)).sorted()
    }

    /// Where a result goes in a report: its key, locale, variant and place. The one order of a check: its results
    /// are sorted by it (``sortInPlace(_:)``), and the jobs that make them too when a shard is taken from them.
    package typealias OrderKey = (key: String, locale: String, variant: [String], place: String?)

    /// Whether `a` sorts before `b` in a report: by key, locale, variant (its parts joined by `/`) and place, as
    /// `String`s compare.
    static func precedes(_ a: CheckResult, _ b: CheckResult) -> Bool {
        precedes(key: (a.key, a.locale, a.variant, a.place), (b.key, b.locale, b.variant, b.place))
    }

    /// Whether a result at `a` sorts before one at `b` (``precedes(_:_:)``).
    package static func precedes(key a: OrderKey, _ b: OrderKey) -> Bool {
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
    private static func sortKey(_ results: [CheckResult], _ index: Int) -> OrderKey {
        (results[index].key, results[index].locale, results[index].variant, results[index].place)
    }

    /// Sorts `results` stably by ``precedes(_:_:)``: nothing when they are in order already; else the order is
    /// found on indices and the results moved into it by following its cycles, never copied whole.
    /// Returns whether any moved.
    @discardableResult
    package static func sortInPlace(_ results: inout [CheckResult]) -> Bool {
        guard let order = sortedOrder(count: results.count, key: { sortKey(results, $0) }) else { return false }
        results.reorder(by: order)
        return true
    }

    /// The stable order by ``precedes(key:_:)`` of `count` items whose keys `key` gives (ties in their order), or
    /// nil when they are in order already (then each key is read once or twice, and nothing is kept).
    package static func sortedOrder(count: Int, key: (Int) -> OrderKey) -> [Int]? {
        var sorted = true
        if count > 1 {
            var previous = key(0)
            for index in 1..<count {
                let current = key(index)
                if precedes(key: current, previous) {
                    sorted = false
                    break
                }
                previous = current
            }
        }
        guard !sorted else { return nil }
        let keys = (0..<count).map(key)
        return keys.indices.sorted { precedes(key: keys[$0], keys[$1]) || (!precedes(key: keys[$1], keys[$0]) && $0 < $1) }
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
