import Foundation
import NotesiteMarkdown

/// The part of `Dialects` that works on the parsed tree: callouts, attribute lists, code blocks' languages, and the
/// headings written without a space.
struct TreePass {
    let file: String
    /// The note's Markdown as written.
    let body: String
    let firstLine: Int
    let scanner: DialectScanner?
    private(set) var marks = DialectMarks()
    private(set) var diagnostics: [Diagnostic] = []
    /// The body's lines, made when a check first needs one.
    private var lines: LineTable?

    init(file: String, body: String, firstLine: Int, scanner: DialectScanner?) {
        self.file = file
        self.body = body
        self.firstLine = firstLine
        self.scanner = scanner
    }

    mutating func run(_ document: inout MarkdownNode) {
        if let scanner {
            if !scanner.addressEdits.isEmpty { restoreAddresses(&document, scanner.addressEdits) }
            if !scanner.containers.isEmpty { document.children = grouped(document.children, scanner.containers) }
            for attribute in scanner.attributeLines { attach(attribute, in: &document) }
            marks.contentsMarker = scanner.contentsMarker.map { SourceLocation(line: $0, column: 1) }
        }
        walk(&document)
        if Self.mayHoldTagRemovedWithContent(body) { openTagsAsText(in: &document) }
        if Self.hasControlCharacters(body) { showControlCharacters(in: &document) }
        // Only a note with `]()`, as a link without an address has, is walked for one.
        if body.has("]()") { swiftArraysAsText(in: &document) }
        if Self.placeholderAddresses.contains(where: { body.has("](\($0))") }) { placeholderLinksAsText(in: &document) }
        var explicit: Set<String> = []
        for (location, id) in marks.headingIDs.sorted(by: { $0.key < $1.key }) {
            if !Self.isUsableID(id) || !explicit.insert(id).inserted { marks.headingIDs[location] = nil }
        }
    }

    /// Whether a note may give a heading or block this id: not the top of the page, and none of the ids the page
    /// gives its own elements (`Main`, `SiteSearch`, the footnotes' `Fn-1`, `Fnref-1`).
    static func isUsableID(_ id: String) -> Bool {
        !id.isEmpty && !NoteParser.reservedIDs.contains(id) && !["Main", "SiteSearch"].contains(id)
            && !id.hasPrefix("Fn-") && !id.hasPrefix("Fnref-") && !id.contains(where: { $0.isWhitespace })
    }

    private mutating func line(_ fileLine: Int) -> ArraySlice<UInt8>? {
        if lines == nil { lines = LineTable(body) }
        return lines!.line(fileLine - firstLine + 1)
    }

    // MARK: Blocks

    /// Goes through the blocks (not into paragraphs' inlines, but for their first texts).
    private mutating func walk(_ node: inout MarkdownNode) {
        switch node.kind {
        case .heading:
            if let id = scanner?.headingIDs[node.range.start.line] { marks.headingIDs[node.range.start] = id }
            return
        case .codeBlock(let info, let code):
            codeBlock(&node, info: info, code: code)
            return
        case .paragraph:
            headingsWithoutSpace(in: node)
            return
        case .htmlBlock(let html):
            if marks.contentsMarker == nil, Self.isContentsComment(html) { marks.contentsMarker = node.range.start }
            return
        case .blockQuote:
            alert(&node)
        case .table, .thematicBreak:
            return
        default:
            break
        }
        for i in node.children.indices { walk(&node.children[i]) }
    }

    /// `<!-- toc -->`, as markdown-toc and others write it.
    static func isContentsComment(_ html: String) -> Bool {
        let trimmed = html.trimmingWhitespace
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->"), trimmed.count >= 7 else { return false }
        return String(trimmed.dropFirst(4).dropLast(3)).trimmingWhitespace.lowercased() == "toc"
    }

    // MARK: Code blocks

    private mutating func codeBlock(_ node: inout MarkdownNode, info: String, code: String) {
        var language = Self.normalisedInfo(info)
        if language.isEmpty, let dialect = CodeClassifier.dialect(of: code) {
            language = dialect == .swift ? "swift" : "objc"
            // An indented block's range starts on its code's first line, where a fenced one starts on its fence:
            // it starts a line earlier, as if fenced, so its names are placed from there as in a fenced block.
            if isIndented(node, code: code) {
                let old = node.range.start
                node.range.start.line -= 1
                if let id = marks.blockIDs.removeValue(forKey: old) { marks.blockIDs[node.range.start] = id }
            }
        }
        if language != info { node.kind = .codeBlock(info: language, code: code) }
    }

