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
/// Safe, bounds-checked Swift: a block's sixteen message words are read from the byte array into sixteen
/// variables (``Block``), expanded in place sixteen at a time, and the rounds are written out eight per line of
/// variables renamed, so nothing moves between rounds and no buffer is allocated per block. Files are hashed in
/// chunks of at most ``fileChunkBytes`` as they are read, never held whole.
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
        let state = hash(data)
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
        hash(data).hex
    }

    /// The digest of the UTF-8 bytes of `text` as 64 lowercase hexadecimal digits (`hexDigest(of: Array(text.utf8))`,
    /// the bytes copied once into an array that also holds the padding).
    package static func hexDigest(ofUTF8 text: String) -> String {
        let count = text.utf8.count
        var message = [UInt8](repeatElement(0, count: paddedCount(count)))
        message.replaceSubrange(0..<count, with: text.utf8)
        pad(&message, count: count, length: UInt64(count))
        var state = State()
        var offset = 0
        while offset < message.count {
            compress(&state, Block(message, at: offset))
            offset += blockByteCount
        }
        return state.hex
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
        /// The bytes of an unfinished block (fewer than 64).
        private var pending: [UInt8] = []
        /// Message bytes so far.
        private var length: UInt64 = 0

        package init() {}

        /// Adds `bytes` to the message.
        package mutating func update(_ bytes: [UInt8]) {
            length &+= UInt64(bytes.count)
            var rest = bytes
            if !pending.isEmpty {
                let used = min(blockByteCount - pending.count, bytes.count)
                pending.append(contentsOf: bytes[..<used])
                guard pending.count == blockByteCount else { return }
                SHA256.compress(&state, Block(pending, at: 0))
                pending.removeAll(keepingCapacity: true)
                // Only when pieces are not whole blocks (files are read in pieces of 1 MB): the rest copied once.
                rest = Array(bytes[used...])
            }
            let hashed = SHA256.compressBlocks(&state, rest)
            if hashed < rest.count {
                pending.reserveCapacity(blockByteCount)
                pending.append(contentsOf: rest[hashed...])
            }
        }

        /// The hash of the message given so far (the hasher is spent).
        package mutating func finish() -> State {
            SHA256.finish(&state, tail: pending[...], length: length)
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
            var digits = [UInt8](repeatElement(0, count: 2 * SHA256.digestByteCount))
            Self.write(a, &digits, at: 0); Self.write(b, &digits, at: 8); Self.write(c, &digits, at: 16)
            Self.write(d, &digits, at: 24); Self.write(e, &digits, at: 32); Self.write(f, &digits, at: 40)
            Self.write(g, &digits, at: 48); Self.write(h, &digits, at: 56)
            return String(decoding: digits, as: UTF8.self)
        }

        /// The eight hexadecimal digits of `word` into `digits[start..<start + 8]`.
        @inline(__always)
        private static func write(_ word: UInt32, _ digits: inout [UInt8], at start: Int) {
            var shift: UInt32 = 28
            for index in start..<(start + 8) {
                let digit = UInt8(truncatingIfNeeded: (word &>> shift) & 0xF)
                digits[index] = digit < 10 ? UInt8(ascii: "0") &+ digit : UInt8(ascii: "a") &+ digit &- 10
                shift &-= 4
            }
        }
    }

    /// The round constants K (FIPS 180-4, section 4.2.2), sixteen to a pass of ``compress(_:_:)``.
    private static let roundConstants: [SIMD16<UInt32>] = [
        [0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
         0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174],
        [0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
         0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967],
        [0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
         0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070],
        [0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
         0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2],
    ]

    private static let blockByteCount = 64

    /// Bytes of a message of `count` bytes once padded: a multiple of 64 with room for 0x80 and the 8-byte length.
    private static func paddedCount(_ count: Int) -> Int {
        (count + 1 + 8 + blockByteCount - 1) / blockByteCount * blockByteCount
    }

    /// Padding (FIPS 180-4, section 5.1.1) in `message`, whose bytes from `count` on are zero and which is
    /// ``paddedCount(_:)`` long: 0x80 after the message, then the message length in bits as a 64-bit big-endian
    /// integer at the end.
    private static func pad(_ message: inout [UInt8], count: Int, length: UInt64) {
        message[count] = 0x80
        let bits = length &* 8
        let end = message.count
        for i in 0..<8 { message[end - 1 - i] = UInt8(truncatingIfNeeded: bits &>> UInt64(8 * i)) }
    }

    /// Hashes `message` and returns the final hash value.
    private static func hash(_ message: [UInt8]) -> State {
        var state = State()
        let hashed = compressBlocks(&state, message)
        finish(&state, tail: message[hashed...], length: UInt64(message.count))
        return state
    }

    /// Compresses the whole blocks at the start of `bytes`; returns how many bytes they are.
    private static func compressBlocks(_ state: inout State, _ bytes: [UInt8]) -> Int {
        let blocks = bytes.count / blockByteCount
        for block in 0..<blocks { compress(&state, Block(bytes, at: block * blockByteCount)) }
        return blocks * blockByteCount
    }

    /// The last bytes of the message (`tail`, fewer than 64), padded, into one or two final blocks.
    private static func finish(_ state: inout State, tail: ArraySlice<UInt8>, length: UInt64) {
        var blocks = [UInt8](repeatElement(0, count: paddedCount(tail.count)))
        blocks.replaceSubrange(0..<tail.count, with: tail)
        pad(&blocks, count: tail.count, length: length)
        compress(&state, Block(blocks, at: 0))
        if blocks.count > blockByteCount { compress(&state, Block(blocks, at: blockByteCount)) }
    }

    /// The sixteen message words of a block, W(t) for t in 0..<16, then, after each ``expand()``, the next sixteen.
    struct Block {
        var w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15: UInt32

        /// The 64 bytes of `bytes` from `offset`, as sixteen big-endian words.
        @inline(__always)
        init<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: Int) where Bytes.Index == Int {
            // One range check for the block; then each byte's index is checked against the block's bounds, which
            // the compiler can see it is inside.
            let block = bytes[offset..<(offset + 64)]
            @inline(__always)
            func word(_ i: Int) -> UInt32 {
                let at = offset + 4 * i
                return UInt32(block[at]) << 24 | UInt32(block[at + 1]) << 16 | UInt32(block[at + 2]) << 8 | UInt32(block[at + 3])
            }
            w0 = word(0); w1 = word(1); w2 = word(2); w3 = word(3); w4 = word(4); w5 = word(5); w6 = word(6); w7 = word(7)
            w8 = word(8); w9 = word(9); w10 = word(10); w11 = word(11); w12 = word(12); w13 = word(13); w14 = word(14)
            w15 = word(15)
        }

        /// W(t) for the next sixteen t, in place: W(t) = σ1(W(t−2)) + W(t−7) + σ0(W(t−15)) + W(t−16), where W(t−16)
        /// is the word being replaced (FIPS 180-4, section 6.2.2, step 1).
        @inline(__always)
        mutating func expand() {
            func next(_ w: inout UInt32, _ minus2: UInt32, _ minus7: UInt32, _ minus15: UInt32) {
                let sigma0 = rotr(rotr(minus15, 11) ^ minus15, 7) ^ (minus15 &>> 3)
                let sigma1 = rotr(rotr(minus2, 2) ^ minus2, 17) ^ (minus2 &>> 10)
                w = sigma1 &+ minus7 &+ sigma0 &+ w
            }
            next(&w0, w14, w9, w1); next(&w1, w15, w10, w2); next(&w2, w0, w11, w3); next(&w3, w1, w12, w4)
            next(&w4, w2, w13, w5); next(&w5, w3, w14, w6); next(&w6, w4, w15, w7); next(&w7, w5, w0, w8)
            next(&w8, w6, w1, w9); next(&w9, w7, w2, w10); next(&w10, w8, w3, w11); next(&w11, w9, w4, w12)
            next(&w12, w10, w5, w13); next(&w13, w11, w6, w14); next(&w14, w12, w7, w15); next(&w15, w13, w8, w0)
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

    /// Applies the SHA-256 compression function to one block (FIPS 180-4, section 6.2.2): four passes of sixteen
    /// rounds, the words expanded before each pass after the first.
    private static func compress(_ state: inout State, _ block: Block) {
        var w = block
        var a = state.a, b = state.b, c = state.c, d = state.d
        var e = state.e, f = state.f, g = state.g, h = state.h
        for pass in 0..<4 {
            if pass > 0 { w.expand() }
            let k = roundConstants[pass]
            round(a, b, c, &d, e, f, g, &h, k[0] &+ w.w0)
            round(h, a, b, &c, d, e, f, &g, k[1] &+ w.w1)
            round(g, h, a, &b, c, d, e, &f, k[2] &+ w.w2)
            round(f, g, h, &a, b, c, d, &e, k[3] &+ w.w3)
            round(e, f, g, &h, a, b, c, &d, k[4] &+ w.w4)
            round(d, e, f, &g, h, a, b, &c, k[5] &+ w.w5)
            round(c, d, e, &f, g, h, a, &b, k[6] &+ w.w6)
            round(b, c, d, &e, f, g, h, &a, k[7] &+ w.w7)
            round(a, b, c, &d, e, f, g, &h, k[8] &+ w.w8)
            round(h, a, b, &c, d, e, f, &g, k[9] &+ w.w9)
            round(g, h, a, &b, c, d, e, &f, k[10] &+ w.w10)
            round(f, g, h, &a, b, c, d, &e, k[11] &+ w.w11)
            round(e, f, g, &h, a, b, c, &d, k[12] &+ w.w12)
            round(d, e, f, &g, h, a, b, &c, k[13] &+ w.w13)
            round(c, d, e, &f, g, h, a, &b, k[14] &+ w.w14)
            round(b, c, d, &e, f, g, h, &a, k[15] &+ w.w15)
        }
        state.a &+= a; state.b &+= b; state.c &+= c; state.d &+= d
        state.e &+= e; state.f &+= f; state.g &+= g; state.h &+= h
    }
}
