import LayoutSimCatalogs

extension LayoutSpec {
    /// The spec `check --sources` uses: the places derived from the app's sources, with the hand-written spec's
    /// fields over them. A hand element that names a placed key (exactly, or by a glob) sets its fields on every
    /// place of that key; the hand spec's defaults and placeholders win over the derived ones; its other elements
    /// (keys no source shows) and its groups are kept as they are.
    public func withSources(_ derived: LayoutSpec) -> LayoutSpec {
        var merged = self
        merged.defaults = defaults.over(derived.defaults)
        merged.placeholders = derived.placeholders.merging(placeholders) { _, hand in hand }
        let placed = Set(derived.elements.compactMap(\.key) + derived.groups.flatMap(\.keys))
        merged.elements = derived.elements.map { element in
            guard let key = element.key else { return element }
            let (hand, named) = handElement(forKey: key)
            guard named else { return element }
            var over = hand.over(element)
            over.key = key
            over.name = element.name
            return over
        }
        // A hand element for exactly one placed key now lives in the places; globs still serve the keys no source shows.
        merged.elements += elements.filter { element in
            guard let key = element.key, !key.contains("*"), !key.contains("?") else { return true }
            return !placed.contains(key)
        }
        merged.groups = derived.groups + groups
        return merged
    }

    /// The hand element for a key, without the defaults: the first exact, else the first glob.
    private func handElement(forKey key: String) -> (ElementSpec, Bool) {
        if let exact = elements.first(where: { $0.key == key }) { return (exact, true) }
        if let glob = elements.first(where: { $0.key.map { Glob.matches($0, key) } ?? false }) { return (glob, true) }
        return (ElementSpec(), false)
    }
}
