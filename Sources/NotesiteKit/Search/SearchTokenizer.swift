extension SearchIndex {
    // MARK: Tokens (search.js tokenises queries the same way)

    /// Lowercased, `ё` as `е`.
    static func normalise(_ text: String) -> String {
        var out: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars { lowered(scalar, into: &out) }
        var result = ""
        result.unicodeScalars.append(contentsOf: out)
        return result
    }

    /// Words (letters, digits and `_`, lowercased, `ё` as `е`) and, for Chinese and other scripts written without
    /// spaces, overlapping pairs of characters: the same rule as `search.js` applies to queries.
    ///
    /// `mode` is the text's language's `search` setting. It decides only Hangul, the one wide script written with
    /// spaces between words: by pairs of characters in `.bigram`, as words in `.words`. Han and Kana, written
    /// without spaces, are by pairs in both, so that a Chinese or Japanese term quoted in a note of a language
    /// searched by words is still found by any part of it.
    static func tokens(_ text: String, mode: Language.Tokenizer = .bigram) -> [String] {
        var result: [String] = []
        forEachToken(in: text, mode: mode) { result.append($0) }
        return result
    }

    /// Calls `body` with each token of `text`, in order. Reads the UTF-8 bytes directly, with fast paths for
    /// ASCII, Cyrillic and the CJK ideographs, the scripts of most notes; other scalars take the general path.
    static func forEachToken(in text: String, mode: Language.Tokenizer = .bigram, _ body: (String) -> Void) {
        forEachToken(in: text, mode: mode) { (bytes: UnsafeBufferPointer<UInt8>) in body(String(decoding: bytes, as: UTF8.self)) }
    }

    /// `forEachToken(in:mode:_:)` with each token's UTF-8 bytes, valid only during the call.
    static func forEachToken(in text: String, mode: Language.Tokenizer = .bigram, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { forEachToken(inUTF8: $0, mode: mode, body) }
    }

    /// `forEachToken(in:mode:_:)` over UTF-8 bytes, which must be valid UTF-8 (they are read without checks).
    /// Inlined where it is called, so that `body` is too: it is called for every word of every note. The mode is
    /// read once per Hangul character, on the general path, which the fast paths of the other scripts never reach.
    @inline(__always)
    static func forEachToken(inUTF8 bytes: UnsafeBufferPointer<UInt8>, mode: Language.Tokenizer = .bigram,
                             _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var tokenizer = Tokenizer(hangulWords: mode == .words)
        var lower: [Unicode.Scalar] = []
        do {
            guard let base = bytes.baseAddress else { return }
            var i = 0
            let n = bytes.count
            while i < n {
                // Most text is runs of ASCII and Russian words and of Chinese: each run is read in a loop of its own.
                let b0 = UInt32(base[i])
                if b0 < 0x80 {
                    if Tokenizer.isWordByte(UInt8(b0)) {
                        tokenizer.addWordRun(base, from: &i, to: n, body)
                    } else {
                        i += 1
                        tokenizer.end(body)
                    }
                    continue
                }
                if Tokenizer.isRussianLetter(at: i, of: base, count: n) {
                    tokenizer.addWordRun(base, from: &i, to: n, body)
                    continue
                }
                if Tokenizer.isIdeograph(at: i, of: base, count: n) {
                    tokenizer.addIdeographRun(base, from: &i, to: n, body)
                    continue
                }
                let value: UInt32
                if b0 < 0xE0 {
                    value = (b0 & 0x1F) << 6 | UInt32(base[i + 1] & 0x3F)
                    i += 2
                } else if b0 < 0xF0 {
                    value = (b0 & 0x0F) << 12 | UInt32(base[i + 1] & 0x3F) << 6 | UInt32(base[i + 2] & 0x3F)
                    i += 3
                } else {
                    value = (b0 & 0x07) << 18 | UInt32(base[i + 1] & 0x3F) << 12 | UInt32(base[i + 2] & 0x3F) << 6
                        | UInt32(base[i + 3] & 0x3F)
                    i += 4
                }
                if value >= 0x430 && value <= 0x45F && value != 0x451 {
                    // Lowercase Cyrillic lowercases to itself.
                    tokenizer.add(value, body)
                    continue
                }
                // The bytes are valid UTF-8, so every sequence decodes to a scalar.
                lower.removeAll(keepingCapacity: true)
                lowered(Unicode.Scalar(value)!, into: &lower)
                for scalar in lower { tokenizer.add(scalar.value, body) }
            }
        }
        tokenizer.end(body)
    }

    /// The words and character pairs being put together, one lowercased scalar at a time. Words and the run of
    /// wide-script characters are kept as UTF-8, and a pair of neighbouring characters is a slice of the run's
    /// bytes, handed out without encoding anything again.
    private struct Tokenizer: ~Copyable {
        /// Whether Hangul goes into words rather than into the run of character pairs (`Language.Tokenizer.words`).
        private let hangulWords: Bool
        private var word = Buffer<UInt8>(capacity: 64)
        /// The run of wide-script characters since the last word or break, and where each character starts in it.
        private var han = Buffer<UInt8>(capacity: 256)
        private var hanStarts = Buffer<Int>(capacity: 64)

        init(hangulWords: Bool) {
            self.hangulWords = hangulWords
        }

        /// An ASCII byte, lowercased.
        @inline(__always)
        mutating func addASCII(_ byte: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if Self.isWordByte(byte) {
                if hanStarts.count > 0 { endHan(body) }
                word.append(byte)
            } else {
                end(body)
            }
        }

        /// A lowercased scalar.
        mutating func add(_ v: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if v < 0x80 {
                addASCII(UInt8(v), body)
            } else if v >= 0x430 && v <= 0x45F {
                addCyrillic(v, body)
            } else {
                let scalar = Unicode.Scalar(v)!
                let letter = isLetterOrNumber(scalar)
                if letter && isWide(v) && !(hangulWords && isHangul(v)) {
                    if word.count > 0 { endWord(body) }
                    hanStarts.append(han.count)
                    UTF8.encode(scalar) { han.append($0) }
                } else if letter {
                    if hanStarts.count > 0 { endHan(body) }
                    UTF8.encode(scalar) { word.append($0) }
                } else {
                    end(body)
                }
            }
        }

        /// A lowercase Cyrillic letter of the two-byte range, which is a letter of a word.
        @inline(__always)
        mutating func addCyrillic(_ v: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if hanStarts.count > 0 { endHan(body) }
            word.append(UInt8(0xC0 | (v >> 6)))
            word.append(UInt8(0x80 | (v & 0x3F)))
        }

        /// Whether the ASCII byte `b` belongs to a word: a letter, a digit or `_`.
        @inline(__always)
        static func isWordByte(_ b: UInt8) -> Bool {
            (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10 || b == 0x5F
        }

        /// Whether a letter of the Russian alphabet but `ё` starts at `i`: U+0410 to U+044F, two bytes led by
        /// `D0` or `D1`.
        @inline(__always)
        static func isRussianLetter(at i: Int, of base: UnsafePointer<UInt8>, count n: Int) -> Bool {
            guard i + 1 < n else { return false }
            return base[i] & 0xFE == 0xD0 && scalar(base[i], base[i + 1]) &- 0x410 < 0x40
        }

        /// The scalar of a two-byte sequence.
        @inline(__always)
        static func scalar(_ lead: UInt8, _ trail: UInt8) -> UInt32 {
            UInt32(lead & 0x1F) << 6 | UInt32(trail & 0x3F)
        }

        /// Whether a CJK ideograph of U+4E00 to U+9FFF (three bytes, lowercase already) starts at `i`: `E4 B8 80`
        /// is U+4E00 and `E9 BF BF` U+9FFF, so lead bytes E5 to E9 are all ideographs, and E4 with a second byte of
        /// B8 and up.
        @inline(__always)
        static func isIdeograph(at i: Int, of base: UnsafePointer<UInt8>, count n: Int) -> Bool {
            guard i + 2 < n else { return false }
            let b = base[i]
            return b &- 0xE5 < 5 || (b == 0xE4 && base[i + 1] >= 0xB8)
        }

        /// The run of ASCII word bytes and letters of the Russian alphabet but `ё` (`isRussianLetter(at:of:count:)`)
        /// that starts at `i`, lowercased onto the word: `i` ends at the first byte of anything else, which
        /// may go on with the word (another letter) or end it. A loop of its own per run, rather than a call per
        /// letter that checks for a run of ideographs to end first; each letter is told and lowercased in one step.
        @inline(__always)
        mutating func addWordRun(_ base: UnsafePointer<UInt8>, from i: inout Int, to n: Int,
                                 _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if hanStarts.count > 0 { endHan(body) }
            while i < n {
                let b = base[i]
                if b < 0x80 {
                    guard Self.isWordByte(b) else { return }
                    word.append(b &- 0x41 < 26 ? b | 0x20 : b)
                    i += 1
                    continue
                }
                // A Russian letter is decoded, lowercased and encoded again with arithmetic alone: `А`–`Я` (U+0410
                // to U+042F) are 0x20 below `а`–`я`. Which lead byte a letter has, and which half of the alphabet
                // it is in, change from letter to letter at random, and branches on them were mispredicted.
                guard Self.isRussianLetter(at: i, of: base, count: n) else { return }
                let c = Self.scalar(b, base[i + 1])
                // 0x20 when `c` is below 0x430: the subtraction wraps, and its top bits are all ones.
                let lower = c &+ ((c &- 0x430) >> 26 & 0x20)
                word.append(UInt8(truncatingIfNeeded: 0xC0 | lower >> 6), UInt8(truncatingIfNeeded: 0x80 | lower & 0x3F))
                i += 2
            }
        }

        /// The run of CJK ideographs (`isIdeograph(at:of:count:)`) that starts at `i`, onto the run of wide-script
        /// characters as they are: `i` ends at the first byte of anything else.
        @inline(__always)
        mutating func addIdeographRun(_ base: UnsafePointer<UInt8>, from i: inout Int, to n: Int,
                                      _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if word.count > 0 { endWord(body) }
            var j = i
            while Self.isIdeograph(at: j, of: base, count: n) { j += 3 }
            let first = han.count
            han.appendUninitialized(count: j - i).update(from: base + i, count: j - i)
            let starts = hanStarts.appendUninitialized(count: (j - i) / 3)
            for k in 0..<((j - i) / 3) { starts[k] = first + 3 * k }
            i = j
        }

        mutating func end(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if word.count > 0 { endWord(body) }
            if hanStarts.count > 0 { endHan(body) }
        }

        private mutating func endWord(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            body(word.elements(0..<word.count))
            word.removeAll()
        }

        /// Each pair of neighbouring characters of the run, or the character alone when the run has one.
        private mutating func endHan(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if hanStarts.count == 1 {
                body(han.elements(0..<han.count))
            } else {
                for i in 0..<(hanStarts.count - 1) {
                    let end = i + 2 < hanStarts.count ? hanStarts[i + 2] : han.count
                    body(han.elements(hanStarts[i]..<end))
                }
            }
            han.removeAll()
            hanStarts.removeAll()
        }
    }


    /// The scalar lowercased (as JavaScript's `toLowerCase` does), with `ё` folded into `е`.
    private static func lowered(_ scalar: Unicode.Scalar, into out: inout [Unicode.Scalar]) {
        let v = scalar.value
        switch v {
        case 0x41...0x5A: out.append(Unicode.Scalar(UInt8(v + 0x20)))
        case 0..<0x80: out.append(scalar)
        case 0x401, 0x451: out.append("е")
        case 0x410...0x42F: out.append(Unicode.Scalar(v + 0x20)!)
        case 0x400...0x40F: out.append(Unicode.Scalar(v + 0x50)!)
        case 0x430...0x44F, 0x452...0x45F: out.append(scalar)
        default:
            if isWide(v) || !scalar.properties.changesWhenLowercased {
                out.append(scalar)
            } else {
                for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                    out.append(lower == "ё" ? "е" : lower)
                }
            }
        }
    }

    /// `\p{L}` or `\p{N}`.
    private static func isLetterOrNumber(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 {
            return (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39)
        }
        if v >= 0x400 && v <= 0x45F { return v != 0x482 }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// Hangul syllables and compatibility letters: the wide characters that `Language.Tokenizer.words` puts into
    /// words (the ranges `search.js` uses). Hangul's other blocks are not wide, so they are words in either mode.
    private static func isHangul(_ v: UInt32) -> Bool {
        (0xAC00...0xD7AF).contains(v) || (0x3130...0x318F).contains(v)
    }

    /// Scripts written without spaces between words (the ranges `search.js` uses).
    private static func isWide(_ v: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(v) || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v) || (0xFF66...0xFF9F).contains(v)
            || (0x20000...0x3FFFF).contains(v)
    }
}
