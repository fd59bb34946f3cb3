import NotesiteMarkdown

/// A parsed note: its metadata, its Markdown tree and its headings with their ids.
public struct Note: Hashable, Sendable {
    public var source: SourceFile
    public var language: Language
    /// The file name without `.md`; with the language it names the page: `<lang>/<slug>.html`.
    public var slug: String
    public var metadata: NoteMetadata
    /// The Markdown tree. A one-shot build lets it go once the note's links and mentions are known, and parses
    /// the note again when its page renders (`hasDocument` is then false), so a large site is never in memory as
    /// trees all at once.
    public var document: MarkdownNode
    /// False once the builder has let `document` go; `SiteBuilder.withDocument` parses the note again.
    public var hasDocument = true
    /// Every heading in document order, with the id the page gives it.
    public var headings: [Heading]
    /// Every link and image, in document order: what the link checks need, kept when the tree goes.
    public var links: [Link] = []
    /// Where the note shows the collapse table (`<!-- notesite: collapse-table -->`); nil when it does not.
    public var collapseTable: Placement?

    public struct Link: Hashable, Sendable {
        public var destination: String
        public var isImage: Bool
        public var location: SourceLocation
    }

    /// A place in the note: the id of the heading whose section holds it (nil before the first heading) and
    /// its line and column.
    public struct Placement: Hashable, Sendable {
        public var heading: String?
        public var location: SourceLocation
    }

    public struct Heading: Hashable, Sendable {
        public var level: Int
        public var text: String
        public var id: String
        public var location: SourceLocation
    }

    /// Calls `body` for every node in document order with the id of the heading whose section holds it (nil before
    /// the first heading; a heading itself opens its own section).
    public func forEachNodeWithSection(_ body: (MarkdownNode, String?) -> Void) {
        var headingIndex = 0
        var section: String?
        document.forEach { node in
            if case .heading = node.kind {
                section = headingIndex < headings.count ? headings[headingIndex].id : nil
                headingIndex += 1
            }
            body(node, section)
        }
    }

    /// The note without its tree (see `document`).
    public func withoutDocument() -> Note {
        var note = self
        note.document = MarkdownNode(.document, range: document.range)
        note.hasDocument = false
        return note
    }

    /// The page's path in the output folder.
    public var outputPath: String { "\(language.rawValue)/\(slug).html" }
}
