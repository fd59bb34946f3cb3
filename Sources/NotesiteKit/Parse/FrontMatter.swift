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
        // Lines found by their bytes: a newline is always a character of its own, and a search by `Character`
        // cost hundreds of instructions a character of every note's front matter.
        let utf8 = text.utf8
        var line = 2
        var index = utf8.index(utf8.startIndex, offsetBy: 4, limitedBy: utf8.endIndex) ?? utf8.endIndex
        let yamlStart = index
        while index < utf8.endIndex {
            let lineEnd = utf8[index...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let content = utf8[index..<lineEnd]
            if content.elementsEqual("---".utf8) || content.elementsEqual("...".utf8) {
                let bodyStart = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
                self.init(yaml: text[yamlStart..<index], body: text[bodyStart...], bodyFirstLine: line + 1,
                          hasFrontMatter: true, isClosed: true)
                return
            }
            line += 1
            index = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
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
