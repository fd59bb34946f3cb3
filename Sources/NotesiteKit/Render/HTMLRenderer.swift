import NotesiteMarkdown

/// Stage 5a: renders a note's Markdown tree as HTML, giving headings their ids and pointing links at pages.
public struct HTMLRenderer {
    /// Turns a link or image destination as written into the `href`/`src` the page uses, or nil for "no address".
    public typealias LinkRewriter = (_ destination: String, _ isImage: Bool) -> String?

    /// Ways for the site to render some nodes its own way; each returns nil to leave the node to the renderer.
    public struct Hooks {
        /// The HTML of an inline code span (for example, linked to its reference entry).
        public var inlineCode: (String) -> String? = { _ in nil }
        /// The HTML of a code block, given its info string and code.
        public var codeBlock: (_ info: String, _ code: String) -> String? = { _, _ in nil }
        /// The HTML that replaces a raw HTML block (for example, a placeholder the site fills from data).
        public var htmlBlock: (String) -> String? = { _ in nil }
        /// What a placeholder for an image without a file says, in the page's language.
        public var missingImageLabel = "image not available"
        /// What one placeholder for a run of `count` missing images side by side says, in the page's language.
        public var missingImagesLabel: (_ count: Int) -> String = { "\($0) images not available" }
        /// What a screen reader says for the `#` link beside each heading, in the page's language.
        public var headingAnchorLabel = "link to this section"
        /// What a screen reader says for a task list item's checkbox, ticked and not, in the page's language.
        public var taskDoneLabel = "done"
        public var taskToDoLabel = "to do"
        /// What the list of footnotes at the end is called, and what a screen reader says for each footnote's link
        /// back to where the text refers to it, in the page's language.
        public var footnotesLabel = "Footnotes"
        public var footnoteBackLabel = "Back to the text"
        /// A callout's title when the note gives none (`> [!TIP]`, `::: warning`), by its kind, in the page's language.
        public var calloutTitle: (String) -> String = { DialectMarks.englishTitle(of: $0) }

        public init() {}
    }

    private let headingIDs: [String]
    private let rewrite: LinkRewriter
    private let hooks: Hooks
    private var nextHeading = 0
    private var out = HTMLOutput()
    /// How many times the text has referred to each footnote so far, by number: each reference gets an id of its
    /// own, for the footnote's links back.
    private var footnoteReferences: [Int: Int] = [:]
    /// Raw HTML fragments sanitized already (by the note's parse).
    private var sanitized: [String: HTMLSanitizer.Clean] = [:]
    /// The note's callouts and block ids (`Dialects`).
    private var marks = DialectMarks()
    /// How many links the inlines being written are inside, Markdown's or raw HTML's: a code span there is not
    /// linked to its reference entry, since a link inside a link is not HTML, and leaves the outer link without a
    /// name to assistive software (`[`NSURL`](/nsurl/)`).
    private var linkDepth = 0

    private init(headingIDs: [String], rewrite: @escaping LinkRewriter, hooks: Hooks = Hooks()) {
        self.headingIDs = headingIDs
        self.rewrite = rewrite
        self.hooks = hooks
    }

    /// A raw HTML fragment as the page shows it: as the note's parse sanitized it, or sanitized here, with its
    /// links and images leading where the page's Markdown links would (`rewrite`).
    private func clean(_ html: String) -> HTMLSanitizer.Clean {
        var clean = sanitized[html] ?? HTMLSanitizer.sanitize(html).clean
        if !clean.addresses.isEmpty { clean.html = clean.withAddresses(rewrite) }
        return clean
    }

    /// The body of `note` as HTML.
    public static func render(_ note: Note, hooks: Hooks = Hooks(), rewrite: @escaping LinkRewriter) -> String {
        renderMarkup(note, hooks: hooks, rewrite: rewrite).string
    }

