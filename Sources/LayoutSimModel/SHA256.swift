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
/// layoutsim uses it to identify the font files behind a report, so that a JSON
/// report records exactly which font bytes it measured. It is not meant for
/// security-sensitive use and makes no attempt at constant-time execution.
public enum SHA256 {
    /// The length of a digest in bytes.
    public static let digestByteCount = 32

    /// Returns the 32-byte SHA-256 digest of `data`.
    ///
    /// - Parameter data: The message bytes.
    /// - Returns: The digest, most significant byte first.
    public static func digest(of data: [UInt8]) -> [UInt8] {
        let state = data.withUnsafeBytes { hash($0) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digestByteCount)
        for word in state {
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
        data.withUnsafeBytes { hexString(hash($0)) }
    }

    /// Returns the SHA-256 digest of the file at `path` as 64 lowercase
    /// hexadecimal digits, the format printed by `sha256sum`.
    ///
    /// - Parameter path: A file system path, absolute or relative to the
    ///   current directory.
    /// - Returns: The digest of the file's bytes in lowercase hexadecimal.
    /// - Throws: ``FileReadError`` naming `path` when the file cannot be read.
    public static func hexDigest(ofFileAt path: String) throws -> String {
        let contents: Data
        do throws(InputFileError) {
            contents = try InputFile.read(path, limit: max(InputFile.maximumBytes, InputFile.maximumFontBytes))
        } catch {
            throw FileReadError(path: path, reason: error.description)
        }
        return contents.withUnsafeBytes { hexString(hash($0)) }
    }

    // MARK: - Implementation

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

    /// The initial hash value H(0) (FIPS 180-4, section 5.3.3).
    private static let initialHash: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    private static let blockByteCount = 64

    /// Hashes `message` and returns the eight words of the final hash value.
    private static func hash(_ message: UnsafeRawBufferPointer) -> [UInt32] {
        var state = initialHash
        var schedule = [UInt32](repeating: 0, count: 64)

        state.withUnsafeMutableBufferPointer { h in
            schedule.withUnsafeMutableBufferPointer { w in
                roundConstants.withUnsafeBufferPointer { k in
                    let fullBlocks = message.count / blockByteCount
                    for block in 0..<fullBlocks {
                        let start = block * blockByteCount
                        compress(
                            UnsafeRawBufferPointer(rebasing: message[start..<(start + blockByteCount)]),
                            state: h, schedule: w, constants: k)
                    }

                    // Padding (FIPS 180-4, section 5.1.1): the remaining bytes,
                    // 0x80, zeros, then the message length in bits as a 64-bit
                    // big-endian integer, filling one or two final blocks.
                    let consumed = fullBlocks * blockByteCount
                    let remaining = message.count - consumed
                    var tail = [UInt8](repeating: 0, count: 2 * blockByteCount)
                    let tailCount = remaining + 1 + 8 <= blockByteCount ? blockByteCount : 2 * blockByteCount
                    tail.withUnsafeMutableBytes { t in
                        if remaining > 0 {
                            t.copyMemory(from: UnsafeRawBufferPointer(rebasing: message[consumed...]))
                        }
                        t[remaining] = 0x80
                        let bitLength = UInt64(message.count) &* 8
                        for i in 0..<8 {
                            t[tailCount - 1 - i] = UInt8(truncatingIfNeeded: bitLength &>> UInt64(8 * i))
                        }
                        let tailBytes = UnsafeRawBufferPointer(t)
                        var offset = 0
                        while offset < tailCount {
                            compress(
                                UnsafeRawBufferPointer(rebasing: tailBytes[offset..<(offset + blockByteCount)]),
                                state: h, schedule: w, constants: k)
                            offset += blockByteCount
                        }
                    }
                }
            }
        }
        return state
    }

    /// Applies the SHA-256 compression function to one 64-byte block
    /// (FIPS 180-4, section 6.2.2).
    ///
    /// Rotations are written out as `(x &>> n | x &<< (32 - n))` rather than
    /// calling a helper: unoptimized (debug) builds do not inline helpers, and
    /// the calls would dominate the running time.
    private static func compress(
        _ block: UnsafeRawBufferPointer,
        state h: UnsafeMutableBufferPointer<UInt32>,
        schedule w: UnsafeMutableBufferPointer<UInt32>,
        constants k: UnsafeBufferPointer<UInt32>
    ) {
        for t in 0..<16 {
            w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self))
        }
        for t in 16..<64 {
            let w15 = w[t - 15]
            let w2 = w[t - 2]
            let sigma0 = (w15 &>> 7 | w15 &<< 25) ^ (w15 &>> 18 | w15 &<< 14) ^ (w15 &>> 3)
            let sigma1 = (w2 &>> 17 | w2 &<< 15) ^ (w2 &>> 19 | w2 &<< 13) ^ (w2 &>> 10)
            w[t] = sigma1 &+ w[t - 7] &+ sigma0 &+ w[t - 16]
        }

        var a = h[0], b = h[1], c = h[2], d = h[3]
        var e = h[4], f = h[5], g = h[6], hh = h[7]
        for t in 0..<64 {
            let bigSigma1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
            let choose = (e & f) ^ (~e & g)
            let t1 = hh &+ bigSigma1 &+ choose &+ k[t] &+ w[t]
            let bigSigma0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = bigSigma0 &+ majority
            hh = g
            g = f
            f = e
            e = d &+ t1
            d = c
            c = b
            b = a
            a = t1 &+ t2
        }
        h[0] = h[0] &+ a
        h[1] = h[1] &+ b
        h[2] = h[2] &+ c
        h[3] = h[3] &+ d
        h[4] = h[4] &+ e
        h[5] = h[5] &+ f
        h[6] = h[6] &+ g
        h[7] = h[7] &+ hh
    }

    /// Formats the eight hash words as 64 lowercase hexadecimal digits.
    private static func hexString(_ words: [UInt32]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var ascii: [UInt8] = []
        ascii.reserveCapacity(2 * digestByteCount)
        for word in words {
            var shift: UInt32 = 28
            for _ in 0..<8 {
                ascii.append(digits[Int((word &>> shift) & 0xf)])
                shift &-= 4
            }
        }
        return String(decoding: ascii, as: UTF8.self)
    }
}
