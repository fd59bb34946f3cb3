import NotesiteMarkdown

/// Within a line: tags and shortcodes in text and at the start of addresses, and attribute lists after a heading.
extension DialectScanner {
    /// Whether offset `k` of line `i` is inside a code span or inline HTML.
    func isProtected(_ i: Int, _ k: Int) -> Bool {
        protected[i]?.contains { $0.contains(k) } ?? false
    }

    /// Tags, shortcodes, attribute lists and templates in addresses, from offset `from` of line `i`. Returns the
    /// line to go on from (after a `{% raw %}` or `{% comment %}` that runs over several lines).
    mutating func inline(_ i: Int, _ line: [UInt8], from: Int) -> Int {
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

    enum AddressPlace { case inline, definition }

    /// Whether offset `k` starts a link's or image's address: after `](` or `](<`, or in a link reference
    /// definition (`[label]: `).
    func addressStart(_ line: [UInt8], _ k: Int) -> AddressPlace? {
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
    mutating func remove(_ tag: TemplateSyntax.Tag, line i: Int, in line: [UInt8]) {
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
    static func isClosingPunctuation(_ byte: UInt8) -> Bool {
        [UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ")")].contains(byte)
    }

    /// Leaves out everything from `after` to the end of `{% name %}` (with `removing`), or only that closing tag,
    /// and goes on scanning after it. Returns the line to go on from.
    mutating func skip(to name: String, after: (line: Int, offset: Int), removing: Bool) -> Int {
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
    mutating func attributes(_ i: Int, _ line: [UInt8], at open: Int) -> Int? {
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
}
