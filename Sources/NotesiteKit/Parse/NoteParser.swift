import Foundation
import NotesiteMarkdown

/// Stage 2: turns a note's file into a `Note` (front matter, Markdown tree, heading ids) and its diagnostics.
public enum NoteParser {
    /// Ids a heading never takes. `#top` scrolls to the top of a page that has no element with that id (HTML's
    /// rule), so a heading "Top" is `top-1`. The templates' own ids (`Main`, `SiteSearch`) start with a capital
    /// letter, which a heading's id never does: every other heading keeps GitHub's id, and an anchor copied from
    /// GitHub leads to the heading, not to a part of the page.
    public static let reservedIDs = ["top"]

    /// Whether a link's fragment is the top of its page: `top` in any case, which a browser scrolls to the top when
    /// no element has that id. Compared by its bytes: the link checks ask it of every fragment.
    static func isTopOfPage(_ fragment: String) -> Bool {
        fragment.utf8.count == 3 && fragment.utf8.map { $0 | 0x20 } == Array("top".utf8)
    }

    /// Parses one note. Returns nil only when the file cannot be a note at all (wrong place or name); otherwise the
    /// note comes back even with front matter errors, so links into it can still be checked. A draft comes back
    /// too, with a `frontmatter.draft` finding: `notesite build` leaves it out (`ParsedNote.leavingOutDraft`).
    /// `known`: the note's front matter as its listing read it, used as it is when the file still starts with it.
    /// `commitDates`: the day each note was first committed, for a note with no date of its own (`standInDate`).
    ///
    /// What the front matter does not say, the note does: a title from its title heading
    /// (`NoteStandIns.titleHeading`), which the page then shows as its title and not again in its body, or else
    /// from its file's name; a summary from the text before `<!--more-->` or the first paragraph.
    public static func parse(_ file: SourceFile, frontMatter known: FrontMatter? = nil,
                             commitDates: CommitDates? = nil) -> (note: Note?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        guard let (language, slug) = place(of: file, diagnostics: &diagnostics) else { return (nil, diagnostics) }
        let split = FrontMatterSplit(file.text)
        let frontMatter = known.flatMap { $0.isRead(from: split) ? $0 : nil } ?? FrontMatter(split, of: file)
        var metadata = frontMatter.metadata
        diagnostics += frontMatter.diagnostics
        if metadata.draft { diagnostics.append(draftFinding(file)) }
        if let declared = metadata.lang, declared != language {
            diagnostics.append(Diagnostic(FrontMatterRule.langMismatch, file: file.displayPath, at: SourceLocation(line: 1, column: 1),
                                          "front matter says `lang: \(declared.rawValue)` but the note is in notes/\(language.rawValue)/; move the file or correct `lang`"))
        }
        diagnostics += conflictMarkers(in: file)

        let body = String(split.body)
        let (document, flattenedAt, dialect) = Dialects.parseDocument(body, firstLine: split.bodyFirstLine, file: file.displayPath)
        if metadata.titleSource == .fileName, let heading = NoteStandIns.titleHeading(in: document) {
            metadata.title = heading
            metadata.titleSource = .heading
        }
        if metadata.summary == nil { metadata.summary = NoteStandIns.summary(of: document) }
        if metadata.date == nil { metadata.date = standInDate(for: file.path, commitDates: commitDates) }
        // Only a note with `[^` in it can have a footnote reference without its footnote.
        let footnoteMarks = MarkdownParser.hasFootnoteMark(body)
        if let flattenedAt {
            diagnostics.append(Diagnostic(ContentRule.tooDeep, file: file.displayPath, at: flattenedAt,
                                          "lists and quotes nest more than \(MarkdownParser.maximumDepth) levels deep here; the deeper levels are shown flat. Nest less deeply"))
        }
        // One walk finds the headings with their ids, the links and images, where the collapse table goes, what
        // the sanitizer removes from raw HTML and the code that the mentions and checks read. A node belongs to the
        // section of the last heading before it (or is the heading).
        var slugger = HeadingSlugger(reserving: reservedIDs + dialect.marks.headingIDs.values)
        var headings: [Note.Heading] = []
        var links: [Note.Link] = []
        var collapseTable: Note.Placement?
        var htmlFindings: [Diagnostic] = []
        var sanitized: [String: (clean: HTMLSanitizer.Clean, findings: [HTMLSanitizer.Finding], links: [HTMLSanitizer.Link])] = [:]
        var codeNodes: [Note.CodeNode] = []
        // The note's lines, for the few links whose address gets a place of its own (for a fix-it): made at the
        // first one, once.
        var lines: LineTable?
        func addressLocation(_ address: String, after start: SourceLocation) -> SourceLocation {
            if lines == nil { lines = LineTable(file.text) }
            return LinkResolver.location(of: address, in: lines!, after: start)
        }
        func sanitize(_ html: String, at start: SourceLocation) {
            let result = sanitized[html] ?? HTMLSanitizer.sanitize(html)
            sanitized[html] = result
            htmlFindings += rawHTMLFindings(result.findings, in: html, at: start, file: file.displayPath)
            // Its links and images are checked as Markdown's are, at their attribute.
            let fragmentLines = result.links.isEmpty ? nil : LineTable(html)
            for link in result.links {
                let (line, column) = fragmentLines!.position(ofOffset: link.offset)
                // Lines after the first are taken to start at the fragment's own column, as for its findings.
                let at = SourceLocation(line: start.line + line - 1, column: start.column + column - 1)
                var found = Note.Link(destination: link.address, isImage: link.isImage, location: at, section: headings.last?.id)
                // The address's own place, for the fix-its that replace it, where it is written as it reads.
                if link.isImage ? LinkResolver.externalURL(link.address).flatMap(LinkResolver.rawGitHubURL(forBlob:)) != nil
                                : LinkResolver.mayGetAFixIt(link.address) {
                    let place = addressLocation(link.address, after: at)
                    if place != at { found.destinationLocation = place }
                }
                links.append(found)
            }
        }
        /// Where `written` stands in the text node at `start`; cmark-gfm gives text inside emphasis no place of its
        /// own, and then it is where `written` first stands in the note's Markdown.
        func referencePlace(_ written: String, in start: SourceLocation) -> SourceLocation {
            if lines == nil { lines = LineTable(file.text) }
            if let found = LinkResolver.find(written, in: lines!, after: start) { return found }
            for line in split.bodyFirstLine..<(lines!.count + 1) {
                if let found = LinkResolver.find(written, in: lines!, after: SourceLocation(line: line, column: 1)) { return found }
            }
            return start
        }
        document.forEach { node in
            switch node.kind {
            case .heading(let level):
                let text = node.plainText
                let id = dialect.marks.headingIDs[node.range.start] ?? slugger.slug(for: text)
                headings.append(Note.Heading(level: level, text: text, id: id, location: node.range.start))
            case .link(let destination, _):
                var link = Note.Link(destination: destination, isImage: false, location: node.range.start, section: headings.last?.id)
                if !destination.isEmpty, Self.showsNothing(node) {
                    diagnostics.append(Diagnostic(LinkRule.empty, file: file.displayPath, at: node.range.start,
                                                  "the link has no text, so the page shows its address instead; write its text between the brackets"))
                }
                // A link to a note's page (`b.html`) gets a fix-it to the note's file, if it turns out to be one; an
                // address without its scheme, one that adds it.
                if LinkResolver.mayGetAFixIt(destination) {
                    let found = addressLocation(destination, after: node.range.start)
                    if found != node.range.start { link.destinationLocation = found }
                }
                links.append(link)
            case .image(let source, _):
                var link = Note.Link(destination: source, isImage: true, location: node.range.start, section: headings.last?.id)
                if let url = LinkResolver.externalURL(source), LinkResolver.rawGitHubURL(forBlob: url) != nil {
                    link.destinationLocation = addressLocation(url, after: node.range.start)
                }
                links.append(link)
            case .htmlBlock(let html):
                if collapseTable == nil && html.trimmingWhitespace == SymbolLinker.collapseTablePlaceholder {
                    collapseTable = Note.Placement(heading: headings.last?.id, location: node.range.start)
                }
                sanitize(html, at: node.range.start)
            case .htmlInline(let html):
                sanitize(html, at: node.range.start)
            case .code, .codeBlock:
                codeNodes.append(Note.CodeNode(node: node, section: headings.last?.id))
            // Only a note with a footnote mark binds its texts: a copy of each text cost a retain and a release.
            case .text where footnoteMarks:
                guard case .text(let text) = node.kind, MarkdownParser.hasFootnoteMark(text) else { break }
                // A footnote reference left as text: cmark-gfm found no footnote of that label.
                for label in Self.footnoteLabels(in: text) {
                    let written = "[^\(label)]"
                    diagnostics.append(Diagnostic(LinkRule.footnoteMissing, file: file.displayPath,
                                                  at: referencePlace(written, in: node.range.start),
                                                  "\(written) refers to no footnote, so the page shows it as written; add the footnote on a line of its own, `\(written): …`, or correct the label"))
                }
            default: break
            }
        }
        // An exported blog's `<font>` on line after line was a warning each (159 in one collection).
        diagnostics += htmlFindings.sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
            .foldingRepeats(of: [HTMLRule.disallowed.rule])
        var note = Note(source: file, language: language, slug: slug, metadata: metadata, document: document, headings: headings)
        note.links = links
        note.collapseTable = collapseTable
        note.sanitizedHTML = sanitized.mapValues(\.clean)
        note.codeNodes = codeNodes
        dialect.finish(&note, diagnostics: &diagnostics)
        return (note, diagnostics)
    }

