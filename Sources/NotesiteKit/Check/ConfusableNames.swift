import NotesiteMarkdown

/// Identifiers that mix Latin letters with Cyrillic or Greek ones drawn the same (`FlickrPhotosTVС` ending in a
/// Cyrillic `С`): the compiler reads a different name from the Latin one the reader sees, which a note typed on a
/// Russian keyboard layout easily gets.
enum ConfusableNames {
    /// Cyrillic and Greek letters and the Latin letters they cannot be told from.
    static let latin: [Character: Character] = [
        // Cyrillic
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X",
        "Ѕ": "S", "І": "I", "Ј": "J", "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s",
        "і": "i", "ј": "j", "ԛ": "q", "ԝ": "w",
        // Greek
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P",
        "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ν": "v",
    ]

    /// The all-Latin spelling of `identifier` when it mixes Latin letters with look-alikes of other scripts and
    /// has no other letters of those scripts (a name in Russian is a name, not a slip); nil otherwise.
    static func latinSpelling(of identifier: String) -> String? {
        guard identifier.utf8.contains(where: { $0 >= 0x80 }),
              identifier.unicodeScalars.contains(where: { $0.isASCII && $0.properties.isAlphabetic }) else { return nil }
        var result = ""
        var replaced = false
        for character in identifier {
            if character.isASCII {
                result.append(character)
            } else if let letter = latin[character] {
                result.append(letter)
                replaced = true
            } else {
                return nil
            }
        }
        return replaced ? result : nil
    }

    /// `symbol.confusable` for each such identifier in `code`; `place` turns a byte offset of the code into its
    /// place in the file.
    static func findings(in code: String, file: String, place: (Int) -> SourceLocation) -> [Diagnostic] {
        guard code.utf8.contains(where: { $0 >= 0x80 }) else { return [] }
        var result: [Diagnostic] = []
        for token in CodeScanner.tokenize(Array(code.utf8)) where token.kind == .identifier {
            guard let fixed = latinSpelling(of: token.text) else { continue }
            let letters = token.text.filter { !$0.isASCII }.map { character in
                let scalar = character.unicodeScalars.first!
                let script = (0x0370...0x03FF).contains(scalar.value) ? "Greek" : "Cyrillic"
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "`\(character)` (\(script), U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
            }
            let location = place(token.range.lowerBound)
            result.append(Diagnostic(SymbolRule.confusable, file: file, at: location,
                                     "`\(token.text)` is not `\(fixed)`: it is spelled with \(Set(letters).sorted().joined(separator: ", ")), which looks Latin but is another name to the compiler; write it in Latin letters",
                                     fixIts: [Diagnostic.FixIt(at: location, replacing: token.text, with: fixed)]))
        }
        return result
    }
}
