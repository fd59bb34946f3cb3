import NotesiteMarkdown

/// Reads a note's Markdown line by line for the syntax of other generators that changes how cmark-gfm would read
/// the blocks (`{% highlight %}` blocks, `::: tip` containers, kramdown attribute lists, table-of-contents markers)
/// or that would show as literal text (Liquid tags, Hugo shortcodes), and takes it out with `BodyRewrite`, keeping
/// every line where it is. Code blocks and code spans, as a first parse found them, are left as they are, but for
/// `{% raw %}` around a block's code, which Jekyll removes there too.
struct DialectScanner {
    /// What a line is in the first parse.
    enum LineKind { case text, code, html }

    struct Container {
        /// File lines of the `::: kind` line and of its closing `:::`.
        var open: Int
        var close: Int
        var column: Int
        var kind: String
        var title: String?
    }

    /// A kramdown attribute list alone on its line (`{: #id .class}`), for the block beside it.
    struct AttributeLine {
        var line: Int
        var column: Int
        var id: String?
        var classes: [String]
    }

    /// A template taken out of the start of a link's or image's address: the tree gets the address back as written.
    struct AddressEdit {
        /// Where the address starts, in the note.
        var line: Int
        var column: Int
        /// The whole address as written and as the edit left it.
        var written: String
        var replacement: String
        /// Whether the address is a link reference definition's (`[label]: address`), which links elsewhere use.
        var isDefinition: Bool
    }

    var rewrite: BodyRewrite
    let firstLine: Int
    let file: String
    let kinds: [LineKind]
    /// Byte ranges of lines that code spans and inline HTML take.
    let protected: [Int: [Range<Int>]]
    /// The fenced code blocks of the first parse: opening and closing fence lines (body lines).
    let fences: [(open: Int, close: Int?)]

    var diagnostics: [Diagnostic] = []
    var containers: [Container] = []
    var attributeLines: [AttributeLine] = []
    /// Ids written at the end of heading lines, by file line.
    var headingIDs: [Int: String] = [:]
    /// The file line of the first table-of-contents marker.
    var contentsMarker: Int?
    var addressEdits: [AddressEdit] = []

    init(body: [UInt8], firstLine: Int, file: String, document: MarkdownNode) {
        rewrite = BodyRewrite(body)
        self.firstLine = firstLine
        self.file = file
        var kinds = [LineKind](repeating: .text, count: rewrite.lines.count)
        var protected: [Int: [Range<Int>]] = [:]
        var fences: [(open: Int, close: Int?)] = []
        let lines = rewrite.lines
        func bodyLine(_ fileLine: Int) -> Int { fileLine - firstLine }
        func mark(_ range: SourceRange, as kind: LineKind) {
            let first = max(0, bodyLine(range.start.line)), last = min(lines.count - 1, bodyLine(range.end.line))
            guard first <= last else { return }
            for i in first...last where kinds[i] == .text { kinds[i] = kind }
        }
        func protect(_ range: SourceRange, closingRun: Bool) {
            let first = bodyLine(range.start.line), last = bodyLine(range.end.line)
            guard first >= 0, last < lines.count, first <= last else { return }
            for i in first...last {
                let line = lines[i]
                let from = i == first ? range.start.column - 1 : 0
                var to = i == last ? range.end.column : line.count
                if i == last, closingRun {
                    while to < line.count, line[line.startIndex + to] == UInt8(ascii: "`") { to += 1 }
                }
                if from < to { protected[i, default: []].append(from..<min(to, line.count)) }
            }
        }
        document.forEach { node in
            switch node.kind {
            case .codeBlock:
                mark(node.range, as: .code)
                let open = bodyLine(node.range.start.line)
                guard open >= 0, open < lines.count else { break }
                let line = lines[open]
                let at = line.startIndex + node.range.start.column - 1
                guard at < line.endIndex, line[at] == UInt8(ascii: "`") || line[at] == UInt8(ascii: "~") else { break }
                let last = bodyLine(node.range.end.line)
                let closing = last > open && last < lines.count && Self.isFence(lines[last], char: line[at]) ? last : nil
                fences.append((open, closing))
            case .htmlBlock: mark(node.range, as: .html)
            case .code: protect(node.range, closingRun: true)
            case .htmlInline: protect(node.range, closingRun: false)
            default: break
            }
        }
        self.kinds = kinds
        self.protected = protected
        self.fences = fences
    }

