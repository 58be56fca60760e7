extension ArraySlice where Element == UInt8 {
    /// Bytes `i..<i + 8` of a slice of exactly those as one little-endian word: what the byte scanners (the JSON
    /// writer's escape search, the String Catalog parser, the line index) read eight bytes at a time.
    @inlinable @inline(__always)
    package func littleEndianWord(at i: Int) -> UInt64 {
        var word = UInt64(self[i + 7])
        word = word << 8 | UInt64(self[i + 6])
        word = word << 8 | UInt64(self[i + 5])
        word = word << 8 | UInt64(self[i + 4])
        word = word << 8 | UInt64(self[i + 3])
        word = word << 8 | UInt64(self[i + 2])
        word = word << 8 | UInt64(self[i + 1])
        return word << 8 | UInt64(self[i])
    }
}
