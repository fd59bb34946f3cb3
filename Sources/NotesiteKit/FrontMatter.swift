import NotesiteMarkdown

/// Splits a note into its YAML front matter and its Markdown body.
struct FrontMatterSplit {
    /// The YAML between the `---` lines (empty when the note has none).
    var yaml: Substring
    /// The Markdown after the closing `---`.
    var body: Substring
    /// The file line on which `body` starts.
    var bodyFirstLine: Int
    /// Whether the note opened a front matter block at all.
    var hasFrontMatter: Bool
    /// Whether an opened block was closed; when it was not, `body` is the whole file.
    var isClosed: Bool

    init(_ text: String) {
        guard text.hasPrefix("---\n") || text == "---" else {
            self.init(yaml: "", body: Substring(text), bodyFirstLine: 1, hasFrontMatter: false, isClosed: false)
            return
        }
        var line = 2
        var index = text.index(text.startIndex, offsetBy: 4, limitedBy: text.endIndex) ?? text.endIndex
        let yamlStart = index
        while index < text.endIndex {
            let lineEnd = text[index...].firstIndex(of: "\n") ?? text.endIndex
            let content = text[index..<lineEnd]
            if content == "---" || content == "..." {
                let bodyStart = lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd
                self.init(yaml: text[yamlStart..<index], body: text[bodyStart...], bodyFirstLine: line + 1,
                          hasFrontMatter: true, isClosed: true)
                return
            }
            line += 1
            index = lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd
        }
        self.init(yaml: "", body: Substring(text), bodyFirstLine: 1, hasFrontMatter: true, isClosed: false)
    }

    private init(yaml: Substring, body: Substring, bodyFirstLine: Int, hasFrontMatter: Bool, isClosed: Bool) {
        self.yaml = yaml
        self.body = body
        self.bodyFirstLine = bodyFirstLine
        self.hasFrontMatter = hasFrontMatter
        self.isClosed = isClosed
    }
}
