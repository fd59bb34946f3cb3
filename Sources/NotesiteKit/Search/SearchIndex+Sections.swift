import NotesiteMarkdown

extension SearchIndex {
    /// The text script of `note`'s sections when it has one of its own (`notesite serve`, whose rebuild rewrites
    /// the edited note's): `zh/shoushi` for `zh/shoushi.html`. A complete build groups notes (`TextScriptPlan`).
    static func shard(of note: Note) -> String {
        "\(note.language.rawValue)/\(note.slug)"
    }

    /// Where the text script `shard` is written.
    public static func shardPath(_ shard: String) -> String {
        "assets/search/\(shard).js"
    }

    /// `note`'s text script, from its entries.
    static func shardFile(of note: Note, entries: Entries) -> OutputFile {
        shardFile(shard(of: note), sections: entries.sections)
    }

    /// The text script of `sections` (one note's, or the reference's): a call that hands the texts, in order, to
    /// the search page. Put together as bytes: the texts are most of the site's search data, and a `String` of
    /// each checked its UTF-8 again.
    public static func shardFile(_ shard: String, sections: [Section]) -> OutputFile {
        shardFile(shard, texts: [textItems(of: sections)])
    }

    /// The text script `shard` of the texts `items` holds, each part as `textItems` makes it, parts in order.
    static func shardFile(_ shard: String, texts items: [[UInt8]]) -> OutputFile {
        var out: [UInt8] = []
        out.reserveCapacity(items.reduce(64) { $0 + $1.count })
        out += "NOTESITE_SEARCH_TEXT(".utf8
        JSON.append(shard, to: &out)
        out += ", [".utf8
        for part in items where !part.isEmpty {
            // Each part starts with ",\n": the first part's comma goes.
            out += out.last == UInt8(ascii: "[") ? part.dropFirst() : part[...]
        }
        out += "]);\n".utf8
        return OutputFile(path: shardPath(shard), contents: .bytes(out))
    }

    /// The texts of `sections` as items of the text script's list: `,\n"text"` for each, escaped for JSON. Made by
    /// the worker that renders the note's page, so that the thread putting a script together only joins them.
    static func textItems(of sections: [Section]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(sections.reduce(0) { $0 + $1.utf8Text.count + 4 })
        for section in sections {
            out += ",\n".utf8
            section.utf8Text.withUnsafeBufferPointer { JSON.append($0, to: &out) }
        }
        return out
    }

    /// Every section of `note`: the text before the first heading, then one per heading.
    /// The text is put together as bytes and made a `String` once: appending each text node to a `String` cost
    /// more than reading the text for its words.
    /// `script`: the text script that holds them (by default the note's own, `shard(of:)`).
    static func sections(of note: Note, script: String? = nil) -> [Section] {
        let script = script ?? shard(of: note)
        var result: [Section] = []
        var current: (heading: String?, anchor: String?, text: [UInt8]) = (nil, nil, [])
        var headingIndex = 0
        func flush() {
            let text = trimmedText(current.text)
            guard !text.isEmpty || current.heading != nil else { return }
            result.append(Section(title: note.metadata.title, heading: current.heading, language: note.language,
                                  url: note.outputPath + (current.anchor.map { "#" + $0 } ?? ""), utf8Text: text,
                                  shard: script))
        }
        note.document.children.withUnsafeBufferPointer { blocks in
            for i in blocks.indices {
                let block = blocks.baseAddress! + i
                if case .heading = block.pointee.kind {
                    flush()
                    let heading = headingIndex < note.headings.count ? note.headings[headingIndex] : nil
                    headingIndex += 1
                    current = (heading?.text ?? block.pointee.plainText, heading?.id, [])
                } else {
                    appendText(at: block, to: &current.text)
                    current.text.append(UInt8(ascii: "\n"))
                }
            }
        }
        flush()
        return result
    }

    /// Appends the text a reader sees in the block at `block`: a code block's code, nothing for raw HTML, and the
    /// plain text of the paragraphs, headings and table cells inside anything else, one space between neighbours.
    /// Straight into the section's text, rather than a string for each part joined into another for each block.
    /// The blocks are read where they are in their parents' lists: a loop over a list copied each block, retaining
    /// and releasing its text and its own children, and so did a method called on a block in a list.
    private static func appendText(at block: UnsafePointer<MarkdownNode>, to out: inout [UInt8]) {
        switch block.pointee.kind {
        case .codeBlock(_, var code): code.withUTF8 { out.append(contentsOf: $0) }
        case .htmlBlock: break
        default:
            guard !block.pointee.children.isEmpty else {
                MarkdownNode.appendPlainText(of: block, to: &out)
                return
            }
            block.pointee.children.withUnsafeBufferPointer { children in
                for i in children.indices {
                    if i > 0 { out.append(UInt8(ascii: " ")) }
                    let child = children.baseAddress! + i
                    switch child.pointee.kind {
                    case .paragraph, .heading, .tableCell: MarkdownNode.appendPlainText(of: child, to: &out)
                    default: appendText(at: child, to: &out)
                    }
                }
            }
        }
    }

    /// `bytes` (UTF-8) without the whitespace at either end, as `trimmingWhitespace` has it, which drops a first or
    /// last character that is whitespace, a character being whitespace when its first scalar is. ASCII whitespace
    /// next to ASCII (a section's text ends with a newline) is cut from the bytes. Text is decoded to be trimmed
    /// as characters only where an end is not plain: a last scalar that could belong to a character begun before
    /// it, such as a combining mark, or whitespace other than ASCII's.
    static func trimmedText(_ bytes: [UInt8]) -> [UInt8] {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        // The scalar that starts at `i`, and the one that ends just before `end`, decoded from the (valid) bytes.
        func scalar(at i: Int) -> UInt32 {
            let b = UInt32(bytes[i])
            if b < 0x80 { return b }
            if b < 0xE0 { return (b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F) }
            if b < 0xF0 { return (b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F) }
            return (b & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
        }
        func scalar(endingAt end: Int) -> UInt32 {
            var i = end - 1
            while bytes[i] & 0xC0 == 0x80 { i -= 1 }
            return scalar(at: i)
        }
        // Scalars that are not whitespace, never join the character before them and are never joined to the one
        // after: ASCII's, Cyrillic, general punctuation, CJK punctuation (but the ideographic space), the
        // ideographs and the full-width forms. Whitespace next to one of them is a character of its own.
        func isPlain(_ v: UInt32) -> Bool {
            (0x21...0x7E).contains(v) || (0x400...0x45F).contains(v) || (0x2010...0x2027).contains(v)
                || (0x3001...0x303F).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xFF01...0xFF5E).contains(v)
        }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        if start > 0, start < end, !isPlain(scalar(at: start)) { start = 0 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        if end < bytes.count, end > start, !isPlain(scalar(endingAt: end)) { end = bytes.count }
        if start == end { return [] }
        let first = scalar(at: start)
        let firstIsSpace = first < 0x80 ? isSpace(UInt8(first)) : Unicode.Scalar(first)!.properties.isWhitespace
        if !firstIsSpace && isPlain(scalar(endingAt: end)) {
            return start == 0 && end == bytes.count ? bytes : Array(bytes[start..<end])
        }
        return Array(String(decoding: bytes[start..<end], as: UTF8.self).trimmingWhitespace.utf8)
    }
}
