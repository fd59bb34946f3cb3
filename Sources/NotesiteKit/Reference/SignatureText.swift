/// A method written in prose as a signature, with types where a selector has labels: `show(UIViewController,
/// sender: Any?)`, `showDetailViewController(_ vc: UIViewController, sender: Any?)`. Read as the selector it
/// describes (`show(_:sender:)`), so that it links and is checked like one.
struct SignatureText: Equatable {
    /// The selector form: `show(_:sender:)`.
    let selector: String
    /// Whether a parameter is written as a bare type (`show(UIViewController, …)`), which no Swift declaration or
    /// selector does: the name is readable, but not as written.
    let typesForLabels: Bool

    /// Reads `text` as a signature; nil when it is not one (a selector, a call with values, or anything else).
    init?(_ text: String) {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")"), open > text.startIndex else { return nil }
        let base = text[..<open]
        guard Self.isIdentifier(base) else { return nil }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard !inner.isEmpty else { return nil }
        var labels: [String] = []
        var bareTypes = false
        for parameter in Self.topLevelParts(of: inner) {
            let part = String(parameter).trimmingWhitespace
            if let colon = part.firstIndex(of: ":") {
                let names = part[..<colon].split(separator: " ")
                let type = String(part[part.index(after: colon)...]).trimmingWhitespace
                guard (1...2).contains(names.count), names.allSatisfy({ $0 == "_" || Self.isIdentifier($0) }),
                      Self.isType(type) else { return nil }
                labels.append(String(names[0]))
            } else {
                // A parameter without a colon is a type standing where the label belongs.
                guard Self.isType(part), part.first?.isUppercase == true else { return nil }
                labels.append("_")
                bareTypes = true
            }
        }
        selector = "\(base)(\(labels.map { "\($0):" }.joined()))"
        typesForLabels = bareTypes
    }

    /// The parameters of a signature, split at the commas outside brackets and parentheses.
    private static func topLevelParts(of text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            case "," where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        parts.append(text[start...])
        return parts
    }

    /// A type as a signature writes it: a name, maybe qualified, generic, optional or an array, dictionary or
    /// function type; never a value (a number, a string, a lowercase variable, `nil`, `self`).
    private static func isType(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        if first == "[" || first == "(" || first == "@" { return true }
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        guard first.isUppercase, !name.isEmpty else { return false }
        let rest = String(text.dropFirst(name.count)).trimmingWhitespace
        return rest.allSatisfy { "?!<>[], :.".contains($0) || $0.isLetter || $0.isNumber }
    }

    private static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