    /// The body of `note` as markup for a page's template. A note titled by its first heading
    /// (`NoteMetadata.TitleSource.heading`) has the page show that heading as its title, with its id: the body
    /// leaves it out, and the other headings keep their ids.
    static func renderMarkup(_ note: Note, hooks: Hooks = Hooks(), rewrite: @escaping LinkRewriter) -> HTMLOutput {
        var renderer = HTMLRenderer(headingIDs: note.headings.map(\.id), rewrite: rewrite, hooks: hooks)
        renderer.sanitized = note.sanitizedHTML
        renderer.marks = note.dialect
        renderer.out = HTMLOutput(capacity: note.source.text.utf8.count * 2)
        var blocks = note.document.children
        if note.titleIsFirstHeading, let title = blocks.firstIndex(where: \.isHeading) {
            blocks.remove(at: title)
            renderer.nextHeading = 1
        }
        renderer.renderBlocks(blocks)
        return renderer.out
    }

    /// Renders a bare tree (no heading ids from a note): for tests and for snippets.
    public static func render(_ document: MarkdownNode) -> String {
        var slugger = HeadingSlugger(reserving: NoteParser.reservedIDs)
        var ids: [String] = []
        document.forEach { if case .heading = $0.kind { ids.append(slugger.slug(for: $0.plainText)) } }
        var renderer = HTMLRenderer(headingIDs: ids, rewrite: { destination, _ in destination })
        renderer.renderBlocks(document.children)
        return renderer.out.string
    }

    /// The document's blocks. The footnotes, which cmark-gfm puts after the rest, go in a list of their own.
    private mutating func renderBlocks(_ blocks: [MarkdownNode]) {
        var inFootnotes = false
        for block in blocks {
            if case .footnoteDefinition = block.kind, !inFootnotes {
                inFootnotes = true
                out += "<section class=\"footnotes\" aria-label=\"\(Escape.attribute(hooks.footnotesLabel))\">\n<ol>\n"
            }
            render(block, tight: false)
        }
        if inFootnotes { out += "</ol>\n</section>\n" }
    }

    /// The id of the `k`th reference (from 1) to footnote `number`, and of the footnote.
    private static func footnoteReferenceID(_ number: Int, _ k: Int) -> String { k == 1 ? "Fnref-\(number)" : "Fnref-\(number)-\(k)" }
    private static func footnoteID(_ number: Int) -> String { "Fn-\(number)" }

    /// A footnote: its text, with a link back to each place that refers to it, at the end of its last paragraph.
    private mutating func renderFootnote(_ node: MarkdownNode, number: Int) {
        out += "<li id=\"\(Self.footnoteID(number))\">\n"
        let count = footnoteReferences[number] ?? 0
        var back = ""
        for k in stride(from: 1, through: count, by: 1) {
            back += " <a href=\"#\(Self.footnoteReferenceID(number, k))\" class=\"footnote-back\" aria-label=\"\(Escape.attribute(hooks.footnoteBackLabel))\">↩\(k > 1 ? "<sup>\(k)</sup>" : "")</a>"
        }
        for (i, child) in node.children.enumerated() {
            if i == node.children.count - 1, child.isParagraph {
                out += "<p>"
                renderInlines(child.children)
                out += back + "</p>\n"
                back = ""
            } else {
                render(child, tight: false)
            }
        }
        if !back.isEmpty { out += "<p>" + back.dropFirst() + "</p>\n" }
        out += "</li>\n"
    }

