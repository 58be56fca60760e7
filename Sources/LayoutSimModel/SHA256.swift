import Foundation

/// The error thrown when a file cannot be read, naming the file.
public struct FileReadError: Error, CustomStringConvertible, Equatable {
    /// The path that was passed to the reading function.
    public let path: String

    /// The underlying reason reported by Foundation, if any.
    public let reason: String?

    /// Creates an error for the file at `path`.
    ///
    /// - Parameters:
    ///   - path: The path that could not be read.
    ///   - reason: The underlying reason, for example Foundation's error message.
    public init(path: String, reason: String? = nil) {
        self.path = path
        self.reason = reason
    }

    /// A human-readable message that names the path.
    public var description: String {
        if let reason, !reason.isEmpty {
            return "cannot read file at \(path): \(reason)"
        }
        return "cannot read file at \(path)"
    }
}

/// SHA-256 (FIPS 180-4) in pure Swift.
///
/// layoutsim uses it to identify the font files behind a report, the catalogs and spec a report was made from, and
/// each checked text, so that a JSON report records exactly which bytes it measured. It is not meant for
/// security-sensitive use and makes no attempt at constant-time execution.
///
/// Speed: about 50 instructions per byte in release builds (eight rounds written out per loop turn, so no state
/// moves between rounds; the message schedule in one stack buffer per call; no allocation per block). Files are
/// hashed in chunks of at most ``fileChunkBytes`` as they are read, never held whole.
public enum SHA256 {
    /// The length of a digest in bytes.
    public static let digestByteCount = 32

    /// Bytes read from a file at a time by ``hexDigest(ofFileAt:)``.
    package static let fileChunkBytes = 1 << 20

    /// Returns the 32-byte SHA-256 digest of `data`.
    ///
    /// - Parameter data: The message bytes.
    /// - Returns: The digest, most significant byte first.
    public static func digest(of data: [UInt8]) -> [UInt8] {
        let state = data.withUnsafeBytes { hash($0) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digestByteCount)
        for word in state.words {
            bytes.append(UInt8(truncatingIfNeeded: word &>> 24))
            bytes.append(UInt8(truncatingIfNeeded: word &>> 16))
            bytes.append(UInt8(truncatingIfNeeded: word &>> 8))
            bytes.append(UInt8(truncatingIfNeeded: word))
        }
        return bytes
    }

    /// Returns the SHA-256 digest of `data` as 64 lowercase hexadecimal digits,
    /// the format printed by `sha256sum`.
    ///
    /// - Parameter data: The message bytes.
    /// - Returns: The digest in lowercase hexadecimal.
    public static func hexDigest(of data: [UInt8]) -> String {
        data.withUnsafeBytes { hash($0).hex }
    }

