import NotesiteMarkdown

/// What stands in for a title, a date or a summary that a note's front matter does not give, as other site
/// generators read such notes: the note's first heading or its file's name for the title, a date at the start of the
/// file's name (Jekyll's posts) or the day the file was first committed for the date, and the text before
/// `<!--more-->` or the first paragraph for the summary.
enum NoteStandIns {
    /// The file's name made readable, for a note with neither a `title` nor a title heading:
    /// `notes/en/uisplitview-notes.md` → "Uisplitview notes"; a Jekyll date before the name is left out, a
    /// folder's `README.md` or `index.md` is named by its folder, and `-` and `_` are spaces.
    static func fileNameTitle(path: String) -> String {
        let parts = path.split(separator: "/")
        var name = Substring(parts.last ?? "")
        if name.hasSuffix(".md") { name = name.dropLast(3) }
        let lowered = name.lowercased()
        if lowered == "readme" || lowered == "index", parts.count > 3 { name = parts[parts.count - 2] }
        if NoteDate.fileNamePrefix(name) != nil, name.count > 11 { name = name.dropFirst(11) }
        let words = name.split { $0 == "-" || $0 == "_" || $0 == " " }
        guard let first = words.first?.first else { return String(name) }
        let joined = words.joined(separator: " ")
        return first.uppercased() + joined.dropFirst()
    }

    /// The date a Jekyll post's file name starts with (`2017-04-05-title.md`).
    static func fileNameDate(path: String) -> NoteDate? {
        NoteDate.fileNamePrefix(path.split(separator: "/").last ?? "")
    }

    /// The text of the note's title heading: the first heading of `document`, when it is a level-1 heading
    /// (`# Title`, or `Title` over `===`) among the document's own blocks, not in a list or a quote, and has text.
    /// nil when the note has no such heading.
    static func titleHeading(in document: MarkdownNode) -> String? {
        for block in document.children {
            if case .heading(let level) = block.kind {
                guard level == 1 else { return nil }
                let text = collapsed(block.plainText)
                return text.isEmpty ? nil : text
            }
            var nested = false
            block.forEach { if case .heading = $0.kind { nested = true } }
            if nested { return nil }
        }
        return nil
    }

    /// The summary of a note whose front matter gives none: the text before a `<!--more-->` line (Hexo's and
    /// Hugo's summary divider, Jekyll's usual excerpt separator), whole; or else the first paragraph with text, cut
    /// after a sentence within about `limit` characters. Plain text: no Markdown, no images. nil when the note has
    /// no paragraph with text.
    static func summary(of document: MarkdownNode, limit: Int = 200) -> String? {
        let blocks = document.children
        if let more = blocks.firstIndex(where: isMoreDivider) {
            var parts: [String] = []
            for block in blocks[..<more] {
                switch block.kind {
                case .paragraph, .blockQuote, .list: parts.append(collapsed(readableText(of: block)))
                default: break
                }
            }
            let text = collapsed(parts.joined(separator: " "))
            if !text.isEmpty { return text }
        }
        for block in blocks {
            guard case .paragraph = block.kind else { continue }
            // Only as much as the cut can keep is read and made into characters: every note without a summary
            // comes here (`make bench`). The few characters more than the cut looks at cover characters that
            // join when the excerpt reads the text again.
            let text = collapsed(readableText(of: block, upTo: limit * 16), keeping: limit + 16)
            if !text.isEmpty { return excerpt(text, limit: limit) }
        }
        return nil
    }

    /// The text a reader sees of `node` on the page: its plain text without what raw HTML hides or the sanitizer
    /// removes with its content (the text of an inline `<script>…</script>`, `<style>`, `<svg>`, …).
    static func readableText(of node: MarkdownNode, upTo budget: Int = .max) -> String {
        var out = ""
        var removing: String?
        func walk(_ node: MarkdownNode) {
            guard out.utf8.count < budget else { return }
            switch node.kind {
            case .htmlInline(let html):
                if let element = removing {
                    if tagName(html, closing: true) == element { removing = nil }
                } else if let element = tagName(html, closing: false), HTMLSanitizer.removedWithContent.contains(element),
                          !html.hasSuffix("/>") {
                    removing = element
                }
            case .text(let s), .code(let s): if removing == nil { out += s }
            case .softBreak, .lineBreak: if removing == nil { out += " " }
            case .image, .footnoteReference, .htmlBlock, .codeBlock: break
            default: for child in node.children { walk(child) }
            }
        }
        walk(node)
        return out
    }

