import NotesiteMarkdown

/// Splits a note into its front matter and its Markdown body, with the delimiters the site generators accept:
/// YAML between `---` lines (closed by `---` or `...`), TOML between `+++` lines (Hugo), each line allowed spaces or
/// tabs after it; YAML from the first line to a `---` line, as Hexo also reads it (`openYAML`); or, with no
/// delimiters, MultiMarkdown's and Pelican's `Key: value` lines at the very top, ended by a blank line
/// (`metadataLines`).
struct FrontMatterSplit {
    /// How the front matter is written.
    enum Syntax {
        case yaml, toml
        /// `Title: …` lines at the top of the note, without delimiters.
        case lines
    }

    /// The front matter's text: the lines between the delimiters, or the metadata lines (empty when the note has
    /// none).
    var text: Substring
    /// The Markdown after the front matter.
    var body: Substring
    /// The file line on which `body` starts.
    var bodyFirstLine: Int
    /// The file line on which `text` starts: 2 after an opening line, else 1.
    var textFirstLine: Int
    /// How the note's front matter is written; nil when it has none.
    var syntax: Syntax?
    /// Whether an opened block was closed; when it was not, `body` is the whole file.
    var isClosed: Bool

    /// Whether the note opened a front matter block at all.
    var hasFrontMatter: Bool { syntax != nil }