    private mutating func render(_ node: MarkdownNode, tight: Bool) {
        if !marks.blockIDs.isEmpty, let id = marks.blockIDs.removeValue(forKey: node.range.start) {
            renderWithID(node, tight: tight, id: id)
            return
        }
        switch node.kind {
        case .document:
            renderChildren(node, tight: false)
        case .paragraph:
            if tight {
                renderInlines(node.children)
            } else {
                out += "<p>"
                renderInlines(node.children)
                out += "</p>\n"
            }
        case .heading(let level):
            let id = nextHeading < headingIDs.count ? headingIDs[nextHeading] : "section"
            nextHeading += 1
            out += "<h\(level) id=\"\(Escape.attribute(id))\">"
            // A heading that names an API breaks between the name's parts, not inside a word.
            var headingHTML = HTMLOutput()
            swap(&out, &headingHTML)
            renderInlines(node.children)
            swap(&out, &headingHTML)
            out += BreakOpportunities.adding(to: headingHTML.string)
            out += "<a class=\"heading-anchor\" href=\"#\(Escape.href(id))\" aria-label=\"\(Escape.attribute(hooks.headingAnchorLabel))\">#</a></h\(level)>\n"
        case .blockQuote:
            if !marks.callouts.isEmpty, let callout = marks.callouts[node.range.start] {
                renderCallout(node, callout)
                return
            }
            out += "<blockquote>\n"
            renderChildren(node, tight: false)
            out += "</blockquote>\n"
        case .list(let style):
            if style.ordered {
                out += style.start == 1 ? "<ol>\n" : "<ol start=\"\(style.start)\">\n"
            } else {
                out += "<ul>\n"
            }
            for item in node.children { render(item, tight: style.tight) }
            out += style.ordered ? "</ol>\n" : "</ul>\n"
        case .item(let task):
            if let task {
                out += "<li class=\"task-list-item\"><input type=\"checkbox\" disabled\(task == .checked ? " checked" : "") aria-label=\"\(Escape.attribute(task == .checked ? hooks.taskDoneLabel : hooks.taskToDoLabel))\"> "
            } else {
                out += "<li>"
            }
            for (i, child) in node.children.enumerated() {
                if i == 0, !tight || !child.isParagraph { out += "\n" }
                render(child, tight: tight)
            }
            out += "</li>\n"
        case .codeBlock(let info, let code):
            if info.utf8.contains(UInt8(ascii: " ")), let language = Self.numberedLanguage(info) {
                renderNumbered(MarkdownNode(.codeBlock(info: language, code: code), range: node.range), code: code)
                return
            }
            if let html = hooks.codeBlock(info, code) {
                out += html
                return
            }
            let language = info.split(separator: " ").first.map(String.init) ?? ""
            if language.isEmpty {
                out += "<pre><code>"
            } else {
                out += "<pre><code class=\"language-\(Escape.attribute(language))\">"
            }
            out.appendEscaped(code)
            out += "</code></pre>\n"
        case .htmlBlock(let html):
            out += hooks.htmlBlock(html) ?? clean(html).html
        case .thematicBreak:
            out += "<hr>\n"
        case .table(let alignments):
            renderTable(node, alignments: alignments)
        case .footnoteDefinition(let number):
            renderFootnote(node, number: number)
        default:
            renderInlines([node])
        }
    }

    private mutating func renderChildren(_ node: MarkdownNode, tight: Bool) {
        for child in node.children { render(child, tight: tight) }
    }