    /// The digest of the UTF-8 bytes of `text` as 64 lowercase hexadecimal digits (`hexDigest(of: Array(text.utf8))`
    /// without copying the bytes).
    package static func hexDigest(ofUTF8 text: String) -> String {
        if let hex = text.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)).hex }) { return hex }
        return hexDigest(of: Array(text.utf8))
    }

    /// Returns the SHA-256 digest of the file at `path` as 64 lowercase
    /// hexadecimal digits, the format printed by `sha256sum`.
    ///
    /// - Parameter path: A file system path, absolute or relative to the
    ///   current directory.
    /// - Returns: The digest of the file's bytes in lowercase hexadecimal.
    /// - Throws: ``FileReadError`` naming `path` when the file cannot be read.
    public static func hexDigest(ofFileAt path: String) throws -> String {
        var hasher = Hasher()
        do throws(InputFileError) {
            try InputFile.readChunks(path, limit: max(InputFile.maximumBytes, InputFile.maximumFontBytes),
                                     chunkBytes: fileChunkBytes) { hasher.update($0) }
        } catch {
            throw FileReadError(path: path, reason: error.description)
        }
        return hasher.finish().hex
    }

    /// SHA-256 of bytes given in pieces of any length.
    package struct Hasher {
        private var state = State()
        /// The bytes of an unfinished block (fewer than 64), at the start of a 64-byte buffer.
        private var pending: [UInt8] = []
        /// Message bytes so far.
        private var length: UInt64 = 0

        package init() {}

        /// Adds `bytes` to the message.
        package mutating func update(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            length &+= UInt64(bytes.count)
            var used = 0
            if !pending.isEmpty {
                used = min(blockByteCount - pending.count, bytes.count)
                pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: used))
                guard pending.count == blockByteCount else { return }
                pending.withUnsafeBytes { block in
                    if let start = block.baseAddress { SHA256.compress(&state, start, blocks: 1) }
                }
                pending.removeAll(keepingCapacity: true)
            }
            let blocks = (bytes.count - used) / blockByteCount
            if blocks > 0 { SHA256.compress(&state, base + used, blocks: blocks) }
            used += blocks * blockByteCount
            if used < bytes.count {
                pending.reserveCapacity(blockByteCount)
                pending.append(contentsOf: UnsafeRawBufferPointer(start: base + used, count: bytes.count - used))
            }
        }

        /// The hash of the message given so far (the hasher is spent).
        package mutating func finish() -> State {
            pending.withUnsafeBytes { SHA256.finish(&state, tail: $0, length: length) }
            return state
        }
    }

    // MARK: - Implementation

    /// The eight words of a hash value, initially H(0) (FIPS 180-4, section 5.3.3).
    package struct State {
        var a: UInt32 = 0x6a09_e667, b: UInt32 = 0xbb67_ae85, c: UInt32 = 0x3c6e_f372, d: UInt32 = 0xa54f_f53a
        var e: UInt32 = 0x510e_527f, f: UInt32 = 0x9b05_688c, g: UInt32 = 0x1f83_d9ab, h: UInt32 = 0x5be0_cd19

        var words: [UInt32] { [a, b, c, d, e, f, g, h] }

        /// The 64 lowercase hexadecimal digits.
        package var hex: String {
            String(unsafeUninitializedCapacity: 2 * SHA256.digestByteCount) { buffer in
                var index = 0
                for word in [a, b, c, d, e, f, g, h] {
                    var shift: UInt32 = 28
                    for _ in 0..<8 {
                        let digit = UInt8(truncatingIfNeeded: (word &>> shift) & 0xF)
                        buffer[index] = digit < 10 ? UInt8(ascii: "0") &+ digit : UInt8(ascii: "a") &+ digit &- 10
                        index += 1
                        shift &-= 4
                    }
                }
                return index
            }
        }
    }

    /// The round constants K (FIPS 180-4, section 4.2.2).
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private static let blockByteCount = 64

    /// Hashes `message` and returns the final hash value.
    private static func hash(_ message: UnsafeRawBufferPointer) -> State {
        var state = State()
        let fullBlocks = message.count / blockByteCount
        if fullBlocks > 0, let base = message.baseAddress { compress(&state, base, blocks: fullBlocks) }
        finish(&state, tail: UnsafeRawBufferPointer(rebasing: message[(fullBlocks * blockByteCount)...]),
               length: UInt64(message.count))
        return state
    }

    /// Padding (FIPS 180-4, section 5.1.1): the last bytes of the message (`tail`, fewer than 64), 0x80, zeros,
    /// then the message length in bits as a 64-bit big-endian integer, filling one or two final blocks.
    private static func finish(_ state: inout State, tail: UnsafeRawBufferPointer, length: UInt64) {
        withUnsafeTemporaryAllocation(byteCount: 2 * blockByteCount, alignment: 8) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            if tail.count > 0 { buffer.copyMemory(from: tail) }
            buffer[tail.count] = 0x80
            let count = tail.count + 1 + 8 <= blockByteCount ? blockByteCount : 2 * blockByteCount
            let bits = length &* 8
            for i in 0..<8 { buffer[count - 1 - i] = UInt8(truncatingIfNeeded: bits &>> UInt64(8 * i)) }
            if let start = buffer.baseAddress { compress(&state, UnsafeRawPointer(start), blocks: count / blockByteCount) }
        }
    }

    /// `x` rotated right by `n` bits.
    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x &>> n | x &<< (32 &- n) }

    /// One round (FIPS 180-4, section 6.2.2, step 3), with the variables renamed instead of moved: the caller
    /// passes them rotated by one each round. Σ1(e) is ROTR6(ROTR5(ROTR14(e) ⊕ e) ⊕ e), Σ0(a) likewise
    /// (fewer instructions, same value); Ch(e, f, g) is g ⊕ (e ∧ (f ⊕ g)); Maj(a, b, c) is b ⊕ ((a ⊕ b) ∧ (b ⊕ c)).
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
        _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
    ) {
        let t1 = h &+ rotr(rotr(rotr(e, 14) ^ e, 5) ^ e, 6) &+ (g ^ (e & (f ^ g))) &+ kw
        d &+= t1
        h = t1 &+ rotr(rotr(rotr(a, 9) ^ a, 11) ^ a, 2) &+ (b ^ ((a ^ b) & (b ^ c)))
    }

    /// Applies the SHA-256 compression function to `blocks` consecutive 64-byte blocks at `start`
    /// (FIPS 180-4, section 6.2.2).
    private static func compress(_ state: inout State, _ start: UnsafeRawPointer, blocks: Int) {
        roundConstants.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                guard let k = constants.baseAddress, let w = schedule.baseAddress else { return }
                var block = start
                for _ in 0..<blocks {
                    for t in 0..<16 {
                        (w + t).initialize(to: UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 &* t, as: UInt32.self)))
                    }
                    for t in 16..<64 {
                        let x = w[t &- 15], y = w[t &- 2]
                        let sigma0 = rotr(rotr(x, 11) ^ x, 7) ^ (x &>> 3)
                        let sigma1 = rotr(rotr(y, 2) ^ y, 17) ^ (y &>> 10)
                        (w + t).initialize(to: sigma1 &+ w[t &- 7] &+ sigma0 &+ w[t &- 16])
                    }
                    var a = state.a, b = state.b, c = state.c, d = state.d
                    var e = state.e, f = state.f, g = state.g, h = state.h
                    var t = 0
                    while t < 64 {
                        round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
                        round(h, a, b, &c, d, e, f, &g, k[t &+ 1] &+ w[t &+ 1])
                        round(g, h, a, &b, c, d, e, &f, k[t &+ 2] &+ w[t &+ 2])
                        round(f, g, h, &a, b, c, d, &e, k[t &+ 3] &+ w[t &+ 3])
                        round(e, f, g, &h, a, b, c, &d, k[t &+ 4] &+ w[t &+ 4])
                        round(d, e, f, &g, h, a, b, &c, k[t &+ 5] &+ w[t &+ 5])
                        round(c, d, e, &f, g, h, a, &b, k[t &+ 6] &+ w[t &+ 6])
                        round(b, c, d, &e, f, g, h, &a, k[t &+ 7] &+ w[t &+ 7])
                        t &+= 8
                    }
                    state.a &+= a; state.b &+= b; state.c &+= c; state.d &+= d
                    state.e &+= e; state.f &+= f; state.g &+= g; state.h &+= h
                    block += blockByteCount
                }
            }
        }
    }
}