    /// The note as its path and front matter describe it, without its Markdown: what the site's lists, neighbours
    /// and translations need. `file` may hold only the start of the note, as long as that holds the front matter
    /// (`ContentLoader.readFrontMatter`). nil where `parse` gives no note. The note has no tree and no headings.
    /// The front matter comes with it, for the parse of the whole note to use.
    ///
    /// Its metadata is what `parse` gives (`NoteMetadata.listsAlike`), but for a summary that the front matter does
    /// not give. A note without a `title` is titled by its title heading as `parse` finds it: in `file`'s start
    /// when the heading is there (a heading found in the start of a note is the one found in all of it), or else
    /// in the whole note, which `readWhole` reads.
    public static func listing(of file: SourceFile, commitDates: CommitDates? = nil,
                               readWhole: (() -> SourceFile?)? = nil) -> (note: Note, frontMatter: FrontMatter)? {
        var diagnostics: [Diagnostic] = []
        guard let (language, slug) = place(of: file, diagnostics: &diagnostics) else { return nil }
        let split = FrontMatterSplit(file.text)
        let frontMatter = FrontMatter(split, of: file)
        var metadata = frontMatter.metadata
        if metadata.titleSource == .fileName {
            func heading(_ file: SourceFile) -> String? { NoteStandIns.titleHeading(in: document(of: file)) }
            if let title = heading(file) ?? readWhole?().flatMap(heading) {
                metadata.title = title
                metadata.titleSource = .heading
            }
        }
        if metadata.date == nil { metadata.date = standInDate(for: file.path, commitDates: commitDates) }
        let start = SourceLocation(line: split.bodyFirstLine, column: 1)
        var note = Note(source: SourceFile(path: file.path, displayPath: file.displayPath, text: ""), language: language,
                        slug: slug, metadata: metadata,
                        document: MarkdownNode(.document, range: SourceRange(start: start, end: start)), headings: [])
        note.hasDocument = false
        return (note, frontMatter)
    }

