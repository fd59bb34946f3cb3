import CCmarkGFM
import Foundation

/// Parses GitHub-flavoured Markdown with Debian's cmark-gfm and copies the result into `MarkdownNode` values.
///
/// Every C object (parser, tree, iterator) is created and freed inside `parse`; no pointer escapes.
public enum MarkdownParser {
    /// The GFM extensions every document is parsed with.
    public static let extensions = ["table", "strikethrough", "autolink", "tasklist"]

    /// Parses `text`.
    /// - Parameter firstLine: the line number of the first line of `text` in its file. Notes pass the line after
    ///   their front matter, so every range points into the file the author edits.
    public static func parse(_ text: String, firstLine: Int = 1) -> MarkdownNode {
        parseDocument(text, firstLine: firstLine).document
    }

    /// Lists, quotes and other containers nested deeper than this are flattened into the container at this depth:
    /// every later stage walks the tree recursively, and a page cannot show a thousand levels of indentation anyway.
    public static let maximumDepth = 100

    /// Parses `text`, and tells where containers first nested deeper than `maximumDepth` (nil when they never did).
    public static func parseDocument(_ text: String, firstLine: Int = 1) -> (document: MarkdownNode, flattenedAt: SourceLocation?) {
        registerExtensions
        // Without CMARK_OPT_SOURCEPOS, cmark-gfm does not count the line breaks inside a code span or inline HTML
        // that wraps onto the next line, and every inline after it in the paragraph gets the wrong line and column.
        // Footnotes as GitHub reads them (`[^1]` and `[^1]: …`), where the text has any: the option costs a walk of
        // the whole tree when the parse finishes.
        let footnotes = hasFootnoteMark(text) ? CMARK_OPT_FOOTNOTES : 0
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_SOURCEPOS | footnotes) else {
            fatalError("cmark_parser_new failed: out of memory")
        }
        defer { cmark_parser_free(parser) }
        for name in extensions {
            // The core extensions are registered above; a nil here would be a broken libcmark-gfm-extensions.
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        var utf8 = text
        return utf8.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
            finishing.lock()
            let finished = cmark_parser_finish(parser)
            finishing.unlock()
            guard let root = finished else {
                fatalError("cmark_parser_finish failed: out of memory")
            }
            defer { cmark_node_free(root) }
            var converter = TreeConverter(lineOffset: firstLine - 1, source: LineTable(text), text: buffer)
            let document = converter.convert(root)
            return (document, converter.flattenedAt)
        }
    }

    /// Whether `text` holds `[^`, which every footnote reference and definition starts with.
    public static func hasFootnoteMark(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            var i = 0
            // Each `[` found with memchr, then the byte after it.
            while i + 1 < bytes.count, let found = memchr(base + i, Int32(UInt8(ascii: "[")), bytes.count - i - 1) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if base[at + 1] == UInt8(ascii: "^") { return true }
                i = at + 1
            }
            return false
        }
    }

    /// cmark-gfm keeps its extension registry in a global; registering once per process is enough.
    private static let registerExtensions: Void = cmark_gfm_core_extensions_ensure_registered()

    /// cmark-gfm also keeps the characters that can start an inline extension (`~` for strikethrough, `:` and `w`
    /// for autolinks) in a process-wide table: `cmark_parser_finish` adds them when it reaches the inlines and
    /// removes them when it is done. Two parses finishing at once take each other's characters away, and links and
    /// strikethrough go missing at random; the strikethrough extension also needs its character listed to close
    /// its spans, so the table cannot simply be filled once. Finishing (the inline pass) therefore takes turns;
    /// reading the blocks, and turning the tree into Swift values, still run on all threads.
    private static let finishing = NSLock()
}

/// Walks a cmark tree with `cmark_iter` (no recursion, so deep nesting cannot exhaust the stack).
private struct TreeConverter {
    let lineOffset: Int
    let source: LineTable
    /// The UTF-8 bytes of the text parsed, which most text nodes are pieces of; valid while the tree is converted.
    let text: UnsafeBufferPointer<UInt8>
    /// The footnote definitions met so far: the next one is numbered one more.
    var footnotes = 0
    /// The line (as cmark numbers them) of the last text piece found in the source, and the offset where it ended.
    var cursor = (line: 0, offset: 0)
    /// The first container that was too deep to keep as a level of its own.
    var flattenedAt: SourceLocation?

