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

    /// The page's path in the output folder.
    public var outputPath: String { "\(language.rawValue)/\(slug).html" }
}
