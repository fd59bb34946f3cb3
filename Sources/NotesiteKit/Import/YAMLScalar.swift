/// Writes a string as a YAML scalar that reads back as the same string: plain where that is safe, in double quotes
/// otherwise. For the front matter the importer writes; YAML readers (Yams, and notesite's own front matter reader)
/// then give back exactly the text the note had.
enum YAMLScalar {
    /// `text` as a value after `key: `. `inFlow`: for an item of a flow list (`[a, b]`), where `,`, `[`, `]`, `{`
    /// and `}` end a plain scalar.
    static func quoted(_ text: String, inFlow: Bool = false) -> String {
        isPlainSafe(text, inFlow: inFlow) ? text : doubleQuoted(text)
    }

    /// Words that YAML 1.1 (which Yams reads) takes for booleans or null when plain.
    private static let reservedWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null"]

    /// Plain only when no reading of it can differ: it starts with a letter, `_` or `/` (so it is no number, date,
    /// indicator or null), it holds only letters, digits, inner spaces and punctuation that means nothing inside a
    /// plain scalar, and it is not a word YAML reads as a boolean or null.
    static func isPlainSafe(_ text: String, inFlow: Bool = false) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              first.properties.isAlphabetic || first == "_" || first == "/", last != " ",
              !reservedWords.contains(text.lowercased()) else { return false }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x20: continue
            case 0x2D, 0x5F, 0x2E, 0x2F, 0x28, 0x29, 0x2B, 0x27, 0x21, 0x3F:  // - _ . / ( ) + ' ! ?
                continue
            case 0x2C: if inFlow { return false }  // ,
            case 0x00...0x7F: return false
            default:
                // Letters and marks of every script; no spaces, separators, controls or format characters, which
                // a reader may trim, break lines at or refuse.
                switch scalar.properties.generalCategory {
                case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .surrogate,
                     .privateUse, .unassigned:
                    return false
                default:
                    if scalar.value == 0xFFFE || scalar.value == 0xFFFF { return false }
                }
            }
        }
        return true
    }

    /// `text` in double quotes, with `\` and `"` escaped, and every character YAML does not take as printable (or
    /// reads as a line break) written as an escape.
    static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5C: out += "\\\\"
            case 0x22: out += "\\\""
            case 0x00: out += "\\0"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x20...0x7E: out.unicodeScalars.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F: out += "\\x" + hex(scalar.value, width: 2)
            case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF, 0xD800...0xDFFF: out += "\\u" + hex(scalar.value, width: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
