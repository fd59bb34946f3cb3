/// HTML escaping for text, attribute values and URLs.
public enum Escape {
    public static func text(_ s: String) -> String { escape(s, apostrophe: false) }

    /// A template's `{{value}}`: `'` too, so the value is safe in an attribute quoted either way.
    static func templateValue(_ s: String) -> String { escape(s, apostrophe: true) }

    private static func escape(_ s: String, apostrophe: Bool) -> String {
        var s = s
        let escaped: String? = s.withUTF8 { bytes in
            // Most text needs nothing: it comes back as it is, without a copy.
            guard firstSpecial(in: bytes, apostrophe: apostrophe) != nil else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            append(bytes, apostrophe: apostrophe, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? s
    }

    /// Appends `bytes` (UTF-8 text) to `out`, escaped as `text(_:)` escapes them, without a `String` for either.
    static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        append(bytes, apostrophe: false, to: &out)
    }

    /// Appends `s` to `out`, escaped as `text(_:)` escapes it.
    static func appendText(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { appendText($0, to: &out) }
    }

    /// Appends `bytes` (UTF-8 text) to `out`, escaped as `text(_:)` (or, with `apostrophe`, `templateValue(_:)`)
    /// escapes them.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, apostrophe: Bool, to out: inout [UInt8]) {
        guard let first = firstSpecial(in: bytes, apostrophe: apostrophe) else {
            out.append(contentsOf: bytes)
            return
        }
        // From the first byte to escape on, byte by byte (as `text(_:)` does): text that holds one often holds
        // more, close together, as code does.
        var run = 0
        for i in first..<bytes.count {
            guard let entity = entity(for: bytes[i], apostrophe: apostrophe) else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
            out.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            run = i + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
    }

    private static func entity(for byte: UInt8, apostrophe: Bool) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'") where apostrophe: "&#39;"
        default: nil
        }
    }

    /// Where the first byte to escape stands, if any. Eight bytes at a time: every byte of every page's text
    /// passes through here, and almost none needs escaping.
    static func firstSpecial(in bytes: UnsafeBufferPointer<UInt8>, apostrophe: Bool) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = 0
        while i + 8 <= count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            if holds(word, UInt8(ascii: "&")) || holds(word, UInt8(ascii: "<")) || holds(word, UInt8(ascii: ">"))
                || holds(word, UInt8(ascii: "\"")) || (apostrophe && holds(word, UInt8(ascii: "'"))) {
                break
            }
            i += 8
        }
        while i < count {
            if entity(for: base[i], apostrophe: apostrophe) != nil { return i }
            i += 1
        }
        return nil
    }

    /// Whether any of the eight bytes of `word` is `byte`: a byte of `word ^ byte×8` is zero exactly there.
    @inline(__always)
    private static func holds(_ word: UInt64, _ byte: UInt8) -> Bool {
        let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
    }

    static func attribute(_ s: String) -> String { text(s) }

    /// Percent-encodes what may not stand in a URL (spaces, non-ASCII, quotes) and escapes `&` for HTML; keeps
    /// existing `%XX` escapes and the characters that give a URL its structure. A `%` that starts no escape
    /// (`{% asset a.png %}`, a template another site filled in) is encoded as one.
    static func href(_ s: String) -> String {
        // Most addresses (`../reference/UIViewController.html#…`) need nothing: they come back as they are.
        let kept = keptInHref
        let clean = s.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { kept[Int($0)] } } ?? s.utf8.allSatisfy { kept[Int($0)] }
        if clean { return s }
        let bytes = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        let hex = Array("0123456789ABCDEF".utf8)
        func isHex(_ i: Int) -> Bool {
            guard i < bytes.count else { return false }
            let b = bytes[i] | 0x20
            return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
        }
        for (i, byte) in bytes.enumerated() {
            if kept[Int(byte)] || (byte == UInt8(ascii: "%") && isHex(i + 1) && isHex(i + 2)) {
                out.append(byte)
            } else if byte == UInt8(ascii: "&") {
                out += Array("&amp;".utf8)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes an address keeps as they are: letters, digits, and the characters that give it its structure.
    private static let keptInHref: [Bool] = (0..<256).map { byte in
        let b = UInt8(byte)
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || "-_.~!*'(),#@?=;:/+$".utf8.contains(b)
    }
}