    /// A fenced block's info string with kramdown's and Pandoc's braces read (`{swift}`, `{.objective-c}`,
    /// `{.swift .numberLines}`) and a name after a colon left off (`swift:AppDelegate.swift`).
    static func normalisedInfo(_ info: String) -> String {
        guard let first = info.first else { return info }
        if first == "{", let close = info.firstIndex(of: "}") {
            let words = TemplateSyntax.words(String(info[info.index(after: info.startIndex)..<close]))
            let language = words.first { !$0.hasPrefix("#") && !$0.contains("=") && $0 != ".numberLines" && $0 != ".number-lines" }
                .map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? ""
            let numbered = words.contains { $0 == ".numberLines" || $0 == ".number-lines" || $0 == "linenos" }
            return language + (numbered ? " linenos" : "")
        }
        let word = info.prefix { $0 != " " }
        if let colon = word.firstIndex(of: ":"), colon != word.startIndex {
            return String(word[..<colon]) + info[word.endIndex...]
        }
        return info
    }

    private mutating func isIndented(_ node: MarkdownNode, code: String) -> Bool {
        guard let line = line(node.range.start.line) else { return false }
        let from = line.startIndex + node.range.start.column - 1
        guard from <= line.endIndex else { return false }
        let firstCodeLine = code.utf8.prefix { $0 != UInt8(ascii: "\n") }
        return line[from...].starts(with: firstCodeLine) && !(line[from...].first == UInt8(ascii: "`") || line[from...].first == UInt8(ascii: "~"))
    }

    // MARK: Callouts

    /// `> [!NOTE]` on the first line of a quote: GitHub's alerts, and Microsoft Docs' (the same five). Obsidian's
    /// callouts add more kinds, a title after the marker and `-` or `+` for one that folds (`> [!question]- Why?`),
    /// shown here as a `details` callout. Docs' `> [!VIDEO url]` becomes a link to the video.
    private mutating func alert(_ quote: inout MarkdownNode) {
        guard let paragraph = quote.children.first, case .paragraph = paragraph.kind else { return }
        var line = ""
        var count = 0
        for child in paragraph.children {
            guard case .text(let text) = child.kind else { break }
            line += text
            count += 1
        }
        var rest = Array(paragraph.children.dropFirst(count))
        if let next = rest.first {
            switch next.kind {
            case .softBreak, .lineBreak: rest.removeFirst()
            default: return
            }
        }
        guard count > 0, line.hasPrefix("[!"), let close = line.firstIndex(of: "]") else { return }
        let inside = line[line.index(line.startIndex, offsetBy: 2)..<close]
        var after = line[line.index(after: close)...]
        let name = inside.prefix { $0.isLetter || $0 == "-" || $0 == "_" }
        guard !name.isEmpty else { return }
        let kind = name.lowercased()
        let start = paragraph.children[0].range.start
        if kind == "video" {
            let url = inside.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            guard !url.isEmpty, String(after).trimmingWhitespace.isEmpty else { return }
            let range = SourceRange(start: start, end: paragraph.children[count - 1].range.end)
            let link = MarkdownNode(.link(destination: url, title: ""), range: range, children: [MarkdownNode(.text(url), range: range)])
            quote.children[0].children = [link] + (rest.isEmpty ? [] : [MarkdownNode(.softBreak, range: range)] + rest)
            return
        }
        guard name.count == inside.count else { return }
        var folds = false
        if let mark = after.first, mark == "-" || mark == "+" {
            folds = true
            after = after.dropFirst()
        }
        let given = String(after).trimmingWhitespace
        // GitHub's five are titled in the page's language; Obsidian's other kinds by their own names.
        let isGitHubs = ["note", "tip", "important", "warning", "caution"].contains(kind)
        let title = !given.isEmpty ? given : isGitHubs && !folds ? nil : DialectMarks.englishTitle(of: kind)
        if rest.isEmpty {
            quote.children.removeFirst()
        } else {
            quote.children[0].children = rest
            quote.children[0].range.start = rest[0].range.start
        }
        marks.callouts[quote.range.start] = DialectMarks.Callout(kind: folds ? "details" : Self.calloutKinds[kind] ?? "note", title: title)
    }

