import Foundation
import LayoutSimFaces
import LayoutSimFitting
import LayoutSimModel
import LayoutSimTestSupport
import Testing

/// Fonts nobody on the team made: special files and impossible metrics are refused with a message naming the file.
struct HostileFontTests {
    /// OneEm.ttf with one big-endian 16-bit field of table `tag` overwritten (offsets from the OpenType spec; the
    /// table directory is read here, independently of the code under test).
    static func patchedOneEm(_ tag: String, offset: Int, value: UInt16, in dir: URL) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: TestSupport.fixture("OneEm.ttf")))
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        var tableOffset: Int?
        for i in 0..<tables {
            let record = 12 + 16 * i
            if String(decoding: bytes[record..<record + 4], as: UTF8.self) == tag {
                tableOffset = bytes[record + 8..<record + 12].reduce(0) { $0 << 8 | Int($1) }
            }
        }
        let start = try #require(tableOffset) + offset
        bytes[start] = UInt8(value >> 8)
        bytes[start + 1] = UInt8(value & 0xFF)
        let path = dir.appendingPathComponent("\(tag)-\(offset)-\(value).ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func openError(_ path: String) throws -> String {
        let registry = try FontRegistry()
        do {
            _ = try registry.face(path: path)
            return ""
        } catch {
            return error.description
        }
    }

    @Test func theUnpatchedFixtureOpens() throws {
        #expect(try openError(TestSupport.oneEm) == "")
    }

    @Test(arguments: [
        ("hhea", 4, UInt16(0x7FFF), "ascender 32767"),          // ascender
        ("hhea", 6, UInt16(0x8000), "descender -32768"),        // descender
        ("hhea", 8, UInt16(0x7FFF), "line gap 32767"),          // lineGap
        ("hhea", 4, UInt16(0xFC18), "line height"),             // ascender -1000 under descender: negative height
        ("hmtx", 4, UInt16(0xFFFF), "advances"),                // glyph 1's advance 65535 (unsigned in hmtx: 65 em)
    ])
    func impossibleMetricsAreRefused(tag: String, offset: Int, value: UInt16, words: String) throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.patchedOneEm(tag, offset: offset, value: value, in: dir)
        let message = try openError(path)
        #expect(message.hasPrefix(path + ": not a usable font: impossible metrics"), "\(message)")
        #expect(message.contains(words), "\(message)")
    }

    /// The bound is exact, read from `hmtx` as HarfBuzz gives it: OneEm has unitsPerEm 1000, so 16 em is 16,000 units;
    /// glyph 2's advance set to 16,000 opens, 16,001 is refused with the glyph and its advance named. Glyph 103 (the
    /// last of its 104 long metrics) too: every long metric is read.
    @Test(arguments: [(2, UInt16(16000), nil), (2, UInt16(16001), "glyph 2 advances 16001 units"),
                      (103, UInt16(16001), "glyph 103 advances 16001 units")] as [(Int, UInt16, String?)])
    func theAdvanceBoundIsExact(glyph: Int, value: UInt16, words: String?) throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.patchedOneEm("hmtx", offset: 4 * glyph, value: value, in: dir)
        let message = try openError(path)
        if let words {
            #expect(message == path + ": not a usable font: impossible metrics: \(words) (unitsPerEm 1000); at most 16 em")
        } else {
            #expect(message == "")
        }
    }

    @Test func zeroUnitsPerEmIsRefused() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.patchedOneEm("head", offset: 18, value: 0, in: dir)
        let message = try openError(path)
        #expect(message.hasPrefix(path + ": "), "\(message)")
        #expect(message.contains("unitsPerEm") || message.contains("not a usable font"), "\(message)")
    }

    /// Found by fuzz-font: kerning that moves a glyph back by more than an em made lines of negative width, which
    /// "fit" anywhere. `OneEm-BadKern.ttf` kerns A·B by −5000 units (Scripts/make_hostile_font_fixture.py), so A's
    /// cluster advances 1000 − 5000 = −4000 units; B·A is not kerned and is laid out.
    @Test func kerningThatMakesNegativeAdvancesIsRefused() throws {
        let engine = try TestSupport.engine()
        let path = TestSupport.fixture("OneEm-BadKern.ttf").path
        func fit(_ text: String) throws(LayoutSimError) -> FitReport {
            try engine.fit(FitRequest(text: text, font: .file(path, size: 10), container: Container(width: 100)))
        }
        #expect(throws: LayoutSimError.font(.unusableFace(
            reason: "impossible metrics: shaping (its kerning or GPOS positioning) gives 'A' (U+0041) an advance of -4000 units (unitsPerEm 1000)",
            path: path
        ))) { try fit("AB") }
        #expect(try fit("BA").results.first?.shownLineWidths == [20])
    }

    @Test func specialFilesAreRefusedBeforeOpening() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("font.ttf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(try openError(fifo) == "\(fifo): cannot read the font: is a named pipe (FIFO), not a regular file (layoutsim reads only regular files)")
        #expect(try openError("/dev/zero").contains("is a character device, not a regular file"))
        #expect(try openError(dir.path).contains("is a folder, not a file"))
    }
}
