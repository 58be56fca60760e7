import LayoutSimShaping

/// Each cluster's advances and edge changes at the last size asked: many layouts at one size (a remedy's probes at
/// many widths, a label's tightening, the remedy of a text at the size its fit ended with) compute them once, and a
/// text at its sizes one after the other reuses the storage.
///
/// One size only, on purpose: keeping every size a check laid out at costs more (an array per size for every text)
/// than computing the sizes a failing text's remedy comes back to again.
///
/// Owned by one ``AdvanceSource`` (its copies share it), so by one worker: not thread-safe.
package final class SizeMemo {
    /// The size and what was computed for it: one stored value, which a call reaches once.
    private struct State {
        var size = Double.nan
        var advances: [Double] = []
        var edges = EdgeAdvances.none
        /// ``AdvanceSource/singleEdgeFace()`` once found (the same at every size), −1 for none; −2 before.
        var edgeFace = -2

        mutating func at(_ size: Double, _ source: AdvanceSource) -> ([Double], EdgeAdvances) {
            if size != self.size {
                // Zeros in the storage kept from the text before (``reset()``), when it is large enough: the
                // advances fill them (not made there: that would be an allocation per text).
                let count = source.text.clusterCount
                if advances.count != count {
                    advances.removeAll(keepingCapacity: true)
                    advances.append(contentsOf: repeatElement(0, count: count))
                }
                source.advances(size: size, into: &advances)
                if edgeFace == -2 {
                    edgeFace = source.singleEdgeFace() ?? -1
                    // The changes in units, set once: at each size only their scale changes.
                    if edgeFace >= 0 {
                        let units = source.text.edgeUnits
                        edges = EdgeAdvances(start: units.start.map(Double.init), end: units.end.map(Double.init))
                    }
                }
                if edgeFace >= 0 {
                    edges.scale = source.edgeScale(face: edgeFace, size: size)
                } else {
                    source.edges(size: size, into: &edges)
                }
                self.size = size
            }
            return (advances, edges)
        }
    }

    /// Changed only inside ``at(_:_:)``.
    private var state = State()

    package init() {}

    /// Forgets the size and what was computed for it, keeping the storage of the advances: for the next text of an
    /// engine, once no source uses this memo any more, so that a memo and its arrays are not made and freed per text.
    package func reset() {
        state.size = .nan
        state.edges = .none
        state.edgeFace = -2
        state.advances.removeAll(keepingCapacity: true)
    }

    /// The advances and edge changes of `source` at `size`, points.
    package func at(_ size: Double, _ source: AdvanceSource) -> ([Double], EdgeAdvances) {
        state.at(size, source)
    }
}
