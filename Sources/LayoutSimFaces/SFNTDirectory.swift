import Foundation
import LayoutSimModel

/// Reads an OpenType/TrueType table directory straight from the file, to catch truncated fonts that FreeType and
/// HarfBuzz would quietly accept without the cut-off tables.
package enum SFNTDirectory {
    /// A description of the first table that does not fit in the file, or nil when every table does (or the file
    /// is not an sfnt, which FreeType has already judged).
    package static func truncation(path: String, faceIndex: Int) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size >= 12 else { return "the file is too short for a font" }
        func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
            guard offset + UInt64(count) <= size, (try? handle.seek(toOffset: offset)) != nil,
                  let data = try? handle.read(upToCount: count), data.count == count else { return nil }
            return [UInt8](data)
        }
        func u32(_ b: [UInt8], _ i: Int) -> UInt64 {
            UInt64(b[i]) << 24 | UInt64(b[i + 1]) << 16 | UInt64(b[i + 2]) << 8 | UInt64(b[i + 3])
        }
        guard let header = bytes(at: 0, count: 12) else { return "the file is too short for a font" }
        var directory: UInt64 = 0
        if header[0...3].elementsEqual(Array("ttcf".utf8)) {
            guard let entry = bytes(at: 12 + 4 * UInt64(faceIndex), count: 4) else { return "the collection header is cut off" }
            directory = u32(entry, 0)
        }
        guard let offsetTable = bytes(at: directory, count: 12) else { return "the table directory is cut off" }
        let tag = u32(offsetTable, 0)
        // 0x00010000 (TrueType), 'OTTO' (CFF), 'true', 'typ1': sfnt versions. Anything else (WOFF, Type 1) is left
        // to FreeType.
        guard [0x0001_0000, 0x4F54_544F, 0x7472_7565, 0x7479_7031].contains(tag) else { return nil }
        let count = Int(offsetTable[4]) << 8 | Int(offsetTable[5])
        guard let records = bytes(at: directory + 12, count: 16 * count) else { return "the table directory is cut off" }
        for i in 0..<count {
            let base = 16 * i
            let name = String(decoding: records[base..<base + 4], as: UTF8.self)
            let offset = u32(records, base + 8)
            let length = u32(records, base + 12)
            if offset + length > size {
                return "table '\(name)' ends at byte \(offset + length), the file has \(size)"
            }
        }
        return nil
    }
}
