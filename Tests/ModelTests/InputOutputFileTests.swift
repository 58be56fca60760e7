import Foundation
import LayoutSimModel
import LayoutSimSupport
import Testing

/// ``InputFile`` and ``OutputFile`` (which pass Swift arrays to `read` and `write`): sizes at the limit, empty files,
/// special files refused, pieces in order.
@Suite("Input and output files")
struct InputOutputFileTests {
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-\(name)-\(UUID().uuidString)").path
    }

    @Test("a file of exactly the limit is read whole; one byte more is refused with both sizes")
    func exactlyTheLimit() throws {
        let path = Self.temporaryPath("limit")
        let message = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 11) }
        try Data(message).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try InputFile.read(path, limit: 5_000) == Data(message))
        #expect(throws: InputFileError.tooLarge(size: 5_000, limit: 4_999)) { try InputFile.read(path, limit: 4_999) }
        #expect(throws: InputFileError.tooLarge(size: 5_000, limit: 4_999)) {
            try InputFile.readChunks(path, limit: 4_999, chunkBytes: 64) { _ in }
        }
        var pieces: [[UInt8]] = []
        try InputFile.readChunks(path, limit: 5_000, chunkBytes: 5_000) { pieces.append($0) }
        #expect(pieces == [message])
    }

    @Test("an empty file is read as no bytes and no pieces")
    func emptyFile() throws {
        let path = Self.temporaryPath("empty")
        try Data().write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try InputFile.read(path) == Data())
        var pieces = 0
        try InputFile.readChunks(path, chunkBytes: 64) { _ in pieces += 1 }
        #expect(pieces == 0)
    }

    @Test("a named pipe, a device and a folder are refused before any read")
    func specialFiles() throws {
        let fifo = Self.temporaryPath("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(throws: InputFileError.special(kind: "a named pipe (FIFO)")) { try InputFile.read(fifo) }
        #expect(throws: InputFileError.special(kind: "a named pipe (FIFO)")) { try InputFile.readChunks(fifo, chunkBytes: 8) { _ in } }
        #expect(throws: InputFileError.special(kind: "a character device")) { try InputFile.read("/dev/zero") }
        #expect(throws: InputFileError.directory) { try InputFile.read(FileManager.default.temporaryDirectory.path) }
        #expect(throws: InputFileError.missing) { try InputFile.read("/nonexistent-layoutsim/file") }
    }

    @Test("chunks written, empty ones and ones over a megabyte among them, make the file")
    func writtenChunks() throws {
        let path = Self.temporaryPath("output")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let chunks: [[UInt8]] = [Array("first ".utf8), [], (0..<1_500_000).map { UInt8(truncatingIfNeeded: $0 % 251) }, [0x0A]]
        try OutputFile.write(to: path) { sink in
            for chunk in chunks { try sink(chunk) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(chunks.flatMap { $0 }))
        try OutputFile.write(Data("replaced".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "replaced")
    }

    @Test("a file of many megabytes, its write-back started every few of them as it is written, is whole and in order")
    func writtenBackAsWritten() throws {
        let path = Self.temporaryPath("written-back")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // 13 chunks of 777,777 bytes (10.1 MB): the write-back starts at chunks that do not end on its 4 MB marks.
        let chunks: [[UInt8]] = (0..<13).map { index in (0..<777_777).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) } }
        try OutputFile.write(to: path) { sink in
            for chunk in chunks { try sink(chunk) }
        }
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(written.count == 13 * 777_777)
        #expect(written == Data(chunks.flatMap { $0 }))
    }
}
