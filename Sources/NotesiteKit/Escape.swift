/// HTML escaping for text, attribute values and URLs.
public enum Escape {
    public static func text(_ s: String) -> String {
        func special(_ byte: UInt8) -> Bool { byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 }
        guard s.utf8.withContiguousStorageIfAvailable({ $0.contains(where: special) }) ?? s.utf8.contains(where: special) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func attribute(_ s: String) -> String { text(s) }

    /// Percent-encodes what may not stand in a URL (spaces, non-ASCII, quotes) and escapes `&` for HTML; keeps
    /// existing `%XX` escapes and the characters that give a URL its structure.
    static func href(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for byte in s.utf8 {
            switch byte {
            case 0x26: out += "&amp;"
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                if "-_.~!*'(),%#@?=;:/+$".utf8.contains(byte) {
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    let hex = Array("0123456789ABCDEF".unicodeScalars)
                    out.unicodeScalars.append("%")
                    out.unicodeScalars.append(hex[Int(byte >> 4)])
                    out.unicodeScalars.append(hex[Int(byte & 0xF)])
                }
            }
        }
        return out
    }
}