    /// The kinds of GitHub's alerts and Obsidian's callouts, as the kinds of callout this site draws.
    static let calloutKinds: [String: String] = [
        "note": "note", "tip": "tip", "important": "important", "warning": "warning", "caution": "caution",
        "info": "info", "todo": "note", "abstract": "info", "summary": "info", "tldr": "info", "hint": "tip",
        "success": "tip", "check": "tip", "done": "tip", "question": "info", "help": "info", "faq": "info",
        "attention": "warning", "failure": "danger", "fail": "danger", "missing": "danger", "danger": "danger",
        "error": "danger", "bug": "danger", "example": "note", "quote": "note", "cite": "note",
    ]

    /// The blocks between each container's lines, put in a block quote that is marked as a callout.
    private mutating func grouped(_ children: [MarkdownNode], _ containers: [DialectScanner.Container]) -> [MarkdownNode] {
        // The outermost containers first; those inside one are grouped with its blocks.
        let outer = containers.filter { c in !containers.contains { $0.open < c.open && $0.close > c.close } }
        var children = children
        for container in outer {
            let inner = containers.filter { $0.open > container.open && $0.close < container.close }
            let inside = children.indices.filter { i in
                let r = children[i].range
                // A list's range runs on over the empty lines after it (the container's emptied lines among them),
                // and ends at their column 0.
                return r.start.line > container.open && r.start.line < container.close
                    && (r.end.line < container.close || r.end.column <= 1)
            }
            let start = SourceLocation(line: container.open, column: container.column)
            let range = SourceRange(start: start, end: SourceLocation(line: container.close, column: container.column + 2))
            if let first = inside.first, let last = inside.last, last - first + 1 == inside.count {
                let quote = MarkdownNode(.blockQuote, range: range, children: grouped(Array(children[first...last]), inner))
                children.replaceSubrange(first...last, with: [quote])
            } else if inside.isEmpty, let holder = children.firstIndex(where: { $0.range.start.line < container.open && $0.range.end.line > container.close }),
                      !children[holder].children.isEmpty, !isLeaf(children[holder]) {
                // A container inside a list item or a quote.
                children[holder].children = grouped(children[holder].children, [container] + inner)
                continue
            } else if inside.isEmpty {
                let at = children.firstIndex { $0.range.start.line > container.close } ?? children.endIndex
                children.insert(MarkdownNode(.blockQuote, range: range), at: at)
            } else {
                continue
            }
            marks.callouts[start] = DialectMarks.Callout(kind: container.kind, title: container.title)
        }
        return children
    }

    private func isLeaf(_ node: MarkdownNode) -> Bool {
        switch node.kind {
        case .paragraph, .heading, .codeBlock, .htmlBlock, .table, .thematicBreak: true
        default: false
        }
    }

    // MARK: Attribute lists

    /// Gives the block beside an attribute list alone on its line the list's id (a heading's id is its own), and a
    /// code block with no language the language of a `.language-…` class. The block is the one that ends on the
    /// line before, or, after an empty line, the one that starts on the line after.
    private mutating func attach(_ attribute: DialectScanner.AttributeLine, in document: inout MarkdownNode) {
        let previous = line(attribute.line - 1)
        let after = previous.map { TemplateSyntax.trimmed($0).isEmpty } ?? true
        _ = attach(attribute, to: &document.children, after: after)
    }

    private mutating func attach(_ attribute: DialectScanner.AttributeLine, to nodes: inout [MarkdownNode], after: Bool) -> Bool {
        let l = attribute.line
        let found: Int?
        if after {
            found = nodes.firstIndex { $0.range.start.line > l }.flatMap { nodes[$0].range.start.line == l + 1 ? $0 : nil }
        } else {
            // The line before is not empty: the last block that starts before the list ends there, or (a list) runs
            // on over it.
            found = nodes.lastIndex { $0.range.start.line < l }.flatMap { nodes[$0].range.end.line >= l - 1 ? $0 : nil }
        }
        guard let index = found else { return false }
        if !after, !isLeaf(nodes[index]), attribute.column > nodes[index].range.start.column,
           attach(attribute, to: &nodes[index].children, after: false) {
            return true
        }
        apply(attribute, to: &nodes[index])
        return true
    }

    private mutating func apply(_ attribute: DialectScanner.AttributeLine, to node: inout MarkdownNode) {
        if case .codeBlock(let info, let code) = node.kind, info.isEmpty,
           let language = attribute.classes.first(where: { $0.hasPrefix("language-") }) {
            node.kind = .codeBlock(info: String(language.dropFirst(9)), code: code)
        }
        guard let id = attribute.id, Self.isUsableID(id) else { return }
        if case .heading = node.kind {
            marks.headingIDs[node.range.start] = id
        } else {
            marks.blockIDs[node.range.start] = id
        }
    }