    /// Whether `line` is a run of three or more `char` and nothing else but spaces.
    static func isFence(_ line: ArraySlice<UInt8>, char: UInt8) -> Bool {
        let content = TemplateSyntax.trimmed(line)
        return content.count >= 3 && content.allSatisfy { $0 == char }
    }

    func location(_ line: Int, _ offset: Int) -> SourceLocation {
        SourceLocation(line: firstLine + line, column: offset + 1)
    }

    // MARK: The pass

    mutating func scan() {
        var i = 0
        var fenceIndex = 0
        while i < rewrite.lines.count {
            switch kinds[i] {
            case .code:
                while fenceIndex < fences.count, fences[fenceIndex].open < i { fenceIndex += 1 }
                if fenceIndex < fences.count, fences[fenceIndex].open == i {
                    rawInFencedCode(fences[fenceIndex])
                }
                i += 1
            case .html:
                scanHTML(i)
                i += 1
            case .text:
                // The closing tag of a callout (`calloutTags`), already taken out.
                if rewrite.isReplaced(i) {
                    i += 1
                    continue
                }
                let line = Array(rewrite.lines[i])
                guard line.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "@") }) else {
                    i += 1
                    continue
                }
                if let next = block(at: i, line) {
                    i = next
                } else {
                    i = inline(i, line, from: 0)
                }
            }
        }
    }

    /// The bytes of a line without the spaces around them, and where they start.
    func content(_ line: [UInt8]) -> (start: Int, bytes: ArraySlice<UInt8>) {
        let start = line.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? line.count
        return (start, TemplateSyntax.trimmed(line[start...]))
    }

    /// A construct that takes its whole line: handled, and the line to go on from; nil when the line has none.
    mutating func block(at i: Int, _ line: [UInt8]) -> Int? {
        let (start, bytes) = content(line)
        guard let first = bytes.first else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        if first == UInt8(ascii: ":"), bytes.starts(with: ":::".utf8), start <= 3 {
            return container(at: i, column: start + 1, bytes) ? i + 1 : nil
        }
        if first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") {
            switch text.lowercased() {
            case "[toc]", "[[toc]]", "[[_toc_]]":
                contentsMarker = contentsMarker ?? firstLine + i
                rewrite.blank(i)
                return i + 1
            default: return nil
            }
        }
        if first == UInt8(ascii: "@"), text.lowercased() == "@[toc]" {
            contentsMarker = contentsMarker ?? firstLine + i
            rewrite.blank(i)
            return i + 1
        }
        guard first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
        if bytes.count > 2, bytes[bytes.startIndex + 1] == UInt8(ascii: ":") {
            return attributeList(at: i, column: start + 1, bytes) ? i + 1 : nil
        }
        let lineBytes = Array(bytes)
        guard let tag = TemplateSyntax.tag(in: lineBytes, at: 0), tag.end == lineBytes.count else { return nil }
        if let callout = Self.callout(tag), calloutTags(at: i, column: start + 1, tag, callout) { return i + 1 }
        switch (tag.kind, tag.name) {
        case (.liquidTag, "highlight"), (.liquidTag, "codeblock"), (.shortcode, "highlight"):
            return codeBlock(at: i, indentation: start, tag)
        case (.liquidTag, "include") where ["toc", "toc.html"].contains(TemplateSyntax.words(tag.arguments).first ?? ""):
            // The table of contents of Jekyll's themes (minimal-mistakes' `{% include toc %}`).
            contentsMarker = contentsMarker ?? firstLine + i
            rewrite.blank(i)
            return i + 1
        default:
            return nil
        }
    }

    /// `::: kind Title` and its closing `:::` (VuePress, VitePress, Docusaurus). A kind this site does not know is
    /// left as text, and so is its closing line.
    private var openContainers: [(line: Int, column: Int, kind: String?, title: String?)] = []

    mutating func container(at i: Int, column: Int, _ bytes: ArraySlice<UInt8>) -> Bool {
        let rest = TemplateSyntax.trimmed(bytes.drop { $0 == UInt8(ascii: ":") })
        if rest.isEmpty {
            guard let open = openContainers.popLast() else { return false }
            guard let kind = open.kind else { return false }
            containers.append(Container(open: firstLine + open.line, close: firstLine + i, column: open.column, kind: kind, title: open.title))
            rewrite.blank(open.line)
            rewrite.blank(i)
            return true
        }
        let nameEnd = rest.firstIndex { !TemplateSyntax.isNameByte($0) } ?? rest.endIndex
        let kind = String(decoding: rest[rest.startIndex..<nameEnd], as: UTF8.self).lowercased()
        var title = String(decoding: TemplateSyntax.trimmed(rest[nameEnd...]), as: UTF8.self)
        // Docusaurus: `:::tip[Title]`, `:::tip Title`.
        if title.hasPrefix("["), title.hasSuffix("]") { title = String(title.dropFirst().dropLast()) }
        guard DialectMarks.calloutKinds.contains(kind) else {
            openContainers.append((i, column, nil, nil))
            return false
        }
        openContainers.append((i, column, kind, title.isEmpty ? nil : title))
        return true
    }

    /// The callout a block tag draws, alone on its line before the blocks it holds: NSHipster's `{% info %}`,
    /// `{% warning %}` and `{% error %}`, Hexo NexT's `{% note info %}`, and the shortcodes of Hugo's themes
    /// (`{{% notice tip %}}`, `{{< hint warning >}}`, `{{< admonition type="tip" title="…" >}}`,
    /// `{{% alert title="…" color="warning" %}}`). nil for any other tag.
    static func callout(_ tag: TemplateSyntax.Tag) -> (kind: String, title: String?)? {
        let words = TemplateSyntax.words(tag.arguments)
        func value(_ key: String) -> String? {
            words.first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
        }
        let plain = words.filter { !$0.contains("=") }
        switch (tag.kind, tag.name) {
        case (.liquidTag, "info"), (.liquidTag, "warning"), (.liquidTag, "error"), (.liquidTag, "tip"),
             (.liquidTag, "danger"), (.liquidTag, "caution"), (.liquidTag, "important"):
            return (TreePass.calloutKinds[tag.name] ?? "note", nil)
        case (.liquidTag, "note"):
            // NexT's classes: default, primary, info, success, warning, danger.
            let style = plain.first { $0 != "no-icon" } ?? "default"
            return (["success": "tip"][style] ?? TreePass.calloutKinds[style] ?? "note", nil)
        case (.shortcode, "notice"), (.shortcode, "hint"), (.shortcode, "admonition"), (.shortcode, "alert"),
             (.shortcode, "callout"), (.shortcode, "tip"), (.shortcode, "warning"), (.shortcode, "note"):
            let style = value("type") ?? value("color") ?? plain.first ?? tag.name
            let title = value("title") ?? (tag.name == "admonition" && plain.count > 1 ? plain[1] : nil)
            return (TreePass.calloutKinds[style.lowercased()] ?? TreePass.calloutKinds[tag.name] ?? "note", title)
        default:
            return nil
        }
    }

    /// A callout's opening tag at line `i` and its closing tag (`{% endinfo %}`, `{{% /notice %}}`) alone on a later
    /// line: the two lines go, and the blocks between are the callout's. False, and nothing taken out, when no
    /// closing line follows.
    mutating func calloutTags(at i: Int, column: Int, _ tag: TemplateSyntax.Tag, _ callout: (kind: String, title: String?)) -> Bool {
        let closingName = tag.kind == .shortcode ? "/" + tag.name : "end" + tag.name
        var depth = 0
        for j in (i + 1)..<rewrite.lines.count where kinds[j] == .text {
            let bytes = Array(content(Array(rewrite.lines[j])).bytes)
            guard let other = TemplateSyntax.tag(in: bytes, at: 0), other.end == bytes.count, other.kind == tag.kind else { continue }
            if other.name == tag.name { depth += 1 }
            guard other.name == closingName else { continue }
            if depth > 0 {
                depth -= 1
                continue
            }
            containers.append(Container(open: firstLine + i, close: firstLine + j, column: column, kind: callout.kind, title: callout.title))
            rewrite.blank(i)
            rewrite.blank(j)
            return true
        }
        return false
    }

    /// `{: #id .class}` alone on its line, for the block before it; `{:toc}` (kramdown's contents list, often as
    /// `* TOC` then `{:toc}`); `{:name: …}` (a definition other lists refer to); `{::options …/}`.
    mutating func attributeList(at i: Int, column: Int, _ bytes: ArraySlice<UInt8>) -> Bool {
        let inner = String(decoding: TemplateSyntax.trimmed(bytes.dropFirst(2).dropLast()), as: UTF8.self)
        if inner == "toc" {
            if i > 0, Self.isListItem(content(Array(rewrite.lines[i - 1])).bytes), !rewrite.isReplaced(i - 1) {
                rewrite.blank(i - 1)
                contentsMarker = contentsMarker ?? firstLine + i - 1
            } else {
                contentsMarker = contentsMarker ?? firstLine + i
            }
            rewrite.blank(i)
            return true
        }
        if inner.hasPrefix(":") || inner.hasPrefix("/") {
            rewrite.blank(i)
            return true
        }
        let words = TemplateSyntax.words(inner)
        // A definition: `{:refname: .class}`.
        if let first = words.first, first.hasSuffix(":"), first.dropLast().utf8.allSatisfy(TemplateSyntax.isNameByte) {
            rewrite.blank(i)
            return true
        }
        let (id, classes) = Self.attributes(words)
        attributeLines.append(AttributeLine(line: firstLine + i, column: column, id: id, classes: classes))
        rewrite.blank(i)
        return true
    }

    /// The id and classes of an attribute list's words (`#id`, `.class`, `id="x"`, `class="a b"`).
    static func attributes(_ words: [String]) -> (id: String?, classes: [String]) {
        var id: String?
        var classes: [String] = []
        for word in words {
            if word.hasPrefix("#"), word.count > 1 { id = String(word.dropFirst()) }
            else if word.hasPrefix("."), word.count > 1 { classes.append(String(word.dropFirst())) }
            else if word.hasPrefix("id=") { id = String(word.dropFirst(3)) }
            else if word.hasPrefix("class=") { classes += word.dropFirst(6).split(separator: " ").map(String.init) }
        }
        return (id.flatMap { $0.isEmpty ? nil : $0 }, classes)
    }

    static func isListItem(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "*") || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            return bytes.count > 2 && bytes[bytes.startIndex + 1] == UInt8(ascii: " ")
        }
        let digits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
        guard !digits.isEmpty, digits.count < bytes.count - 1 else { return false }
        let after = bytes[bytes.startIndex + digits.count]
        return (after == UInt8(ascii: ".") || after == UInt8(ascii: ")")) && bytes[bytes.startIndex + digits.count + 1] == UInt8(ascii: " ")
    }

    // MARK: Code blocks

    /// `{% highlight swift linenos %}` … `{% endhighlight %}`, Hexo's `{% codeblock lang:swift %}` …
    /// `{% endcodeblock %}` and Hugo's `{{< highlight swift >}}` … `{{< /highlight >}}`: the two tag lines become a
    /// fence, so the lines between are a code block as they are. nil when the block has no closing tag.
    mutating func codeBlock(at i: Int, indentation: Int, _ tag: TemplateSyntax.Tag) -> Int? {
        let endName = tag.kind == .shortcode ? "/highlight" : "end" + tag.name
        var j = i + 1
        var end: Int?
        while j < rewrite.lines.count {
            let bytes = Array(content(Array(rewrite.lines[j])).bytes)
            if let closing = TemplateSyntax.tag(in: bytes, at: 0), closing.end == bytes.count, closing.kind == tag.kind, closing.name == endName {
                end = j
                break
            }
            j += 1
        }
        guard let end else { return nil }
        let (language, numbered) = Self.codeLanguage(of: tag)
        var first = i, last = end
        // `{% raw %}` just inside the block: the fences go on its lines instead.
        if end - i > 2, content(Array(rewrite.lines[i + 1])).bytes.elementsEqual("{% raw %}".utf8),
           content(Array(rewrite.lines[end - 1])).bytes.elementsEqual("{% endraw %}".utf8) {
            rewrite.blank(i)
            rewrite.blank(end)
            first = i + 1
            last = end - 1
        }
        // A fence longer than any run of backticks that starts a line of the code.
        var longest = 2
        for k in (first + 1)..<last {
            let run = content(Array(rewrite.lines[k])).bytes.prefix { $0 == UInt8(ascii: "`") }.count
            longest = max(longest, run)
        }
        let fence = [UInt8](repeating: UInt8(ascii: "`"), count: longest + 1)
        let indent = Array(rewrite.lines[i].prefix(indentation))
        var opening = indent + fence + Array(language.utf8)
        if numbered { opening += Array(" linenos".utf8) }
        rewrite.setLine(first, to: opening)
        rewrite.setLine(last, to: indent + fence)
        for k in (first + 1)..<last { removeRawTags(line: k) }
        return end + 1
    }

    /// The language and whether lines are numbered, from a code block tag's arguments.
    static func codeLanguage(of tag: TemplateSyntax.Tag) -> (language: String, numbered: Bool) {
        let words = TemplateSyntax.words(tag.arguments)
        var language = ""
        var numbered = false
        if tag.name == "codeblock" {
            for word in words {
                if word.hasPrefix("lang:") { language = String(word.dropFirst(5)) }
                else if word == "line_number:true" { numbered = true }
            }
            // `{% codeblock swift %}`: one word that reads as a language, not as a title.
            if language.isEmpty, words.count == 1, let word = words.first, word.first?.isLowercase == true,
               word.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "#") }) {
                language = word
            }
        } else {
            language = words.first ?? ""
            for word in words.dropFirst() {
                if word == "linenos" || (word.hasPrefix("linenos=") && !word.hasPrefix("linenos=false")) || word.contains("linenos=table") || word.contains("linenos=inline") || word.contains("linenos=true") {
                    numbered = true
                }
            }
        }
        return (language.filter { !$0.isWhitespace && $0 != "`" }, numbered)
    }

    /// `{% raw %}` and `{% endraw %}` inside a fenced block: when they stand alone on the first and last lines of
    /// its code, the fences move onto their lines; elsewhere in the block, as a pair, they are taken out of their
    /// lines. Jekyll runs Liquid before Markdown, so a post wraps code that holds `{{` in them.
    mutating func rawInFencedCode(_ fence: (open: Int, close: Int?)) {
        guard let close = fence.close, close - fence.open >= 2 else { return }
        let code = (fence.open + 1)..<close
        let lines = code.map { Array(rewrite.lines[$0]) }
        let opens = lines.filter { TemplateSyntax.find(Array("{% raw %}".utf8), in: $0, from: 0) != nil || TemplateSyntax.find(Array("{%- raw -%}".utf8), in: $0, from: 0) != nil }.count
        let closes = lines.filter { TemplateSyntax.find(Array("{% endraw %}".utf8), in: $0, from: 0) != nil || TemplateSyntax.find(Array("{%- endraw -%}".utf8), in: $0, from: 0) != nil }.count
        guard opens > 0, opens == closes else { return }
        let fenceLine = Array(rewrite.lines[fence.open])
        let closeLine = Array(rewrite.lines[close])
        let quoted = fenceLine.contains(UInt8(ascii: ">"))
        if close - fence.open > 3, !quoted, content(lines.first!).bytes.elementsEqual("{% raw %}".utf8),
           content(lines.last!).bytes.elementsEqual("{% endraw %}".utf8) {
            rewrite.blank(fence.open)
            rewrite.setLine(fence.open + 1, to: fenceLine)
            rewrite.setLine(close - 1, to: closeLine)
            rewrite.blank(close)
            for k in (fence.open + 2)..<(close - 1) { removeRawTags(line: k) }
        } else {
            for k in code { removeRawTags(line: k) }
        }
    }

    /// Takes `{% raw %}` and `{% endraw %}` out of a line of code.
    mutating func removeRawTags(line i: Int) {
        let line = Array(rewrite.lines[i])
        var k = 0
        while k < line.count, let open = line[k...].firstIndex(of: UInt8(ascii: "{")) {
            if let tag = TemplateSyntax.tag(in: line, at: open), tag.kind == .liquidTag, tag.name == "raw" || tag.name == "endraw" {
                rewrite.replace(line: i, offset: tag.start, length: tag.end - tag.start)
                k = tag.end
            } else {
                k = open + 1
            }
        }
    }

    // MARK: Raw HTML

    /// A line of an HTML block: tags and shortcodes become spaces, so the sanitizer's places in the block stay
    /// right; templates at the start of an attribute's value are kept for the link resolver.
    mutating func scanHTML(_ i: Int) {
        let line = Array(rewrite.lines[i])
        var k = 0
        while k < line.count, let open = line[k...].firstIndex(of: UInt8(ascii: "{")) {
            guard let tag = TemplateSyntax.tag(in: line, at: open) else { k = open + 1; continue }
            let inAttribute = open > 0 && (line[open - 1] == UInt8(ascii: "\"") || line[open - 1] == UInt8(ascii: "'") || line[open - 1] == UInt8(ascii: "="))
            if inAttribute, TemplateSyntax.address(in: line, at: open) != nil {
                k = tag.end
                continue
            }
            if report(tag, line: i, in: line) {
                rewrite.replace(line: i, offset: tag.start, length: tag.end - tag.start,
                                with: [UInt8](repeating: UInt8(ascii: " "), count: tag.end - tag.start))
            }
            k = tag.end
        }
    }
}
