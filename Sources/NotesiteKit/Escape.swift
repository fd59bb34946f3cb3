/// HTML escaping for text, attribute values and URLs.
public enum Escape {
    public static func text(_ s: String) -> String { escape(s, apostrophe: false) }

    /// A template's `{{value}}`: `'` too, so the value is safe in an attribute quoted either way.
    static func templateValue(_ s: String) -> String { escape(s, apostrophe: true) }

    private static func escape(_ s: String, apostrophe: Bool) -> String {
        func special(_ byte: UInt8) -> Bool {
            byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || (apostrophe && byte == 0x27)
        }
        // Most text needs nothing: it comes back as it is, without a copy.
        guard s.utf8.withContiguousStorageIfAvailable({ $0.contains(where: special) }) ?? s.utf8.contains(where: special) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'" where apostrophe: out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func attribute(_ s: String) -> String { text(s) }

    /// Percent-encodes what may not stand in a URL (spaces, non-ASCII, quotes) and escapes `&` for HTML; keeps
    /// existing `%XX` escapes and the characters that give a URL its structure.
    static func href(_ s: String) -> String {
        // Most addresses (`../reference/UIViewController.html#…`) need nothing: they come back as they are.
        let kept = keptInHref
        let clean = s.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { kept[Int($0)] } } ?? s.utf8.allSatisfy { kept[Int($0)] }
        if clean { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 16)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in s.utf8 {
            if kept[Int(byte)] {
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
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || "-_.~!*'(),%#@?=;:/+$".utf8.contains(b)
    }
}