    // MARK: Addresses

    /// Links and images whose address started with a template get the address back as written; the link
    /// resolver reads the template (`TemplateSyntax.address`).
    private func restoreAddresses(_ node: inout MarkdownNode, _ edits: [DialectScanner.AddressEdit]) {
        switch node.kind {
        case .link(let destination, let title), .image(let destination, let title):
            if let edit = edits.first(where: { $0.replacement == destination && ($0.isDefinition || covers(node.range, $0)) }) {
                if case .link = node.kind {
                    node.kind = .link(destination: edit.written, title: title)
                } else {
                    node.kind = .image(source: edit.written, title: title)
                }
            }
        case .codeBlock, .code, .text, .htmlBlock, .htmlInline:
            return
        default:
            break
        }
        for i in node.children.indices { restoreAddresses(&node.children[i], edits) }
    }

    private func covers(_ range: SourceRange, _ edit: DialectScanner.AddressEdit) -> Bool {
        let at = SourceLocation(line: edit.line, column: edit.column)
        return range.start <= at && at <= SourceLocation(line: range.end.line, column: range.end.column + 1)
    }

    // MARK: Headings without a space

    /// `###屏幕`: a line of a paragraph that starts with one to six `#` and a letter. GitHub, as cmark-gfm, shows it
    /// as text; the author meant a heading. A `#` before a digit (`#12`, an issue) or a preprocessor word
    /// (`#import`), and a line of hashtags, are not reported.
    private mutating func headingsWithoutSpace(in paragraph: MarkdownNode) {
        var atLineStart = true
        for child in paragraph.children {
            defer {
                switch child.kind {
                case .softBreak, .lineBreak: atLineStart = true
                default: atLineStart = false
                }
            }
            guard atLineStart, case .text(let text) = child.kind, text.utf8.first == UInt8(ascii: "#") else { continue }
            let hashes = text.prefix { $0 == "#" }.count
            guard hashes <= 6, let next = text.dropFirst(hashes).first, next.isLetter || (hashes > 1 && next.isNumber) else { continue }
            if hashes == 1 {
                let word = text.dropFirst().prefix { $0.isLetter }
                if Self.directives.contains(String(word)) { continue }
                let words = text.split(separator: " ")
                if words.count > 1, words.allSatisfy({ $0.hasPrefix("#") }) { continue }
            }
            // Where the hashes are written: an escaped `\#` is no heading.
            let at = child.range.start
            guard let source = line(at.line), at.column - 1 < source.count,
                  source[source.startIndex + at.column - 1] == UInt8(ascii: "#") else { continue }
            let marks = String(repeating: "#", count: hashes)
            diagnostics.append(Diagnostic(MarkdownRule.headingNoSpace, file: file, at: at,
                                          "`\(marks)` needs a space after it to make a heading; without one, GitHub and this site show the line as text. Write `\(marks) \(text.dropFirst(hashes).prefix(20))`",
                                          fixIts: [Diagnostic.FixIt(at: at, replacing: marks, with: marks + " ")]))
        }
    }

    // MARK: Tags left open

    /// A tag of such an element whose end tag is not in the rest of its paragraph (heading, cell) reads as text:
    /// "the three parts are <template>, <style> and <script>". A page would drop the rest of the paragraph with it,
    /// so it becomes text, and the page shows it as written.
    private mutating func openTagsAsText(in node: inout MarkdownNode) {
        for i in node.children.indices {
            if case .htmlInline(let html) = node.children[i].kind, let name = HTMLSanitizer.elementRemovedWithContent(openedBy: html),
               !node.children[(i + 1)...].contains(where: { Self.isEndTag(of: name, $0) }) {
                node.children[i].kind = .text(html)
                let at = node.children[i].range.start
                diagnostics.append(Diagnostic(HTMLRule.disallowed, file: file, at: at,
                                              "`\(html)` has no end tag in its paragraph, so it reads as text, and the page shows it as written; put it in backticks to say so",
                                              fixIts: [Diagnostic.FixIt(at: at, replacing: html, with: "`\(html)`")]))
            }
            openTagsAsText(in: &node.children[i])
        }
    }

    // MARK: Swift's empty arrays