    mutating func convert(_ root: OpaquePointer) -> MarkdownNode {
        guard let iter = cmark_iter_new(root) else { fatalError("cmark_iter_new failed: out of memory") }
        defer { cmark_iter_free(iter) }
        var stack: [MarkdownNode] = []
        var result: MarkdownNode?
        // Containers entered below the maximum depth and not yet left: their children join the deepest kept one.
        var flattened = 0
        while true {
            let event = cmark_iter_next(iter)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iter) else { continue }
            if event == CMARK_EVENT_ENTER {
                let value = MarkdownNode(kind(of: node), range: range(of: node))
                if isLeaf(node) {
                    stack[stack.count - 1].children.append(value)
                } else if stack.count >= MarkdownParser.maximumDepth {
                    flattened += 1
                    if flattenedAt == nil { flattenedAt = value.range.start }
                } else {
                    // Room for all its children at once: a list grown one child at a time was reallocated
                    // two or three times for most paragraphs.
                    var value = value
                    value.children.reserveCapacity(childCount(of: node))
                    stack.append(value)
                }
            } else if event == CMARK_EVENT_EXIT {
                if flattened > 0 {
                    // Everything entered deeper than the kept levels is left before any kept level is.
                    flattened -= 1
                    continue
                }
                let finished = stack.removeLast()
                if stack.isEmpty {
                    result = finished
                } else {
                    stack[stack.count - 1].children.append(finished)
                }
            }
        }
        return result ?? MarkdownNode(.document, range: SourceRange(start: .init(line: 1, column: 1), end: .init(line: 1, column: 1)))
    }

    private func childCount(of node: OpaquePointer) -> Int {
        var count = 0
        var child = cmark_node_first_child(node)
        while let current = child {
            count += 1
            child = cmark_node_next(current)
        }
        return count
    }

    /// cmark's iterator reports only an ENTER event for these node types.
    private func isLeaf(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE,
             CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK:
            return true
        default:
            return false
        }
    }

    private func range(of node: OpaquePointer) -> SourceRange {
        let startLine = Int(cmark_node_get_start_line(node))
        var startColumn = max(1, Int(cmark_node_get_start_column(node)))
        if cmark_node_get_type(node) == CMARK_NODE_CODE {
            // cmark reports an inline code span from its first character, after the opening backticks.
            startColumn = columnBeforeBackticks(line: startLine, column: startColumn)
        }
        return SourceRange(
            start: SourceLocation(line: startLine + lineOffset, column: startColumn),
            end: SourceLocation(line: Int(cmark_node_get_end_line(node)) + lineOffset,
                                column: max(1, Int(cmark_node_get_end_column(node))))
        )
    }

    /// The column of the first backtick of the run that ends just before `column` on `line`.
    private func columnBeforeBackticks(line number: Int, column: Int) -> Int {
        guard let line = source.line(number) else { return column }
        var index = column - 2 // 0-based index (in the line) of the byte before the code span's text
        while index >= 0, index < line.count, line[line.startIndex + index] == UInt8(ascii: "`") {
            index -= 1
        }
        return index + 2
    }

    private mutating func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(.init(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                               start: Int(cmark_node_get_list_start(node)),
                               tight: cmark_node_get_list_tight(node) != 0))
        case CMARK_NODE_ITEM:
            // The tasklist extension keeps the item's type and changes only its type string.
            guard string(cmark_node_get_type_string(node)) == "tasklist" else { return .item(task: nil) }
            return .item(task: cmark_gfm_extensions_get_tasklist_item_checked(node) ? .checked : .unchecked)
        case CMARK_NODE_CODE_BLOCK:
            return .codeBlock(info: string(cmark_node_get_fence_info(node)), code: string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock(string(cmark_node_get_literal(node)))
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text(piece(cmark_node_get_literal(node), of: node))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code(piece(cmark_node_get_literal(node), of: node))
        case CMARK_NODE_HTML_INLINE: return .htmlInline(string(cmark_node_get_literal(node)))
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK:
            return .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            return .image(source: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            // Numbered in the order the definitions come, which is the order the text first refers to them.
            footnotes += 1
            return .footnoteDefinition(number: footnotes)
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            // cmark-gfm gives a reference the number of its footnote as its text.
            return .footnoteReference(number: Int(string(cmark_node_get_literal(node))) ?? 0)
        default:
            return extensionKind(of: node)
        }
    }

    /// Nodes that the GFM extensions add are told apart by their type string.
    private func extensionKind(of node: OpaquePointer) -> MarkdownNode.Kind {
        switch string(cmark_node_get_type_string(node)) {
        case "table":
            let count = Int(cmark_gfm_extensions_get_table_columns(node))
            var alignments: [MarkdownNode.TableAlignment] = []
            if let raw = cmark_gfm_extensions_get_table_alignments(node) {
                for i in 0..<count {
                    switch UInt8(raw[i]) {
                    case UInt8(ascii: "l"): alignments.append(.left)
                    case UInt8(ascii: "c"): alignments.append(.center)
                    case UInt8(ascii: "r"): alignments.append(.right)
                    default: alignments.append(.none)
                    }
                }
            }
            return .table(alignments: alignments)
        case "table_header": return .tableHeader
        case "table_row": return .tableRow
        case "table_cell": return .tableCell
        case "strikethrough": return .strikethrough
        default:
            // An extension node this converter does not know: keep its children as a paragraph-like group.
            return .paragraph
        }
    }

    /// A text node's or code span's text. Where its bytes are found on the node's line of the source, a copy
    /// of that piece of `text`, which is not checked for valid UTF-8 again as a string made from C bytes is
    /// (that check was most of what turning a tree into Swift values cost). Otherwise (an entity or escape
    /// decoded, a code span over several lines) the node's own bytes.
    ///
    /// The bytes are looked for from where the last piece found on the line ended: inlines come in the order of
    /// the text, and cmark's columns for them are often off after multi-byte letters. Equal bytes are an equal
    /// string wherever they are, and valid UTF-8 found in valid UTF-8 starts and ends where characters do.
    private mutating func piece(_ pointer: UnsafePointer<CChar>?, of node: OpaquePointer) -> String {
        guard let pointer else { return "" }
        let count = strlen(pointer)
        let line = Int(cmark_node_get_start_line(node))
        guard count > 0, let lineStart = source.offset(line: line, column: 1) else { return string(pointer) }
        let lineEnd = source.offset(line: line + 1, column: 1) ?? text.count
        if cursor.line != line { cursor = (line, lineStart) }
        guard let base = text.baseAddress else { return string(pointer) }
        // Each place that starts with the node's first byte (memchr), then the rest of it.
        let first = Int32(UInt8(bitPattern: pointer[0]))
        var at = cursor.offset
        while at + count <= lineEnd, let match = memchr(base + at, first, lineEnd - count + 1 - at) {
            at = base.distance(to: match.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, pointer, count) == 0 {
                cursor.offset = at + count
                // Bytes of the text, which is valid UTF-8: copied into a string without checking them again, and
                // marked ASCII when they are, as a checked string would be. A string longer than fifteen bytes
                // not known to be ASCII is hashed and compared through Unicode normalisation: code spans and
                // code blocks are keys of the caches that find their API names.
                let piece = UnsafeBufferPointer(rebasing: text[at..<(at + count)])
                return String(copying: UTF8Span(unchecked: piece.span, isKnownASCII: Self.isASCII(piece)))
            }
            at += 1
        }
        return string(pointer)
    }

    /// Whether every byte is below 0x80, read eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var i = 0
        var any: UInt64 = 0
        while i + 8 <= bytes.count {
            any |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < bytes.count {
            any |= UInt64(base[i])
            i += 1
        }
        return any & 0x8080_8080_8080_8080 == 0
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}
