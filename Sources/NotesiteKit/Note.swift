import NotesiteMarkdown

/// A parsed note: its metadata, its Markdown tree and its headings with their ids.
public struct Note: Hashable, Sendable {
    /// The note's fields, in one `SharedBox` shared by its copies until one of them changes (copy on write).
    private struct Fields: Hashable, Sendable {
        var source: SourceFile
        var language: Language
        var slug: String
        var metadata: NoteMetadata
        var document: MarkdownNode
        var hasDocument: Bool
        var sourceHash: ContentHash?
        var headings: [Heading]
        var links: [Link]
        var sanitizedHTML: [String: HTMLSanitizer.Clean]
        var collapseTable: Placement?
        var codeNodes: [CodeNode]?
        var dialect = DialectMarks()
    }

    private var box: SharedBox<Fields>

    init(source: SourceFile, language: Language, slug: String, metadata: NoteMetadata, document: MarkdownNode,
         hasDocument: Bool = true, sourceHash: ContentHash? = nil, headings: [Heading], links: [Link] = [],
         sanitizedHTML: [String: HTMLSanitizer.Clean] = [:], collapseTable: Placement? = nil,
         codeNodes: [CodeNode]? = nil) {
        box = SharedBox(Fields(source: source, language: language, slug: slug, metadata: metadata, document: document,
                               hasDocument: hasDocument, sourceHash: sourceHash, headings: headings, links: links,
                               sanitizedHTML: sanitizedHTML, collapseTable: collapseTable, codeNodes: codeNodes))
    }

    /// A field to change, in a box of this note's own: a copy of the note that shares the box is left as it was.
    /// Each field below is read from the box directly and changed through here, where copy on write is written once.
    private subscript<Field>(changing field: WritableKeyPath<Fields, Field>) -> Field {
        get { box.value[keyPath: field] }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = SharedBox(box.value) }
            yield &box.value[keyPath: field]
        }
    }

    public static func == (lhs: Note, rhs: Note) -> Bool {
        lhs.box === rhs.box || lhs.box.value == rhs.box.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.value)
    }

    public var source: SourceFile {
        get { box.value.source }
        _modify { yield &self[changing: \.source] }
    }
    public var language: Language {
        get { box.value.language }
        _modify { yield &self[changing: \.language] }
    }
    /// The page's path in the language's folder, without `.html`: with the language it names the page,
    /// `<lang>/<slug>.html`. The file's path below `notes/<lang>/` without `.md` (`uikit/popovers`), but a folder's
    /// README.md or index.md is the folder's page (`split-view`) and a date before the file's name is left out
    /// (`2017-04-05-title.md` → `title`); see `NotePlace`.
    public var slug: String {
        get { box.value.slug }
        _modify { yield &self[changing: \.slug] }
    }
    public var metadata: NoteMetadata {
        get { box.value.metadata }
        _modify { yield &self[changing: \.metadata] }
    }
    /// The Markdown tree. A one-shot build renders the note's page in the pass that parses it and then lets the
    /// tree go, with the file's text (`hasDocument` is then false), so a large site is never in memory as text or
    /// trees all at once; a page that has to be rendered again reads and parses the note again.
    public var document: MarkdownNode {
        get { box.value.document }
        _modify { yield &self[changing: \.document] }
    }
    /// False once the builder has let `document` and `source.text` go; `NoteParser.withDocument` reads the file
    /// and parses it again.
    public var hasDocument: Bool {
        get { box.value.hasDocument }
        _modify { yield &self[changing: \.hasDocument] }
    }
    /// The hash of the text the note was parsed from, kept when the text goes: a file read again for rendering
    /// must be the file that was parsed.
    public var sourceHash: ContentHash? {
        get { box.value.sourceHash }
        _modify { yield &self[changing: \.sourceHash] }
    }
    /// Every heading in document order, with the id the page gives it.
    public var headings: [Heading] {
        get { box.value.headings }
        _modify { yield &self[changing: \.headings] }
    }
    /// Every link and image, in document order: what the link checks need, kept when the tree goes.
    public var links: [Link] {
        get { box.value.links }
        _modify { yield &self[changing: \.links] }
    }
    /// The note's raw HTML fragments as its parse sanitized them (while finding what to report), for its page;
    /// empty once the tree goes.
    public var sanitizedHTML: [String: HTMLSanitizer.Clean] {
        get { box.value.sanitizedHTML }
        _modify { yield &self[changing: \.sanitizedHTML] }
    }
    /// Where the note shows the collapse table (`<!-- notesite: collapse-table -->`); nil when it does not.
    public var collapseTable: Placement? {
        get { box.value.collapseTable }
        _modify { yield &self[changing: \.collapseTable] }
    }
    /// The note's inline code spans and code blocks in document order, each with the id of the heading whose
    /// section holds it: all that the mentions and check's API name checks read. The parse's walk of the tree
    /// finds them, so that those do not walk every node of the tree again. nil for a note the parse did not make
    /// (`forEachCodeNode` then walks the tree).
    public var codeNodes: [CodeNode]? {
        get { box.value.codeNodes }
        _modify { yield &self[changing: \.codeNodes] }
    }
    /// What syntax of other generators asks of the page (callouts, block ids, the contents list) and the ids its
    /// raw HTML gives elements; kept when the tree goes, for a page rendered again from a new parse.
    public var dialect: DialectMarks {
        get { box.value.dialect }
        _modify { yield &self[changing: \.dialect] }
    }

    public struct CodeNode: Hashable, Sendable {
        public var node: MarkdownNode
        public var section: String?
    }

    public struct Link: Hashable, Sendable {
        public var destination: String
        public var isImage: Bool
        public var location: SourceLocation
        /// Where the address itself stands, for a fix-it that replaces it; found at parse time, while the text is
        /// at hand, for the images that get one (GitHub page addresses).
        public var destinationLocation: SourceLocation?
        /// The id of the heading whose section holds the link (nil before the first heading).
        public var section: String?
    }

    /// Whether a link without an address, whose text is `text` and which follows `before` on its line, is Swift's
    /// empty array or dictionary written outside backticks (`var photos = [Photo]()`, `[String: Int]()`) rather
    /// than a link whose address was to come (`- [Strategy]()`): a type's name after `=`, `(` or `,`, or two.
    public static func readsAsSwiftArray(_ text: String, after before: Substring) -> Bool {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let last = before.last { !$0.isWhitespace }
        guard parts.count == 2 || last == "=" || last == "(" || last == "," else { return false }
        return parts.allSatisfy { part in
            let type = part.trimmingCharacters(in: .whitespaces)
            return type.first.map { $0.isASCII && $0.isUppercase } == true
                && type.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.<>?".contains($0)) }
        }
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

    /// Calls `body` for each inline code span and code block, in document order, with the id of the heading whose
    /// section holds it (see `codeNodes`).
    public func forEachCodeNode(_ body: (MarkdownNode, String?) -> Void) {
        if let codeNodes {
            for code in codeNodes { body(code.node, code.section) }
            return
        }
        forEachNodeWithSection { node, section in
            switch node.kind {
            case .code, .codeBlock: body(node, section)
            default: break
            }
        }
    }

    /// The note without its tree and its file's text (see `document`).
    public func withoutSource() -> Note {
        var note = self
        note.document = MarkdownNode(.document, range: document.range)
        note.hasDocument = false
        note.sanitizedHTML = [:]
        note.codeNodes = nil
        note.sourceHash = ContentHash.of(source.text)
        note.source.text = ""
        return note
    }

    /// The page's path in the output folder.
    public var outputPath: String { "\(language.rawValue)/\(slug).html" }
}
