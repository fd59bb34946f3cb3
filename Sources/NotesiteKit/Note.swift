import NotesiteMarkdown

/// A parsed note: its metadata, its Markdown tree and its headings with their ids.
public struct Note: Hashable, Sendable {
    public var source: SourceFile
    public var language: Language
    /// The file name without `.md`; with the language it names the page: `<lang>/<slug>.html`.
    public var slug: String
    public var metadata: NoteMetadata
    public var document: MarkdownNode
    /// Every heading in document order, with the id the page gives it.
    public var headings: [Heading]

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

    /// The page's path in the output folder.
    public var outputPath: String { "\(language.rawValue)/\(slug).html" }
}
