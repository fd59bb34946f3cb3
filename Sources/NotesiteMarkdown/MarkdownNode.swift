/// One node of a parsed Markdown document: an immutable Swift value with no reference to cmark's memory.
public struct MarkdownNode: Hashable, Sendable {
    public var kind: Kind
    /// Where the node stands in the source file (line numbers include any front matter that was cut off).
    public var range: SourceRange
    public var children: [MarkdownNode]

    public init(_ kind: Kind, range: SourceRange, children: [MarkdownNode] = []) {
        self.kind = kind
        self.range = range
        self.children = children
    }

    public enum Kind: Hashable, Sendable {
        // Blocks
        case document
        case blockQuote
        case list(ListStyle)
        /// A list item; `task` is set for a GFM task-list item (`- [x]`).
        case item(task: TaskState?)
        /// `info` is the whole info string of a fenced block (empty for indented code).
        case codeBlock(info: String, code: String)
        case htmlBlock(String)
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case table(alignments: [TableAlignment])
        case tableHeader
        case tableRow
        case tableCell
        /// A footnote's text (`[^label]: …`), numbered in the order the text first refers to it. cmark-gfm puts
        /// the definitions that are referred to at the end of the document, in that order, and drops the others.
        case footnoteDefinition(number: Int)
        // Inlines
        case text(String)
        case softBreak
        case lineBreak
        case code(String)
        case htmlInline(String)
        case emphasis
        case strong
        case strikethrough
        case link(destination: String, title: String)
        case image(source: String, title: String)
        /// A reference to a footnote (`[^label]`), by the footnote's number.
        case footnoteReference(number: Int)
    }

    public struct ListStyle: Hashable, Sendable {
        public var ordered: Bool
        /// The number of the first item of an ordered list.
        public var start: Int
        /// A tight list renders its items' paragraphs without `<p>`.
        public var tight: Bool

        public init(ordered: Bool, start: Int, tight: Bool) {
            self.ordered = ordered
            self.start = start
            self.tight = tight
        }
    }

    public enum TaskState: Hashable, Sendable {
        case checked, unchecked
    }

    public enum TableAlignment: Hashable, Sendable {
        case none, left, center, right
    }
}

extension MarkdownNode {
    /// The text a reader sees, with all markup removed: used for heading ids, titles and search.
    public var plainText: String {
        var out = ""
        appendPlainText(to: &out)
        return out
    }

    /// Appends `plainText` to `out`, for text put together from several nodes without a string for each.
    public func appendPlainText(to out: inout String) {
        switch kind {
        case .text(let s), .code(let s): out += s
        case .softBreak, .lineBreak: out += " "
        case .image, .footnoteReference: break
        default: for child in children { child.appendPlainText(to: &out) }
        }
    }

    /// `appendPlainText(to:)` as UTF-8 bytes (copied from each text's contiguous bytes, which is quicker than
    /// through its `utf8` view).
    public func appendPlainText(to out: inout [UInt8]) {
        withUnsafePointer(to: self) { Self.appendPlainText(of: $0, to: &out) }
    }

    /// `appendPlainText(to:)` as UTF-8 bytes for the node at `node`, its children read in place: a loop over
    /// `children` copied each child, retaining and releasing its text and its own children, and so does a method
    /// called on a node in an array.
    public static func appendPlainText(of node: UnsafePointer<MarkdownNode>, to out: inout [UInt8]) {
        switch node.pointee.kind {
        case .text(var s), .code(var s): s.withUTF8 { out.append(contentsOf: $0) }
        case .softBreak, .lineBreak: out.append(UInt8(ascii: " "))
        case .image, .footnoteReference: break
        default:
            node.pointee.children.withUnsafeBufferPointer { for i in $0.indices { appendPlainText(of: $0.baseAddress! + i, to: &out) } }
        }
    }

    /// Calls `body` for this node and every node below it, in document order. Recursion is bounded: the parse
    /// flattens nesting deeper than `MarkdownParser.maximumDepth`. (A stack of pending lists, kept before, cost a
    /// retain for each list on it and a uniqueness check for each node.) The children are read where they are in
    /// the list: a `for` loop over it copied each one, retaining and releasing its text and its own children, and
    /// `body` is handed each node without a copy.
    public func forEach(_ body: (MarkdownNode) throws -> Void) rethrows {
        try body(self)
        try children.withUnsafeBufferPointer { children in
            for i in children.indices { try children[i].forEach(body) }
        }
    }
}
