import NotesiteMarkdown

/// What the scanner reports of the syntax it leaves out: which tool a tag belongs to, and what to write instead.
extension DialectScanner {
    /// Reports a tag or shortcode that the page leaves out: whether it is one (closing tags are left out without
    /// a word; a Liquid variable only when it is one of Jekyll's).
    mutating func report(_ tag: TemplateSyntax.Tag, line i: Int, in line: [UInt8]) -> Bool {
        let written = String(decoding: line[tag.start..<tag.end], as: UTF8.self)
        if tag.isClosing || (tag.kind == .liquidTag && ["else", "elsif", "when", "break", "continue", "endraw"].contains(tag.name)) { return true }
        if tag.kind == .liquidOutput {
            let expression = String(decoding: tag.inner, as: UTF8.self)
            let root = expression.prefix { $0.isLetter || $0 == "_" }
            guard Self.jekyllObjects.contains(String(root)) else { return false }
            diagnostics.append(Diagnostic(MarkdownRule.foreignSyntax, file: file, at: location(i, tag.start),
                                          "`\(written)` is a Jekyll/Liquid variable, which this site does not fill in, so it is left out of the page; write the text it stands for, or remove it"))
            return true
        }
        let (tool, advice, fixIt) = Self.advice(for: tag, written: written)
        diagnostics.append(Diagnostic(MarkdownRule.foreignSyntax, file: file, at: location(i, tag.start),
                                      "`\(written.count > 80 ? String(written.prefix(77)) + "…" : written)` is \(tool) syntax, which this site does not run, so it is left out of the page; \(advice)",
                                      fixIts: fixIt.map { [Diagnostic.FixIt(at: location(i, tag.start), replacing: written, with: $0)] } ?? []))
        return true
    }

    /// The objects Jekyll gives its Liquid templates.
    static let jekyllObjects: Set<String> = ["site", "page", "layout", "include", "paginator", "content", "post", "jekyll", "forloop"]

    /// Hexo's own tags (and those of its NexT theme); Liquid tags of other names are taken for Jekyll's.
    static let hexoTags: Set<String> = [
        "blockquote", "pullquote", "jsfiddle", "iframe", "img", "include_code", "post_path", "post_link", "asset_img",
        "asset_link", "note", "tabs", "fancybox", "label", "button", "btn", "cq", "centerquote", "video", "audio",
        "codeblock", "subtabs", "grouppicture", "gp", "pdf", "mermaid",
    ]

    /// The tool a tag belongs to, how to write it instead, and the replacement when one is certain.
    static func advice(for tag: TemplateSyntax.Tag, written: String) -> (tool: String, advice: String, fixIt: String?) {
        let words = TemplateSyntax.words(tag.arguments)
        if tag.kind == .shortcode {
            switch tag.name {
            case "figure", "img", "image":
                let source = words.first { $0.hasPrefix("src=") }.map { String($0.dropFirst(4)) }
                let alt = words.first { $0.hasPrefix("alt=") || $0.hasPrefix("caption=") || $0.hasPrefix("title=") }
                    .map { String($0.drop { $0 != "=" }.dropFirst()) } ?? ""
                let image = source.map { "![\(alt)](\($0))" }
                return ("Hugo", "write it as a Markdown image, `\(image ?? "![alt](file.png)")`", image)
            case "youtube":
                let id = words.first { !$0.contains("=") } ?? words.first { $0.hasPrefix("id=") }.map { String($0.dropFirst(3)) }
                return ("Hugo", "link to the video instead, `[video](https://www.youtube.com/watch?v=\(id ?? "…"))`", nil)
            case "ref", "relref":
                return ("Hugo", "link the note's file instead, `[title](\(words.first ?? "note.md"))`", nil)
            case "highlight":
                return ("Hugo", "put `{{< highlight >}}` and `{{< /highlight >}}` each on a line of its own, or write a fenced code block (```)", nil)
            case "notice", "hint", "alert", "admonition", "callout", "tip", "warning", "note":
                return ("Hugo", "write it as a GitHub alert (`> [!NOTE]`) or a `::: tip` container", nil)
            default:
                return ("Hugo", "write what it stands for in Markdown, or remove it", nil)
            }
        }
        let tool = hexoTags.contains(tag.name) ? "Hexo" : "Jekyll/Liquid"
        switch tag.name {
        case "include", "include_relative":
            return (tool, "put the text it stands for in the note, or remove the tag", nil)
        case "asset_img":
            let image = words.first.map { "![\(words.dropFirst().joined(separator: " "))](\($0))" }
            return (tool, "write it as a Markdown image, `\(image ?? "![title](file.png)")`", image)
        case "img", "asset", "image":
            return (tool, "write it as a Markdown image, `![alt](file.png)`", nil)
        case "post_url", "post_link", "post_path", "link", "asset_link", "asset_path":
            return (tool, "link the note's or file's own name instead, `[title](file.md)`, which works here, on GitHub and in editors", nil)
        case "blockquote", "pullquote", "cq", "centerquote":
            return (tool, "write it as a Markdown quote, each line starting with `> `", nil)
        case "youtube", "vimeo", "iframe", "jsfiddle", "gist", "video", "audio", "pdf":
            return (tool, "link to it instead, `[title](https://…)`", nil)
        case "note", "tabs", "subtabs":
            return (tool, "write it as a GitHub alert (`> [!NOTE]`) or a `::: tip` container", nil)
        case "highlight", "codeblock":
            return (tool, "put the opening and the closing tag each on a line of its own, or write a fenced code block (```)", nil)
        case "comment":
            return (tool, "its text is left out as Jekyll leaves it out; write an HTML comment (`<!-- … -->`) instead", nil)
        case "if", "unless", "for", "case", "assign", "capture", "increment", "decrement", "cycle", "tablerow":
            return (tool, "the site does not run Liquid: keep the text that should show and remove the tags", nil)
        default:
            return (tool, "write what it stands for in Markdown, or remove it", nil)
        }
    }
}
