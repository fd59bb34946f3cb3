import NotesiteMarkdown

/// What a note's syntax from other generators (kramdown, VuePress, GitHub alerts) asks of its page beyond the
/// Markdown tree: the tree keeps cmark-gfm's node kinds, and these marks name its nodes by where they start.
public struct DialectMarks: Hashable, Sendable {
    /// The callouts, by the start of the block quote that holds each one's content: a GitHub alert is a quote
    /// already, and a `::: tip` container becomes one in the tree.
    public var callouts: [SourceLocation: Callout] = [:]
    /// Ids that attribute lists (`{: #id}`) give blocks other than headings, by the block's start.
    public var blockIDs: [SourceLocation: String] = [:]
    /// Ids the note gives its headings itself (`## Title {#id}`, or `{: #id}` on the next line), by the heading's
    /// start: the parse takes them instead of the GitHub id.
    public var headingIDs: [SourceLocation: String] = [:]
    /// Where the note asks for its contents list (`[TOC]`, `{:toc}`, `<!-- toc -->`); nil when it does not.
    public var contentsMarker: SourceLocation?
    /// Ids that elements of the note's raw HTML (`<a id="x">`, `<a name="x">`) and its attribute lists give: a
    /// link's `#fragment` may name them as well as a heading.
    public var anchors: Set<String> = []

    public init() {}

    public var isEmpty: Bool {
        callouts.isEmpty && blockIDs.isEmpty && headingIDs.isEmpty && contentsMarker == nil && anchors.isEmpty
    }

    public struct Callout: Hashable, Sendable {
        /// `note`, `tip`, `important`, `warning`, `caution`, `info`, `danger` or `details`.
        public var kind: String
        /// The title the note gives it; nil for the kind's own name in the page's language.
        public var title: String?
    }

    /// The kinds a callout may have: GitHub's five alerts, and the containers of VuePress and Docusaurus.
    public static let calloutKinds: Set<String> = ["note", "tip", "important", "warning", "caution", "info", "danger", "details"]

    /// A kind's title in English, where the page's strings have none.
    static func englishTitle(of kind: String) -> String {
        kind.prefix(1).uppercased() + kind.dropFirst()
    }
}
