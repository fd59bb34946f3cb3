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
    private let kinds: [LineKind]
    /// Byte ranges of lines that code spans and inline HTML take.
    private let protected: [Int: [Range<Int>]]
    /// The fenced code blocks of the first parse: opening and closing fence lines (body lines).
    private let fences: [(open: Int, close: Int?)]

    private(set) var diagnostics: [Diagnostic] = []
    private(set) var containers: [Container] = []
    private(set) var attributeLines: [AttributeLine] = []
    /// Ids written at the end of heading lines, by file line.
    private(set) var headingIDs: [Int: String] = [:]
    /// The file line of the first table-of-contents marker.
    private(set) var contentsMarker: Int?
    private(set) var addressEdits: [AddressEdit] = []

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
    private static func isFence(_ line: ArraySlice<UInt8>, char: UInt8) -> Bool {
        let content = TemplateSyntax.trimmed(line)
        return content.count >= 3 && content.allSatisfy { $0 == char }
    }

    private func location(_ line: Int, _ offset: Int) -> SourceLocation {
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
    private func content(_ line: [UInt8]) -> (start: Int, bytes: ArraySlice<UInt8>) {
        let start = line.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? line.count
        return (start, TemplateSyntax.trimmed(line[start...]))
    }

    /// A construct that takes its whole line: handled, and the line to go on from; nil when the line has none.
    private mutating func block(at i: Int, _ line: [UInt8]) -> Int? {
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

    private mutating func container(at i: Int, column: Int, _ bytes: ArraySlice<UInt8>) -> Bool {
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

    /// `{: #id .class}` alone on its line, for the block before it; `{:toc}` (kramdown's contents list, often as
    /// `* TOC` then `{:toc}`); `{:name: …}` (a definition other lists refer to); `{::options …/}`.
    private mutating func attributeList(at i: Int, column: Int, _ bytes: ArraySlice<UInt8>) -> Bool {
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

    private static func isListItem(_ bytes: ArraySlice<UInt8>) -> Bool {
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
    private mutating func codeBlock(at i: Int, indentation: Int, _ tag: TemplateSyntax.Tag) -> Int? {
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
    private mutating func rawInFencedCode(_ fence: (open: Int, close: Int?)) {
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
    private mutating func removeRawTags(line i: Int) {
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
    private mutating func scanHTML(_ i: Int) {
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

    // MARK: Inline

    /// Whether offset `k` of line `i` is inside a code span or inline HTML.
    private func isProtected(_ i: Int, _ k: Int) -> Bool {
        protected[i]?.contains { $0.contains(k) } ?? false
    }

    /// Tags, shortcodes, attribute lists and templates in addresses, from offset `from` of line `i`. Returns the
    /// line to go on from (after a `{% raw %}` or `{% comment %}` that runs over several lines).
    private mutating func inline(_ i: Int, _ line: [UInt8], from: Int) -> Int {
        var k = from
        while k < line.count, let open = line[k...].firstIndex(of: UInt8(ascii: "{")) {
            k = open + 1
            guard open + 1 < line.count, !isProtected(i, open) else { continue }
            let next = line[open + 1]
            if next == UInt8(ascii: ":") || next == UInt8(ascii: "#") || next == UInt8(ascii: ".") {
                k = attributes(i, line, at: open) ?? k
                continue
            }
            guard next == UInt8(ascii: "%") || next == UInt8(ascii: "{") else { continue }
            if let place = addressStart(line, open), let (end, path) = TemplateSyntax.address(in: line, at: open) {
                // The rest of the address: to a space, or to its closing `)` or `>`.
                let bracketed = open > 0 && line[open - 1] == UInt8(ascii: "<")
                let rest = line[end...].prefix { byte in
                    bracketed ? byte != UInt8(ascii: ">") : byte != UInt8(ascii: " ") && byte != UInt8(ascii: ")") && byte != UInt8(ascii: "\t")
                }
                rewrite.replace(line: i, offset: open, length: end - open, with: path)
                addressEdits.append(AddressEdit(line: firstLine + i, column: open + 1,
                                                written: String(decoding: line[open..<end] + rest, as: UTF8.self),
                                                replacement: String(decoding: path + rest, as: UTF8.self),
                                                isDefinition: place == .definition))
                k = end
                continue
            }
            guard let tag = TemplateSyntax.tag(in: line, at: open) else { continue }
            k = tag.end
            if tag.kind == .liquidTag, tag.name == "raw" {
                remove(tag, line: i, in: line)
                return skip(to: "endraw", after: (i, tag.end), removing: false)
            }
            if tag.kind == .liquidTag, tag.name == "comment" {
                _ = report(tag, line: i, in: line)
                return skip(to: "endcomment", after: (i, tag.start), removing: true)
            }
            if tag.kind == .shortcode, tag.inner.starts(with: "/*".utf8), tag.inner.last == UInt8(ascii: "/") {
                // `{{</* name */>}}`: Hugo's way to show a shortcode as written.
                if let star = TemplateSyntax.find(Array("/*".utf8), in: line, from: open), star < tag.end {
                    rewrite.replace(line: i, offset: star, length: 2)
                }
                if let star = TemplateSyntax.find(Array("*/".utf8), in: line, from: open + 5), star < tag.end {
                    rewrite.replace(line: i, offset: star, length: 2)
                }
                continue
            }
            if report(tag, line: i, in: line) { remove(tag, line: i, in: line) }
        }
        return i + 1
    }

    private enum AddressPlace { case inline, definition }

    /// Whether offset `k` starts a link's or image's address: after `](` or `](<`, or in a link reference
    /// definition (`[label]: `).
    private func addressStart(_ line: [UInt8], _ k: Int) -> AddressPlace? {
        var j = k
        if j > 0, line[j - 1] == UInt8(ascii: "<") { j -= 1 }
        if j >= 2, line[j - 2] == UInt8(ascii: "]"), line[j - 1] == UInt8(ascii: "(") { return .inline }
        let (start, bytes) = content(line)
        guard start <= 3, bytes.first == UInt8(ascii: "["), let close = bytes.firstIndex(of: UInt8(ascii: "]")),
              close + 1 < bytes.endIndex, bytes[close + 1] == UInt8(ascii: ":") else { return nil }
        var after = close + 2
        while after < bytes.endIndex, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") { after += 1 }
        return j == after ? .definition : nil
    }

    /// Takes a tag out of its line, with a space beside it where it stood between two, and the spaces after it
    /// where it started the line (they would make the rest an indented code block).
    private mutating func remove(_ tag: TemplateSyntax.Tag, line i: Int, in line: [UInt8]) {
        var start = tag.start, end = tag.end
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let atStart = line[..<start].allSatisfy(isSpace)
        if atStart {
            while end < line.count, isSpace(line[end]) { end += 1 }
        } else if start > 0, isSpace(line[start - 1]), end == line.count || isSpace(line[end]) || Self.isClosingPunctuation(line[end]) {
            start -= 1
            if end == line.count { while start > 0, isSpace(line[start - 1]) { start -= 1 } }
        }
        rewrite.replace(line: i, offset: start, length: end - start)
    }

    /// `.`, `,`, `;`, `:`, `!`, `?` and `)`: what follows a word without a space.
    private static func isClosingPunctuation(_ byte: UInt8) -> Bool {
        [UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ")")].contains(byte)
    }

    /// Leaves out everything from `after` to the end of `{% name %}` (with `removing`), or only that closing tag,
    /// and goes on scanning after it. Returns the line to go on from.
    private mutating func skip(to name: String, after: (line: Int, offset: Int), removing: Bool) -> Int {
        var i = after.line
        var from = after.offset
        while i < rewrite.lines.count {
            let line = Array(rewrite.lines[i])
            var k = from
            while k < line.count, let open = line[k...].firstIndex(of: UInt8(ascii: "{")) {
                if let tag = TemplateSyntax.tag(in: line, at: open), tag.kind == .liquidTag, tag.name == name {
                    if removing {
                        if i == after.line {
                            rewrite.replace(line: i, offset: after.offset, length: tag.end - after.offset)
                        } else {
                            rewrite.replace(line: i, offset: 0, length: tag.end)
                        }
                    } else {
                        rewrite.replace(line: i, offset: tag.start, length: tag.end - tag.start)
                    }
                    return inline(i, line, from: tag.end)
                }
                k = open + 1
            }
            if removing {
                if i == after.line {
                    rewrite.replace(line: i, offset: after.offset, length: line.count - after.offset)
                } else {
                    rewrite.blank(i)
                }
            }
            i += 1
            from = 0
        }
        return i
    }

    /// An attribute list inside a line (`![](a.png){:.center-image}`), or at the end of a heading's line
    /// (`## Title {#id}`, `## Title {: #id}`): taken out, and a heading takes its id. Returns where to go on.
    private mutating func attributes(_ i: Int, _ line: [UInt8], at open: Int) -> Int? {
        guard let close = line[open...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
        let hasColon = line[open + 1] == UInt8(ascii: ":")
        let inner = String(decoding: line[(open + (hasColon ? 2 : 1))..<close], as: UTF8.self)
        let words = TemplateSyntax.words(inner)
        guard !words.isEmpty, words.allSatisfy({ $0.hasPrefix("#") || $0.hasPrefix(".") || $0.contains("=") || (hasColon && $0.utf8.allSatisfy(TemplateSyntax.isNameByte)) })
        else { return nil }
        let rest = line[(close + 1)...]
        let atEnd = rest.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
        let (start, bytes) = content(line)
        let hashes = bytes.prefix { $0 == UInt8(ascii: "#") }.count
        let isHeading = start <= 3 && (1...6).contains(hashes) && bytes.count > hashes && bytes[bytes.startIndex + hashes] == UInt8(ascii: " ")
        // Without the colon, braces are read only at the end of a heading (PHP Markdown Extra, Pandoc, kramdown).
        guard hasColon || (isHeading && atEnd) else { return nil }
        if isHeading, atEnd, let id = Self.attributes(words).id { headingIDs[firstLine + i] = id }
        var from = open
        if atEnd { while from > 0, line[from - 1] == UInt8(ascii: " ") || line[from - 1] == UInt8(ascii: "\t") { from -= 1 } }
        rewrite.replace(line: i, offset: from, length: (atEnd ? line.count : close + 1) - from)
        return close + 1
    }

    // MARK: Findings

    /// Reports a tag or shortcode that the page leaves out: whether it is one (closing tags are left out without
    /// a word; a Liquid variable only when it is one of Jekyll's).
    private mutating func report(_ tag: TemplateSyntax.Tag, line i: Int, in line: [UInt8]) -> Bool {
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