    /// The date of a note whose front matter gives none: the date its file's name starts with, as Jekyll names
    /// posts (`2017-04-05-title.md`), or else the day the file was first committed, when `commitDates` knows it.
    static func standInDate(for path: String, commitDates: CommitDates?) -> NoteDate? {
        NoteStandIns.fileNameDate(path: path) ?? commitDates?.date(of: path)
    }

    /// What `check` says of a draft, which `build` leaves out of the site.
    static func draftFinding(_ file: SourceFile) -> Diagnostic {
        Diagnostic(FrontMatterRule.draft, file: file.displayPath, at: SourceLocation(line: 1, column: 1),
                   "this note is a draft (`draft: true` or `published: false` in its front matter), so it is not published: `notesite build` leaves it out of the site; remove that line to publish it")
    }

    /// A note's front matter as read: what it says, what is wrong with it, and the text it was read from.
    public struct FrontMatter: Sendable {
        /// What the front matter says; a title from the file's name where it gives none (`titleSource`).
        let metadata: NoteMetadata
        let diagnostics: [Diagnostic]
        /// The file up to where its Markdown starts (all of it when the block is not closed), and how it split.
        private let text: String
        private let syntax: FrontMatterSplit.Syntax?
        private let isClosed: Bool

        init(_ split: FrontMatterSplit, of file: SourceFile) {
            var parser = FrontMatterParser(file: file.displayPath, split: split, languages: file.languages)
            metadata = parser.parse(split, fallbackTitle: NoteStandIns.fileNameTitle(path: file.path))
            diagnostics = parser.diagnostics
            text = String(split.body.base[..<split.body.startIndex])
            syntax = split.syntax
            isClosed = split.isClosed
        }

        /// Whether a file split as `split` starts with this front matter, so that reading it again would give the
        /// same. (An unclosed block is all of a file; the file it was read from had no closing line anywhere.)
        func isRead(from split: FrontMatterSplit) -> Bool {
            split.syntax == syntax && split.isClosed == isClosed && (!isClosed || split.body.base[..<split.body.startIndex] == text)
        }
    }

    /// The language and slug a note's path gives it (`NotePlace`); nil, with the error, for a file that cannot be a
    /// note there.
    private static func place(of file: SourceFile, diagnostics: inout [Diagnostic]) -> (language: Language, slug: String)? {
        let (place, found) = NotePlace.of(file)
        diagnostics += found
        return place.map { ($0.language, $0.slug) }
    }

