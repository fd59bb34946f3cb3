import Foundation

/// Hugo's TOML front matter (`+++` lines around `key = value` pairs), read far enough to write it again as YAML:
/// the top-level keys with strings, numbers, booleans, dates and lists of those. Tables (`[params]`) and inline
/// tables are not carried over; their names come back in `dropped`, for the report.
struct TOMLFrontMatter {
    /// One value, as YAML will be written for it.
    enum Value: Equatable {
        case string(String)
        /// A number, a boolean or a date, as written (TOML and YAML spell them alike).
        case bare(String)
        case list([Value])
    }

    var pairs: [(key: String, value: Value)] = []
    /// Keys and tables that are not carried over.
    var dropped: [String] = []

    /// Where the TOML block of `text` ends: the TOML between the `+++` lines and the body after the closing one;
    /// nil when `text` does not open with a `+++` line or never closes it.
    static func split(_ text: String) -> (toml: Substring, body: Substring)? {
        // `\r\n` is one `Character`; a fence line may have spaces or tabs after it.
        func isFence(_ line: Substring) -> Bool { line.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) == "+++" }
        guard let firstEnd = text.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }), isFence(text[..<firstEnd]) else { return nil }
        let start = text.index(after: firstEnd)
        var index = start
        while index < text.endIndex {
            let end = text[index...].firstIndex { $0 == "\n" || $0 == "\r\n" } ?? text.endIndex
            if isFence(text[index..<end]) {
                let bodyStart = end < text.endIndex ? text.index(after: end) : end
                return (text[start..<index], text[bodyStart...])
            }
            index = end < text.endIndex ? text.index(after: end) : end
        }
        return nil
    }

    /// Reads `toml`. Unreadable lines are skipped and named in `dropped`.
    init(_ toml: Substring) {
        var reader = Reader(Array(toml.unicodeScalars))
        var table: String?
        while true {
            reader.skipBlankAndComments()
            guard let next = reader.peek() else { break }
            if next == "[" {
                // `[params]` or `[[menu.main]]`: everything after it belongs to the table.
                let header = reader.restOfLine().trimmingCharacters(in: .whitespacesAndNewlines)
                table = header
                dropped.append(header)
                continue
            }
            let lineStart = reader.position
            guard let key = reader.key(), reader.consume("=") else {
                let line = reader.restOfLine(from: lineStart).trimmingCharacters(in: .whitespacesAndNewlines)
                if !line.isEmpty, table == nil { dropped.append(line) }
                continue
            }
            reader.skipSpaces()
            let value = reader.value()
            reader.restOfLine()
            guard table == nil else { continue }
            if let value {
                pairs.append((key, value))
            } else {
                dropped.append(key)
            }
        }
    }

    /// A cursor over the TOML's characters.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        func peek() -> Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
            skipSpaces()
            guard peek() == scalar else { return false }
            position += 1
            return true
        }

        mutating func skipSpaces() {
            while let c = peek(), c == " " || c == "\t" { position += 1 }
        }

        /// Spaces, line breaks and comments, as between list items or pairs.
        mutating func skipBlankAndComments() {
            while let c = peek() {
                if c == " " || c == "\t" || c == "\n" || c == "\r" {
                    position += 1
                } else if c == "#" {
                    while let d = peek(), d != "\n" { position += 1 }
                } else {
                    break
                }
            }
        }

        /// The rest of the current line (from `start`, if given), and moves past it.
        @discardableResult
        mutating func restOfLine(from start: Int? = nil) -> String {
            if let start { position = start }
            var line = String.UnicodeScalarView()
            while let c = peek(), c != "\n" {
                line.append(c)
                position += 1
            }
            if peek() == "\n" { position += 1 }
            return String(line)
        }

        /// A bare or quoted key; a dotted key is not one this reader carries over (nil).
        mutating func key() -> String? {
            skipSpaces()
            var key: String
            if peek() == "\"" || peek() == "'" {
                guard case .string(let quoted)? = string() else { return nil }
                key = quoted
            } else {
                var bare = String.UnicodeScalarView()
                while let c = peek(), c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-" {
                    bare.append(c)
                    position += 1
                }
                key = String(bare)
            }
            skipSpaces()
            return key.isEmpty || peek() == "." ? nil : key
        }

        /// A value: a string, a list, or a bare word (number, boolean, date). nil for an inline table or what
        /// cannot be read.
        mutating func value() -> Value? {
            guard let c = peek() else { return nil }
            switch c {
            case "\"", "'": return string()
            case "[":
                position += 1
                var items: [Value] = []
                while true {
                    skipBlankAndComments()
                    if peek() == "]" {
                        position += 1
                        return .list(items)
                    }
                    guard let item = value() else { return nil }
                    items.append(item)
                    skipBlankAndComments()
                    if peek() == "," { position += 1 }
                }
            case "{": return nil
            default:
                var bare = String.UnicodeScalarView()
                while let d = peek(), d != ",", d != "]", d != "#", d != "\n", d != "\r" {
                    bare.append(d)
                    position += 1
                }
                let word = String(bare).trimmingCharacters(in: .whitespaces)
                return word.isEmpty ? nil : .bare(word)
            }
        }

        /// A basic (`"…"`, with escapes), literal (`'…'`) or multi-line (`"""…"""`, `'''…'''`) string.
        mutating func string() -> Value? {
            guard let quote = peek() else { return nil }
            let isBasic = quote == "\""
            let tripled = position + 2 < scalars.count && scalars[position + 1] == quote && scalars[position + 2] == quote
            position += tripled ? 3 : 1
            // A line break right after the opening quotes is not part of the string.
            if tripled, peek() == "\n" { position += 1 } else if tripled, peek() == "\r", position + 1 < scalars.count, scalars[position + 1] == "\n" { position += 2 }
            var out = String.UnicodeScalarView()
            while let c = peek() {
                if c == quote {
                    if !tripled {
                        position += 1
                        return .string(String(out))
                    }
                    if position + 2 < scalars.count, scalars[position + 1] == quote, scalars[position + 2] == quote {
                        position += 3
                        return .string(String(out))
                    }
                }
                if c == "\n", !tripled { return nil }
                position += 1
                guard isBasic, c == "\\" else {
                    out.append(c)
                    continue
                }
                guard let escaped = peek() else { return nil }
                position += 1
                switch escaped {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "b": out.append("\u{8}")
                case "f": out.append("\u{C}")
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "u", "U":
                    let count = escaped == "u" ? 4 : 8
                    guard position + count <= scalars.count,
                          let value = UInt32(String(String.UnicodeScalarView(scalars[position..<(position + count)])), radix: 16),
                          let scalar = Unicode.Scalar(value) else { return nil }
                    out.append(scalar)
                    position += count
                case "\n", " ", "\t", "\r":
                    // A backslash at a line's end in a multi-line string joins the lines, dropping the spaces.
                    while let d = peek(), d == " " || d == "\t" || d == "\n" || d == "\r" { position += 1 }
                default: return nil
                }
            }
            return nil
        }
    }

    /// The pairs as YAML lines, each ending in `lineEnd`.
    func yamlLines(lineEnd: String) -> [String] {
        pairs.map { pair in "\(YAMLScalar.quoted(pair.key)): \(Self.yaml(pair.value))\(lineEnd)" }
    }

    static func yaml(_ value: Value, inFlow: Bool = false) -> String {
        switch value {
        case .string(let text): return inFlow ? YAMLScalar.doubleQuoted(text) : YAMLScalar.quoted(text)
        case .bare(let word):
            // Numbers, booleans and dates need no quotes in YAML; anything else a bare word may hold is quoted.
            let plain = word.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || "-+:._ ".unicodeScalars.contains($0) }
            return plain && !word.contains(": ") && !word.hasPrefix(":") && !word.hasPrefix("- ") ? word : YAMLScalar.doubleQuoted(word)
        case .list(let items):
            return "[" + items.map { yaml($0, inFlow: true) }.joined(separator: ", ") + "]"
        }
    }
}