    /// A block with the id an attribute list gives it, on its first element (none where the block has no element
    /// of its own, as a tight list's paragraph).
    private mutating func renderWithID(_ node: MarkdownNode, tight: Bool, id: String) {
        var piece = HTMLOutput()
        swap(&out, &piece)
        render(node, tight: tight)
        swap(&out, &piece)
        let bytes = piece.bytes
        guard bytes.first == UInt8(ascii: "<"), let end = bytes.firstIndex(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ">") }) else {
            out += piece
            return
        }
        bytes.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[..<end])) }
        out += " id=\""
        out.appendEscaped(id)
        out += "\""
        bytes.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[end...])) }
    }

    /// A callout: a GitHub alert or a `::: kind` container, with its title and its blocks; `details` opens and
    /// closes.
    private mutating func renderCallout(_ node: MarkdownNode, _ callout: DialectMarks.Callout) {
        let title = callout.title ?? hooks.calloutTitle(callout.kind)
        if callout.kind == "details" {
            out += "<details class=\"callout callout-details\">\n<summary class=\"callout-title\">"
            out.appendEscaped(title)
            out += "</summary>\n"
            renderChildren(node, tight: false)
            out += "</details>\n"
            return
        }
        out += "<aside class=\"callout callout-\(Escape.attribute(callout.kind))\" role=\"note\">\n<p class=\"callout-title\">"
        out.appendEscaped(title)
        out += "</p>\n"
        renderChildren(node, tight: false)
        out += "</aside>\n"
    }

    /// The language of an info string that asks for numbered lines (`swift linenos`), without that word.
    static func numberedLanguage(_ info: String) -> String? {
        let words = info.split(separator: " ")
        guard words.dropFirst().contains("linenos") else { return nil }
        return words.first { $0 != "linenos" }.map(String.init) ?? ""
    }

    /// A code block with its line numbers beside it, apart from the code so that copying the code leaves them.
    private mutating func renderNumbered(_ block: MarkdownNode, code: String) {
        var count = 0
        for byte in code.utf8 where byte == UInt8(ascii: "\n") { count += 1 }
        if !code.hasSuffix("\n") { count += 1 }
        out += "<div class=\"code-lines\"><pre class=\"line-numbers\" aria-hidden=\"true\">"
        out += (1...max(count, 1)).map(String.init).joined(separator: "\n")
        out += "</pre>"
        render(block, tight: false)
        out += "</div>\n"
    }

    private mutating func renderTable(_ table: MarkdownNode, alignments: [MarkdownNode.TableAlignment]) {
        out += "<div class=\"table-wrap\"><table>\n"
        var inBody = false
        for row in table.children {
            let isHeader = row.isTableHeader
            if isHeader { out += "<thead>\n" } else if !inBody { out += "<tbody>\n"; inBody = true }
            out += "<tr>\n"
            for (column, cell) in row.children.enumerated() {
                let tag = isHeader ? "th" : "td"
                let alignment = column < alignments.count ? alignments[column] : .none
                switch alignment {
                case .none: out += "<\(tag)>"
                case .left: out += "<\(tag) style=\"text-align: left\">"
                case .center: out += "<\(tag) style=\"text-align: center\">"
                case .right: out += "<\(tag) style=\"text-align: right\">"
                }
                // Rendered apart first: long API names in a cell get places to break, so the table fits.
                var cellHTML = HTMLOutput()
                swap(&out, &cellHTML)
                renderInlines(cell.children)
                swap(&out, &cellHTML)
                out += BreakOpportunities.adding(to: cellHTML.string)
                out += "</\(tag)>\n"
            }
            out += "</tr>\n"
            if isHeader { out += "</thead>\n" }
        }
        if inBody { out += "</tbody>\n" }
        out += "</table></div>\n"
    }

    private mutating func renderInlines(_ nodes: [MarkdownNode]) {
        var skipping: String?
        // The last node a run of missing images took in (`renderMissingImages`).
        var takenUpTo = -1
        // By index, each node's kind read in place: a copy of each node took a retain and a release of its
        // text and of its children.
        for i in nodes.indices {
            if i <= takenUpTo { continue }
            if let element = skipping {
                if case .htmlInline(let html) = nodes[i].kind, html.lowercased().hasPrefix("</\(element)") { skipping = nil }
                continue
            }
            switch nodes[i].kind {
            case .text(let s):
                out.appendEscaped(s)
            case .softBreak:
                // Chinese has no spaces between words: a line break inside a sentence must not become one.
                let before = i > 0 ? nodes[i - 1].lastCharacter : nil
                let after = i + 1 < nodes.count ? nodes[i + 1].firstCharacter : nil
                if let before, let after, before.isWideScript, after.isWideScript {
                    break
                }
                out += "\n"
            case .lineBreak:
                out += "<br>\n"
            case .code(let s):
                if linkDepth == 0, let html = hooks.inlineCode(s) {
                    out += html
                } else {
                    out += "<code>"
                    out.appendEscaped(s)
                    out += "</code>"
                }
            case .htmlInline(let html):
                let clean = clean(html)
                out += clean.html
                linkDepth = max(0, linkDepth + clean.linksOpened)
                if let open = clean.unclosed {
                    // `<script>` in a paragraph: the text up to its end tag, in the next nodes, goes with it.
                    skipping = open
                }
            case .emphasis:
                out += "<em>"; renderInlines(nodes[i].children); out += "</em>"
            case .strong:
                out += "<strong>"; renderInlines(nodes[i].children); out += "</strong>"
            case .strikethrough:
                out += "<del>"; renderInlines(nodes[i].children); out += "</del>"
            case .footnoteReference(let number):
                let k = (footnoteReferences[number] ?? 0) + 1
                footnoteReferences[number] = k
                out += "<sup class=\"footnote-ref\"><a href=\"#\(Self.footnoteID(number))\" id=\"\(Self.footnoteReferenceID(number, k))\">\(number)</a></sup>"
            case .link(let destination, _) where destination.allSatisfy(\.isWhitespace):
                // `[Strategy]()` leads nowhere (`link.empty`): its text alone, not a link to this page. (Swift's
                // `[Photo]()` is text by now: `TreePass`.)
                renderInlines(nodes[i].children)
            case .link(let destination, let title):
                // Appended part by part: an interpolated string for each link was made only to be copied.
                out += "<a href=\""
                out += Escape.href(rewrite(destination, false) ?? destination)
                out += "\""
                if !title.isEmpty {
                    out += " title=\""
                    out.appendEscaped(title)
                    out += "\""
                }
                out += ">"
                linkDepth += 1
                if NoteParser.showsNothing(nodes[i]) {
                    // `[](https://…)` (`link.empty`): its address, or the page would show nothing to follow.
                    out.appendEscaped(destination)
                } else {
                    renderInlines(nodes[i].children)
                }
                linkDepth -= 1
                out += "</a>"
            case .image(let source, let title):
                let alt = nodes[i].children.map(\.plainText).joined()
                guard let src = rewrite(source, true), !src.isEmpty else {
                    takenUpTo = renderMissingImages(nodes, from: i)
                    continue
                }
                out += "<img src=\"\(Escape.href(src))\" alt=\"\(Escape.attribute(alt))\""
                if !title.isEmpty { out += " title=\"\(Escape.attribute(title))\"" }
                out += " loading=\"lazy\">"
            default:
                render(nodes[i], tight: false)
            }
        }
    }
}

