import Foundation
import NotesiteMarkdown

/// Notes written for other generators (Jekyll and kramdown, Hexo, Hugo, VuePress and Docusaurus, GitHub's alerts and
/// Obsidian's callouts), read so that their pages show what those generators would show, with no edit to the note.
///
/// Two passes, each where it is simplest and keeps every position in the note:
///
/// - On the text, before cmark-gfm reads it (`DialectScanner`), for what changes the blocks or would show as
///   literal text: Liquid tags and Hugo shortcodes are taken out of their lines (and reported), `{% highlight %}`,
///   `{% codeblock %}` and `{{< highlight >}}` lines become fences, `::: tip` lines, attribute lists alone on a line
///   and contents markers are emptied, `{{ site.baseurl }}` and the like are taken out of addresses. No line is
///   added or removed, so every line keeps its number; a node on an edited line gets its columns back from the
///   edits. Code blocks and code spans, as a first parse of the note finds them, are left alone, so a note that
///   shows these constructs in code keeps them. Only a note with something to edit is parsed twice.
/// - On the tree (`TreePass`): a `::: tip` container's blocks go into a block quote, a GitHub alert's marker
///   leaves its quote, each marked as a callout (`DialectMarks`); attribute lists give their block an id; fence
///   info strings in kramdown's braces are read; code blocks with no language get one from their code
///   (`CodeClassifier`); a line that starts with `#` and no space is reported.
///
/// A table-of-contents marker is dropped from the body: the page shows its contents list beside the text on wide
/// screens and between the title and the text on narrow ones, and a note that asks for one gets it from any
/// headings it has (`PageRenderer`).
public enum Dialects {
    /// What the passes found: the marks for the page, and what to report.
    public struct Result: Sendable {
        public var marks = DialectMarks()
        public var diagnostics: [Diagnostic] = []
    }

    /// Parses a note's Markdown `body` (whose first line is line `firstLine` of `file`) as `NoteParser` does,
    /// with the syntax of other generators read.
    public static func parseDocument(_ body: String, firstLine: Int, file: String)
        -> (document: MarkdownNode, flattenedAt: SourceLocation?, dialect: Result) {
        var (document, flattenedAt) = MarkdownParser.parseDocument(body, firstLine: firstLine)
        var scanner: DialectScanner?
        if mayHaveTemplateSyntax(body) {
            var found = DialectScanner(body: Array(body.utf8), firstLine: firstLine, file: file, document: document)
            found.scan()
            if !found.rewrite.isEmpty {
                let edited = MarkdownParser.parseDocument(found.rewrite.text, firstLine: firstLine)
                document = found.rewrite.placedBack(edited.document, firstLine: firstLine)
                flattenedAt = edited.flattenedAt.map { found.rewrite.placedBack($0, firstLine: firstLine) }
            }
            scanner = found
        }
        var pass = TreePass(file: file, body: body, firstLine: firstLine, scanner: scanner)
        pass.run(&document)
        return (document, flattenedAt, Result(marks: pass.marks, diagnostics: (scanner?.diagnostics ?? []) + pass.diagnostics))
    }

    /// Whether the text has any of the marks the text pass looks for: `{%`, `{{`, `{:`, `{#`, `{.`, `:::` or a
    /// contents marker's `toc]`. Most notes have none, and are parsed once.
    static func mayHaveTemplateSyntax(_ body: String) -> Bool {
        var body = body
        return body.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return false }
            let n = buffer.count
            var i = 0
            while i < n, let found = memchr(base + i, Int32(UInt8(ascii: "{")), n - i) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if at + 1 < n {
                    switch base[at + 1] {
                    case UInt8(ascii: "%"), UInt8(ascii: "{"), UInt8(ascii: ":"), UInt8(ascii: "#"), UInt8(ascii: "."): return true
                    default: break
                    }
                }
                i = at + 1
            }
            i = 0
            while i < n, let found = memchr(base + i, Int32(UInt8(ascii: ":")), n - i) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if at + 2 < n, base[at + 1] == UInt8(ascii: ":"), base[at + 2] == UInt8(ascii: ":") { return true }
                i = at + 1
            }
            i = 0
            while i < n, let found = memchr(base + i, Int32(UInt8(ascii: "]")), n - i) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if at >= 3, (base[at - 3] | 0x20) == UInt8(ascii: "t"), (base[at - 2] | 0x20) == UInt8(ascii: "o"),
                   (base[at - 1] | 0x20) == UInt8(ascii: "c") { return true }
                i = at + 1
            }
            return false
        }
    }
}

