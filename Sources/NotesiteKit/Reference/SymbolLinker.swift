/// Links the API names in a note's inline code and code blocks to their reference entries, and fills the
/// placeholders that stand for data (`<!-- notesite: collapse-table -->`).
struct SymbolLinker {
    let finder: MentionFinder
    let data: ReferenceData
    /// The page being rendered, to make relative links.
    let page: String
    /// The way from `page` to the reference's pages (`../reference/` from a note's page), worked out once: each
    /// symbol's link is this, its page and its id, where a relative URL worked out for each cost thousands of
    /// instructions a symbol.
    private let referenceFolder: String
    /// The note's code blocks as its parse analysed them, so the page does not parse them again; nil analyses
    /// each block here.
    var scans: CodeScanner.BlockScans?

    static let collapseTablePlaceholder = "<!-- notesite: collapse-table -->"

    /// The inline code spans rendered so far, on this page and on the others that share `inlineCache`.
    private let inlineCache: InlineCache

    /// Each inline code span's HTML (nil: left plain), by its code and the way from its page to the reference's
    /// folder. A note names the same few APIs many times, and the notes name the same ones (`isCollapsed`,
    /// `UISplitViewController`): the pages that share one reference share their spans' HTML.
    final class InlineCache: Sendable {
        struct Key: Hashable, Sendable {
            var referenceFolder: String
            var code: String
        }
        fileprivate let html = SharedCache<Key, String?>()
        init() {}
    }

    /// `inlineCache`: spans rendered for other pages with the same `finder` and `data`; a cache of its own when nil.
    init(finder: MentionFinder, data: ReferenceData, page: String, inlineCache: InlineCache? = nil) {
        self.finder = finder
        self.data = data
        self.page = page
        self.inlineCache = inlineCache ?? InlineCache()
        let anyEntryPage = ReferenceSite.pagePath("_")
        let anyEntry = RelativeURL.from(page, to: anyEntryPage)
        referenceFolder = String(decoding: anyEntry.utf8.dropLast(anyEntryPage.utf8.count - ReferenceSite.folder.utf8.count - 1), as: UTF8.self)
    }

    /// The link to `symbol`'s entry. Put together each time: a table of the links made, by id, cost more to look
    /// up than the link does to write.
    func href(for symbol: Symbol) -> String {
        referenceFolder + symbol.page + ".html#" + symbol.id
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
        CodeHighlighter.symbolLink(href: href(for: symbol), title: symbol.swift, html: html)
    }

    func inlineCode(_ code: String) -> String? {
        let key = InlineCache.Key(referenceFolder: referenceFolder, code: code)
        if let known = inlineCache.html[key] { return known }
        let html = inlineHTML(code)
        inlineCache.html[key] = html
        return html
    }

    private func inlineHTML(_ code: String) -> String? {
        switch finder.names(inInlineCode: code) {
        case .whole(let symbol):
            return link(symbol, around: "<code>\(Escape.text(code))</code>")
        case .parts(let references):
            guard !references.isEmpty else { return nil }
            return "<code>\(CodeHighlighter.html(code, spans: [], links: links(for: references)))</code>"
        }
    }

    private func links(for references: [(CodeScanner.Reference, Symbol, String)]) -> [CodeHighlighter.Link] {
        references.map { reference, symbol, _ in
            CodeHighlighter.Link(range: reference.range, href: href(for: symbol), title: symbol.swift)
        }
    }

    /// A Swift or Objective-C block, coloured, with its known names linked; nil leaves other languages plain.
    func codeBlock(info: String, code: String) -> String? {
        guard let dialect = CodeScanner.Dialect(info: info) else { return nil }
        let language = info.split(separator: " ").first.map(String.init) ?? ""
        let kept = scans.flatMap { $0.serves(finder) ? $0 : nil }
        let analysis = kept?.analysis(of: code, dialect: dialect) ?? CodeScanner.analyse(code, dialect: dialect)
        let names = kept?.resolved(code, dialect: dialect, by: finder) ?? finder.resolved(analysis.references)
        let html = CodeHighlighter.html(code, spans: analysis.spans, links: links(for: names))
        return "<pre><code class=\"language-\(Escape.attribute(language))\">\(html)</code></pre>\n"
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
