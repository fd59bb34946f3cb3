/// Text from a file's bytes, checked for UTF-8 in a loop made for the notes' scripts.
///
/// Every byte of every note is checked once, as it is read. The standard library's check is slow on the notes'
/// Russian and Chinese (`make bench-stages`); this one reads runs of ASCII eight bytes at a time and
/// runs of two- and three-byte letters in loops of their own, then makes the `String` without checking the bytes a
/// second time.
enum UTF8Text {
    /// `bytes` as a `String` when they are well-formed UTF-8 (as Unicode defines it: no overlong forms, no
    /// surrogates, nothing above U+10FFFF, no sequence cut short), nil otherwise.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard isValid(bytes) else { return nil }
        return String(copying: UTF8Span(unchecked: bytes.span))
    }

    /// Whether `bytes` are well-formed UTF-8.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i < n {
            let b0 = base[i]
            if b0 < 0x80 {
                // A run of ASCII (between words of Russian, in code and markup), eight bytes at a time.
                i += 1
                while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                }
                continue
            }
            if b0 < 0xE0 {
                // A run of two-byte letters (Cyrillic), each read as one 16-bit number, lead byte lowest: a lead of
                // 110xxxxx but not C0 or C1 (which could only start overlong forms of ASCII), then 10xxxxxx.
                guard i + 1 < n else { return false }
                var pair = raw.loadUnaligned(fromByteOffset: i, as: UInt16.self)
                guard pair & 0xC0E0 == 0x80C0, pair & 0x1E != 0 else { return false }
                i += 2
                while i + 2 <= n {
                    pair = raw.loadUnaligned(fromByteOffset: i, as: UInt16.self)
                    guard pair & 0xC0E0 == 0x80C0, pair & 0x1E != 0 else { break }
                    i += 2
                }
                continue
            }
            if b0 < 0xF0 {
                // A run of three-byte characters (Chinese), each a lead of 1110xxxx and two of 10xxxxxx. After E0
                // the second byte must be A0 or more (below is overlong); after ED, below A0 (above are surrogates).
                guard i + 2 < n else { return false }
                let b1 = base[i + 1]
                guard b1 & 0xC0 == 0x80, base[i + 2] & 0xC0 == 0x80 else { return false }
                if b0 == 0xE0 && b1 < 0xA0 || b0 == 0xED && b1 >= 0xA0 { return false }
                i += 3
                // The next ones four bytes at a time, lead byte lowest, while a fourth byte is there to read: the
                // lead's low half and bit 5 of the second byte tell E0 and ED's wrong second bytes.
                while i + 4 <= n {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                    guard word & 0xC0_C0F0 == 0x80_80E0 else { break }
                    let edges = word & 0x200F
                    if edges == 0 || edges == 0x200D { return false }
                    i += 3
                }
                continue
            }
            guard b0 < 0xF5, i + 3 < n else { return false }
            let b1 = base[i + 1]
            guard b1 & 0xC0 == 0x80, base[i + 2] & 0xC0 == 0x80, base[i + 3] & 0xC0 == 0x80 else { return false }
            // F0 needs 90 and up after it (below is overlong); F4 needs below 90 (above is past U+10FFFF).
            if b0 == 0xF0 && b1 < 0x90 || b0 == 0xF4 && b1 >= 0x90 { return false }
            i += 4
        }
        return true
    }
}
