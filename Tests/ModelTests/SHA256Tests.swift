import Foundation
import LayoutSimModel
import LayoutSimSupport
import LayoutSimTestSupport
import Testing

@Suite("SHA-256")
struct SHA256Tests {
    // MARK: - FIPS 180-4 example vectors

    @Test("empty message")
    func emptyMessage() {
        #expect(
            SHA256.hexDigest(of: [])
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("\"abc\" (one block)")
    func abc() {
        #expect(
            SHA256.hexDigest(of: Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("448-bit message (two blocks)")
    func twoBlockMessage() {
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(message.utf8.count == 56)
        #expect(
            SHA256.hexDigest(of: Array(message.utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("896-bit message (FIPS 180-4 example, two blocks)")
    func nineHundredBitMessage() {
        let message = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(message.utf8.count == 112)
        #expect(
            SHA256.hexDigest(of: Array(message.utf8))
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test("a message given in pieces of any length hashes as one")
    func pieces() {
        let message = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
        let whole = SHA256.hexDigest(of: message)
        for step in [1, 3, 63, 64, 65, 100, 128, 999] {
            var hasher = SHA256.Hasher()
            var start = 0
            while start < message.count {
                let end = min(start + step, message.count)
                hasher.update(Array(message[start..<end]))
                start = end
            }
            #expect(hasher.finish().hex == whole, "pieces of \(step)")
        }
    }

    /// Every length from 0 to 200 bytes (one, two and four blocks, the padding at every offset) against
    /// `sha256sum`, whole, as a String's UTF-8 and in two pieces.
    @Test("lengths 0 to 200 hash as sha256sum does")
    func everyShortLength() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutsim-sha256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = (0...200).map { length in (0..<length).map { UInt8(truncatingIfNeeded: ($0 &* 37 &+ length) % 95 + 32) } }
        for (length, message) in messages.enumerated() {
            try Data(message).write(to: folder.appendingPathComponent("\(length)"))
        }
        let expected = try TestSupport.sha256sums(messages.indices.map { folder.appendingPathComponent("\($0)").path })
        #expect(expected.count == messages.count)
        for (length, message) in messages.enumerated() where length < expected.count {
            #expect(SHA256.hexDigest(of: message) == expected[length], "length \(length)")
            var hasher = SHA256.Hasher()
            let cut = length / 3
            hasher.update(Array(message[..<cut]))
            hasher.update(Array(message[cut...]))
            #expect(hasher.finish().hex == expected[length], "length \(length) in two pieces")
        }
    }

    @Test("one million 'a'")
    func oneMillionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            SHA256.hexDigest(of: message)
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    // MARK: - Padding boundaries

    /// Expected digests of the bytes `(i * 7 + 3) & 0xff` for `i` in `0..<length`,
    /// computed with Python's hashlib.
    static let boundaryCases: [(length: Int, hex: String)] = [
        (55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"),
        (56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"),
        (63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"),
        (64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"),
        (65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"),
        (119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"),
        (120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"),
        (128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"),
    ]

    @Test("block and padding boundaries", arguments: SHA256Tests.boundaryCases)
    func paddingBoundary(length: Int, hex: String) {
        let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        #expect(SHA256.hexDigest(of: message) == hex)
    }

    @Test("digest bytes match the hex digest")
    func digestBytes() {
        let bytes = SHA256.digest(of: Array("abc".utf8))
        #expect(bytes.count == SHA256.digestByteCount)
        #expect(bytes.prefix(4) == [0xba, 0x78, 0x16, 0xbf])
        #expect(bytes.suffix(4) == [0xf2, 0x00, 0x15, 0xad])
    }

    // MARK: - Files

    @Test("unreadable file throws an error naming the path")
    func unreadableFile() {
        let path = "/nonexistent-layoutsim-dir/missing.ttf"
        let error = #expect(throws: FileReadError.self) {
            try SHA256.hexDigest(ofFileAt: path)
        }
        #expect(error?.path == path)
        #expect(error?.description.contains(path) == true)
    }

    @Test("file digest equals in-memory digest")
    func fileMatchesMemory() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("layoutsim-sha256-\(UUID().uuidString).bin")
        let message = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 1) }
        try Data(message).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try SHA256.hexDigest(ofFileAt: url.path) == SHA256.hexDigest(of: message))
    }

    @Test("files of several chunks hash as sha256sum does", arguments: [0, 1, 64, 1 << 20, (1 << 20) + 1, 2 * (1 << 20) + 777])
    func largeFileMatchesSha256sum(size: Int) throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("layoutsim-sha256-\(UUID().uuidString).bin")
        let message = (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        try Data(message).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let expected = try TestSupport.sha256sum(url.path)
        #expect(expected.count == 64)
        #expect(try SHA256.hexDigest(ofFileAt: url.path) == expected)
    }

    @Test("a file read in chunks gives its bytes in order, every chunk full but the last")
    func chunkedRead() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("layoutsim-chunks-\(UUID().uuidString).bin")
        let message = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(message).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        for chunk in [1, 7, 64, 999, 1_000, 4_096] {
            var read: [UInt8] = []
            var sizes: [Int] = []
            try InputFile.readChunks(url.path, chunkBytes: chunk) { bytes in
                read.append(contentsOf: bytes)
                sizes.append(bytes.count)
            }
            #expect(read == message)
            #expect(sizes.dropLast().allSatisfy { $0 == chunk })
            #expect(sizes.count == (1_000 + chunk - 1) / chunk)
        }
        #expect(throws: InputFileError.directory) {
            try InputFile.readChunks(FileManager.default.temporaryDirectory.path, chunkBytes: 64) { _ in }
        }
    }

    /// The repository root: this file is Tests/ModelTests/SHA256Tests.swift.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ModelTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root

    /// Parses the `| file | ... | sha256 |` table of Fonts/README.md into
    /// (file name, sha256) pairs. Only the table whose header ends in `sha256`
    /// is read; the vertical-metrics table that follows it is ignored.
    static func listedFonts(in readme: String) -> [(file: String, sha256: String)] {
        var rows: [(file: String, sha256: String)] = []
        var inTable = false
        for rawLine in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("|") else {
                inTable = false
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.first == "file" {
                inTable = cells.last == "sha256"
                continue
            }
            guard inTable, let file = cells.first, let sha = cells.last,
                file.hasSuffix(".otf") || file.hasSuffix(".ttf")
            else { continue }
            rows.append((file, sha))
        }
        return rows
    }

    @Test("Fonts/README.md lists every bundled font with its sha256")
    func bundledFontsMatchReadme() throws {
        let fontsDirectory = Self.repositoryRoot.appendingPathComponent("Fonts")
        let readme = try String(
            contentsOf: fontsDirectory.appendingPathComponent("README.md"), encoding: .utf8)
        let listed = Self.listedFonts(in: readme)
        #expect(listed.count == 57)

        for (file, expected) in listed {
            #expect(expected.count == 64, "\(file): sha256 cell is not 64 hex digits")
            let actual = try SHA256.hexDigest(ofFileAt: fontsDirectory.appendingPathComponent(file).path)
            #expect(actual == expected, "\(file)")
        }

        let onDisk = try FileManager.default.contentsOfDirectory(atPath: fontsDirectory.path)
            .filter { $0.hasSuffix(".otf") || $0.hasSuffix(".ttf") }
        #expect(Set(onDisk) == Set(listed.map(\.file)))
        #expect(Set(listed.map(\.file)).count == listed.count, "a font is listed twice")
    }
}
