/// Makes heading ids by GitHub's rule (as github-slugger implements it), so an anchor copied from a note rendered
/// on GitHub works on this site too.
///
/// The rule: lowercase the text; drop every character that is not a letter, a mark, a decimal digit, connector
/// punctuation (`_`), a hyphen or a space; turn each space into `-`. A repeated id gets `-1`, `-2`, … in order.
/// Where nothing is left (a heading of punctuation only), `section` stands in, so every heading has an id.
public struct HeadingSlugger: Sendable {
    private var occurrences: [String: Int] = [:]

    public init() {}

    /// Ids that something other than a heading already uses on the page; a heading never takes them.
    public init(reserving ids: some Sequence<String>) {
        for id in ids { occurrences[id] = 0 }
    }

    /// The id for the next heading with this text.
    public mutating func slug(for text: String) -> String {
        var base = Self.slugify(text)
        if base.isEmpty { base = "section" }
        var candidate = base
        while let count = occurrences[base], occurrences[candidate] != nil {
            occurrences[base] = count + 1
            candidate = "\(base)-\(count + 1)"
        }
        occurrences[candidate] = 0
        return candidate
    }

    /// The rule without the numbering of repeats. The text is lowercased a scalar at a time, as
    /// `String.lowercased()` does, with ASCII, the Russian alphabet and the CJK ideographs read without looking up
    /// their properties; the result is put together as UTF-8.
    public static func slugify(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x41...0x5A: out.append(UInt8(v + 0x20))
            case 0..<0x80: keep(scalar, in: &out)
            case 0x4E00...0x9FFF, 0x430...0x45F: appendUTF8(v, to: &out)
            case 0x410...0x42F: appendUTF8(v + 0x20, to: &out)
            case 0x400...0x40F: appendUTF8(v + 0x50, to: &out)
            default:
                if scalar.properties.changesWhenLowercased {
                    for lower in scalar.properties.lowercaseMapping.unicodeScalars { keep(lower, in: &out) }
                } else {
                    keep(scalar, in: &out)
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A lowercased scalar as the rule leaves it: a space becomes `-`; what is not kept goes.
    private static func keep(_ scalar: Unicode.Scalar, in out: inout [UInt8]) {
        if scalar == " " {
            out.append(UInt8(ascii: "-"))
        } else if scalar == "-" || isKept(scalar) {
            appendUTF8(scalar.value, to: &out)
        }
    }

    private static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        UTF8.encode(Unicode.Scalar(v)!) { out.append($0) }
    }

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) || v == 0x5F // a-z 0-9 _
        }
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }
}
