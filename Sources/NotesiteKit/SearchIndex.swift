import NotesiteMarkdown

/// The search index, built with the site and shipped as a script (`assets/search-index.js`) so the search page
/// works opened from disk, where a page may not fetch a JSON file.
///
/// Every section of every note (the text under one heading) and every reference entry is a searchable unit.
/// Words of Latin and Cyrillic text are indexed lowercased, with `ё` as `е`; Chinese, written without spaces,
/// is indexed by overlapping pairs of characters, so a query matches wherever its characters stand together.
public struct SearchIndex: Sendable {
    public struct Section: Sendable {
        public var title: String
        public var heading: String?
        public var language: Language
        /// The page and anchor, relative to the site's root.
        public var url: String
        public var text: String
    }

    public private(set) var sections: [Section] = []
    private var postings: [String: [Int]] = [:]

    public init() {}

    public mutating func add(_ section: Section) {
        let id = sections.count
        sections.append(section)
        var seen: Set<String> = []
        for token in Self.tokens(section.title + " " + (section.heading ?? "") + " " + section.text) where seen.insert(token).inserted {
            postings[token, default: []].append(id)
        }
    }

    /// Every section of `note`: the text before the first heading, then one per heading.
    public mutating func add(_ note: Note) {
        var current: (heading: String?, anchor: String?, text: String) = (nil, nil, "")
        var headingIndex = 0
        func flush() {
            let text = current.text.trimmingWhitespace
            guard !text.isEmpty || current.heading != nil else { return }
            add(Section(title: note.metadata.title, heading: current.heading, language: note.language,
                        url: note.outputPath + (current.anchor.map { "#" + $0 } ?? ""), text: text))
        }
        for block in note.document.children {
            if case .heading = block.kind {
                flush()
                let heading = headingIndex < note.headings.count ? note.headings[headingIndex] : nil
                headingIndex += 1
                current = (heading?.text ?? block.plainText, heading?.id, "")
            } else {
                current.text += Self.text(of: block) + "\n"
            }
        }
        flush()
    }

    private static func text(of block: MarkdownNode) -> String {
        switch block.kind {
        case .codeBlock(_, let code): return code
        case .htmlBlock: return ""
        default:
            var parts: [String] = []
            for child in block.children {
                switch child.kind {
                case .paragraph, .heading, .tableCell: parts.append(child.plainText)
                default: parts.append(text(of: child))
                }
            }
            return block.children.isEmpty ? block.plainText : parts.joined(separator: " ")
        }
    }

    // MARK: Tokens (search.js tokenises queries the same way)

    /// Lowercased, `ё` as `е`.
    static func normalise(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "ё", with: "е")
    }

    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var word = ""
        var han: [Character] = []
        func endWord() {
            if word.count >= 1 { result.append(word) }
            word = ""
        }
        func endHan() {
            if han.count == 1 { result.append(String(han)) }
            if han.count >= 2 { for i in 0..<(han.count - 1) { result.append(String(han[i...i + 1])) } }
            han = []
        }
        for character in normalise(text) {
            if character.isWideScript && (character.isLetter || character.isNumber) {
                endWord()
                han.append(character)
            } else if character.isLetter || character.isNumber || character == "_" {
                endHan()
                word.append(character)
            } else {
                endWord()
                endHan()
            }
        }
        endWord()
        endHan()
        return result
    }

    // MARK: Output

    /// `window.NOTESITE_SEARCH = {...}`: sections as `[title, heading, lang, url, text]` and the postings.
    public func script() -> String {
        var out = "window.NOTESITE_SEARCH = {\"sections\": ["
        for (i, section) in sections.enumerated() {
            if i > 0 { out += ",\n" }
            out += "[\(JSON.string(section.title)), \(section.heading.map(JSON.string) ?? "null"), \(JSON.string(section.language.rawValue)), "
            out += "\(JSON.string(section.url)), \(JSON.string(section.text))]"
        }
        out += "],\n\"index\": {"
        for (i, token) in postings.keys.sorted().enumerated() {
            if i > 0 { out += ",\n" }
            out += "\(JSON.string(token)): [\(postings[token]!.map(String.init).joined(separator: ","))]"
        }
        out += "}};\n"
        return out
    }
}
