import LayoutSimModel

// The JSON writer's numbers, written by index into its storage.
extension ReportNumber {
    /// Writes ``jsonText(_:)`` of a value ``isPlainThousandths(_:)`` accepts into `bytes` from index `start` (at
    /// most 22 bytes, which must be there); returns the index after the last one written.
    package static func writeThousandths(
        _ value: Double, into bytes: inout [UInt8], at start: Int
    ) -> Int {
        var at = start
        if value < 0 {
            bytes.set(at, UInt8(ascii: "-"))
            at += 1
        }
        let n = Int((abs(value) * 1000).rounded())
        at = writeDecimal(n / 1000, into: &bytes, at: at)
        var fraction = n % 1000
        guard fraction != 0 else { return at }
        bytes.set(at, UInt8(ascii: "."))
        at += 1
        var divisor = 100
        while fraction % 10 == 0 {
            fraction /= 10
            divisor /= 10
        }
        while divisor > 0 {
            bytes.set(at, UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / divisor % 10))
            at += 1
            divisor /= 10
        }
        return at
    }

    /// Writes `value` in decimal (`String(value)`'s bytes, at most 20, which must be there) into `bytes` from index
    /// `start`; returns the index after the last one written.
    package static func writeDecimal(
        _ value: Int, into bytes: inout [UInt8], at start: Int
    ) -> Int {
        var at = start
        if value < 0 {
            bytes.set(at, UInt8(ascii: "-"))
            at += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var power: UInt = 10
        while digits < 20, magnitude >= power {
            digits += 1
            power = power &* 10
        }
        let end = at + digits
        var index = end
        repeat {
            index -= 1
            bytes.set(index, UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while index > at
        return end
    }
}
