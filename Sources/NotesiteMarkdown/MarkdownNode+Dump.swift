extension MarkdownNode {
    /// An indented outline of the tree with each node's range, for tests and `--verbose` debugging.
    public func dump() -> String {
        var lines: [String] = []
        appendDump(depth: 0, to: &lines)
        return lines.joined(separator: "\n")
    }

    private func appendDump(depth: Int, to lines: inout [String]) {
        lines.append(String(repeating: "  ", count: depth) + "\(kindDescription) @\(range)")
        for child in children { child.appendDump(depth: depth + 1, to: &lines) }
    }

    private var kindDescription: String {
        switch kind {
        case .document: "document"
        case .blockQuote: "blockQuote"
        case .list(let style): "list(\(style.ordered ? "ordered start:\(style.start)" : "bullet")\(style.tight ? " tight" : ""))"
        case .item(let task): task.map { "item(task: \($0))" } ?? "item"
        case .codeBlock(let info, let code): "codeBlock(\(info.debugDescription), \(code.debugDescription))"
        case .htmlBlock(let html): "htmlBlock(\(html.debugDescription))"
        case .paragraph: "paragraph"
        case .heading(let level): "heading(\(level))"
        case .thematicBreak: "thematicBreak"
        case .table(let alignments): "table(\(alignments.map { "\($0)" }.joined(separator: ",")))"
        case .tableHeader: "tableHeader"
        case .tableRow: "tableRow"
        case .tableCell: "tableCell"
        case .text(let s): "text(\(s.debugDescription))"
        case .softBreak: "softBreak"
        case .lineBreak: "lineBreak"
        case .code(let s): "code(\(s.debugDescription))"
        case .htmlInline(let s): "htmlInline(\(s.debugDescription))"
        case .emphasis: "emphasis"
        case .strong: "strong"
        case .strikethrough: "strikethrough"
        case .link(let destination, let title): "link(\(destination.debugDescription)\(title.isEmpty ? "" : ", title: \(title.debugDescription)"))"
        case .image(let source, let title): "image(\(source.debugDescription)\(title.isEmpty ? "" : ", title: \(title.debugDescription)"))"
        case .footnoteDefinition(let number): "footnoteDefinition(\(number))"
        case .footnoteReference(let number): "footnoteReference(\(number))"
        }
    }
}