extension Dialects.Result {
    /// Gives `note` its marks once the parse made it, and adds what the passes found to `diagnostics`: the ids
    /// its raw HTML gives elements join the anchors a link may name, and a block id that a heading has already
    /// goes. Links with a `#fragment`, which may name a heading by its text or join its words otherwise, get their
    /// address's place, for the fix-it to the heading's id.
    func finish(_ note: inout Note, diagnostics: inout [Diagnostic]) {
        diagnostics += self.diagnostics
        var marks = self.marks
        let headingIDs = Set(note.headings.map(\.id))
        var seen = headingIDs
        for (location, id) in marks.blockIDs.sorted(by: { $0.key < $1.key }) {
            if !seen.insert(id).inserted || NoteParser.reservedIDs.contains(id) { marks.blockIDs[location] = nil }
        }
        var anchors = Set(marks.blockIDs.values)
        for clean in note.sanitizedHTML.values where clean.html.has(" id=\"") {
            anchors.formUnion(Self.ids(in: clean.html))
        }
        marks.anchors = anchors.subtracting(headingIDs)
        if !marks.isEmpty { note.dialect = marks }
        var lines: LineTable?
        // Where each reference definition (`[104]: /a/#b`) writes its address, found at the first reference link.
        var definitions: [String: SourceLocation]?
        for k in note.links.indices where !note.links[k].isImage && note.links[k].destinationLocation == nil {
            let destination = note.links[k].destination
            guard destination.utf8.contains(UInt8(ascii: "#")) else { continue }
            if lines == nil { lines = LineTable(note.source.text) }
            if let place = LinkResolver.find(destination, in: lines!, after: note.links[k].location) {
                note.links[k].destinationLocation = place
            } else {
                if definitions == nil { definitions = Self.referenceDefinitions(in: lines!) }
                note.links[k].destinationLocation = definitions![destination]
            }
        }
    }

    /// The address of each reference definition (`[label]: address`, indented by at most three spaces) and where
    /// it is written, by the address as written.
    static func referenceDefinitions(in lines: LineTable) -> [String: SourceLocation] {
        var found: [String: SourceLocation] = [:]
        let space = UInt8(ascii: " ")
        for number in 1...max(1, lines.count) {
            guard let line = lines.line(number) else { continue }
            var i = line.startIndex
            while i < line.endIndex, line[i] == space, i - line.startIndex < 3 { i += 1 }
            guard i < line.endIndex, line[i] == UInt8(ascii: "["),
                  let close = line[i...].firstIndex(of: UInt8(ascii: "]")), close + 1 < line.endIndex,
                  line[close + 1] == UInt8(ascii: ":") else { continue }
            var start = close + 2
            while start < line.endIndex, line[start] == space || line[start] == UInt8(ascii: "\t") { start += 1 }
            if start < line.endIndex, line[start] == UInt8(ascii: "<") { start += 1 }
            let end = line[start...].firstIndex { $0 == space || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">") } ?? line.endIndex
            guard start < end else { continue }
            let address = String(decoding: line[start..<end], as: UTF8.self)
            if found[address] == nil { found[address] = SourceLocation(line: number, column: start - line.startIndex + 1) }
        }
        return found
    }

    /// The values of the `id` attributes of sanitized HTML.
    static func ids(in html: String) -> [String] {
        var found: [String] = []
        var rest = Substring(html)
        while let range = rest.range(of: " id=\"") {
            let after = rest[range.upperBound...]
            guard let close = after.firstIndex(of: "\"") else { break }
            let value = HTMLSanitizer.decodeEntities(String(after[..<close]))
            if !value.isEmpty { found.append(value) }
            rest = after[close...]
        }
        return found
    }
}
