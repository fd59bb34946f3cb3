import NotesiteMarkdown

/// Edits to a note's Markdown that keep every line where it is: a construct of another generator is taken out
/// of its line, or its line is replaced, and never a line added or removed. A node on an edited line is placed back
/// in the note by `originalColumn`, so that headings, links and diagnostics point into the file the author edits.
struct BodyRewrite {
    /// One change on one line, in the line's own bytes.
    struct Edit {
        /// The 0-based offset in the line where the replaced bytes start.
        var offset: Int
        var length: Int
        var replacement: [UInt8]
    }

    /// The body's lines, without their line ends.
    private(set) var lines: [ArraySlice<UInt8>]
    /// The edits of each edited line (0-based), in the order of their offsets once `sorted` ran.
    private(set) var edits: [Int: [Edit]] = [:]

    init(_ body: [UInt8]) {
        lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    }

    var isEmpty: Bool { edits.isEmpty }

    /// Replaces `length` bytes of line `line` from `offset` with `replacement`. Edits of one line must not overlap;
    /// a later one that would is dropped.
    mutating func replace(line: Int, offset: Int, length: Int, with replacement: [UInt8] = []) {
        guard line >= 0, line < lines.count, offset >= 0, offset + length <= lines[line].count else { return }
        var list = edits[line] ?? []
        if list.contains(where: { offset < $0.offset + $0.length && $0.offset < offset + length || ($0.offset == offset && length == 0 && $0.length == 0) }) { return }
        list.append(Edit(offset: offset, length: length, replacement: replacement))
        list.sort { $0.offset < $1.offset }
        edits[line] = list
    }

    /// Empties line `line`.
    mutating func blank(_ line: Int) {
        guard line >= 0, line < lines.count else { return }
        edits[line] = [Edit(offset: 0, length: lines[line].count, replacement: [])]
    }

    /// Puts `text` in place of all of line `line`.
    mutating func setLine(_ line: Int, to text: [UInt8]) {
        guard line >= 0, line < lines.count else { return }
        edits[line] = [Edit(offset: 0, length: lines[line].count, replacement: text)]
    }

    /// Whether line `line` was replaced or emptied whole.
    func isReplaced(_ line: Int) -> Bool {
        guard let list = edits[line], list.count == 1 else { return false }
        return list[0].offset == 0 && list[0].length == lines[line].count
    }

    /// The body with the edits made.
    var text: String {
        var out: [UInt8] = []
        out.reserveCapacity(lines.reduce(0) { $0 + $1.count + 1 })
        for (i, line) in lines.enumerated() {
            if i > 0 { out.append(UInt8(ascii: "\n")) }
            guard let list = edits[i] else {
                out += line
                continue
            }
            var at = line.startIndex
            for edit in list {
                out += line[at..<(line.startIndex + edit.offset)]
                out += edit.replacement
                at = line.startIndex + edit.offset + edit.length
            }
            out += line[at...]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The column in the note of 1-based `column` of the edited text's line `line` (0-based). A column inside a
    /// replacement is the replaced bytes' first column.
    func originalColumn(line: Int, column: Int) -> Int {
        guard let list = edits[line] else { return column }
        // An emptied line: only the end of a block that runs over empty lines is placed there, at its start.
        if list.count == 1, list[0].offset == 0, list[0].length == lines[line].count, list[0].replacement.isEmpty { return 1 }
        var delta = 0
        for edit in list {
            let start = edit.offset + 1 + delta
            if column < start { return column - delta }
            if column < start + edit.replacement.count { return edit.offset + 1 }
            delta += edit.replacement.count - edit.length
        }
        return max(1, column - delta)
    }

    /// `node` and every node below it with their columns on edited lines placed back in the note. `firstLine` is
    /// the file's line number of the body's first line.
    func placedBack(_ node: MarkdownNode, firstLine: Int) -> MarkdownNode {
        var node = node
        node.range.start = placedBack(node.range.start, firstLine: firstLine)
        node.range.end = placedBack(node.range.end, firstLine: firstLine)
        if !node.children.isEmpty {
            node.children = node.children.map { placedBack($0, firstLine: firstLine) }
        }
        return node
    }

    func placedBack(_ location: SourceLocation, firstLine: Int) -> SourceLocation {
        let line = location.line - firstLine
        guard edits[line] != nil else { return location }
        return SourceLocation(line: location.line, column: originalColumn(line: line, column: location.column))
    }
}
