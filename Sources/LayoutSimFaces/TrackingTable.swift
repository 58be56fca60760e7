import LayoutSimModel

/// A font's `trak` table (Apple Advanced Typography): tracking in font units by point size, which Core Text adds to
/// every glyph of the font at that size. SF's is what makes it looser below 17 pt and tighter from 17 to 24.
///
/// Only the horizontal data's normal track (track value 0) is used, as Core Text does without a tracking attribute.
/// Between two listed sizes the value is interpolated linearly; outside the listed sizes it is the nearest end's
/// (HarfBuzz's own `trak` support extrapolates instead; layoutsim turns HarfBuzz's off and applies this table per
/// size, so the tracking follows the size being laid out rather than one size fixed at shaping).
public struct TrackingTable: Sendable, Hashable {
    /// (size in points, tracking in font units), ascending by size.
    public let entries: [(size: Double, units: Double)]

    public static func == (a: TrackingTable, b: TrackingTable) -> Bool {
        a.entries.elementsEqual(b.entries) { $0.size == $1.size && $0.units == $1.units }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.size)
            hasher.combine(entry.units)
        }
    }

    public init(entries: [(size: Double, units: Double)]) {
        self.entries = entries.sorted { $0.size < $1.size }
    }

    /// Parses a `trak` table; nil when it is broken or has no normal horizontal track.
    public init?(bytes: [UInt8]) {
        func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        func i16(_ at: Int) -> Int? { u16(at).map { $0 >= 0x8000 ? $0 - 0x10000 : $0 } }
        func fixed(_ at: Int) -> Double? {
            guard let high = u16(at), let low = u16(at + 2) else { return nil }
            let raw = Int32(bitPattern: UInt32(high) << 16 | UInt32(low))
            return Double(raw) / 65536
        }
        guard let horizontal = u16(6), horizontal > 0,
              let trackCount = u16(horizontal), let sizeCount = u16(horizontal + 2),
              let sizeHigh = u16(horizontal + 4), let sizeLow = u16(horizontal + 6),
              trackCount <= 1024, sizeCount > 0, sizeCount <= 1024 else { return nil }
        let sizeTable = sizeHigh << 16 | sizeLow
        var sizes: [Double] = []
        for i in 0..<sizeCount {
            guard let size = fixed(sizeTable + 4 * i) else { return nil }
            sizes.append(size)
        }
        for t in 0..<trackCount {
            let record = horizontal + 8 + 8 * t
            guard let track = fixed(record), let valuesOffset = u16(record + 6) else { return nil }
            guard track == 0 else { continue }
            var entries: [(size: Double, units: Double)] = []
            for i in 0..<sizeCount {
                guard let value = i16(valuesOffset + 2 * i) else { return nil }
                entries.append((sizes[i], Double(value)))
            }
            self.init(entries: entries)
            return
        }
        return nil
    }

    /// The tracking at `size` points, font units.
    public func units(atSize size: Double) -> Double {
        guard let first = entries.first, let last = entries.last else { return 0 }
        if size <= first.size { return first.units }
        if size >= last.size { return last.units }
        var i = 0
        while i + 1 < entries.count && entries[i + 1].size < size { i += 1 }
        let a = entries[i]
        let b = entries[i + 1]
        guard b.size > a.size else { return a.units }
        return a.units + (b.units - a.units) * (size - a.size) / (b.size - a.size)
    }
}