extension HTMLRenderer {
    /// The address of an image node the page can show, or nil for a missing image.
    private func imageAddress(_ node: MarkdownNode) -> String? {
        guard case .image(let source, _) = node.kind, let src = rewrite(source, true), !src.isEmpty else { return nil }
        return src
    }

    /// What a missing image is called: its alt text, or else the file name its address gives.
    private static func missingImageName(_ node: MarkdownNode) -> String {
        let alt = node.children.map(\.plainText).joined()
        if !alt.isEmpty { return alt }
        guard case .image(let source, _) = node.kind else { return "" }
        let path = source.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return path.split(separator: "/").last.map(String.init) ?? ""
    }

    /// An image without an address would show nothing at all, so a placeholder says what is missing. Missing
    /// images side by side (in one paragraph, apart only by line breaks or spaces) share one placeholder: a note
    /// that lost eleven screenshots shows a line per group, not eleven boxes. Returns the index of the last node
    /// the placeholder stands for.
    private mutating func renderMissingImages(_ nodes: [MarkdownNode], from first: Int) -> Int {
        var run = [first]
        var j = first + 1
        scan: while j < nodes.count {
            switch nodes[j].kind {
            case .softBreak, .lineBreak:
                break
            case .text(let s) where s.allSatisfy(\.isWhitespace):
                break
            case .image where imageAddress(nodes[j]) == nil:
                run.append(j)
            default:
                break scan
            }
            j += 1
        }
        let names = run.map { Self.missingImageName(nodes[$0]) }.filter { !$0.isEmpty }
        let label = run.count == 1 ? hooks.missingImageLabel : hooks.missingImagesLabel(run.count)
        let listed = names.joined(separator: ", ")
        let described = listed.isEmpty ? label : "\(label): \(listed)"
        out += "<span class=\"image-missing\" role=\"img\" aria-label=\"\(Escape.attribute(described))\">"
        out += "<span class=\"image-missing-label\">\(Escape.text(label))</span>"
        if !listed.isEmpty { out += "<span class=\"image-missing-name\">\(Escape.text(listed))</span>" }
        out += "</span>"
        return run.last!
    }
}

private extension MarkdownNode {
    // Asked by their cases alone: `kind == .paragraph` compared the kinds as values, copying both.
    var isParagraph: Bool {
        if case .paragraph = kind { true } else { false }
    }

    var isHeading: Bool {
        if case .heading = kind { true } else { false }
    }

    var isTableHeader: Bool {
        if case .tableHeader = kind { true } else { false }
    }

    var firstCharacter: Character? {
        switch kind {
        case .text(let s), .code(let s): s.first
        default: children.first?.firstCharacter
        }
    }

    var lastCharacter: Character? {
        switch kind {
        case .text(let s), .code(let s): s.last
        default: children.last?.lastCharacter
        }
    }
}

extension Character {
    /// Han, kana, Hangul and full-width punctuation: scripts written without spaces between words.
    var isWideScript: Bool {
        guard let scalar = unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }
}