    /// A link without an address that reads as Swift's empty array (`var photos = [Photo]()`, which cmark-gfm takes
    /// for a link) becomes text, as the note wrote it, with `link.empty` and the fix-it that puts it in backticks.
    /// It is found by its text on its line, with what stands before it there: cmark-gfm's columns of inlines after
    /// other inlines are not to be relied on, and the fix-it must stand where it is written.
    private mutating func swiftArraysAsText(in node: inout MarkdownNode) {
        for i in node.children.indices {
            if case .link(let destination, _) = node.children[i].kind, destination.isEmpty {
                let text = node.children[i].plainText
                let written = "[\(text)]()"
                let lineNumber = node.children[i].range.start.line
                if let source = line(lineNumber), let start = Self.firstRange(of: Array(written.utf8), in: source),
                   Note.readsAsSwiftArray(text, after: String(decoding: source[..<start], as: UTF8.self)[...]) {
                    let at = SourceLocation(line: lineNumber, column: start - source.startIndex + 1)
                    node.children[i] = MarkdownNode(.text(written), range: node.children[i].range)
                    diagnostics.append(Diagnostic(LinkRule.empty, file: file, at: at,
                                                  "`\(written)` reads as a link without an address; the page shows it as written, but if it is Swift, write it in backticks",
                                                  fixIts: [Diagnostic.FixIt(at: at, replacing: written, with: "`\(written)`")]))
                    continue
                }
            }
            swiftArraysAsText(in: &node.children[i])
        }
    }

    // MARK: Addresses to come

    /// The words notes write where an address is to come: `[Soft code](url)` in a table of contents.
    static let placeholderAddresses = ["url", "URL", "link", "Link"]

    /// A link whose address is a word that stands for one (`placeholderAddresses`) is its text, as a link without an
    /// address is, with `link.empty`: the page would lead to a file named `url`, which no site has.
    private mutating func placeholderLinksAsText(in node: inout MarkdownNode) {
        var children: [MarkdownNode] = []
        for var child in node.children {
            if case .link(let destination, _) = child.kind, Self.placeholderAddresses.contains(destination) {
                diagnostics.append(Diagnostic(LinkRule.empty, file: file, at: child.range.start,
                                              "the link's address is '\(destination)', a word that stands for an address to come, so the page shows its text without a link; write the address in the parentheses, or remove the link"))
                children += child.children
                continue
            }
            placeholderLinksAsText(in: &child)
            children.append(child)
        }
        node.children = children
    }

    /// Where `needle` first stands in `line`, as an index of `line`.
    private static func firstRange(of needle: [UInt8], in line: ArraySlice<UInt8>) -> Int? {
        guard !needle.isEmpty, needle.count <= line.count else { return nil }
        var i = line.startIndex
        while i + needle.count <= line.endIndex {
            if line[i] == needle[0], line[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    // MARK: Control characters

    /// Shows each such character in code as its picture (`␛` for ESC), which says what the log held; in prose and
    /// raw HTML, where it is a stray byte an editor left (`《\u{8}第二章`) and a browser shows nothing, it goes. Either
    /// way the page is HTML that validates.
    private func showControlCharacters(in node: inout MarkdownNode) {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value == 0x7F || (scalar.value < 0x20 && scalar != "\n" && scalar != "\t")
        }
        func pictured(_ s: String) -> String {
            String(String.UnicodeScalarView(s.unicodeScalars.map { scalar in
                guard isControl(scalar) else { return scalar }
                return scalar.value == 0x7F ? "\u{2421}" : Unicode.Scalar(0x2400 + scalar.value)!
            }))
        }
        func dropped(_ s: String) -> String {
            String(String.UnicodeScalarView(s.unicodeScalars.filter { !isControl($0) }))
        }
        switch node.kind {
        case .text(let s): node.kind = .text(dropped(s))
        case .code(let s): node.kind = .code(pictured(s))
        case .codeBlock(let info, let code): node.kind = .codeBlock(info: info, code: pictured(code))
        case .htmlInline(let s): node.kind = .htmlInline(dropped(s))
        case .htmlBlock(let s): node.kind = .htmlBlock(dropped(s))
        default: break
        }
        for i in node.children.indices { showControlCharacters(in: &node.children[i]) }
    }

    private static func isEndTag(of name: String, _ node: MarkdownNode) -> Bool {
        guard case .htmlInline(let html) = node.kind else { return false }
        return html.lowercased().hasPrefix("</\(name)")
    }

    /// Words after `#` that are code, not a heading.
    static let directives: Set<String> = [
        "import", "include", "define", "undef", "if", "ifdef", "ifndef", "else", "elif", "endif", "pragma", "warning", "error",
        "available", "selector", "keyPath", "colorLiteral", "imageLiteral", "fileLiteral", "file", "line", "function",
        "column", "sourceLocation", "Preview", "region", "endregion",
    ]
}
