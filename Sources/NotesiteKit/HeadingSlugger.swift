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

    /// The rule without the numbering of repeats.
    public static func slugify(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                result.append("-")
            } else if scalar == "-" || isKept(scalar) {
                result.append(scalar)
            }
        }
        return String(result)
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
