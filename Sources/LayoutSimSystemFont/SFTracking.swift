import LayoutSimFaces
import LayoutSimModel
import LayoutSimShaping

/// Apple's SF Pro tracking table for iOS (HIG "Typography › Tracking values", the 1/1000 em column).
///
/// CoreText applies this tracking to the system font automatically at every size; it is already inside the
/// measured SF advances. LayoutSim uses it to carry the 40 pt measurements to larger sizes (AX3–AX5 reach
/// 60 pt) and the 8 pt measurements to smaller ones: an SF advance in font units is a master advance plus
/// the tracking at that size (this predicts the measured 28 pt advances from the 40 pt ones within 1 unit
/// of 2048). Between listed sizes the value is interpolated linearly; below 6 pt it stays at +41, from
/// 80 pt on it is 0.
package enum SFTracking {
    /// (size in points, tracking in 1/1000 em), ascending by size. Source: dynamic-type.md §3.
    package static let table: [(size: Double, milliEm: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16),
        (16, -20), (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3),
        (25, 6), (26, 8), (27, 11), (28, 14), (29, 14), (30, 14), (31, 13), (32, 13), (33, 12), (34, 12),
        (35, 11), (36, 10), (37, 10), (38, 10), (39, 10), (40, 10), (41, 9), (42, 9), (43, 9), (44, 8),
        (45, 8), (46, 8), (47, 8), (48, 8), (49, 7), (50, 7), (51, 7), (52, 6), (53, 6), (54, 6), (56, 6),
        (58, 5), (60, 4), (62, 4), (64, 4), (66, 3), (68, 2), (70, 2), (72, 2), (76, 1), (80, 0),
    ]

    /// Tracking at `size` points, in 1/1000 em.
    package static func milliEm(atSize size: Double) -> Double {
        guard let first = table.first, let last = table.last else { return 0 }
        if size <= first.size { return first.milliEm }
        if size >= last.size { return last.milliEm }
        var low = 0
        var high = table.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if table[mid].size <= size { low = mid } else { high = mid }
        }
        let a = table[low]
        let b = table[high]
        return a.milliEm + (b.milliEm - a.milliEm) * (size - a.size) / (b.size - a.size)
    }
}
