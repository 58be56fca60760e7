/// A spec's keys made quick to look up: exact keys in a dictionary, each glob's characters and literal prefix read
/// once. Its answers are ``LayoutSpec/places(forKey:)``'s by definition; a check makes one and asks it for every key,
/// so 50,000 keys against 2,000 elements cost 50,000 look-ups, not 100 million comparisons.
public struct SpecIndex: Sendable {
    private let spec: LayoutSpec
    /// Elements naming a key exactly, by key, in file order.
    private let exact: [String: [Int]]
    /// Groups showing a key, by key, in file order.
    private let groups: [String: [Int]]
    /// Elements whose key is a glob (has `*` or `?`), in file order, found by the literal text they start with.
    private let globs: GlobTrie

    public init(_ spec: LayoutSpec) {
        self.spec = spec
        var exact: [String: [Int]] = [:], groups: [String: [Int]] = [:], globs = GlobTrie()
        for (index, element) in spec.elements.enumerated() {
            guard let key = element.key else { continue }
            exact[key, default: []].append(index)
            if key.contains("*") || key.contains("?") { globs.insert(key, element: index) }
        }
        for (index, group) in spec.groups.enumerated() {
            for key in Set(group.keys) { groups[key, default: []].append(index) }
        }
        self.exact = exact
        self.groups = groups
        self.globs = globs
    }

    /// The elements (their indices) whose glob matches at least one of `keys`.
    public func globsMatched(by keys: some Sequence<String>) -> Set<Int> { globs.matched(by: keys) }

    /// Every place the spec shows `key` in: each element naming it exactly and each group showing it, in file
    /// order; else the first glob that matches; else the defaults (`named` false).
    public func places(forKey key: String) -> (places: [Place], named: Bool) {
        let defaults = spec.defaults
        var places: [Place] = (exact[key] ?? []).map { index in
            let element = spec.elements[index]
            return .element(element.over(defaults), name: element.name ?? key)
        }
        for index in groups[key] ?? [] {
            var resolved = spec.groups[index]
            resolved.fields = resolved.fields.over(defaults)
            places.append(.group(resolved))
        }
        if !places.isEmpty {
            // Names are identities (baselines, merged shards): the same name twice gets its ordinal, "key #2".
            var seen: [String: Int] = [:]
            for index in places.indices {
                let name = places[index].name
                seen[name, default: 0] += 1
                if let count = seen[name], count > 1 { places[index].rename(name + " #\(count)") }
            }
            return (places, true)
        }
        let (element, named) = self.element(forKey: key)
        return ([.element(element, name: element.name ?? key)], named)
    }

    /// The element for a catalog key: its own fields over the defaults, and whether an element named it (the first
    /// exact, else the first glob that matches).
    public func element(forKey key: String) -> (spec: ElementSpec, named: Bool) {
        if let first = exact[key]?.first { return (spec.elements[first].over(spec.defaults), true) }
        if let element = globs.firstMatch(key) { return (spec.elements[element].over(spec.defaults), true) }
        return (spec.defaults, false)
    }
}

/// Globs by the literal text before their first wildcard, which any key they match starts with: a key meets only the
/// globs whose literal start it has (walking its characters down the trie), then the first of those that matches in
/// file order wins.
private struct GlobTrie: Sendable {
    /// Each node's children by character; node 0 is the root.
    private var children: [[Character: Int]] = [[:]]
    /// The globs whose literal start ends at each node: (element index, pattern's characters).
    private var ending: [[(element: Int, pattern: [Character])]] = [[]]

    mutating func insert(_ pattern: String, element: Int) {
        var node = 0
        for character in pattern.prefix(while: { $0 != "*" && $0 != "?" }) {
            if let next = children[node][character] {
                node = next
            } else {
                children.append([:])
                ending.append([])
                children[node][character] = children.count - 1
                node = children.count - 1
            }
        }
        ending[node].append((element, Array(pattern)))
    }

    /// The globs whose literal start `key` has.
    private func candidates(_ key: String) -> [(element: Int, pattern: [Character])] {
        var candidates = ending[0]
        var node = 0
        for character in key {
            guard let next = children[node][character] else { break }
            node = next
            candidates += ending[node]
        }
        return candidates
    }

    /// The element of the first glob in file order that matches `key`.
    func firstMatch(_ key: String) -> Int? {
        let candidates = candidates(key)
        guard !candidates.isEmpty else { return nil }
        let characters = Array(key)
        return candidates.sorted { $0.element < $1.element }.first { Glob.matches($0.pattern, characters) }?.element
    }

    /// The elements of the globs that match at least one of `keys` (each glob tried until it has matched once).
    func matched(by keys: some Sequence<String>) -> Set<Int> {
        var matched: Set<Int> = []
        for key in keys {
            let candidates = candidates(key).filter { !matched.contains($0.element) }
            guard !candidates.isEmpty else { continue }
            let characters = Array(key)
            for candidate in candidates where Glob.matches(candidate.pattern, characters) { matched.insert(candidate.element) }
        }
        return matched
    }
}
