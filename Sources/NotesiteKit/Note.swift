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
    public var hasDocument = true
    /// Every heading in document order, with the id the page gives it.
    public var headings: [Heading]
    /// Every link and image, in document order: what the link checks need, kept when the tree goes.
    public var links: [Link] = []
    /// Where the note shows the collapse table (`<!-- notesite: collapse-table -->`): the section's heading id
    /// (nil before the first heading) and the place; nil when it does not.
    public var collapseTable: (heading: String?, location: SourceLocation)?

    public struct Link: Hashable, Sendable {
        public var destination: String
        public var isImage: Bool
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

    public static func == (a: Note, b: Note) -> Bool {
        a.source == b.source && a.language == b.language && a.slug == b.slug && a.metadata == b.metadata
            && a.document == b.document && a.hasDocument == b.hasDocument && a.headings == b.headings && a.links == b.links
            && a.collapseTable?.heading == b.collapseTable?.heading && a.collapseTable?.location == b.collapseTable?.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(slug)
        hasher.combine(document)
    }

    /// The page's path in the output folder.
    public var outputPath: String { "\(language.rawValue)/\(slug).html" }
}
