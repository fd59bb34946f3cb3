/// Links the API names in a note's inline code and code blocks to their reference entries, and fills the
/// placeholders that stand for data (`<!-- notesite: collapse-table -->`).
struct SymbolLinker {
    let finder: MentionFinder
    let data: ReferenceData
    /// The page being rendered, to make relative links.
    let page: String

    static let collapseTablePlaceholder = "<!-- notesite: collapse-table -->"

    func href(for symbol: Symbol) -> String {
        RelativeURL.from(page, to: ReferenceSite.pagePath(symbol.page)) + "#" + symbol.id
    }

    var hooks: HTMLRenderer.Hooks {
        var hooks = HTMLRenderer.Hooks()
        hooks.inlineCode = { code in inlineCode(code) }
        hooks.codeBlock = { info, code in codeBlock(info: info, code: code) }
        hooks.htmlBlock = { html in
            guard html.trimmingWhitespace == Self.collapseTablePlaceholder, let table = data.collapseTable else { return nil }
            return table.html { id in data.symbols[id].map(href(for:)) }
        }
        return hooks
    }

    private func link(_ symbol: Symbol, around html: String) -> String {
        "<a class=\"symbol\" href=\"\(Escape.href(href(for: symbol)))\" title=\"\(Escape.attribute(symbol.swift))\">\(html)</a>"
    }

    func inlineCode(_ code: String) -> String? {
        if let symbol = finder.symbol(forInlineCode: code) {
            return link(symbol, around: "<code>\(Escape.text(code))</code>")
        }
        let references = finder.inlineReferences(in: code)
        guard !references.isEmpty else { return nil }
        return "<code>\(linked(code, references))</code>"
    }

    /// A Swift or Objective-C block, coloured, with its known names linked; nil leaves other languages plain.
    func codeBlock(info: String, code: String) -> String? {
        guard let dialect = CodeScanner.Dialect(info: info) else { return nil }
        let language = info.split(separator: " ").first.map(String.init) ?? ""
        let references: [CodeScanner.Reference]
        let spans: [CodeHighlighter.Span]
        switch dialect {
        case .swift: (references, spans) = SwiftNameExtractor.analyse(code)
        case .objc: (references, spans) = (CodeScanner.scan(code, dialect: .objc), CodeHighlighter.objcSpans(code))
        }
        let links = finder.resolved(references).map { reference, symbol, _ in
            CodeHighlighter.Link(range: reference.range, href: href(for: symbol), title: symbol.swift)
        }
        return "<pre><code class=\"language-\(Escape.attribute(language))\">\(CodeHighlighter.html(code, spans: spans, links: links))</code></pre>\n"
    }

    /// `code`, escaped, with each resolved name wrapped in a link.
    private func linked(_ code: String, _ references: [(CodeScanner.Reference, Symbol, String)]) -> String {
        let bytes = Array(code.utf8)
        var out = ""
        var position = 0
        for (reference, symbol, _) in references.sorted(by: { $0.0.range.lowerBound < $1.0.range.lowerBound })
        where reference.range.lowerBound >= position {
            out += Escape.text(String(decoding: bytes[position..<reference.range.lowerBound], as: UTF8.self))
            out += link(symbol, around: Escape.text(String(decoding: bytes[reference.range], as: UTF8.self)))
            position = reference.range.upperBound
        }
        out += Escape.text(String(decoding: bytes[position...], as: UTF8.self))
        return out
    }
}

extension String {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
