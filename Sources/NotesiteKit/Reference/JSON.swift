/// JSON string literals.
enum JSON {
    static func string(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `s` as a JSON string literal to the UTF-8 bytes `out`. The bytes between the ones that need escaping
    /// are copied in runs: most strings (titles, addresses) have none, and a section's text a line break every few
    /// words.
    static func append(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { append($0, to: &out) }
    }

    /// Appends the UTF-8 text `source` as a JSON string literal.
    static func append(_ source: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var run = 0
        var i = 0
        while let found = firstToEscape(in: source, from: i) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: source[run..<found]))
            run = found + 1
            i = found + 1
            out.append(UInt8(ascii: "\\"))
            if let short = shortEscape(source[found]) {
                out.append(short)
            } else {
                let hex: StaticString = "0123456789abcdef"
                out += [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        hex.utf8Start[Int(source[found] >> 4)], hex.utf8Start[Int(source[found] & 0xF)]]
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: source[run...]))
        out.append(UInt8(ascii: "\""))
    }

    /// Where the first byte JSON escapes stands at or after `start`, if any. Eight bytes at a time: the search
    /// scripts hold the text of every section, and most of it needs nothing.
    static func firstToEscape(in source: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = source.baseAddress else { return nil }
        let count = source.count
        var i = start
        while i + 8 <= count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // A byte under 0x20 is one whose high bit is clear and still clear, with a borrow, after 0x20 is taken
            // from it; a quote or backslash is a zero byte after the word is XORed with it.
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let control = (word &- ones &* 0x20) & ~word & highs
            let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            if control | ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs) != 0 { break }
            i += 8
        }
        while i < count {
            if needsEscape(base[i]) { return i }
            i += 1
        }
        return nil
    }

    /// Appends `n` (not negative) in decimal.
    static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        if n < 10 {
            out.append(UInt8(ascii: "0") + UInt8(n))
            return
        }
        // The digits from a buffer on the stack (an Int has at most 19 digits).
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            let count = writeDecimal(n, to: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes `n` (not negative) in decimal at `p`, which has room for its digits (at most 19); returns how many.
    @inline(__always)
    static func writeDecimal(_ n: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 1
        var rest = n / 10
        while rest > 0 { length += 1; rest /= 10 }
        var n = n
        var k = length
        repeat {
            k -= 1
            p[k] = UInt8(ascii: "0") + UInt8(n % 10)
            n /= 10
        } while n > 0
        return length
    }

    /// Quotes, backslashes and control characters.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The letter after the backslash for the characters JSON escapes in two bytes; nil for the other control
    /// characters, written as `\u00XX`.
    private static func shortEscape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "\n"): UInt8(ascii: "n")
        case UInt8(ascii: "\r"): UInt8(ascii: "r")
        case UInt8(ascii: "\t"): UInt8(ascii: "t")
        default: nil
        }
    }
}