    init(_ text: String) {
        // Lines found by their bytes: a newline is always a character of its own, and a search by `Character`
        // cost hundreds of instructions a character of every note's front matter.
        let utf8 = text.utf8
        let firstEnd = utf8.firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
        let syntax: Syntax
        switch Self.fence(utf8[utf8.startIndex..<firstEnd]) {
        case .dashes?: syntax = .yaml
        case .pluses?: syntax = .toml
        default:
            if let (end, bodyStart, bodyLine) = Self.openYAML(text) {
                self.init(text: text[..<end], body: text[bodyStart...], bodyFirstLine: bodyLine, textFirstLine: 1, syntax: .yaml, isClosed: true)
            } else if let (end, bodyLine) = Self.metadataLines(text) {
                self.init(text: text[..<end], body: text[end...], bodyFirstLine: bodyLine, textFirstLine: 1, syntax: .lines, isClosed: true)
            } else {
                self.init(text: "", body: Substring(text), bodyFirstLine: 1, textFirstLine: 1, syntax: nil, isClosed: false)
            }
            return
        }
        var line = 2
        var index = firstEnd < utf8.endIndex ? utf8.index(after: firstEnd) : firstEnd
        let start = index
        while index < utf8.endIndex {
            let lineEnd = utf8[index...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            if let fence = Self.fence(utf8[index..<lineEnd]), fence == (syntax == .toml ? .pluses : .dashes) || (syntax == .yaml && fence == .dots) {
                let bodyStart = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
                self.init(text: text[start..<index], body: text[bodyStart...], bodyFirstLine: line + 1, textFirstLine: 2,
                          syntax: syntax, isClosed: true)
                return
            }
            line += 1
            index = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
        }
        self.init(text: "", body: Substring(text), bodyFirstLine: 1, textFirstLine: 1, syntax: syntax, isClosed: false)
    }

    private init(text: Substring, body: Substring, bodyFirstLine: Int, textFirstLine: Int, syntax: Syntax?, isClosed: Bool) {
        self.text = text
        self.body = body
        self.bodyFirstLine = bodyFirstLine
        self.textFirstLine = textFirstLine
        self.syntax = syntax
        self.isClosed = isClosed
    }

    /// A delimiter line: three dashes, pluses or dots, then nothing but spaces and tabs.
    enum Fence { case dashes, pluses, dots }

    static func fence<Line: Collection<UInt8>>(_ line: Line) -> Fence? {
        guard line.count >= 3, let first = line.first else { return nil }
        let fence: Fence
        switch first {
        case UInt8(ascii: "-"): fence = .dashes
        case UInt8(ascii: "+"): fence = .pluses
        case UInt8(ascii: "."): fence = .dots
        default: return nil
        }
        var count = 0
        for byte in line {
            if count < 3 {
                guard byte == first else { return nil }
                count += 1
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
                return nil
            }
        }
        return fence
    }

    /// YAML front matter without its opening line, which Hexo reads: from the first line to a `---` line, where
    /// the first line and every other line that starts a key is `key:` with a key notesite or another tool defines,
    /// in its case (`FrontMatterKeys.isKnown`), and the rest are blank, indented or items of a list (`- Foo`). So a
    /// paragraph over a `---` line, which Markdown reads as a heading, stays one. The end of the YAML, where the body
    /// starts (after the `---` line) and its file line; nil when the note does not open so.
    static func openYAML(_ text: String) -> (end: String.Index, bodyStart: String.Index, bodyFirstLine: Int)? {
        let utf8 = text.utf8
        // Cheap refusals first: every note without front matter comes here.
        guard let first = utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return nil }
        var index = utf8.startIndex
        var line = 1
        while index < utf8.endIndex, line <= 200 {
            let lineEnd = utf8[index...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let content = text[index..<lineEnd]
            let next = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
            if line > 1, fence(content.utf8) == .dashes { return (index, next, line + 1) }
            let lead = content.utf8.first
            let isContinuation = lead == nil || lead == UInt8(ascii: " ") || lead == UInt8(ascii: "\t")
                || (lead == UInt8(ascii: "-") && (content.utf8.count == 1 || content.utf8.dropFirst().first == UInt8(ascii: " ")))
            if !(line > 1 && isContinuation) {
                guard let colon = content.firstIndex(of: ":"), FrontMatterKeys.isKnown(String(content[..<colon])) else { return nil }
                let after = content[content.index(after: colon)...].utf8.first
                guard after == nil || after == UInt8(ascii: " ") || after == UInt8(ascii: "\t") else { return nil }
            }
            line += 1
            index = next
        }
        return nil
    }

    /// Where MultiMarkdown's metadata lines end, and the file line after them: `Key: value` lines at the very top,
    /// then a blank line. Only lines that cannot be mistaken for a paragraph: every line up to the blank one is
    /// `Key: value` with a key of `FrontMatterKeys.metadataLineKeys` (in any case), none is indented, there are at
    /// most 30 of them, and one of them is `Title:` or a `Date:` with a date. So a note that opens with
    /// "Note: …" or "Summary: …" keeps its first paragraph. nil when the note does not open so.
    static func metadataLines(_ text: String) -> (end: String.Index, bodyFirstLine: Int)? {
        let utf8 = text.utf8
        // Cheap refusals first: every note without front matter comes here.
        guard let first = utf8.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { return nil }
        var index = utf8.startIndex
        var line = 1
        var titled = false
        while index < utf8.endIndex, line <= 31 {
            let lineEnd = utf8[index...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let content = text[index..<lineEnd]
            if content.utf8.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                guard line > 1, titled, lineEnd < utf8.endIndex else { return nil }
                return (utf8.index(after: lineEnd), line + 1)
            }
            guard let (key, value) = metadataLine(content), FrontMatterKeys.metadataLineKeys.contains(key) else { return nil }
            if key == "title" && !value.isEmpty { titled = true }
            if key == "date" && NoteDate(parsing: String(value)) != nil { titled = true }
            line += 1
            guard lineEnd < utf8.endIndex else { return nil }
            index = utf8.index(after: lineEnd)
        }
        return nil
    }

    /// A metadata line's key, lowercased, and its value: `Key: value`, the key a letter then letters, digits,
    /// spaces, `_` and `-`, the colon followed by a space or a tab, or ending the line.
    static func metadataLine(_ line: Substring) -> (key: String, value: Substring)? {
        guard let colon = line.firstIndex(of: ":"), colon > line.startIndex else { return nil }
        let key = line[..<colon]
        guard let first = key.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              key.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || " _-".unicodeScalars.contains($0)) }),
              key.last != " "
        else { return nil }
        let rest = line[line.index(after: colon)...]
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var value = rest.drop { $0 == " " || $0 == "\t" }
        while let last = value.last, last == " " || last == "\t" { value = value.dropLast() }
        return (key.lowercased(), value)
    }
}