    /// The Markdown tree of `file`, as `parse` makes it, without the rest of the parse: the front matter, the
    /// headings and the findings are the same the second time, and the builder kept them from the first.
    public static func document(of file: SourceFile) -> MarkdownNode {
        let split = FrontMatterSplit(file.text)
        return Dialects.parseDocument(String(split.body), firstLine: split.bodyFirstLine, file: file.displayPath).document
    }

    /// The labels of what reads as footnote references (`[^label]`) in a text node's text.
    static func footnoteLabels(in text: String) -> [String] {
        var labels: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "[^") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: "]") else { break }
            let label = after[..<close]
            if !label.isEmpty, !label.contains(where: { $0.isWhitespace || $0 == "[" }) { labels.append(String(label)) }
            rest = after[close...]
        }
        return labels
    }

    /// What `HTMLSanitizer` removed (`findings`) from one raw HTML fragment of the note that starts at `start`, at
    /// its place in the note.
    static func rawHTMLFindings(_ findings: [HTMLSanitizer.Finding], in html: String, at start: SourceLocation, file: String) -> [Diagnostic] {
        findings.map { finding in
            let location = location(of: finding.offset, in: html, startingAt: start)
            switch finding.kind {
            case .unsafe:
                return Diagnostic(HTMLRule.unsafe, file: file, at: location,
                                  "\(finding.message); \(finding.advice ?? "remove it from the note, or show it in a code block")")
            case .disallowed:
                return Diagnostic(HTMLRule.disallowed, file: file, at: location,
                                  "\(finding.message); \(finding.advice ?? "use Markdown or an allowed element instead")",
                                  fixIts: finding.escapes ? [Diagnostic.FixIt(at: location, replacing: "<", with: "\\<")] : [])
            }
        }
    }

    /// The place in the note of a byte offset into a raw HTML fragment that starts at `start`. Lines after the
    /// first are taken to start at the fragment's own column (its indentation inside a list or quote).
    private static func location(of offset: Int, in html: String, startingAt start: SourceLocation) -> SourceLocation {
        var line = start.line
        var lineStart = 0
        for (i, byte) in html.utf8.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return SourceLocation(line: line, column: start.column + offset - lineStart)
    }

    /// Whether a link's text shows nothing: no words and no image (`[](https://…)`), so a reader would see no link
    /// to follow, and a screen reader a link without a name.
    static func showsNothing(_ link: MarkdownNode) -> Bool {
        var shows = false
        link.forEach { node in
            switch node.kind {
            case .image, .code: shows = true
            case .text(let text) where !text.allSatisfy(\.isWhitespace): shows = true
            case .htmlInline: shows = true
            default: break
            }
        }
        return !shows
    }

    static func isValidSlug(_ slug: String) -> Bool {
        !slug.isEmpty && !slug.hasPrefix("-") && slug.utf8.allSatisfy {
            ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D
        }
    }

    /// Lines left behind by an unresolved git merge (`<<<<<<<`, `=======`, `>>>>>>>`).
    static func conflictMarkers(in file: SourceFile) -> [Diagnostic] {
        var result: [Diagnostic] = []
        var sawAngleMarker = false
        var inFence = false
        // Bytes, not characters: this looks at every line of every note. Each line's end is found with memchr,
        // and only a line that starts with one of the five bytes below is read further.
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), eq = UInt8(ascii: "=")
        var text = file.text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            var number = 1
            while true {
                let end = memchr(base + start, 0x0A, bytes.count - start)
                    .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if let first = line.first, first == lt || first == gt || first == eq || first == UInt8(ascii: "`") || first == UInt8(ascii: "~") {
                    if line.starts(with: "```".utf8) || line.starts(with: "~~~".utf8) { inFence.toggle() }
                    if !inFence {
                        func run(_ byte: UInt8) -> Bool { line.count >= 7 && line.prefix(7).allSatisfy { $0 == byte } }
                        let isMarker = (run(lt) || run(gt)) && (line.count == 7 || line[7] == UInt8(ascii: " "))
                        sawAngleMarker = sawAngleMarker || isMarker
                        if isMarker || (line.count == 7 && run(eq)) {
                            result.append(Diagnostic(ContentRule.conflictMarker, file: file.displayPath,
                                                     at: SourceLocation(line: number, column: 1),
                                                     "a git merge-conflict marker is left in the note; resolve the conflict and delete this line"))
                        }
                    }
                }
                guard end < bytes.count else { break }
                start = end + 1
                number += 1
            }
        }
        // `=======` alone is also a setext heading underline; it counts only beside the other markers.
        return sawAngleMarker ? result : []
    }
}