    /// The lowercased name of the tag `html` opens with (`<script …>` → `script`), or closes with when `closing`.
    private static func tagName(_ html: String, closing: Bool) -> String? {
        var rest = Substring(html)
        guard rest.first == "<" else { return nil }
        rest = rest.dropFirst()
        if closing {
            guard rest.first == "/" else { return nil }
            rest = rest.dropFirst()
        }
        let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return name.isEmpty ? nil : name.lowercased()
    }

    /// `<!--more-->`, with any spaces inside and in any case, as a block of its own.
    private static func isMoreDivider(_ block: MarkdownNode) -> Bool {
        guard case .htmlBlock(let html) = block.kind else { return false }
        // Read only until it has more than the divider's 11 characters that are not spaces: a note's tables and
        // figures are HTML blocks of thousands (`make bench`).
        var kept = ""
        var count = 0
        for c in html where !isWhitespace(c) {
            count += 1
            if count > 11 { return false }
            kept.append(c)
        }
        return kept.lowercased() == "<!--more-->"
    }

    /// `text` within about `limit` characters: whole when it fits; else up to the last end of a sentence that fits
    /// (`。`, `！`, `？`, or `.`, `!`, `?` before a space); else up to the last space that fits, or `limit`
    /// characters, and an ellipsis.
    static func excerpt(_ text: String, limit: Int) -> String {
        // One walk of the first `limit + 1` characters finds the places to cut at, and the excerpt is the text up to
        // one of them: an array of the characters, joined again, cost more than the rest of the summary
        // (`make bench`). A character's first scalar decides white space; a sentence ends only at a character of
        // one scalar.
        let scalars = text.unicodeScalars
        var sentenceEnd: String.Index?
        var space: (index: String.Index, offset: Int)?
        var index = text.startIndex
        var offset = 0
        // Whether the character before `index` is `.`, `!` or `?`: a sentence ends there if a space follows.
        var afterStop = false
        while true {
            guard index < text.endIndex else { return text }
            let first = scalars[index]
            let isSpace = isWhitespace(first)
            if afterStop && isSpace { sentenceEnd = index }
            if offset == limit { break }
            let next = text.index(after: index)
            let value = scalars.index(after: index) == next ? first.value : 0
            if value == 0x3002 || value == 0xFF01 || value == 0xFF1F {  // 。！？
                sentenceEnd = next
            } else if isSpace {
                space = (index, offset)
            }
            afterStop = value == 0x2E || value == 0x21 || value == 0x3F  // . ! ?
            index = next
            offset += 1
        }
        if let sentenceEnd { return String(text[..<sentenceEnd]) }
        // `index` is where the character after the first `limit` starts.
        let cut = space.flatMap { $0.offset > limit / 2 ? $0.index : nil } ?? index
        return String(text[..<cut]).trimmingWhitespace + "…"
    }

    /// `text` with each run of white space one space, none at either end, and none between two Chinese or
    /// Japanese characters (a line break inside a Chinese paragraph is no space in it). With `keeping`, only the
    /// first `keeping` characters of that.
    static func collapsed(_ text: String, keeping limit: Int = .max) -> String {
        var out = ""
        var kept = 0
        var pendingSpace = false
        // The last character kept, rather than `out.last`, which finds it again from the end each time: every
        // note without a summary comes here (`make bench`).
        var last: Character?
        for c in text {
            if kept == limit { break }
            if isWhitespace(c) {
                pendingSpace = last != nil
                continue
            }
            if pendingSpace, let last, !(isWide(last) && isWide(c)) {
                out.append(" ")
                kept += 1
                if kept == limit { break }
            }
            pendingSpace = false
            out.append(c)
            kept += 1
            last = c
        }
        return out
    }

    /// `c.isWhitespace` (whether its first scalar has Unicode's White_Space property), from that property's short
    /// and settled list of code points rather than Unicode's tables: summaries and excerpts ask it of every
    /// character they read (`make bench`).
    static func isWhitespace(_ c: Character) -> Bool {
        c.unicodeScalars.first.map(isWhitespace) ?? false
    }

    /// Whether `scalar` has Unicode's White_Space property (see `isWhitespace(_:)` for a character).
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Chinese, Japanese and full-width characters and punctuation, which are written without spaces between.
    private static func isWide(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FFFF: return true
        default: return false
        }
    }
}
